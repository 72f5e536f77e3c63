import { Hono } from "hono";
import { PushSubscribeSchema } from "../contracts/push";
import { isDemoMode } from "../env";
import { pushConfigFrom } from "../services/push/deliver-push";
import { listMyPushDevices, removeMyPushDevice, subscribePush } from "../services/push/push-subscriptions";
import { type ApiEnv, requireSession, serviceDeps } from "./middleware";
import { reply, success } from "./reply";
import { describe } from "./route-meta";
import { body } from "./validate";

/**
 * Web Push devices of the signed-in account (ADR 028). Every signed-in role; nothing
 * here takes another account's id: another account's device id answers 404.
 */
export const pushApi = new Hono<ApiEnv>()
  .get(
    "/public-key",
    requireSession(),
    describe("The VAPID public key a browser subscribes with (`publicKey` null when push is not set up)"),
    (c) => {
      c.header("Cache-Control", "no-store");
      return success(c, { publicKey: pushConfigFrom(c.env)?.publicKey ?? null });
    },
  )
  .get("/subscriptions", requireSession(), describe("My devices that receive push notices"), async (c) =>
    reply(c, await listMyPushDevices(serviceDeps(c))),
  )
  .post(
    "/subscriptions",
    requireSession(),
    describe(
      "Subscribe this browser (the body is its PushSubscription as JSON; the endpoint must be a browser's push service); the same endpoint again replaces it, another account's only with the same keys",
      { 200: "Stored", 409: "The endpoint is another account's and the keys do not match" },
    ),
    body(PushSubscribeSchema),
    async (c) =>
      reply(
        c,
        await subscribePush(
          c.req.valid("json"),
          { userAgent: c.req.header("User-Agent") ?? null, sessionHash: c.get("session").hash },
          { ...serviceDeps(c), demoMode: isDemoMode(c.env) },
        ),
      ),
  )
  .delete(
    "/subscriptions/:id",
    requireSession(),
    describe("Remove one of my devices (another account's device answers 404)"),
    async (c) => reply(c, await removeMyPushDevice({ id: c.req.param("id") }, serviceDeps(c))),
  );
