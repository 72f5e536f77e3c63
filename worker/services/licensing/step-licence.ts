/**
 * One step of a licence's lifecycle (issue 12; the table is worker/domain/licensing.ts): submit,
 * review, recommend, approve, issue, suspend, reinstate, revoke. The role is checked first (403
 * naming who acts), then who may see the licence (404: an applicant only reaches their own), then
 * the order (409 naming the missing step). Issuing gives the licence its number and validity and
 * raises its fee invoice. Each step writes, in one batch: the guarded update, the step row, the
 * audit row and the notice to the applicant; a concurrent change rolls all of it back (409).
 */
import type { BatchItem } from "drizzle-orm/batch";
import {
  findLicence,
  insertInvoiceStatement,
  isStaleStep,
  type LicenceRow,
  updateLicence,
} from "#db/queries/licensing";
import { holdTradeStatements, releaseTradeStatements } from "#db/queries/market-hub";
import { HOME_DASHBOARD } from "#worker/auth/roles";
import type { StepInput } from "#worker/contracts/licensing";
import { FEE_SCHEDULE, licenceFeeType } from "#worker/domain/fees";
import {
  canLicenceStep,
  LICENCE_CODE,
  LICENCE_HOLDER_ROLE,
  LICENCE_NOTICE,
  LICENCE_STEPS,
  LICENCE_TYPE_LABEL,
  type LicenceStep,
  type LicenceType,
  licenceValidity,
} from "#worker/domain/licensing";
import { formatMoney } from "#worker/domain/money";
import type { ServiceDeps } from "../deps";
import { invoiceRow } from "../fees/raise-invoice";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { mayReadLicence, STALE_STEP, stepStatements } from "./licensing-common";
import { numberPrefix, withNextNumber } from "./numbers";

export type LicenceStepResult = { licence: LicenceRow; invoiceNumber?: string };

export async function stepLicence(
  licenceId: string,
  step: LicenceStep,
  input: StepInput,
  deps: Pick<ServiceDeps, "db" | "actor" | "now">,
): Promise<Result<LicenceStepResult>> {
  const { db, actor } = deps;
  const now = deps.now();
  const def = LICENCE_STEPS[step];
  // The role first: a person who never takes this step learns who does, whatever the licence.
  const byRole = canLicenceStep(step, LICENCE_STEPS[step].from[0], actor.role);
  if (!byRole.ok) return fail(403, byRole.message);
  const licence = await findLicence(db, licenceId);
  if (!licence || !mayReadLicence(actor, licence)) return fail(404, "No licence with this id");
  // An applicant submits only their own application (office staff may submit one for them).
  if (step === "submit" && actor.role !== "office_admin" && licence.applicantId !== actor.id)
    return fail(404, "No licence with this id");
  const decision = canLicenceStep(step, licence.status, actor.role);
  if (!decision.ok) return fail(decision.kind === "role" ? 403 : 409, decision.message);
  if ("reason" in def && def.reason && !input.reason)
    return fail(400, "Give the reason (10 to 500 characters)", { reason: ["Give the reason (10 to 500 characters)"] });

  const type = licence.type as LicenceType;
  const label = LICENCE_TYPE_LABEL[type];
  const base: LicenceRow = {
    ...licence,
    status: def.to,
    version: licence.version + 1,
    updatedAt: now.toISOString(),
    statusReason: "reason" in def && def.reason ? (input.reason ?? null) : licence.statusReason,
  };
  const link = HOME_DASHBOARD[LICENCE_HOLDER_ROLE[type]];
  const write = async (after: LicenceRow, extra: BatchItem<"sqlite">[] = [], body?: string) => {
    await db.batch([
      updateLicence(db, licence.id, licence.version, {
        status: after.status,
        number: after.number,
        validFrom: after.validFrom,
        validUntil: after.validUntil,
        statusReason: after.statusReason,
      }),
      ...stepStatements(db, {
        actor,
        subjectType: "licence",
        before: licence,
        after,
        step,
        action: `licence.${step}`,
        reason: input.reason ?? null,
        notice: {
          userId: licence.applicantId,
          title: LICENCE_NOTICE[after.status as keyof typeof LICENCE_NOTICE],
          body:
            body ??
            `Your ${label.toLowerCase()} application for ${licence.companyName} is now ${after.status}${input.reason ? `: ${input.reason}` : "."}`,
          link,
        },
        now,
      }),
      ...extra,
    ]);
  };

  try {
    if (step !== "issue") {
      // Suspension or revocation holds the holder's open lots and offers, saying why; reinstating releases them (ADR 029).
      const held = `${label} ${licence.number ?? ""} is ${def.to}${input.reason ? `: ${input.reason}` : ""}`.replace(
        "  ",
        " ",
      );
      const trade =
        step === "suspend" || step === "revoke"
          ? [...holdTradeStatements(db, licence.applicantId, held)]
          : step === "reinstate"
            ? [...releaseTradeStatements(db, licence.applicantId)]
            : [];
      await write(base, trade);
      return ok({ licence: base });
    }
    // Issue: the number (LR-LIC-EXP-2026-000001), the validity, and the fee invoice.
    const year = now.getUTCFullYear();
    const fee = FEE_SCHEDULE[licenceFeeType(type)];
    return await withNextNumber(db, "licence", numberPrefix("licence", year, LICENCE_CODE[type]), (number) =>
      withNextNumber(db, "invoice", numberPrefix("invoice", year), async (invoiceNumber) => {
        const after: LicenceRow = { ...base, number, ...licenceValidity(now) };
        const invoice = invoiceRow({
          number: invoiceNumber,
          payerId: licence.applicantId,
          subjectType: "licence",
          subjectId: licence.id,
          feeType: licenceFeeType(type),
          now,
        });
        await write(
          after,
          [
            insertInvoiceStatement(db, invoice, number),
            auditEntry(db, actor, "fee_invoice.raise", "fee_invoice", invoice.number, null, invoice),
          ],
          `Your ${label.toLowerCase()} ${number} is issued, valid from ${after.validFrom} to ${after.validUntil}. Invoice ${invoiceNumber} for ${formatMoney(fee)} is due by ${invoice.dueOn}.`,
        );
        return ok({ licence: after, invoiceNumber });
      }),
    );
  } catch (error) {
    if (isStaleStep(error)) return fail(409, STALE_STEP);
    throw error;
  }
}
