/**
 * What a batch's page reads (app/routes/batch-details.tsx): the batch as `readBatch` gives it,
 * and beside it what only the page shows — the inspections, every version of its corrected
 * records, the corrections this user may make here (ADR 031), and the warehouses a buyer who
 * holds it may send it to.
 */
import { latestInspectionOf } from "#db/queries/inspections";
import { purchaseOfBatch } from "#db/queries/purchases";
import { can } from "#worker/auth/permissions";
import { correctionsOpenAt, offersCorrection, voidableStep } from "#worker/domain/corrections";
import { measurementsToCorrect, typedMeasurements } from "#worker/domain/inspections";
import { inspectionsOfBatch, warehouseChoices } from "#worker/services/inspections/read-inspections";
import { versionsForBatchId } from "#worker/services/records/read-versions";
import type { ServiceDeps } from "../deps";
import { readBatchRecord, type Viewer } from "./read-batches";

export type BatchPage = NonNullable<Awaited<ReturnType<typeof readBatchPage>>>;
export type BatchCorrections = BatchPage["corrections"];

/** The batch page's reading for `viewer`, or null when there is no such batch or it is not theirs (404 alike). */
export async function readBatchPage(code: string, viewer: Viewer, deps: Pick<ServiceDeps, "db" | "now">) {
  const { db } = deps;
  const found = await readBatchRecord(code, viewer, deps);
  if (!found) return null;
  const { row, view } = found;
  const inspections = await inspectionsOfBatch(db, row, deps.now());
  const versions = await versionsForBatchId(row.id, { db });
  const purchase = await purchaseOfBatch(db, row.id);
  const correcting = can(viewer.role, "correctRecords") && correctionsOpenAt(row.status);
  const inspected = correcting ? await latestInspectionOf(db, [row.id]) : null;
  /** The version a correction builds on: the record's latest (1 before its first correction). */
  const versionOf = (recordType: string) => versions.filter((v) => v.recordType === recordType).at(-1)?.version ?? 1;
  const holdsToDispatch = viewer.role === "buyer" && row.holderId === viewer.id && row.status === "purchased";
  return {
    view,
    inspection: inspections && {
      dispatch: inspections.dispatch && {
        warehouse: inspections.dispatch.warehouse,
        dispatchedAt: inspections.dispatch.dispatchedAt,
      },
      quality: inspections.quality,
    },
    versions,
    corrections: {
      inspection:
        inspected && offersCorrection(viewer, inspected.inspectorId)
          ? {
              version: versionOf("batch_inspection"),
              fields: measurementsToCorrect(inspected.commodity),
              values: typedMeasurements(inspected),
            }
          : null,
      purchase:
        correcting && purchase && offersCorrection(viewer, purchase.buyerId)
          ? { version: versionOf("purchase") }
          : null,
      voidStep: correcting ? voidableStep(row.status) : null,
    },
    /** The warehouses the holding buyer may send it to (null: not theirs to send). */
    warehouses: holdsToDispatch ? await warehouseChoices(db) : null,
  };
}
