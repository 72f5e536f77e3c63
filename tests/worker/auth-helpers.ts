import { env } from "cloudflare:test";
import { hashPassword } from "#worker/services/auth/password";
import { demoLogin } from "../login-api";
import { call } from "./helpers";

/** Signs in the first demo account of `role`; returns its cookie header and token. */
export async function signInAs(role: string, ip = "10.9.8.7") {
  const { account, path, body } = demoLogin(role);
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

/** The second exporter of the IDOR tests: "Other Exports Ltd", id `exporter-b`. */
export const EXPORTER_B = { id: "exporter-b", company: "Other Exports Ltd", password: "Other#Exporter-2026" } as const;

/**
 * Adds the second exporter (EXPORTER_B) under `loginId` and signs it in through the exporter
 * login from `ip` (each test file its own, so the login rate limit never couples them).
 */
export async function signInSecondExporter(loginId: string, ip: string) {
  await env.DB.prepare(
    `INSERT INTO users (id, login_id, login_id_normalized, role, first_name, last_name, company_name, password_hash, active, must_change_password, is_demo)
     VALUES (?, ?, ?, 'exporter', 'Other', 'Exporter', ?, ?, 1, 0, 0)`,
  )
    .bind(EXPORTER_B.id, loginId, loginId, EXPORTER_B.company, await hashPassword(EXPORTER_B.password))
    .run();
  const res = await call("/api/auth/exporter-login", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify({ username: loginId, password: EXPORTER_B.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in as the second exporter failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { token, cookie: res.headers.get("set-cookie")!.split(";")[0]!, id: EXPORTER_B.id };
}
