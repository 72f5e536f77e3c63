import { Hono } from "hono";
import { deactivateUser, reactivateUser } from "../services/auth/manage-users";
import { type ApiEnv, requirePermission, serviceDeps, sessionDeps } from "./middleware";
import { reply } from "./reply";
import { describe } from "./route-meta";

/**
 * Account administration: the AgriTrace system administrator (every account) and office
 * administrators (field and trade accounts, observers); the hierarchy is worker/services/auth/manage-users.ts.
 */
export const usersApi = new Hono<ApiEnv>()
  .post(
    "/:id/deactivate",
    requirePermission("manageUsers"),
    describe("Deactivate an account and end its sessions"),
    async (c) => {
      const deps = { ...serviceDeps(c), sessions: sessionDeps(c.env) };
      const result = await deactivateUser({ userId: c.req.param("id") }, deps);
      return reply(c, result);
    },
  )
  .post(
    "/:id/reactivate",
    requirePermission("manageUsers"),
    describe("Let a deactivated account sign in again"),
    async (c) => {
      const deps = { ...serviceDeps(c), sessions: sessionDeps(c.env) };
      const result = await reactivateUser({ userId: c.req.param("id") }, deps);
      return reply(c, result);
    },
  );
