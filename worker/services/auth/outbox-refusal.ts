/**
 * Why the outbox of a phone cannot send with no live session (ADR 027): the holder of
 * an outbox proof (worker/auth/outbox-proof.ts) learns whether their own account was deactivated
 * meanwhile, so the phone says so instead of only "sign in again". Without a valid proof the
 * answer is the generic "signed out": nothing about any account is told to anyone else.
 */
import type { Database } from "#db/client";
import { findUserById } from "#db/queries/users";
import { readOutboxProof } from "#worker/auth/outbox-proof";
import { ok, type Result } from "../result";

export const ACCOUNT_DEACTIVATED = "account_deactivated";
export const SIGNED_OUT = "signed_out";
export type OutboxRefusal = typeof ACCOUNT_DEACTIVATED | typeof SIGNED_OUT;

export async function outboxRefusal(
  proof: string | null | undefined,
  deps: { db: Database; secret: string; now?: () => number },
): Promise<Result<OutboxRefusal>> {
  const holder = await readOutboxProof(deps.secret, proof, deps.now?.() ?? Date.now());
  if (!holder) return ok(SIGNED_OUT);
  const user = await findUserById(deps.db, holder.userId);
  return ok(user && !user.active ? ACCOUNT_DEACTIVATED : SIGNED_OUT);
}
