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
