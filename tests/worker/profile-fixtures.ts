/** Sessions on a chosen device, and notices seeded straight into D1, for the /profile tests. */
import { env } from "cloudflare:workers";
import { sessionClient } from "#worker/auth/session-client";
import { demoLogin } from "../login-api";
import { sessionForLogin } from "./factories";
import { ORIGIN } from "./helpers";

export const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
export const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

/**
 * A session of the first demo account of `role` on a device (tests/worker/factories.ts): the
 * device recorded as a sign-in from that browser records it. Token, cookie and account id.
 */
export async function signInFrom(role: string, userAgent = ANDROID_CHROME) {
  const { account } = demoLogin(role);
  const client = sessionClient(new Request(ORIGIN, { headers: { "User-Agent": userAgent } }));
  const { token, cookie, user } = await sessionForLogin(account.loginId, client);
  return { token, cookie, userId: user.id, auth: { Authorization: `Bearer ${token}` } };
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
