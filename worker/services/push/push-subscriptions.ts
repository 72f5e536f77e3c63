/**
 * My push devices (/profile/push, /api/push): subscribe this browser, list, remove. Everything is
 * keyed by the caller's id: a device id of another account matches nothing and answers 404.
 */
import { timingSafeEqual } from "node:crypto";
import {
  deleteOwnPushSubscriptionStatement,
  findOwnPushSubscription,
  findPushSubscriptionByEndpoint,
  listPushSubscriptions,
  upsertPushSubscriptionStatement,
} from "#db/queries/push";
import { deviceLabel } from "#worker/auth/session-client";
import { PUSH_MESSAGES, type PushSubscribeInput } from "#worker/contracts/push";
import { isPushServiceEndpoint } from "#worker/domain/push-endpoint";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";

type Deps = Pick<ServiceDeps, "db" | "actor" | "now">;

export type PushDeviceView = {
  id: string;
  device: string;
  /** The push service's host (e.g. fcm.googleapis.com), never the whole endpoint. */
  service: string;
  createdAt: string;
  lastSuccessAt: string | null;
  /** PUSH_MESSAGES.deliveryFailed after a failed delivery, never what the push service answered. */
  lastFailure: string | null;
};

const view = (row: Awaited<ReturnType<typeof listPushSubscriptions>>[number]): PushDeviceView => ({
  id: row.id,
  device: row.device,
  service: new URL(row.endpoint).host,
  createdAt: row.createdAt,
  lastSuccessAt: row.lastSuccessAt,
  // Only ever the generic sentence, whatever an older row still holds (ADR 028 "Endpoints").
  lastFailure: row.lastFailure ? PUSH_MESSAGES.deliveryFailed : null,
});

export async function listMyPushDevices(
  deps: Pick<Deps, "db" | "actor">,
): Promise<Result<{ devices: PushDeviceView[] }>> {
  return ok({ devices: (await listPushSubscriptions(deps.db, deps.actor.id)).map(view) });
}

/** Whether two base64url key strings are equal, in constant time (the auth secret is a secret). */
function sameKey(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Who subscribes: the browser's user agent (its label) and the session it is signed in with. */
export type SubscribingClient = { userAgent: string | null; sessionHash: string | null };

/**
 * Stores this browser's subscription for me (a repeat of the same endpoint replaces it). The
 * endpoint must be a browser's push service (worker/domain/push-endpoint.ts; the test one in demo
 * mode only). An endpoint another account registered moves to me only with that browser's own
 * keys: someone who only knows the endpoint cannot take its notices over. The session is recorded
 * so signing it out removes the device.
 */
export async function subscribePush(
  input: PushSubscribeInput,
  client: SubscribingClient,
  deps: Deps & { demoMode: boolean },
): Promise<Result<{ device: PushDeviceView; created: boolean }>> {
  const { db, actor } = deps;
  if (!isPushServiceEndpoint(input.endpoint, { demoMode: deps.demoMode })) {
    return fail(400, PUSH_MESSAGES.endpoint, { endpoint: [PUSH_MESSAGES.endpoint] });
  }
  const before = await findPushSubscriptionByEndpoint(db, input.endpoint);
  if (
    before &&
    before.userId !== actor.id &&
    !(sameKey(before.p256dh, input.keys.p256dh) && sameKey(before.auth, input.keys.auth))
  ) {
    return fail(409, PUSH_MESSAGES.taken);
  }
  const id = before?.id ?? crypto.randomUUID();
  const device = deviceLabel(client.userAgent);
  const after = { device, service: new URL(input.endpoint).host };
  await db.batch([
    upsertPushSubscriptionStatement(db, {
      id,
      userId: actor.id,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      device,
      sessionHash: client.sessionHash,
      createdAt: deps.now().toISOString(),
    }),
    auditEntry(
      db,
      actor,
      "push_subscription.create",
      "push_subscription",
      id,
      before ? { userId: before.userId, device: before.device } : null,
      { userId: actor.id, ...after },
    ),
  ]);
  const row = await findOwnPushSubscription(db, actor.id, id);
  if (!row) return fail(409, "The device could not be stored; please try again");
  return ok({ device: view(row), created: !before });
}

/** Removes one of my devices; another account's device id is 404 (the WHERE has my id). */
export async function removeMyPushDevice(input: { id: string }, deps: Deps): Promise<Result<{ removed: string }>> {
  const { db, actor } = deps;
  const row = await findOwnPushSubscription(db, actor.id, input.id);
  if (!row) return fail(404, PUSH_MESSAGES.notFound);
  await db.batch([
    deleteOwnPushSubscriptionStatement(db, actor.id, row.id),
    auditEntry(db, actor, "push_subscription.delete", "push_subscription", row.id, { device: row.device }, null),
  ]);
  return ok({ removed: row.id });
}
