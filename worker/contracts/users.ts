/**
 * Account administration bodies and queries: creating an account from the
 * administrator's pages or /api/users, changing its role, assigning a county, setting a crop yield.
 *
 * Creating an account follows the rules of `npm run user:create` (scripts/create-user-options.ts
 * `validate`): the same login ID shapes per role, the 15 counties, a department only for office
 * administrators, an entity type only (and always) for observers, an access code only (and always)
 * for system administrators. tests/unit/user-create-rules.test.ts checks both agree case by case.
 * The password is not typed here: the account gets a temporary one, changed at first sign-in.
 */
import { z } from "zod";
import { ENTITY_TYPES, OFFICE_DEPARTMENTS, ROLES } from "../auth/roles";
import { COUNTIES } from "../content/counties";
import { CROPS } from "../domain/commodities";
import { EXPORTER_ID, FARMER_ID, isRealDate, PHONE, USERNAME } from "../domain/login-ids";
import { optionalText } from "./optional-text";

export const USER_MESSAGES = {
  role: "Choose the role",
  loginId: "Enter the login ID",
  loginIdLong: "The login ID must be at most 120 characters",
  farmerId: "A farmer login ID must be FRM followed by 6 digits, e.g. FRM000123",
  exporterId: "An exporter login ID must look like EXP-YYYYMMDD-NNN, e.g. EXP-20260115-001",
  exporterDate: "The date in the exporter login ID is not a real date",
  username:
    "A login ID may only contain letters, digits and . _ @ - (no spaces), and must start with a letter or digit",
  name: "At most 120 characters",
  county: "Choose one of the 15 counties",
  phone: "Enter a phone number like +231 77 123 4567",
  department: "Choose the department",
  departmentOnly: "A department only applies to an Office Administrator",
  entityType: "Choose the entity type: donor, NGO or auditor",
  entityTypeOnly: "An entity type only applies to an Oversight Observer",
  accessCode: "Enter a system access code of at least 8 characters",
  accessCodeOnly: "An access code only applies to a System Administrator",
  crop: "Choose the crop",
  yield: "Enter the expected yield in kilograms per hectare per season, like 450 (more than 0, at most 100000)",
} as const;
const M = USER_MESSAGES;

/** The login ID's problem for the role, or null (the CLI's rule, scripts/create-user-options.ts). */
export function loginIdProblem(role: string, loginId: string): string | null {
  const id = loginId.trim();
  if (!id) return M.loginId;
  if (id.length > 120) return M.loginIdLong;
  if (role === "farmer") return FARMER_ID.test(id.toUpperCase()) ? null : M.farmerId;
  if (role === "exporter") {
    const m = EXPORTER_ID.exec(id.toUpperCase());
    if (!m) return M.exporterId;
    return isRealDate(Number(m[1]), Number(m[2]), Number(m[3])) ? null : M.exporterDate;
  }
  return USERNAME.test(id) ? null : M.username;
}

/** The login ID as stored: trimmed; farmer and exporter IDs in capitals (the CLI's canonicalLoginId). */
export function canonicalLoginId(role: string, loginId: string) {
  const trimmed = loginId.trim();
  return role === "farmer" || role === "exporter" ? trimmed.toUpperCase() : trimmed;
}

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.enum(values, { error: message }).optional(),
  );

export const UserCreateSchema = z
  .object({
    role: z.enum(ROLES, { error: M.role }),
    loginId: z.string({ error: M.loginId }),
    firstName: optionalText(120, M.name),
    lastName: optionalText(120, M.name),
    county: choice(COUNTIES as unknown as [string, ...string[]], M.county),
    phone: optionalText(40).refine((v) => v === undefined || PHONE.test(v), M.phone),
    companyName: optionalText(120, M.name),
    organizationName: optionalText(120, M.name),
    department: choice(OFFICE_DEPARTMENTS, M.department),
    entityType: choice(ENTITY_TYPES, M.entityType),
    accessCode: z
      .string()
      .max(200, M.accessCode)
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine((v, ctx) => {
    const problem = loginIdProblem(v.role, v.loginId);
    if (problem) ctx.addIssue({ code: "custom", path: ["loginId"], message: problem });
    if (v.department !== undefined && v.role !== "office_admin")
      ctx.addIssue({ code: "custom", path: ["department"], message: M.departmentOnly });
    if (v.role === "monitoring_observer" && v.entityType === undefined)
      ctx.addIssue({ code: "custom", path: ["entityType"], message: M.entityType });
    if (v.role !== "monitoring_observer" && v.entityType !== undefined)
      ctx.addIssue({ code: "custom", path: ["entityType"], message: M.entityTypeOnly });
    if (v.role === "system_administrator" && (v.accessCode === undefined || v.accessCode.length < 8))
      ctx.addIssue({ code: "custom", path: ["accessCode"], message: M.accessCode });
    if (v.role !== "system_administrator" && v.accessCode !== undefined)
      ctx.addIssue({ code: "custom", path: ["accessCode"], message: M.accessCodeOnly });
  });
export type UserCreateInput = z.infer<typeof UserCreateSchema>;

export const UserListQuerySchema = z.object({
  q: z.string().trim().max(120).optional().catch(undefined),
  role: z.enum(ROLES).optional().catch(undefined),
  active: z
    .enum(["yes", "no"])
    .optional()
    .catch(undefined)
    .transform((v) => (v === undefined ? undefined : v === "yes")),
  page: z.coerce.number().int().min(1).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(25),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const ChangeRoleSchema = z.object({ role: z.enum(ROLES, { error: M.role }) });
export const AssignCountySchema = z.object({
  county: z.enum(COUNTIES as unknown as [string, ...string[]], { error: M.county }),
});
export const CropYieldSchema = z.object({
  crop: z.enum(CROPS, { error: M.crop }),
  kgPerHectare: z.coerce.number({ error: M.yield }).positive(M.yield).max(100_000, M.yield),
});
export type CropYieldInput = z.infer<typeof CropYieldSchema>;
