/**
 * Who may correct or void a record, and until when (ADR 031): the person who recorded
 * it within 48 hours, a supervisor (DDGOTS, the office administrators) after that, and nobody
 * once the batch, or a batch made from it, has been exported or put in a shipment.
 */
import type { Role } from "#worker/auth/roles";
import { CHAIN, type ChainStatus } from "./custody";

export const CORRECTION_WINDOW_HOURS = 48;
export const CORRECTION_SUPERVISORS: readonly Role[] = ["ddgots", "office_admin"];
export const REASON_MIN_LENGTH = 10;

export const CORRECTION_MESSAGES = {
  reason: `Give the reason for the correction (at least ${REASON_MIN_LENGTH} characters)`,
  exported: "The batch has been exported or shipped: its records can no longer be corrected",
  notYours: "You can only correct records you recorded yourself",
  tooLate: `This was recorded more than ${CORRECTION_WINDOW_HOURS} hours ago: ask a supervisor (DDGOTS or an office administrator) to correct it`,
  nothingChanged: "Nothing to correct: change at least one value",
  weightDependsOn:
    "A later custody step (or a split or merge) depends on this purchase's weight: void the later steps first",
  laterStep: (later: string) => `A later step depends on this one (${later}): void the latest step first`,
  purchaseStep: "The purchase is the batch itself: correct the purchase instead of voiding it",
  stale: "Someone corrected this record a moment ago: reload it and check before trying again",
} as const;

/** A supervisor corrects anyone's records, however old, until the export lock. */
export const isCorrectionSupervisor = (role: Role) => CORRECTION_SUPERVISORS.includes(role);

/**
 * Whether the page offers `actor` the form to correct a record `recordedBy` recorded: a
 * supervisor, or who recorded it. The 48-hour window is told on sending (`mayCorrect`), so the
 * recorder learns why instead of finding no form.
 */
export const offersCorrection = (actor: { id: string; role: Role }, recordedBy: string | null) =>
  isCorrectionSupervisor(actor.role) || actor.id === recordedBy;

/** An exported batch's records are closed to correction (a shipment closes them too: the service checks). */
export const correctionsOpenAt = (status: string) => status !== "exported";

/**
 * The custody step a batch's page offers to void: the one that gave the batch its status. Not
 * the purchase (the batch itself: it is corrected, not voided), a split or merge (the produce
 * lives on in other batches) or a rejection at inspection.
 */
export function voidableStep(status: string): ChainStatus | null {
  const step = CHAIN.find((s) => s === status);
  return step && step !== "harvested" && step !== "purchased" ? step : null;
}

export type CorrectionDecision = { ok: true } | { ok: false; status: 403; message: string };

/** Whether `actor` may correct a record `recordedBy` recorded at `recordedAt` (ISO), at `now`. */
export function mayCorrect(
  actor: { id: string; role: Role },
  record: { recordedBy: string; recordedAt: string },
  now: Date,
): CorrectionDecision {
  if (isCorrectionSupervisor(actor.role)) return { ok: true };
  if (actor.id !== record.recordedBy) return { ok: false, status: 403, message: CORRECTION_MESSAGES.notYours };
  const age = now.getTime() - Date.parse(record.recordedAt);
  if (age > CORRECTION_WINDOW_HOURS * 3_600_000)
    return { ok: false, status: 403, message: CORRECTION_MESSAGES.tooLate };
  return { ok: true };
}
