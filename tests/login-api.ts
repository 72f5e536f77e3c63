// The sign-in request of each role's first demo account, shared by the worker tests
// (tests/worker/auth-helpers.ts), the e2e accessibility helpers and the page benchmarks
// (scripts/bench-pages.mjs, which Node loads directly: hence relative imports with `.ts`).
import type { Role } from "../worker/auth/roles.ts";
import { DEMO_ACCOUNTS, type DemoAccount } from "../worker/services/demo/demo-accounts.ts";

type LoginBody = Record<string, string | undefined>;

/** The sign-in API of each role and the body its demo account sends (docs/product.md §7). */
export const LOGIN_API: Record<Role, (a: DemoAccount) => [string, LoginBody]> = {
  farmer: (a) => ["/api/farmers/login", { credentialId: a.loginId, password: a.password }],
  buyer: (a) => ["/api/auth/buyer-login", { buyerId: a.loginId, password: a.password }],
  land_inspector: (a) => ["/api/auth/land-inspector-login", { username: a.loginId, password: a.password }],
  port_inspector: (a) => ["/api/auth/port-inspector-login", { username: a.loginId, password: a.password }],
  warehouse_inspector: (a) => ["/api/auth/warehouse-inspector/login", { username: a.loginId, password: a.password }],
  exporter: (a) => ["/api/auth/exporter-login", { username: a.loginId, password: a.password }],
  dg: (a) => ["/api/auth/dg-login", { username: a.loginId, password: a.password }],
  ddgots: (a) => ["/api/auth/ddgots-login", { username: a.loginId, password: a.password }],
  ddgaf: (a) => ["/api/auth/ddgaf-login", { username: a.loginId, password: a.password }],
  office_admin: (a) => ["/api/auth/regulatory-login", { username: a.loginId, password: a.password, role: a.role }],
  system_administrator: (a) => [
    "/api/agritrace-admin/login",
    { username: a.loginId, password: a.password, accessCode: a.accessCode },
  ],
  monitoring_observer: (a) => [
    "/api/auth/monitoring-login",
    { username: a.loginId, password: a.password, entityType: a.entityType },
  ],
  field_agent: (a) => ["/api/auth/field-agent-login", { agentId: a.loginId, password: a.password }],
};

/** The roles that sign in through an API of their own: every role. */
export const SIGNED_IN_ROLES = Object.keys(LOGIN_API) as Role[];

/** The first demo account of `role` with no password change pending, and its sign-in request. */
export function demoLogin(role: string): { account: DemoAccount; path: string; body: LoginBody } {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role && !a.mustChangePassword);
  const request = LOGIN_API[role as Role];
  if (!account || !request) throw new Error(`no demo account for ${role}`);
  const [path, body] = request(account);
  return { account, path, body };
}
