/**
 * One zod schema per sign-in form (docs/product.md §5), shared by the browser (conform) and the server
 * (route actions and /api). Messages are the spec's, word for word.
 */
import { z } from "zod";
import { AUTH_MESSAGES as M } from "../auth/messages";
import { ENTITY_TYPES, OFFICE_DEPARTMENTS } from "../auth/roles";
import { COUNTIES } from "../content/counties";
import { optionalChoice, optionalText } from "./optional-text";

/** A required text: missing, empty and blank all give `message`. */
const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, message);
const password6 = z.string({ error: M.passwordMin }).min(6, M.passwordMin).max(200, "Password is too long");
const optionalCounty = optionalChoice(COUNTIES);
/** Staff sign-in forms: a username and a password, each required. */
const staffCredentials = { username: required(M.usernameRequired), password: required(M.passwordRequired) };
const phone = z
  .string()
  .trim()
  .regex(/^$|^\+?[\d\s-]{7,20}$/, "Enter a phone number like +231 77 123 4567")
  .optional()
  .transform((v) => (v ? v : undefined));

/** /farmer-login, farmer side (docs/product.md §3 farmer registration, §5 farmer form). */
export const FarmerLoginSchema = z.object({
  farmerId: required(M.farmerIdRequired),
  password: password6,
  county: optionalCounty,
  phoneNumber: phone,
});

/** /farmer-login, buyer side (docs/product.md §3 buyer registration, §5 buyer form). */
export const BuyerLoginSchema = z.object({
  buyerId: required(M.buyerIdRequired),
  password: password6,
  companyName: optionalText(),
  phoneNumber: phone,
});

/** /farmer-login-portal: both fields or 'Please enter both login ID and password' (docs/product.md §5). */
export const FarmerPortalLoginSchema = z.object({
  credentialId: required(M.missingBoth),
  password: required(M.missingBoth),
});

/** Inspector cards and dedicated inspector pages (fields required; spec gives no wording). */
export const InspectorLoginSchema = z.object({
  ...staffCredentials,
  inspectorType: z.enum(["land-mapping", "port", "warehouse"]).optional(),
});

/** /exporter-login (docs/product.md §5). */
export const ExporterLoginSchema = z.object({
  username: required(M.exporterMissing),
  password: required(M.exporterMissing),
});

/** /dg-login, /ddgots-login, /ddgaf-login. */
export const ExecutiveLoginSchema = z.object({
  ...staffCredentials,
  departmentLevel: optionalText(40),
});

/** /regulatory-classic-login (docs/product.md §5 office login). */
export const OfficeLoginSchema = z.object({
  username: required(M.usernameRequired),
  password: password6,
  role: required(M.roleRequired),
  department: optionalChoice(OFFICE_DEPARTMENTS),
  userType: optionalText(40),
});

/** /agritrace-admin-login and /system-admin-login (docs/product.md §5). */
export const AgritraceAdminLoginSchema = z.object({
  username: required(M.usernameRequired),
  password: password6,
  accessCode: required(M.accessCodeRequired),
});

/** /monitoring-login (donor, NGO and auditor cards). */
export const MonitoringLoginSchema = z.object({
  ...staffCredentials,
  entityType: z.enum(ENTITY_TYPES, { error: M.entityTypeRequired }),
  requestedRole: optionalText(40),
});

/** Field agents (offline-capable mode). */
export const FieldAgentLoginSchema = z.object({
  agentId: required(M.agentIdRequired),
  password: required(M.passwordRequired),
});

/** API bodies that differ from the forms (docs/product.md §7). */
export const FarmerLoginApiSchema = z.object({
  credentialId: required(M.missingBoth),
  password: required(M.missingBoth),
  county: optionalCounty,
  phoneNumber: phone,
});
export const BuyerLoginApiSchema = BuyerLoginSchema.extend({ userType: optionalText(40) });

export const ChangePasswordSchema = z
  .object({
    currentPassword: required(M.passwordRequired),
    newPassword: password6,
    confirmPassword: z.string({ error: M.passwordMismatch }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], error: M.passwordMismatch });

export { fieldErrors } from "./field-errors";
