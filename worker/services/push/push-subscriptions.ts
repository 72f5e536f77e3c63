/**
 * My push devices (/profile/push, /api/push): subscribe this browser, list, remove. Everything is
 * keyed by the caller's id: a device id of another account matches nothing and answers 404.
 */
import {
  deleteOwnPushSubscriptionStatement,
  findOwnPushSubscription,
  findPushSubscriptionByEndpoint,
  listPushSubscriptions,
  upsertPushSubscriptionStatement,
} from "#db/queries/push";
import { deviceLabel } from "#worker/auth/session-client";
import { PUSH_MESSAGES, type PushSubscribeInput } from "#worker/contracts/push";
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
  lastFailure: string | null;
};

const view = (row: Awaited<ReturnType<typeof listPushSubscriptions>>[number]): PushDeviceView => ({
  id: row.id,
  device: row.device,
  service: new URL(row.endpoint).host,
  createdAt: row.createdAt,
  lastSuccessAt: row.lastSuccessAt,
  lastFailure: row.lastFailure,
});

export async function listMyPushDevices(
  deps: Pick<Deps, "db" | "actor">,
): Promise<Result<{ devices: PushDeviceView[] }>> {
  return ok({ devices: (await listPushSubscriptions(deps.db, deps.actor.id)).map(view) });
}

/** Stores this browser's subscription for me (a repeat of the same endpoint replaces it). */
export async function subscribePush(
  input: PushSubscribeInput,
  userAgent: string | null,
  deps: Deps,
): Promise<Result<{ device: PushDeviceView; created: boolean }>> {
  const { db, actor } = deps;
  const before = await findPushSubscriptionByEndpoint(db, input.endpoint);
  const id = before?.id ?? crypto.randomUUID();
  const device = deviceLabel(userAgent);
  const after = { device, service: new URL(input.endpoint).host };
  await db.batch([
    upsertPushSubscriptionStatement(db, {
      id,
      userId: actor.id,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      device,
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
