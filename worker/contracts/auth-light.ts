/**
 * Client-light twins of the sign-in schemas of ./auth.ts, for the browser: the same rules and
 * messages without zod, so a login page stays within its JavaScript budget. The server
 * still parses every submission with the zod schema of the same name, which stays the authority;
 * tests/unit/auth-light.test.ts holds each twin to its schema.
 */
import { AUTH_MESSAGES as M } from "../auth/messages";
import { ENTITY_TYPES, OFFICE_DEPARTMENTS } from "../auth/roles";
import { COUNTIES } from "../content/counties";

/** Messages per field name ("" for the form), as conform's replies carry them. */
export type LightErrors = Record<string, string[]>;
type Value = string | undefined;
type Rule = (value: Value, all: Record<string, Value>) => string | undefined;

/** Empty strings count as missing, as conform's form parsing treats them. */
const given = (v: Value) => (v === undefined || v === "" ? undefined : v);
const required =
  (message: string): Rule =>
  (v) => {
    const t = given(v)?.trim() ?? "";
    return t.length < 1 || t.length > 200 ? message : undefined;
  };
const password6: Rule = (v) => {
  const p = given(v);
  if (p === undefined || p.length < 6) return M.passwordMin;
  return p.length > 200 ? "Password is too long" : undefined;
};
const optionalText =
  (max = 120): Rule =>
  (v) =>
    (given(v)?.trim().length ?? 0) > max ? `Too big: expected string to have <=${max} characters` : undefined;
/** zod's messages: an enum's own, or a union's (an enum or "") when it is not one of them. */
const enumMessage = (options: readonly string[]) =>
  `Invalid option: expected one of ${options.map((o) => `"${o}"`).join("|")}`;
const oneOf =
  (options: readonly string[], message = enumMessage(options)): Rule =>
  (v) => {
    const x = given(v);
    if (x === undefined) return message;
    return options.includes(x) ? undefined : message;
  };
const optional =
  (rule: Rule): Rule =>
  (v, all) =>
    given(v) === undefined ? undefined : rule(v, all);
const optionalOneOf = (options: readonly string[]) => optional(oneOf(options, "Invalid input"));
const phone: Rule = (v) =>
  /^$|^\+?[\d\s-]{7,20}$/.test(given(v)?.trim() ?? "") ? undefined : "Enter a phone number like +231 77 123 4567";

function check(rules: Record<string, Rule>) {
  return (values: Record<string, Value>): LightErrors => {
    const errors: LightErrors = {};
    for (const [name, rule] of Object.entries(rules)) {
      const message = rule(values[name], values);
      if (message) errors[name] = [message];
    }
    return errors;
  };
}

/** One twin per sign-in schema of ./auth.ts, under the same name. */
export const LIGHT_LOGIN_CHECKS = {
  FarmerLoginSchema: check({
    farmerId: required(M.farmerIdRequired),
    password: password6,
    county: optionalOneOf(COUNTIES),
    phoneNumber: phone,
  }),
  BuyerLoginSchema: check({
    buyerId: required(M.buyerIdRequired),
    password: password6,
    companyName: optionalText(),
    phoneNumber: phone,
  }),
  FarmerPortalLoginSchema: check({ credentialId: required(M.missingBoth), password: required(M.missingBoth) }),
  InspectorLoginSchema: check({
    username: required(M.usernameRequired),
    password: required(M.passwordRequired),
    inspectorType: optional(oneOf(["land-mapping", "port", "warehouse"])),
  }),
  ExporterLoginSchema: check({ username: required(M.exporterMissing), password: required(M.exporterMissing) }),
  ExecutiveLoginSchema: check({
    username: required(M.usernameRequired),
    password: required(M.passwordRequired),
    departmentLevel: optionalText(40),
  }),
  OfficeLoginSchema: check({
    username: required(M.usernameRequired),
    password: password6,
    role: required(M.roleRequired),
    department: optionalOneOf(OFFICE_DEPARTMENTS),
    userType: optionalText(40),
  }),
  AgritraceAdminLoginSchema: check({
    username: required(M.usernameRequired),
    password: password6,
    accessCode: required(M.accessCodeRequired),
  }),
  FieldAgentLoginSchema: check({ agentId: required(M.agentIdRequired), password: required(M.passwordRequired) }),
  MonitoringLoginSchema: check({
    username: required(M.usernameRequired),
    password: required(M.passwordRequired),
    entityType: oneOf(ENTITY_TYPES, M.entityTypeRequired),
    requestedRole: optionalText(40),
  }),
} as const;

export type LoginContract = keyof typeof LIGHT_LOGIN_CHECKS;
