/**
 * Corrections of a port (phytosanitary) inspection (ADR 031): a mistyped container or
 * seal, a finding or treatment left out, or the wrong decision is corrected with a reason, never
 * overwritten. The first correction stores the inspection as recorded (version 1, "original");
 * each correction adds the next version pointing at the one it corrects, with who, when and why.
 *
 * What depends on it follows in the same transaction:
 * - findings only: the batch is touched, so certificates whose printed data changed (the
 *   phytosanitary certificate prints container, seal, pests and treatment) are superseded;
 * - a refusal corrected to a sign-off: the batch is no longer held and takes the port step
 *   (held by the inspector who signed off), as a sign-off would have done;
 * - a sign-off corrected to a refusal: the port step is voided (the batch goes back to
 *   "inspected at the warehouse", to the holder it had), and the port hold applies.
 * The buyer is told when the decision changed.
 *
 * Who: the port inspector who recorded it within 48 hours, DDGOTS or an office administrator
 * after that. Refused once the batch (or a batch made from it) is exported: the EU operator has
 * filed on it. A port inspection happens while a batch may already be allocated to a shipment,
 * so (unlike other records) being in a shipment does not lock it; departing does.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { insertCustodyEvent, updateBatch } from "#db/queries/batches";
import { latestPortInspectionOf } from "#db/queries/inspections";
import { anyExported, custodyEventById, updatePortInspection } from "#db/queries/record-versions";
import { descendantIds } from "#db/queries/records";
import type { CorrectPortInspectionInput } from "#worker/contracts/records";
import { CORRECTION_MESSAGES } from "#worker/domain/corrections";
import { type ChainStatus, STATUS_LABEL } from "#worker/domain/custody";
import { custodyEvent, custodyEventId, snapshot } from "../batches/batch-common";
import { buyerOf } from "../inspections/inspection-common";
import { portFindings } from "../inspections/port-inspect";
import { notifyStatement } from "../notifications/notify";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import {
  beforeStep,
  CORRECTION_PERMISSION,
  type CorrectionDeps,
  commitCorrection,
  currentVersion,
  inspectionToCorrect,
  type Reissued,
  voidStep,
} from "./correction-common";
import { correctionVersions } from "./correction-versions";

export const PORT_CORRECTION_MESSAGES = {
  permission: CORRECTION_PERMISSION,
  none: (code: string) => `No port inspection is recorded for batch ${code}`,
  exported: "The batch has been exported: its port inspection can no longer be corrected",
  movedOn: (where: string) =>
    `The batch has moved on since the port inspection (it is now: ${where}): its decision can no longer be changed here`,
} as const;

const FIELDS = [
  "port",
  "containerNumber",
  "sealNumber",
  "pestsFound",
  "treatment",
  "treatmentChemical",
  "treatmentDate",
  "fumigationCertificateRef",
  "outcome",
  "refusalReason",
] as const;
type PortData = Record<(typeof FIELDS)[number], string | null>;

export async function correctPortInspection(
  batchCode: string,
  input: CorrectPortInspectionInput,
  deps: CorrectionDeps,
): Promise<Result<{ batchCode: string; version: number; outcome: string; status: string; certificates: Reissued[] }>> {
  const { db, actor } = deps;
  const now = deps.now();
  const target = await inspectionToCorrect(batchCode, input.reason, deps, {
    latestOf: latestPortInspectionOf,
    none: PORT_CORRECTION_MESSAGES.none,
  });
  if (!target.ok) return target;
  const { batch, inspection } = target.value;
  if (await anyExported(db, [batch.id, ...(await descendantIds(db, batch.id))]))
    return fail(409, PORT_CORRECTION_MESSAGES.exported);

  const latest = await currentVersion(db, "port_inspection", inspection.id, input.baseVersion);
  if (!latest.ok) return latest;
  const current = latest.value;

  const before = Object.fromEntries(FIELDS.map((f) => [f, inspection[f] ?? null])) as PortData;
  const signOff = input.decision === "sign_off";
  const after: PortData = portFindings(input);
  if (JSON.stringify(after) === JSON.stringify(before)) return fail(400, CORRECTION_MESSAGES.nothingChanged);

  const reason = input.reason.trim();
  const at = now.toISOString();
  const where = (status: string) => STATUS_LABEL[status as ChainStatus] ?? status;
  const statements: BatchItem<"sqlite">[] = [];
  let status = batch.status;
  let holderId = batch.holderId;
  if (before.outcome === after.outcome) {
    // Nothing moves; touching the batch makes the certificate cache compare what it printed.
    statements.push(updateBatch(db, batch.id, {}, batch.status));
  } else if (signOff) {
    // A refusal that should have been a sign-off: the batch takes the port step it was denied.
    if (batch.status !== "warehouse_inspected") return fail(409, PORT_CORRECTION_MESSAGES.movedOn(where(batch.status)));
    status = "port_inspected";
    holderId = inspection.inspectorId;
    statements.push(
      updateBatch(db, batch.id, { status, holderId }, "warehouse_inspected"),
      insertCustodyEvent(
        db,
        custodyEvent({ id: inspection.inspectorId, role: "port_inspector" }, at, {
          batchId: batch.id,
          fromStatus: "warehouse_inspected",
          toStatus: "port_inspected",
          location: after.port,
          weightInG: batch.weightG,
          weightOutG: batch.weightG,
          note: `Container ${after.containerNumber}, seal ${after.sealNumber} (signed off on correction: ${reason})`,
        }),
      ),
    );
  } else {
    // A sign-off that should have been a refusal: the port step is voided and the batch is held.
    if (batch.status !== "port_inspected")
      return fail(409, CORRECTION_MESSAGES.laterStep(where(batch.status).toLowerCase()));
    const event = await custodyEventById(db, custodyEventId(batch.id, "port_inspected"));
    const previous = await beforeStep(db, "port_inspected", batch.batchCode);
    status = "warehouse_inspected";
    holderId = previous?.holderId ?? batch.holderId;
    statements.push(updateBatch(db, batch.id, { status, holderId }, "port_inspected"));
    if (event) {
      const voided = await voidStep(db, batch.id, event.id, { voidedAt: at, voidedBy: actor.id, voidReason: reason });
      statements.push(voided.statement);
    }
  }

  const written = correctionVersions(db, {
    recordType: "port_inspection",
    recordId: inspection.id,
    batchId: batch.id,
    current,
    before,
    after,
    reason,
    recordedBy: { actorId: inspection.inspectorId, actorRole: "port_inspector", createdAt: inspection.createdAt },
    actor,
    at,
  });
  const { version, versionId } = written;
  statements.push(
    ...written.statements,
    updatePortInspection(db, inspection.id, {
      ...after,
      port: input.port,
      containerNumber: input.containerNumber,
      sealNumber: input.sealNumber,
      outcome: after.outcome!,
    }),
    auditEntry(
      db,
      actor,
      "port_inspection.correct",
      "batch",
      batch.batchCode,
      { ...before, inspectionId: inspection.id, version: version - 1, batch: snapshot(batch) },
      {
        ...after,
        inspectionId: inspection.id,
        version,
        reason,
        batch: snapshot({ ...batch, status, holderId }),
      },
    ),
  );
  if (before.outcome !== after.outcome) {
    const buyerId = await buyerOf(db, batch);
    if (buyerId)
      statements.push(
        notifyStatement(
          db,
          {
            userId: buyerId,
            kind: "shipment_update",
            title: signOff
              ? `Batch ${batch.batchCode}: port inspection corrected to a sign-off`
              : `Batch ${batch.batchCode}: port inspection corrected to a refusal, the batch is held`,
            body: signOff ? `Reason for the correction: ${reason}` : `Refused: ${after.refusalReason}`,
            link: `/batches/${batch.batchCode}`,
            subject: { type: "batch", id: batch.batchCode },
            dedupeKey: `port-correct:${versionId}`,
          },
          now,
        ),
      );
  }
  const certificates = await commitCorrection(statements, batch.batchCode, deps);
  if (!certificates.ok) return certificates;
  return ok({ batchCode: batch.batchCode, version, outcome: after.outcome!, status, certificates: certificates.value });
}
