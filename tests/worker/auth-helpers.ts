import { DEMO_ACCOUNTS } from "#worker/services/demo/demo-accounts";
import { call } from "./helpers";

const ENDPOINT: Record<string, (a: (typeof DEMO_ACCOUNTS)[number]) => [string, Record<string, string>]> = {
  farmer: (a) => ["/api/farmers/login", { credentialId: a.loginId, password: a.password }],
  buyer: (a) => ["/api/auth/buyer-login", { buyerId: a.loginId, password: a.password }],
  land_inspector: (a) => ["/api/auth/land-inspector-login", { username: a.loginId, password: a.password }],
  port_inspector: (a) => ["/api/auth/port-inspector-login", { username: a.loginId, password: a.password }],
  warehouse_inspector: (a) => ["/api/auth/warehouse-inspector/login", { username: a.loginId, password: a.password }],
  exporter: (a) => ["/api/auth/exporter-login", { username: a.loginId, password: a.password }],
  dg: (a) => ["/api/auth/dg-login", { username: a.loginId, password: a.password }],
  ddgots: (a) => ["/api/auth/ddgots-login", { username: a.loginId, password: a.password }],
  ddgaf: (a) => ["/api/auth/ddgaf-login", { username: a.loginId, password: a.password }],
  office_admin: (a) => [
    "/api/auth/regulatory-login",
    { username: a.loginId, password: a.password, role: "office_admin" },
  ],
  system_administrator: (a) => [
    "/api/agritrace-admin/login",
    { username: a.loginId, password: a.password, accessCode: a.accessCode! },
  ],
  monitoring_observer: (a) => [
    "/api/auth/monitoring-login",
    { username: a.loginId, password: a.password, entityType: a.entityType! },
  ],
  field_agent: (a) => ["/api/auth/field-agent-login", { agentId: a.loginId, password: a.password }],
};

/** Signs in the first demo account of `role`; returns its cookie header and token. */
export async function signInAs(role: string, ip = "10.9.8.7") {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role && !a.mustChangePassword)!;
  const [path, body] = ENDPOINT[role]!(account);
  const res = await call(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${role} failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
  return { cookie, token, account };
}
