/**
 * One step of an export permit (issue 12; worker/domain/licensing.ts): DDGOTS recommends it, only
 * when every batch of the shipment is EUDR-compliant; the Director General approves it, which
 * issues it with its number (LR-PMT-2026-000001), its validity and its fee invoice; the DG may
 * revoke it with a reason. Role first (403), then visibility (404), then order (409).
 */
import { insertInvoiceStatement, isStaleStep } from "#db/queries/licensing";
import { batchesOfShipment, findPermit, findShipmentById, type PermitRow, updatePermit } from "#db/queries/shipments";
import type { StepInput } from "#worker/contracts/licensing";
import { FEE_SCHEDULE } from "#worker/domain/fees";
import { canPermitStep, PERMIT_NOTICE, PERMIT_STEPS, type PermitStep, permitValidity } from "#worker/domain/licensing";
import { formatMoney } from "#worker/domain/money";
import type { ServiceDeps } from "../deps";
import { invoiceRow } from "../fees/raise-invoice";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { mayReadPermit, STALE_STEP, stepStatements } from "./licensing-common";
import { numberPrefix, withNextNumber } from "./numbers";

export type PermitStepResult = { permit: PermitRow & { shipmentCode: string }; invoiceNumber?: string };

export async function stepPermit(
  permitId: string,
  step: PermitStep,
  input: StepInput,
  deps: Pick<ServiceDeps, "db" | "actor" | "now">,
): Promise<Result<PermitStepResult>> {
  const { db, actor } = deps;
  const now = deps.now();
  const def = PERMIT_STEPS[step];
  const byRole = canPermitStep(step, def.from[0], actor.role);
  if (!byRole.ok) return fail(403, byRole.message);
  const permit = await findPermit(db, permitId);
  if (!permit || !mayReadPermit(actor, permit)) return fail(404, "No export permit with this id");
  const shipment = await findShipmentById(db, permit.shipmentId);
  if (!shipment) return fail(404, "No export permit with this id");
  const decision = canPermitStep(step, permit.status, actor.role);
  if (!decision.ok) return fail(decision.kind === "role" ? 403 : 409, decision.message);
  if ("reason" in def && def.reason && !input.reason)
    return fail(400, "Give the reason (10 to 500 characters)", { reason: ["Give the reason (10 to 500 characters)"] });

  if (step === "recommend") {
    // EUDR: an export permit only for produce that may be placed on the EU market.
    const held = (await batchesOfShipment(db, shipment.id)).filter((b) => b.complianceStatus !== "compliant");
    if (held.length)
      return fail(
        409,
        `The export permit cannot be recommended: every batch of shipment ${shipment.code} must be EUDR-compliant first (not yet: ${held.map((b) => `${b.batchCode} — ${b.complianceStatus.replaceAll("_", " ")}`).join("; ")})`,
      );
  }

  const base: PermitRow = {
    ...permit,
    status: def.to,
    version: permit.version + 1,
    updatedAt: now.toISOString(),
    statusReason: "reason" in def && def.reason ? (input.reason ?? null) : permit.statusReason,
  };
  const write = async (
    after: PermitRow,
    extra: (ReturnType<typeof insertInvoiceStatement> | ReturnType<typeof auditEntry>)[] = [],
    body?: string,
  ) => {
    await db.batch([
      updatePermit(db, permit.id, permit.version, {
        status: after.status,
        number: after.number,
        validFrom: after.validFrom,
        validUntil: after.validUntil,
        statusReason: after.statusReason,
      }),
      ...stepStatements(db, {
        actor,
        subjectType: "permit",
        before: permit,
        after,
        step,
        action: `permit.${step}`,
        reason: input.reason ?? null,
        notice: {
          userId: permit.exporterId,
          title: PERMIT_NOTICE[after.status as keyof typeof PERMIT_NOTICE],
          body:
            body ??
            `The export permit of shipment ${shipment.code} is now ${after.status}${input.reason ? `: ${input.reason}` : "."}`,
          link: "/exporter-dashboard",
        },
        now,
      }),
      ...extra,
    ]);
  };
  try {
    if (step !== "approve") {
      await write(base);
      return ok({ permit: { ...base, shipmentCode: shipment.code } });
    }
    const year = now.getUTCFullYear();
    const fee = FEE_SCHEDULE.export_permit;
    return await withNextNumber(db, "permit", numberPrefix("permit", year), (number) =>
      withNextNumber(db, "invoice", numberPrefix("invoice", year), async (invoiceNumber) => {
        const after: PermitRow = { ...base, number, ...permitValidity(now) };
        const invoice = invoiceRow({
          number: invoiceNumber,
          payerId: permit.exporterId,
          subjectType: "permit",
          subjectId: permit.id,
          feeType: "export_permit",
          now,
        });
        await write(
          after,
          [
            insertInvoiceStatement(db, invoice, number),
            auditEntry(db, actor, "fee_invoice.raise", "fee_invoice", invoice.number, null, invoice),
          ],
          `Export permit ${number} for shipment ${shipment.code} is issued, valid from ${after.validFrom} to ${after.validUntil}. Invoice ${invoiceNumber} for ${formatMoney(fee)} is due by ${invoice.dueOn}.`,
        );
        return ok({ permit: { ...after, shipmentCode: shipment.code }, invoiceNumber });
      }),
    );
  } catch (error) {
    if (isStaleStep(error)) return fail(409, STALE_STEP);
    throw error;
  }
}
