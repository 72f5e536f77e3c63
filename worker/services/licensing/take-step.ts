/**
 * What a licence step (step-licence.ts) and a permit step (step-permit.ts) share once the role and
 * the record are known: the order (409) and reason (400) refusals, the record after the step, and
 * the one `db.batch()` that writes it — the update guarded on the version, the step, audit and
 * notice rows (licensing-common.ts), and, when the step issues the record, its number, validity and
 * fee invoice. A concurrent change rolls all of it back (409).
 */
import type { BatchItem } from "drizzle-orm/batch";
import { insertInvoiceStatement, isStaleStep, type LicenceRow } from "#db/queries/licensing";
import type { PermitRow } from "#db/queries/shipments";
import { FEE_SCHEDULE, type FeeType } from "#worker/domain/fees";
import type { Decision } from "#worker/domain/licensing";
import { formatMoney } from "#worker/domain/money";
import type { ServiceDeps } from "../deps";
import { invoiceRow } from "../fees/raise-invoice";
import { type AuditAction, auditEntry } from "../platform/audit";
import { type Failure, fail, ok, type Result } from "../result";
import { STALE_STEP, stepStatements } from "./licensing-common";
import { type NumberKind, numberPrefix, withNextNumber } from "./numbers";

type StepRecord = LicenceRow | PermitRow;
/** What a step changes of the record (the version and time are the update's own). */
export type StepSet = Pick<StepRecord, "status" | "number" | "validFrom" | "validUntil" | "statusReason">;
/** A step of worker/domain/licensing.ts: the status it leaves, and whether it needs a reason. */
type StepDef = { to: string } | { to: string; reason: boolean };

const GIVE_REASON = "Give the reason (10 to 500 characters)";

/** The refusal of a step the record's status (409) or a missing reason (400) stops; null when it may go ahead. */
export function stepRefusal(decision: Decision, def: StepDef, reason: string | undefined): Failure | null {
  if (!decision.ok) return fail(decision.kind === "role" ? 403 : 409, decision.message);
  if ("reason" in def && def.reason && !reason) return fail(400, GIVE_REASON, { reason: [GIVE_REASON] });
  return null;
}

export async function takeStep<R extends StepRecord>(
  args: {
    subjectType: "licence" | "permit";
    record: R;
    step: string;
    action: AuditAction;
    def: StepDef;
    reason: string | undefined;
    /** The record's update, guarded on its version (updateLicence / updatePermit). */
    update: (set: StepSet) => BatchItem<"sqlite">;
    /** The applicant or exporter: notified of the step, and the payer of the fee. */
    holderId: string;
    /** The notice's title per status, its link, and what the record is ("Your … application for …"). */
    notice: { titles: Record<string, string>; link: string; about: string };
    /** Further statements of the same batch (the holds on the holder's trade). */
    extra?: BatchItem<"sqlite">[];
    /** The step issues the record: its number, validity and fee; `named` says it with its number. */
    issue?: {
      kind: NumberKind;
      code?: string;
      validity: { validFrom: string; validUntil: string };
      feeType: FeeType;
      named: (number: string) => string;
    };
  },
  deps: Pick<ServiceDeps, "db" | "actor"> & { now: Date },
): Promise<Result<{ after: R; invoiceNumber?: string }>> {
  const { db, actor, now } = deps;
  const { record, def, reason } = args;
  const base: R = {
    ...record,
    status: def.to,
    version: record.version + 1,
    updatedAt: now.toISOString(),
    statusReason: "reason" in def && def.reason ? (reason ?? null) : record.statusReason,
  };
  const write = async (after: R, extra: BatchItem<"sqlite">[], body?: string) => {
    await db.batch([
      args.update({
        status: after.status,
        number: after.number,
        validFrom: after.validFrom,
        validUntil: after.validUntil,
        statusReason: after.statusReason,
      }),
      ...stepStatements(db, {
        actor,
        subjectType: args.subjectType,
        before: record,
        after,
        step: args.step,
        action: args.action,
        reason: reason ?? null,
        notice: {
          userId: args.holderId,
          title: args.notice.titles[after.status]!,
          body: body ?? `${args.notice.about} is now ${after.status}${reason ? `: ${reason}` : "."}`,
          link: args.notice.link,
        },
        now,
      }),
      ...extra,
    ]);
  };

  try {
    const { issue } = args;
    if (!issue) {
      await write(base, args.extra ?? []);
      return ok({ after: base });
    }
    const year = now.getUTCFullYear();
    const fee = FEE_SCHEDULE[issue.feeType];
    return await withNextNumber(db, issue.kind, numberPrefix(issue.kind, year, issue.code), (number) =>
      withNextNumber(db, "invoice", numberPrefix("invoice", year), async (invoiceNumber) => {
        const after: R = { ...base, number, ...issue.validity };
        const invoice = invoiceRow({
          number: invoiceNumber,
          payerId: args.holderId,
          subjectType: args.subjectType,
          subjectId: record.id,
          feeType: issue.feeType,
          now,
        });
        await write(
          after,
          [
            ...(args.extra ?? []),
            insertInvoiceStatement(db, invoice, number),
            auditEntry(db, actor, "fee_invoice.raise", "fee_invoice", invoice.number, null, invoice),
          ],
          `${issue.named(number)} is issued, valid from ${after.validFrom} to ${after.validUntil}. Invoice ${invoiceNumber} for ${formatMoney(fee)} is due by ${invoice.dueOn}.`,
        );
        return ok({ after, invoiceNumber });
      }),
    );
  } catch (error) {
    if (isStaleStep(error)) return fail(409, STALE_STEP);
    throw error;
  }
}
