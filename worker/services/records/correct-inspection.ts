/**
 * Corrections of a warehouse inspection's measurements (ADR 031): a misread moisture
 * meter or a miscounted sample is corrected with a reason, never overwritten. The grade and the
 * criteria that decided it are computed again on the server (worker/domain/inspections.ts), the
 * batch takes the new grade, and certificates whose printed data changed are superseded.
 *
 * Who: the inspector who recorded it within 48 hours, DDGOTS or an office administrator after.
 * Refused once the batch (or a batch made from it) is exported or shipped, once a split or merge
 * carried the grade on, and where the corrected measurements would turn a pass into a rejection
 * or back (that changes where the batch is: void the inspection step and record it again).
 */
import type { BatchItem } from "drizzle-orm/batch";
import { updateBatch } from "#db/queries/batches";
import { latestInspectionOf } from "#db/queries/inspections";
import { updateInspection } from "#db/queries/record-versions";
import { descendantIds } from "#db/queries/records";
import type { CorrectInspectionInput } from "#worker/contracts/records";
import { CORRECTION_MESSAGES } from "#worker/domain/corrections";
import {
  fromTenths,
  inspectionVerdict,
  isGraded,
  type MeasurementInput,
  storedMeasurements,
} from "#worker/domain/inspections";
import { snapshot } from "../batches/batch-common";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import {
  type CorrectionDeps,
  commitCorrection,
  currentVersion,
  inspectionToCorrect,
  lockedByExport,
  type Reissued,
} from "./correction-common";
import { correctionVersions } from "./correction-versions";

export const INSPECTION_CORRECTION_MESSAGES = {
  none: (code: string) => `No warehouse inspection is recorded for batch ${code}`,
  carriedOn: "A batch split or merged from this one carries its grade: the inspection can no longer be corrected here",
  outcome:
    "The corrected measurements would change the outcome (pass or rejection): void the inspection step and record it again",
} as const;

const MEASURED = [
  "moistureTenthPct",
  "beanCountPer100g",
  "mouldyTenthPct",
  "slatyTenthPct",
  "defectiveTenthPct",
  "foreignMatterTenthPct",
  "smokyBeans",
  "defectsPer300g",
] as const;

export async function correctInspection(
  batchCode: string,
  input: CorrectInspectionInput,
  deps: CorrectionDeps,
): Promise<Result<{ batchCode: string; version: number; grade: string; decidedBy: string; certificates: Reissued[] }>> {
  const { db, actor } = deps;
  const now = deps.now();
  const target = await inspectionToCorrect(batchCode, input.reason, deps, {
    latestOf: latestInspectionOf,
    none: INSPECTION_CORRECTION_MESSAGES.none,
  });
  if (!target.ok) return target;
  const { batch, inspection } = target.value;
  if (await lockedByExport(db, batch)) return fail(409, CORRECTION_MESSAGES.exported);
  if ((await descendantIds(db, batch.id)).length) return fail(409, INSPECTION_CORRECTION_MESSAGES.carriedOn);
  if (!isGraded(inspection.commodity)) return fail(409, `A ${inspection.commodity} inspection is not graded here`);

  const latest = await currentVersion(db, "batch_inspection", inspection.id, input.baseVersion);
  if (!latest.ok) return latest;
  const current = latest.value;

  // What was recorded, in the units the inspector types, with the corrected values over it.
  const tenths = (v: number | null) => (v === null ? undefined : fromTenths(v));
  const merged: MeasurementInput = {
    moisturePercent: input.moisturePercent ?? fromTenths(inspection.moistureTenthPct),
    beanCountPer100g: input.beanCountPer100g ?? inspection.beanCountPer100g ?? undefined,
    mouldyPercent: input.mouldyPercent ?? tenths(inspection.mouldyTenthPct),
    slatyPercent: input.slatyPercent ?? tenths(inspection.slatyTenthPct),
    defectivePercent: input.defectivePercent ?? tenths(inspection.defectiveTenthPct),
    foreignMatterPercent: input.foreignMatterPercent ?? fromTenths(inspection.foreignMatterTenthPct),
    smokyBeans: input.smokyBeans ?? (inspection.smokyBeans === null ? undefined : inspection.smokyBeans ? "yes" : "no"),
    defectsPer300g: input.defectsPer300g ?? inspection.defectsPer300g ?? undefined,
  };
  const measured = storedMeasurements(inspection.commodity, merged);
  if (!measured.ok) return fail(400, "Some measurements are missing", measured.errors);
  const verdict = inspectionVerdict(measured.value);
  if (verdict.passed !== (inspection.outcome === "passed")) return fail(409, INSPECTION_CORRECTION_MESSAGES.outcome);

  const pick = (row: Record<string, unknown>) => Object.fromEntries(MEASURED.map((k) => [k, row[k] ?? null]));
  const before = {
    ...pick(inspection),
    grade: inspection.grade,
    decidingCriteria: JSON.parse(inspection.decidingCriteria) as string[],
  };
  const after = { ...pick(measured.value), grade: verdict.grade, decidingCriteria: verdict.limitingCriteria };
  if (JSON.stringify(pick(after)) === JSON.stringify(pick(before)))
    return fail(400, CORRECTION_MESSAGES.nothingChanged);

  const reason = input.reason.trim();
  const statements: BatchItem<"sqlite">[] = [];
  const written = correctionVersions(db, {
    recordType: "batch_inspection",
    recordId: inspection.id,
    batchId: batch.id,
    current,
    before,
    after,
    reason,
    recordedBy: { actorId: inspection.inspectorId, actorRole: "warehouse_inspector", createdAt: inspection.createdAt },
    actor,
    at: now.toISOString(),
  });
  const { version } = written;
  statements.push(
    ...written.statements,
    updateInspection(db, inspection.id, {
      ...measured.value,
      grade: verdict.grade,
      decidingCriteria: JSON.stringify(verdict.limitingCriteria),
    }),
    updateBatch(db, batch.id, { grade: verdict.grade }, batch.status),
    auditEntry(
      db,
      actor,
      "batch_inspection.correct",
      "batch",
      batch.batchCode,
      { ...before, inspectionId: inspection.id, version: version - 1, batch: snapshot(batch) },
      { ...after, inspectionId: inspection.id, version, reason },
    ),
  );
  const certificates = await commitCorrection(statements, batch.batchCode, deps);
  if (!certificates.ok) return certificates;
  return ok({
    batchCode: batch.batchCode,
    version,
    grade: verdict.grade,
    decidedBy: verdict.decidedBy,
    certificates: certificates.value,
  });
}
