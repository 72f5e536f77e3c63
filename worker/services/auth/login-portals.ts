/**
 * The sign-in endpoints of docs/product.md §7: which schema reads the body, which portal checks it, and
 * the exact reply of docs/product.md §3. Used by the JSON API and by the pages' form actions (no-JS).
 */
import type { z } from "zod";
import type { UserRow } from "#db/queries/users";
import { AUTH_MESSAGES } from "#worker/auth/messages";
import { type Role, USER_TYPE } from "#worker/auth/roles";
import { type Session, sessionCookie } from "#worker/auth/session";
import { sessionClient } from "#worker/auth/session-client";
import {
  AgritraceAdminLoginSchema,
  BuyerLoginApiSchema,
  ExecutiveLoginSchema,
  ExporterLoginSchema,
  FarmerLoginApiSchema,
  FieldAgentLoginSchema,
  fieldErrors,
  InspectorLoginSchema,
  MonitoringLoginSchema,
  OfficeLoginSchema,
} from "#worker/contracts/auth";
import { type AuthDeps, authenticate, type LoginInput, type Portal } from "./authenticate";

type Reply = Record<string, unknown>;
type Endpoint<S extends z.ZodType> = {
  portal: Portal;
  schema: S;
  input: (body: z.output<S>) => Omit<LoginInput, "portal" | "ip" | "userAgent">;
  reply: (user: UserRow, session: Session, body: z.output<S>) => Reply;
};

function endpoint<S extends z.ZodType>(e: Endpoint<S>) {
  return e as unknown as Endpoint<z.ZodType>;
}

/** How staff sign in: the body's username is their login ID. */
const byUsername = (b: { username: string; password: string }) => ({ loginId: b.username, password: b.password });

/** Who signed in, as the staff replies of docs/product.md §3 name them. */
const staffUser = (u: UserRow) => ({
  id: u.id,
  username: u.loginId,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
});

const executive = (portal: "dg" | "ddgots" | "ddgaf") =>
  endpoint({
    portal,
    schema: ExecutiveLoginSchema,
    input: byUsername,
    reply: (u, s, b) => ({
      success: true,
      token: s.token,
      regulator: {
        ...staffUser(u),
        departmentLevel: b.departmentLevel ?? u.role,
      },
    }),
  });

/** Keyed by the path under /api. */
export const LOGIN_ENDPOINTS: Record<string, Endpoint<z.ZodType>> = {
  "/farmers/login": endpoint({
    portal: "farmer",
    schema: FarmerLoginApiSchema,
    input: (b) => ({
      loginId: b.credentialId,
      password: b.password,
      profile: { county: b.county, phone: b.phoneNumber },
    }),
    reply: (u, s) => ({
      success: true,
      token: s.token,
      farmer: {
        farmerId: u.loginId,
        firstName: u.firstName,
        lastName: u.lastName,
        county: u.county || AUTH_MESSAGES.unknownCounty,
      },
    }),
  }),
  "/auth/buyer-login": endpoint({
    portal: "buyer",
    schema: BuyerLoginApiSchema,
    input: (b) => ({
      loginId: b.buyerId,
      password: b.password,
      profile: { phone: b.phoneNumber, companyName: b.companyName },
    }),
    reply: (_u, s) => ({ success: true, token: s.token }),
  }),
  "/auth/land-inspector-login": endpoint({
    portal: "land-inspector",
    schema: InspectorLoginSchema,
    input: byUsername,
    reply: (u, s) => ({ token: s.token, userId: u.id, username: u.loginId }),
  }),
  "/auth/port-inspector-login": endpoint({
    portal: "port-inspector",
    schema: InspectorLoginSchema,
    input: byUsername,
    reply: (u, s) => ({
      token: s.token,
      user: { ...staffUser(u), userType: USER_TYPE.port_inspector },
    }),
  }),
  "/auth/warehouse-inspector/login": endpoint({
    portal: "warehouse-inspector",
    schema: InspectorLoginSchema,
    input: byUsername,
    reply: (u, s) => ({
      token: s.token,
      inspector: { ...staffUser(u), county: u.county },
    }),
  }),
  "/auth/exporter-login": endpoint({
    portal: "exporter",
    schema: ExporterLoginSchema,
    input: byUsername,
    reply: (u, s) => ({ success: true, token: s.token, user: { role: u.role, firstName: u.firstName } }),
  }),
  "/auth/dg-login": executive("dg"),
  "/auth/ddgots-login": executive("ddgots"),
  "/auth/ddgaf-login": executive("ddgaf"),
  "/auth/regulatory-login": endpoint({
    portal: "office",
    schema: OfficeLoginSchema,
    input: (b) => ({ ...byUsername(b), role: b.role }),
    reply: (u, s) => ({
      success: true,
      token: s.token,
      user: { id: u.id, role: u.role, userType: USER_TYPE[u.role as Role], username: u.loginId },
    }),
  }),
  "/agritrace-admin/login": endpoint({
    portal: "agritrace-admin",
    schema: AgritraceAdminLoginSchema,
    input: (b) => ({ ...byUsername(b), accessCode: b.accessCode }),
    reply: (u, s) => ({
      success: true,
      token: s.token,
      user: {
        role: u.role,
        userType: USER_TYPE.system_administrator,
        username: u.loginId,
        scope: "agricultural_module",
        platform: "AgriTrace",
      },
    }),
  }),
  "/auth/monitoring-login": endpoint({
    portal: "monitoring",
    schema: MonitoringLoginSchema,
    input: (b) => ({ ...byUsername(b), entityType: b.entityType }),
    reply: (u, s) => ({ success: true, token: s.token, user: { organizationName: u.organizationName ?? "" } }),
  }),
  "/auth/field-agent-login": endpoint({
    portal: "field-agent",
    schema: FieldAgentLoginSchema,
    input: (b) => ({ loginId: b.agentId, password: b.password }),
    reply: (u, s) => ({ success: true, token: s.token, user: { id: u.id, type: "field_agent", agentId: u.loginId } }),
  }),
};

export type LoginOutcome = {
  status: 200 | 400 | 401 | 403 | 429;
  body: Reply;
  headers: Record<string, string>;
  session?: Session;
  user?: UserRow;
};

/** Runs one sign-in: validate the body, authenticate, and build the spec's reply. */
export async function performLogin(
  path: string,
  body: unknown,
  request: Request,
  deps: AuthDeps,
): Promise<LoginOutcome> {
  const ep = LOGIN_ENDPOINTS[path];
  if (!ep) throw new Error(`No login endpoint ${path}`);
  const parsed = ep.schema.safeParse(body ?? {});
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const first = Object.values(errors)[0]?.[0] ?? AUTH_MESSAGES.loginFailed;
    return { status: 400, body: { success: false, message: first, errors }, headers: {} };
  }
  const result = await authenticate(
    {
      ...ep.input(parsed.data),
      portal: ep.portal,
      ip: request.headers.get("CF-Connecting-IP") ?? "local",
      userAgent: request.headers.get("User-Agent") ?? "",
    },
    { ...deps, client: deps.client ?? sessionClient(request) },
  );
  if (!result.ok) {
    const headers: Record<string, string> = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
    return {
      status: result.status as LoginOutcome["status"],
      body: { success: false, message: result.message },
      headers,
    };
  }
  const { user, session } = result.value;
  return {
    status: 200,
    body: ep.reply(user, session, parsed.data),
    headers: { "Set-Cookie": sessionCookie(session.token) },
    session,
    user,
  };
}
