/**
 * One step of an export permit (worker/domain/licensing.ts): DDGOTS recommends it, only
 * when every batch of the shipment is EUDR-compliant; the Director General approves it, which
 * issues it with its number (LR-PMT-2026-000001), its validity and its fee invoice; the DG may
 * revoke it with a reason. Role first (403), then visibility (404), then order (409).
 */
import { batchesOfShipment, findPermit, findShipmentById, type PermitRow, updatePermit } from "#db/queries/shipments";
import type { StepInput } from "#worker/contracts/licensing";
import { canPermitStep, PERMIT_NOTICE, PERMIT_STEPS, type PermitStep, permitValidity } from "#worker/domain/licensing";
import type { ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";
import { mayReadPermit } from "./licensing-common";
import { stepRefusal, takeStep } from "./take-step";

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
  const refusal = stepRefusal(canPermitStep(step, permit.status, actor.role), def, input.reason);
  if (refusal) return refusal;

  if (step === "recommend") {
    // EUDR: an export permit only for produce that may be placed on the EU market.
    const held = (await batchesOfShipment(db, shipment.id)).filter((b) => b.complianceStatus !== "compliant");
    if (held.length)
      return fail(
        409,
        `The export permit cannot be recommended: every batch of shipment ${shipment.code} must be EUDR-compliant first (not yet: ${held.map((b) => `${b.batchCode} — ${b.complianceStatus.replaceAll("_", " ")}`).join("; ")})`,
      );
  }

  const result = await takeStep(
    {
      subjectType: "permit",
      record: permit,
      step,
      action: `permit.${step}`,
      def,
      reason: input.reason,
      update: (set) => updatePermit(db, permit.id, permit.version, set),
      holderId: permit.exporterId,
      notice: {
        titles: PERMIT_NOTICE,
        link: "/exporter-dashboard",
        about: `The export permit of shipment ${shipment.code}`,
      },
      // Approval issues it: the number (LR-PMT-2026-000001), the validity, and the fee invoice.
      ...(step === "approve"
        ? {
            issue: {
              kind: "permit",
              validity: permitValidity(now),
              feeType: "export_permit",
              named: (number: string) => `Export permit ${number} for shipment ${shipment.code}`,
            },
          }
        : {}),
    },
    { db, actor, now },
  );
  if (!result.ok) return result;
  const { after, ...issued } = result.value;
  return ok({ permit: { ...after, shipmentCode: shipment.code }, ...issued });
}
