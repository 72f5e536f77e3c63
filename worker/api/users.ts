import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  AssignCountySchema,
  ChangeRoleSchema,
  CropYieldSchema,
  UserCreateSchema,
  UserListQuerySchema,
} from "../contracts/users";
import { deactivateUser, reactivateUser } from "../services/auth/manage-users";
import { assignCounty } from "../services/users/assign-county";
import { changeRole } from "../services/users/change-role";
import { createUser } from "../services/users/create-user";
import { listCropYields, setCropYield } from "../services/users/crop-yields";
import { listTradeAccounts, listUsers, TRADE_KINDS } from "../services/users/list-accounts";
import { resetPassword } from "../services/users/reset-password";
import { systemHealth } from "../services/users/system-health";
import { listUserSessions, revokeUserSession } from "../services/users/user-sessions";
import { type ApiEnv, requirePermission, serviceDeps, sessionDeps } from "./middleware";
import { apiError, paged, reply, success } from "./reply";
import { describe } from "./route-meta";
import { body, query } from "./validate";

/** Runs one account-management service on the account named in the path. */
const manage = (service: typeof deactivateUser | typeof reactivateUser) => async (c: Context<ApiEnv>) =>
  reply(c, await service({ userId: c.req.param("id") ?? "" }, { ...serviceDeps(c), sessions: sessionDeps(c.env) }));

const withSessions = (c: Context<ApiEnv>) => ({ ...serviceDeps(c), sessions: sessionDeps(c.env) });

/**
 * Account administration: the AgriTrace system administrator (every account) and office
 * administrators (field and trade accounts, observers); the hierarchy is worker/services/auth/manage-users.ts.
 * Listing every account, other accounts' sessions, crop yields and system health: the system administrator.
 */
export const usersApi = new Hono<ApiEnv>()
  .get(
    "/",
    requirePermission("administerSystem"),
    describe("Every account, searched by login ID, name or company, by role and active (paged)"),
    query(UserListQuerySchema),
    async (c) => {
      const result = await listUsers(c.req.valid("query"), serviceDeps(c));
      if (!result.ok) return reply(c, result);
      const { items, ...paging } = result.value;
      return paged(c, "users", items, paging);
    },
  )
  .post(
    "/",
    requirePermission("createUsers"),
    describe("Create an account (the rules of `npm run user:create`); answers its temporary password once", {
      201: "The account and its temporary password",
    }),
    body(UserCreateSchema),
    async (c) => reply(c, await createUser(c.req.valid("json"), serviceDeps(c)), 201),
  )
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
  )
  .post(
    "/:id/reset-password",
    requirePermission("manageUsers"),
    describe("Give the account a temporary password it must change at next sign-in; ends its sessions"),
    async (c) => reply(c, await resetPassword({ userId: c.req.param("id") }, withSessions(c))),
  )
  .post(
    "/:id/role",
    requirePermission("manageUsers"),
    describe("Change the account's role (never one's own; the last system administrator keeps the role)"),
    body(ChangeRoleSchema),
    async (c) =>
      reply(c, await changeRole({ userId: c.req.param("id"), role: c.req.valid("json").role }, withSessions(c))),
  )
  .post(
    "/:id/county",
    requirePermission("createUsers"),
    describe("Assign an inspector's or field agent's county"),
    body(AssignCountySchema),
    async (c) =>
      reply(c, await assignCounty({ userId: c.req.param("id"), county: c.req.valid("json").county }, serviceDeps(c))),
  )
  .get(
    "/:id/sessions",
    requirePermission("administerSystem"),
    describe("The account's live sessions (device, place, since, last seen)"),
    async (c) => reply(c, await listUserSessions({ userId: c.req.param("id") }, withSessions(c))),
  )
  .post(
    "/:id/sessions/:sessionId/revoke",
    requirePermission("administerSystem"),
    describe("End one of the account's sessions (its token is refused from now on)"),
    async (c) =>
      reply(
        c,
        await revokeUserSession({ userId: c.req.param("id"), sessionId: c.req.param("sessionId") }, withSessions(c)),
      ),
  );

const TradeQuerySchema = UserListQuerySchema.pick({ q: true, page: true, pageSize: true });

/** The system administrator's settings and health, and the management lists of regulator staff. */
export const adminApi = new Hono<ApiEnv>()
  .get(
    "/health",
    requirePermission("administerSystem"),
    describe(
      "System health: D1, KV and R2 probes, the last cron runs, open background jobs (stuck flagged), sign-in security counts",
    ),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const report = await systemHealth({
        db: serviceDeps(c).db,
        d1: c.env.DB,
        kv: c.env.SESSIONS,
        r2: c.env.CERTS,
        now: () => new Date(),
      });
      return success(c, report);
    },
  )
  .get(
    "/crop-yields",
    requirePermission("administerSystem"),
    describe("Each crop's yield for the volume plausibility check: default, configured and in use (grams per hectare)"),
    async (c) => success(c, { cropYields: await listCropYields(serviceDeps(c)) }),
  )
  .put(
    "/crop-yields",
    requirePermission("administerSystem"),
    describe("Set a crop's expected yield (kilograms per hectare per season)"),
    body(CropYieldSchema),
    async (c) => reply(c, await setCropYield(c.req.valid("json"), serviceDeps(c))),
  )
  .get(
    "/accounts/:kind",
    requirePermission("readTradeAccounts"),
    describe("Buyers, inspectors or exporters with their licence or county (paged)"),
    query(TradeQuerySchema),
    async (c) => {
      const kind = z.enum(TRADE_KINDS).safeParse(c.req.param("kind"));
      if (!kind.success) return apiError(c, 404, "Choose buyer, inspector or exporter");
      const result = await listTradeAccounts(kind.data, c.req.valid("query"), serviceDeps(c));
      if (!result.ok) return reply(c, result);
      const { items, ...paging } = result.value;
      return paged(c, "accounts", items, paging);
    },
  );
