/**
 * Merges batches of the same commodity at the same custody stage into one new batch:
 * the new batch carries the union of every origin plot, lineage rows link it to each parent, and
 * the parents are closed ("merged"). Its compliance is that of the worst plot among all of them
 * (mixing taints the whole lot, docs/eudr-rules.md). One transaction, with audit rows.
 */

import {
  type BatchRow,
  batchesByCode,
  insertBatch,
  insertCustodyEvent,
  insertLineage,
  insertOrigins,
  isVisible,
  type NewBatch,
  type NewOrigin,
  originsOf,
  updateBatch,
} from "#db/queries/batches";
import type { MergeInput } from "#worker/contracts/batches";
import { statusFor } from "#worker/domain/batch-compliance";
import { isEudrCommodity } from "#worker/domain/commodities";
import { type ChainStatus, canHandleAt, STATUS_LABEL } from "#worker/domain/custody";
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
  lowestGrade,
  STALE_MESSAGE,
  snapshot,
  withNewBatchCodes,
} from "./batch-common";
import { batchVisibility } from "./read-batches";

export async function mergeBatches(
  input: MergeInput,
  deps: BatchDeps,
): Promise<Result<{ merged: NewBatch & { id: string }; parents: BatchRow[] }>> {
  const { db, actor } = deps;
  const codes = [...new Set(input.batchCodes.map((c) => c.toUpperCase()))];
  if (codes.length < 2)
    return fail(400, "Choose at least two different batches to merge", {
      batchCodes: ["Choose at least two different batches to merge"],
    });
  const visibility = batchVisibility({ id: actor.id, role: actor.role, loginId: "" });
  const stored = await batchesByCode(db, codes);
  // A batch the user may not see is answered like one that does not exist.
  const seen = await Promise.all(stored.map((b) => isVisible(db, b.id, visibility)));
  const found = stored.filter((_, i) => seen[i]);
  const unknown = codes.filter((c) => !found.some((b) => b.batchCode === c));
  if (unknown.length) return fail(404, `No batch with code ${unknown.join(", ")}`);
  const parents = codes.map((c) => found.find((b) => b.batchCode === c)!);

  for (const p of parents) {
    const allowed = canHandleAt(p.status, actor.role, "merge");
    if (!allowed.ok) return fail(allowed.kind === "role" ? 403 : 409, `${p.batchCode}: ${allowed.message}`);
    const held = await holdRefusal(db, p);
    if (held) return fail(held.status, `${p.batchCode}: ${held.message}`);
  }
  const commodities = [...new Set(parents.map((p) => p.commodity))];
  if (commodities.length > 1) {
    return fail(
      409,
      `Only batches of the same commodity can be merged: ${parents.map((p) => `${p.batchCode} is ${p.commodity}`).join(", ")}`,
    );
  }
  const statuses = [...new Set(parents.map((p) => p.status))];
  if (statuses.length > 1) {
    return fail(
      409,
      `Batches can only be merged at the same custody stage: ${parents.map((p) => `${p.batchCode} is ${STATUS_LABEL[p.status as ChainStatus] ?? p.status}`).join(", ")}`,
    );
  }
  const status = statuses[0]!;
  const unlicensed = await requireLicence(db, actor, "split", commodities[0]!, (deps.now ?? (() => new Date()))());
  if (unlicensed) return unlicensed;
  if (status === "purchased") {
    const notMine = parents.filter((p) => p.holderId !== actor.id).map((p) => p.batchCode);
    if (notMine.length)
      return fail(
        403,
        `Only the buyer who holds a batch can merge it: ${notMine.join(", ")} ${notMine.length > 1 ? "are" : "is"} held by someone else`,
      );
  }
  const commodity = parents[0]!.commodity;
  if (!isEudrCommodity(commodity)) return fail(409, `Batches of ${commodity} cannot be merged here`);

  const origins = await originsOf(
    db,
    parents.map((p) => p.id),
  );
  const byPlot = new Map<string, NewOrigin>();
  for (const o of origins) {
    const seen = byPlot.get(o.plotId);
    if (seen) seen.weightG = seen.weightG == null || o.weightG == null ? null : seen.weightG + o.weightG;
    else
      byPlot.set(o.plotId, {
        batchId: "",
        plotId: o.plotId,
        farmerId: o.farmerId,
        weightG: o.weightG,
        plotVersion: o.plotVersion,
      });
  }
  const eligibility = await eligibilityOfPlots(db, [...byPlot.keys()]);
  const allCompliant = parents.every((p) => p.complianceStatus === "compliant");
  const complianceStatus = allCompliant && eligibility.verdict === "eligible" ? "compliant" : statusFor(eligibility);
  const weightG = parents.reduce((s, p) => s + p.weightG, 0);
  const counties = [...new Set(parents.flatMap((p) => (p.county ?? "").split(", ").filter(Boolean)))].sort();
  const harvestDates = parents
    .map((p) => p.harvestDate)
    .filter((d): d is string => !!d)
    .sort();
  const flagged = parents.filter((p) => p.volumeFlag);
  const now = (deps.now ?? (() => new Date()))();
  const occurredAt = now.toISOString();

  try {
    return await withNewBatchCodes(db, commodity, now.getUTCFullYear(), 1, async ([code]) => {
      const merged = {
        id: crypto.randomUUID(),
        batchCode: code!,
        commodity,
        hsCode: parents[0]!.hsCode,
        weightG,
        grade: lowestGrade(parents.map((p) => p.grade)),
        harvestDate: harvestDates[0] ?? null,
        status,
        complianceStatus,
        complianceReason:
          complianceStatus === "compliant"
            ? "Every merged batch was EUDR-compliant and every origin plot is still low risk and valid"
            : eligibility.reason,
        county: counties.join(", ") || null,
        holderId: actor.id,
        volumeFlag: flagged.length > 0,
        volumeNote: flagged.length
          ? flagged.map((p) => `${p.batchCode}: ${p.volumeNote ?? "flagged"}`).join(" | ")
          : null,
        derivedBy: "merge",
        createdBy: actor.id,
      } satisfies NewBatch;
      const list = parents.map((p) => `${p.batchCode} (${kg(p.weightG)})`).join(", ");
      const parentEvents = parents.map((p) =>
        custodyEvent(actor, occurredAt, {
          batchId: p.id,
          fromStatus: p.status,
          toStatus: "merged",
          location: input.location ?? null,
          weightInG: p.weightG,
          weightOutG: p.weightG,
          note: [`Merged into ${merged.batchCode}`, input.note].filter(Boolean).join(" — "),
        }),
      );
      const mergedEvent = custodyEvent(actor, occurredAt, {
        batchId: merged.id,
        fromStatus: null,
        toStatus: status,
        location: input.location ?? null,
        weightInG: null,
        weightOutG: weightG,
        note: `Merged from ${list}`,
      });
      await db.batch([
        insertBatch(db, merged),
        ...insertOrigins(
          db,
          [...byPlot.values()].map((o) => ({ ...o, batchId: merged.id })),
        ),
        insertCustodyEvent(db, mergedEvent),
        auditEntry(db, actor, "batch.create_from_merge", "batch", merged.batchCode, null, {
          ...snapshot(merged),
          parents: parents.map((p) => p.batchCode),
          custody: custodySnapshot(mergedEvent),
        }),
        ...insertLineage(
          db,
          parents.map((p) => ({ parentBatchId: p.id, childBatchId: merged.id, kind: "merge", weightG: p.weightG })),
        ),
        ...parents.flatMap((p, i) => [
          updateBatch(db, p.id, { status: "merged" }, p.status),
          insertCustodyEvent(db, parentEvents[i]!),
          auditEntry(db, actor, "batch.merge", "batch", p.batchCode, snapshot(p), {
            ...snapshot({ ...p, status: "merged" }),
            mergedInto: merged.batchCode,
            custody: custodySnapshot(parentEvents[i]!),
          }),
        ]),
      ]);
      return { ok: true as const, value: { merged, parents } };
    });
  } catch (error) {
    if (isConcurrentChange(error)) return fail(409, STALE_MESSAGE);
    throw error;
  }
}
