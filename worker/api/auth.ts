import { Hono } from "hono";
import { clearedSessionCookie } from "../auth/session";
import { ChangePasswordSchema } from "../contracts/auth";
import { isDemoMode } from "../env";
import { changePassword } from "../services/auth/change-password";
import { LOGIN_ENDPOINTS, performLogin } from "../services/auth/login-portals";
import { signOut } from "../services/auth/sign-out";
import { type ApiEnv, publicDeps, requireSession, serviceDeps, sessionDeps } from "./middleware";
import { reply, success } from "./reply";
import { describe, tag } from "./route-meta";
import { body, jsonRequest } from "./validate";

/**
 * Sign-in endpoints of docs/product.md §7, mounted at /api (their paths differ in prefix), plus the
 * session endpoints every portal uses: who am I, log out, change password.
 * The sign-ins answer the exact replies of docs/product.md §3, so they validate their own bodies.
 */
export const auth = new Hono<ApiEnv>();

for (const [path, endpoint] of Object.entries(LOGIN_ENDPOINTS)) {
  auth.post(
    path,
    tag(describe(`Sign in (${endpoint.portal} portal); answers the reply of docs/product.md §3`), {
      access: { kind: "public" },
      body: endpoint.schema,
      responses: { 200: "Signed in: a session token and the account (docs/product.md §3)", 401: "Wrong credentials" },
    }),
    jsonRequest,
    async (c) => {
      const outcome = await performLogin(path, await c.req.json(), c.req.raw, {
        ...sessionDeps(c.env),
        db: publicDeps(c).db,
        demoMode: isDemoMode(c.env),
      });
      for (const [name, value] of Object.entries(outcome.headers)) c.header(name, value);
      c.header("Cache-Control", "no-store");
      return c.json(outcome.body, outcome.status);
    },
  );
}

auth.get("/auth/me", requireSession({ beforePasswordChange: true }), describe("The signed-in account"), (c) => {
  const s = c.get("session");
  return success(c, {
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

auth.post(
  "/auth/logout",
  requireSession({ beforePasswordChange: true }),
  describe("End this session (the push devices it registered are removed)"),
  async (c) => {
    await signOut(c.get("session"), { ...sessionDeps(c.env), db: serviceDeps(c).db });
    c.header("Set-Cookie", clearedSessionCookie());
    return success(c, { message: "Logged out" });
  },
);

auth.post(
  "/auth/change-password",
  requireSession({ beforePasswordChange: true }),
  describe("Change the signed-in account's password; other sessions end"),
  body(ChangePasswordSchema),
  async (c) => {
    const { db } = serviceDeps(c);
    const result = await changePassword(c.req.valid("json"), c.get("session"), {
      ...sessionDeps(c.env, c.req.raw),
      db,
    });
    if (!result.ok) return reply(c, result);
    c.header("Set-Cookie", result.cookie);
    return success(c, { message: result.message, token: result.token });
  },
);
