import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { findUserById, logAuthEvent } from "#db/queries/users";
import { auditLog, users } from "#db/schema";
import { revokeUserSessions } from "../auth/session";
import { type ApiEnv, requirePermission, serviceDeps, sessionDeps } from "./middleware";
import { apiError, success } from "./reply";
import { describe } from "./route-meta";

/** Account administration: the AgriTrace system administrator and office administrators. */
export const usersApi = new Hono<ApiEnv>().post(
  "/:id/deactivate",
  requirePermission("manageUsers"),
  describe("Deactivate an account and end its sessions"),
  async (c) => {
    const { db } = serviceDeps(c);
    const actor = c.get("session");
    const target = await findUserById(db, c.req.param("id"));
    if (!target) return apiError(c, 404, "User not found");
    if (target.id === actor.id) return apiError(c, 400, "You cannot deactivate your own account");
    await db.batch([
      db
        .update(users)
        .set({ active: false, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
        .where(eq(users.id, target.id)),
      db.insert(auditLog).values({
        actorId: actor.id,
        actorRole: actor.role,
        action: "user.deactivate",
        entityType: "user",
        entityId: target.id,
        before: JSON.stringify({ active: target.active }),
        after: JSON.stringify({ active: false }),
      }),
    ]);
    const ended = await revokeUserSessions(sessionDeps(c.env), target.id);
    await logAuthEvent(db, {
      event: "sessions_revoked",
      userId: target.id,
      loginId: target.loginId,
      detail: `deactivated by ${actor.loginId}`,
    });
    return success(c, { message: "User deactivated", sessionsEnded: ended });
  },
);
