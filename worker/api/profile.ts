import { Hono } from "hono";
import { MarkNoticesReadSchema, NoticesQuerySchema, PreferencesSchema } from "../contracts/profile";
import { markMyNoticesRead, myNotices, myPreferences, updateMyPreferences } from "../services/notifications/my-notices";
import { listMySessions, revokeMySession, revokeOtherSessions } from "../services/profile/sessions";
import { type ApiEnv, requireSession, serviceDeps, sessionDeps } from "./middleware";
import { reply } from "./reply";
import { describe } from "./route-meta";
import { body, query } from "./validate";

/**
 * The signed-in account's own sessions and notification preferences. Every
 * signed-in role; nothing here takes another account's id: a session id of another account is 404.
 */
export const profileApi = new Hono<ApiEnv>()
  .get("/sessions", requireSession(), describe("My live sessions: device, approximate place, last seen"), async (c) =>
    reply(c, await listMySessions(c.get("session"), { ...serviceDeps(c), sessions: sessionDeps(c.env) })),
  )
  .delete(
    "/sessions",
    requireSession(),
    describe("End all my sessions but the one making this call (sign out all other devices)"),
    async (c) =>
      reply(c, await revokeOtherSessions(c.get("session"), { ...serviceDeps(c), sessions: sessionDeps(c.env) })),
  )
  .delete(
    "/sessions/:id",
    requireSession(),
    describe("End one of my sessions (another account's session id answers 404)"),
    async (c) =>
      reply(
        c,
        await revokeMySession({ sessionId: c.req.param("id") }, c.get("session"), {
          ...serviceDeps(c),
          sessions: sessionDeps(c.env),
        }),
      ),
  )
  .get("/notification-preferences", requireSession(), describe("My notification preferences, per kind"), async (c) =>
    reply(c, await myPreferences(serviceDeps(c))),
  )
  .put(
    "/notification-preferences",
    requireSession(),
    describe("Change my notification preferences for the kinds given"),
    body(PreferencesSchema),
    async (c) => reply(c, await updateMyPreferences(c.req.valid("json"), serviceDeps(c))),
  );

/** The signed-in account's notices, newest first. */
export const notificationsApi = new Hono<ApiEnv>()
  .get(
    "/",
    requireSession(),
    describe("My newest notices and my unread count"),
    query(NoticesQuerySchema),
    async (c) => {
      const { limit, unread } = c.req.valid("query");
      return reply(c, await myNotices({ limit, unreadOnly: unread }, serviceDeps(c)));
    },
  )
  .post(
    "/read",
    requireSession(),
    describe("Mark some of my notices read (`ids`), or all of them (`all: true`)"),
    body(MarkNoticesReadSchema),
    async (c) => reply(c, await markMyNoticesRead(c.req.valid("json"), serviceDeps(c))),
  );
