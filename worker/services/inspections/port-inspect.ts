/**
 * The port (phytosanitary) inspection: container and seal, pests found, treatment and
 * fumigation certificate, then sign-off (the existing custody step port_inspected) or refusal
 * with a reason (the batch is held at warehouse_inspected until a later inspection signs it off:
 * holds.ts). The record, the batch update, the custody event (sign-off), the audit row and the
 * buyer's notice go in one transaction; a resend of the same submission stores once. Until
 * shipments exist the unit is the batch; `shipment_id` stays null.
 */
import { type BatchRow, insertCustodyEvent, updateBatch } from "#db/queries/batches";
import { insertPortInspection, type PortInspectionRow, portInspectionBySubmission } from "#db/queries/inspections";
import type { PortInspectionInput } from "#worker/contracts/inspections";
import { type ChainStatus, REJECTED, REJECTED_MESSAGE, STATUS_LABEL } from "#worker/domain/custody";
import { type BatchDeps, custodyEvent, custodySnapshot, snapshot, writeBatchStep } from "../batches/batch-common";
import { visibleBatchByCode } from "../batches/read-batches";
import { notifyStatement } from "../notifications/notify";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { buyerOf, earlierSubmission } from "./inspection-common";

/** What a port inspection records from the inspector's form (also what a correction of it compares). */
export function portFindings(input: PortInspectionInput) {
  const signOff = input.decision === "sign_off";
  return {
    port: input.port,
    containerNumber: input.containerNumber,
    sealNumber: input.sealNumber,
    pestsFound: input.pestsFound ?? null,
    treatment: input.treatment ?? null,
    treatmentChemical: input.treatmentChemical ?? null,
    treatmentDate: input.treatmentDate ?? null,
    fumigationCertificateRef: input.fumigationCertificateRef ?? null,
    outcome: signOff ? "signed_off" : "refused",
    refusalReason: signOff ? null : (input.refusalReason ?? null),
  };
}

export async function portInspectBatch(
  batchCode: string,
  input: PortInspectionInput,
  deps: BatchDeps,
): Promise<Result<{ inspection: PortInspectionRow; batch: BatchRow; repeated: boolean }>> {
  const { db, actor } = deps;
  if (actor.role !== "port_inspector") return fail(403, "Only a Port Inspector can record a port inspection");
  const batch = await visibleBatchByCode(db, batchCode, actor);
  if (!batch) return fail(404, `No batch with code ${batchCode.toUpperCase()}`);
  const earlier = await earlierSubmission(input.submissionId, batch, (id) => portInspectionBySubmission(db, id));
  if (earlier) return earlier.ok ? ok({ inspection: earlier.value, batch, repeated: true }) : earlier;
  if (batch.status === REJECTED) return fail(409, REJECTED_MESSAGE);
  if (batch.status !== "warehouse_inspected") {
    const label = STATUS_LABEL[batch.status as ChainStatus] ?? batch.status;
    return fail(409, `Only a batch inspected at the warehouse awaits port inspection (this one is: ${label})`);
  }

  const now = (deps.now ?? (() => new Date()))();
  const at = now.toISOString();
  const signOff = input.decision === "sign_off";
  const inspection: PortInspectionRow = {
    id: crypto.randomUUID(),
    batchId: batch.id,
    shipmentId: null,
    inspectorId: actor.id,
    inspectedAt: at,
    ...portFindings(input),
    submissionId: input.submissionId ?? null,
    createdAt: at,
  };
  const after: BatchRow = signOff ? { ...batch, status: "port_inspected", holderId: actor.id } : batch;
  const event = signOff
    ? custodyEvent(actor, at, {
        batchId: batch.id,
        fromStatus: batch.status,
        toStatus: "port_inspected",
        location: input.port,
        weightInG: batch.weightG,
        weightOutG: batch.weightG,
        note: `Container ${input.containerNumber}, seal ${input.sealNumber}`,
      })
    : null;
  const buyerId = await buyerOf(db, batch);
  const stale = await writeBatchStep(db, [
    // A refusal changes no column but still touches the batch: its certificates' data version moves.
    signOff
      ? updateBatch(db, batch.id, { status: "port_inspected", holderId: actor.id }, batch.status)
      : updateBatch(db, batch.id, {}, batch.status),
    ...(event ? [insertCustodyEvent(db, event)] : []),
    insertPortInspection(db, inspection),
    auditEntry(
      db,
      actor,
      signOff ? "batch.port_inspected" : "batch.port_refuse",
      "batch",
      batch.batchCode,
      snapshot(batch),
      { ...snapshot(after), ...(event ? { custody: custodySnapshot(event) } : {}), portInspection: inspection },
    ),
    ...(buyerId
      ? [
          notifyStatement(
            db,
            {
              userId: buyerId,
              kind: "shipment_update",
              title: signOff
                ? `Batch ${batch.batchCode} signed off at port inspection`
                : `Batch ${batch.batchCode} held at port inspection`,
              body: signOff
                ? `Container ${input.containerNumber}, seal ${input.sealNumber}, ${input.port}`
                : `Refused: ${inspection.refusalReason}`,
              link: `/batches/${batch.batchCode}`,
              subject: { type: "batch", id: batch.batchCode },
              dedupeKey: `port:${inspection.id}`,
            },
            now,
          ),
        ]
      : []),
  ]);
  if (stale) return stale;
  return ok({ inspection, batch: after, repeated: false });
}
