/**
 * When push devices stop receiving (ADR 028 "Who a device belongs to"): the device a session
 * registered goes when that session signs out or is ended; every device of an account goes when it
 * is deactivated or its password is changed or reset, so the next person on a shared phone never
 * gets the previous person's notices. Each removal is audited `push_subscription.revoke` with the
 * reason, in the same `db.batch()` as the change that caused it.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/client";
import {
  deletePushSubscriptionStatement,
  deleteUserPushSubscriptionsStatement,
  listPushSubscriptions,
  type PushSubscriptionRow,
  pushSubscriptionsOfSessions,
} from "#db/queries/push";
import type { AuditActor } from "../deps";
import { auditEntry } from "../platform/audit";

export type RevokeReason =
  | "sign_out"
  | "session_ended"
  | "deactivated"
  | "password_changed"
  | "password_reset"
  | "not_a_push_service";

const revokeAudit = (db: Database, actor: AuditActor, row: PushSubscriptionRow, reason: RevokeReason) =>
  auditEntry(
    db,
    actor,
    "push_subscription.revoke",
    "push_subscription",
    row.id,
    { userId: row.userId, device: row.device },
    { reason },
  );

type Statements = BatchItem<"sqlite">[];

/** Statements removing these devices, each with its audit row, for the caller's batch. */
export function revokeDeviceStatements(
  db: Database,
  actor: AuditActor,
  rows: PushSubscriptionRow[],
  reason: RevokeReason,
): Statements {
  return rows.flatMap((row) => [deletePushSubscriptionStatement(db, row.id), revokeAudit(db, actor, row, reason)]);
}

/** Runs statements as one batch (nothing when there are none). */
export async function runInBatch(db: Database, statements: Statements) {
  if (statements.length) await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/**
 * Statements removing every device of the account, for the batch of the change (deactivation, a
 * new password). The delete takes the account's devices as they are when the batch runs; each
 * device known now has its audit row.
 */
export async function revokeAccountDevices(
  db: Database,
  actor: AuditActor,
  userId: string,
  reason: RevokeReason,
): Promise<Statements> {
  const rows = await listPushSubscriptions(db, userId);
  return [deleteUserPushSubscriptionsStatement(db, userId), ...rows.map((row) => revokeAudit(db, actor, row, reason))];
}

/** Statements removing the devices registered by one session (or by every session but one), for the caller's batch. */
export async function revokeSessionDevices(
  db: Database,
  actor: AuditActor,
  userId: string,
  sessions: { only: string } | { except: string },
  reason: RevokeReason,
): Promise<Statements> {
  return revokeDeviceStatements(db, actor, await pushSubscriptionsOfSessions(db, userId, sessions), reason);
}
