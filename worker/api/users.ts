import { type Context, Hono } from "hono";
import { deactivateUser, reactivateUser } from "../services/auth/manage-users";
import { type ApiEnv, requirePermission, serviceDeps, sessionDeps } from "./middleware";
import { reply } from "./reply";
import { describe } from "./route-meta";

/** Runs one account-management service on the account named in the path. */
const manage = (service: typeof deactivateUser | typeof reactivateUser) => async (c: Context<ApiEnv>) =>
  reply(c, await service({ userId: c.req.param("id") ?? "" }, { ...serviceDeps(c), sessions: sessionDeps(c.env) }));

/**
 * Account administration: the AgriTrace system administrator (every account) and office
 * administrators (field and trade accounts, observers); the hierarchy is worker/services/auth/manage-users.ts.
 */
export const usersApi = new Hono<ApiEnv>()
  .post(
    "/:id/deactivate",
    requirePermission("manageUsers"),
    describe("Deactivate an account and end its sessions"),
    manage(deactivateUser),
  )
  .post(
    "/:id/reactivate",
    requirePermission("manageUsers"),
    describe("Let a deactivated account sign in again"),
    manage(reactivateUser),
  );
