/** Sign-ins with a chosen device, and notices seeded straight into D1, for the /profile tests. */
import { env } from "cloudflare:workers";
import { demoLogin } from "../login-api";
import { call } from "./helpers";

export const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
export const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

let ipCounter = 0;

/** Signs in the first demo account of `role` from a device; token, cookie and account id. */
export async function signInFrom(role: string, userAgent = ANDROID_CHROME) {
  const { path, body, account } = demoLogin(role);
  ipCounter += 1;
  const res = await call(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "User-Agent": userAgent,
      "CF-Connecting-IP": `10.77.${Math.floor(ipCounter / 200)}.${ipCounter % 200}`,
    },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${role} failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
  const user = await env.DB.prepare("SELECT id FROM users WHERE login_id = ?")
    .bind(account.loginId)
    .first<{ id: string }>();
  return { token, cookie, userId: user!.id, auth: { Authorization: `Bearer ${token}` } };
}

/** Inserts a notice for `userId` (as notifyStatement would), returns its id. */
export async function seedNotice(userId: string, kind: string, title: string, createdAt: string) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO notifications (id, user_id, kind, title, body, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  )
    .bind(id, userId, kind, title, `${title} (body)`, createdAt)
    .run();
  return id;
}

export async function jsonOf(res: Response) {
  // biome-ignore lint/suspicious/noExplicitAny: test replies are read field by field
  return (await res.json()) as Record<string, any>;
}
