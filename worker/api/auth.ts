import { Hono } from "hono";
import { database } from "#db/client";
import { LOGIN_ENDPOINTS, performLogin } from "../auth/login-portals";
import { clearedSessionCookie, revokeSession } from "../auth/session";
import { ChangePasswordSchema, fieldErrors } from "../contracts/auth";
import { isDemoMode } from "../env";
import { changePassword } from "../services/auth/change-password";
import { apiError } from "./errors";
import { type ApiEnv, jsonBody, requireApiRole, sessionDeps } from "./middleware";

/**
 * Sign-in endpoints of spec §7, mounted at /api (their paths differ in prefix), plus the
 * session endpoints every portal uses: who am I, log out, change password.
 */
export const auth = new Hono<ApiEnv>();

for (const path of Object.keys(LOGIN_ENDPOINTS)) {
  auth.post(path, async (c) => {
    const read = await jsonBody(c);
    if (!read.ok) return read.response;
    const outcome = await performLogin(path, read.body, c.req.raw, {
      ...sessionDeps(c.env),
      db: database(c.env.DB),
      demoMode: isDemoMode(c.env),
    });
    for (const [name, value] of Object.entries(outcome.headers)) c.header(name, value);
    c.header("Cache-Control", "no-store");
    return c.json(outcome.body, outcome.status);
  });
}

auth.get("/auth/me", requireApiRole(), (c) => {
  const s = c.get("session");
  return c.json({
    success: true,
    user: {
      id: s.id,
      role: s.role,
      userType: s.userType,
      username: s.loginId,
      name: s.name,
      mustChangePassword: s.mustChangePassword,
    },
  });
});

auth.post("/auth/logout", requireApiRole(), async (c) => {
  await revokeSession(sessionDeps(c.env), c.get("session"));
  c.header("Set-Cookie", clearedSessionCookie());
  return c.json({ success: true, message: "Logged out" });
});

auth.post("/auth/change-password", requireApiRole(), async (c) => {
  const read = await jsonBody(c);
  if (!read.ok) return read.response;
  const parsed = ChangePasswordSchema.safeParse(read.body);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return apiError(c, 400, Object.values(errors)[0]![0]!, errors);
  }
  const result = await changePassword(parsed.data, c.get("session"), { ...sessionDeps(c.env), db: c.get("db") });
  if (!result.ok) return apiError(c, result.status, result.message, result.errors);
  c.header("Set-Cookie", result.cookie);
  return c.json({ success: true, message: result.message, token: result.token });
});
