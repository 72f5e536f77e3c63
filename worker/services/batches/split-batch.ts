/**
 * Splits a batch into new batches: the new weights add up to no more than the batch,
 * every new batch keeps every origin plot (with its share scaled down), lineage rows link parent
 * and children, and the parent is closed ("split"). One transaction, with audit rows.
 */

import {
  type BatchRow,
  insertBatch,
  insertCustodyEvent,
  insertLineage,
  insertOrigins,
  type NewBatch,
  originsOf,
  updateBatch,
} from "#db/queries/batches";
import type { SplitInput } from "#worker/contracts/batches";
import { statusFor } from "#worker/domain/batch-compliance";
import { isEudrCommodity } from "#worker/domain/commodities";
import { canHandleAt } from "#worker/domain/custody";
import { holdRefusal } from "../inspections/holds";
import { requireLicence } from "../licensing/require-licence";
import { auditEntry } from "../platform/audit";
import { fail, type Result } from "../result";
import {
  type BatchDeps,
  custodyEvent,
  custodySnapshot,
  eligibilityOfPlots,
  isConcurrentChange,
  kg,
  STALE_MESSAGE,
  snapshot,
  withNewBatchCodes,
} from "./batch-common";
import { visibleBatchByCode } from "./read-batches";

export async function splitBatch(
  batchCode: string,
  input: SplitInput,
  deps: BatchDeps,
): Promise<Result<{ parent: BatchRow; children: NewBatch[] }>> {
  const { db, actor } = deps;
  const parent = await visibleBatchByCode(db, batchCode, actor);
  if (!parent) return fail(404, `No batch with code ${batchCode.toUpperCase()}`);
  const allowed = canHandleAt(parent.status, actor.role, "split");
  if (!allowed.ok) return fail(allowed.kind === "role" ? 403 : 409, allowed.message);
  const held = await holdRefusal(db, parent);
  if (held) return held;
  if (parent.status === "purchased" && parent.holderId !== actor.id)
    return fail(403, "Only the buyer who holds this batch can split it");
  const unlicensed = await requireLicence(db, actor, "split", parent.commodity, (deps.now ?? (() => new Date()))());
  if (unlicensed) return unlicensed;
  if (!isEudrCommodity(parent.commodity)) return fail(409, `Batches of ${parent.commodity} cannot be split here`);

  // Integer grams: the sum is exact (100.001 kg = 33.334 + 66.667 kg, nothing lost to rounding).
  const total = input.weights.reduce((s, w) => s + w, 0);
  if (total > parent.weightG) {
    const message = `The new batches weigh ${kg(total)} together, more than this batch's ${kg(parent.weightG)}`;
    return fail(400, message, { weights: [message] });
  }

  const origins = await originsOf(db, [parent.id]);
  const eligibility = await eligibilityOfPlots(
    db,
    origins.map((o) => o.plotId),
  );
  // A child of a compliant batch stays compliant while its plots still qualify.
  const complianceStatus =
    parent.complianceStatus === "compliant" && eligibility.verdict === "eligible"
      ? "compliant"
      : statusFor(eligibility);
  const complianceReason = complianceStatus === "compliant" ? parent.complianceReason : eligibility.reason;
  const now = (deps.now ?? (() => new Date()))();
  const occurredAt = now.toISOString();

  try {
    return await withNewBatchCodes(db, parent.commodity, now.getUTCFullYear(), input.weights.length, async (codes) => {
      const children = input.weights.map(
        (weightG, i) =>
          ({
            id: crypto.randomUUID(),
            batchCode: codes[i]!,
            commodity: parent.commodity,
            hsCode: parent.hsCode,
            weightG,
            grade: parent.grade,
            harvestDate: parent.harvestDate,
            status: parent.status,
            complianceStatus,
            complianceReason,
            county: parent.county,
            holderId: parent.holderId,
            // The suspicion of an implausible purchase follows the produce.
            volumeFlag: parent.volumeFlag,
            volumeNote: parent.volumeNote,
            derivedBy: "split",
            createdBy: actor.id,
          }) satisfies NewBatch & { id: string },
      );
      const list = children.map((c) => `${c.batchCode} (${kg(c.weightG)})`).join(", ");
      const lost = parent.weightG - total;
      const parentEvent = custodyEvent(actor, occurredAt, {
        batchId: parent.id,
        fromStatus: parent.status,
        toStatus: "split",
        location: input.location ?? null,
        weightInG: parent.weightG,
        weightOutG: total,
        note: [`Split into ${list}`, lost > 0 ? `${kg(lost)} not carried into the new batches` : null, input.note]
          .filter(Boolean)
          .join(" — "),
      });
      const childEvents = children.map((c) =>
        custodyEvent(actor, occurredAt, {
          batchId: c.id,
          fromStatus: null,
          toStatus: c.status,
          location: input.location ?? null,
          weightInG: null,
          weightOutG: c.weightG,
          note: `Split from ${parent.batchCode}`,
        }),
      );
      const parentAfter: BatchRow = { ...parent, status: "split" };
      await db.batch([
        updateBatch(db, parent.id, { status: "split" }, parent.status),
        insertCustodyEvent(db, parentEvent),
        auditEntry(db, actor, "batch.split", "batch", parent.batchCode, snapshot(parent), {
          ...snapshot(parentAfter),
          children: children.map((c) => ({ batchCode: c.batchCode, weightG: c.weightG })),
          custody: custodySnapshot(parentEvent),
        }),
        ...children.flatMap((c, i) => [
          insertBatch(db, c),
          ...insertOrigins(
            db,
            origins.map((o) => ({
              batchId: c.id,
              plotId: o.plotId,
              farmerId: o.farmerId,
              plotVersion: o.plotVersion,
              weightG: o.weightG == null ? null : Math.round((o.weightG * c.weightG) / parent.weightG),
            })),
          ),
          insertCustodyEvent(db, childEvents[i]!),
          auditEntry(db, actor, "batch.create_from_split", "batch", c.batchCode, null, {
            ...snapshot(c),
            parent: parent.batchCode,
            custody: custodySnapshot(childEvents[i]!),
          }),
        ]),
        ...insertLineage(
          db,
          children.map((c) => ({ parentBatchId: parent.id, childBatchId: c.id, kind: "split", weightG: c.weightG })),
        ),
      ]);
      return { ok: true as const, value: { parent: parentAfter, children } };
    });
  } catch (error) {
    if (isConcurrentChange(error)) return fail(409, STALE_MESSAGE);
    throw error;
  }
}
