/**
 * A buyer's purchase from one or more farmers creates a batch: the origin plots must
 * be registered to the named farmers and grow the commodity; the batch gets a readable unique
 * code, the commodity's HS heading, its compliance from the plots' verdicts and the volume
 * plausibility flag; the batch, its origins, the first custody event and the audit row are
 * written in one transaction, with what the buyer paid (purchases: price per kg and total
 * in minor units with the currency, moisture, payment method and reference), a notice to each
 * farmer with an account (and to the buyer when the purchase is flagged) in the same transaction,
 * and `submissionId`: a resend of the same submission answers the same batch.
 */

import type { BatchItem } from "drizzle-orm/batch";
import { errorText, isUniqueViolation } from "#db/errors";
import {
  farmersByCode,
  insertBatch,
  insertCustodyEvent,
  insertOrigins,
  type NewBatch,
  plotsByCode,
} from "#db/queries/batches";
import { insertPurchase, type PurchaseRow, purchaseBySubmission } from "#db/queries/purchases";
import type { PurchaseInput } from "#worker/contracts/batches";
import { evaluateBatchCompliance, statusFor } from "#worker/domain/batch-compliance";
import { EUDR_COMMODITIES } from "#worker/domain/commodities";
import { canTransition } from "#worker/domain/custody";
import { formatMoney, totalForWeight } from "#worker/domain/money";
import { shareByArea, type VolumeCheck } from "#worker/domain/volume-plausibility";
import { formatKg } from "#worker/domain/weight";
import { requireLicence } from "../licensing/require-licence";
import { notifyStatement } from "../notifications/notify";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import {
  type BatchDeps,
  custodyEvent,
  custodySnapshot,
  purchaseVolume,
  snapshot,
  withNewBatchCodes,
} from "./batch-common";

/** What the buyer paid, as stored (minor units); null fields where the buyer did not record them. */
export type StoredPurchase = Pick<
  PurchaseRow,
  "pricePerKgMinor" | "currency" | "totalMinor" | "moistureTenthPct" | "paymentMethod" | "paymentReference"
>;
export type CreatedBatch = {
  batch: NewBatch & { id: string; batchCode: string };
  volume: VolumeCheck;
  purchase: StoredPurchase;
  /** True when this was a resend of an earlier submission: nothing new was stored. */
  repeated: boolean;
};

const SUBMISSION_TAKEN = "This submission was already used by another account";

/** The answer to a resend: the batch the first submission created (only to the buyer who sent it). */
async function earlierSubmission(
  deps: BatchDeps,
  submissionId: string | undefined,
): Promise<Result<CreatedBatch> | null> {
  if (!submissionId) return null;
  const earlier = await purchaseBySubmission(deps.db, submissionId);
  if (!earlier) return null;
  if (earlier.purchase.buyerId !== deps.actor.id) return fail(409, SUBMISSION_TAKEN);
  const { batch, purchase } = earlier;
  return ok({
    batch,
    volume: {
      checked: batch.volumeNote !== null && !batch.volumeNote.startsWith("Volume not checked"),
      flagged: batch.volumeFlag,
      gramsPerHectare: null,
      totalHectares: 0,
      capacityG: null,
      alreadyPurchasedG: 0,
      remainingG: null,
      note: batch.volumeNote ?? "",
    },
    purchase: storedPurchase(purchase),
    repeated: true,
  });
}

/** The purchase's stored payment fields alone (from a whole purchase row). */
export function storedPurchase(p: StoredPurchase): StoredPurchase {
  return {
    pricePerKgMinor: p.pricePerKgMinor,
    currency: p.currency,
    totalMinor: p.totalMinor,
    moistureTenthPct: p.moistureTenthPct,
    paymentMethod: p.paymentMethod,
    paymentReference: p.paymentReference,
  };
}

/**
 * `alsoWrite` (optional) adds statements to the same transaction, e.g. the sellers hub's accepted
 * offer (worker/services/hub/decide-offer.ts): the purchase and the agreement it comes from are
 * written together or not at all.
 */
export async function createBatch(
  input: PurchaseInput,
  deps: BatchDeps,
  alsoWrite?: (batch: { id: string; batchCode: string }) => BatchItem<"sqlite">[],
): Promise<Result<CreatedBatch>> {
  const { db, actor } = deps;
  const now = (deps.now ?? (() => new Date()))();
  const allowed = canTransition("harvested", "purchased", actor.role);
  if (!allowed.ok) return fail(403, allowed.message);
  const resent = await earlierSubmission(deps, input.submissionId);
  if (resent) return resent;
  const unlicensed = await requireLicence(db, actor, "purchase", input.commodity, now);
  if (unlicensed) return unlicensed;

  const [farmers, plots] = await Promise.all([farmersByCode(db, input.farmerIds), plotsByCode(db, input.plotCodes)]);
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };

  for (const id of input.farmerIds)
    if (!farmers.some((f) => f.farmerId === id)) add("farmerIds", `No farmer with ID ${id} is registered`);
  for (const code of input.plotCodes)
    if (!plots.some((p) => p.plotCode === code)) add("plotCodes", `No plot with code ${code} is registered`);
  const named = new Set(farmers.map((f) => f.farmerId));
  for (const p of plots) {
    if (!named.has(p.farmerId)) {
      add(
        "plotCodes",
        `Plot ${p.plotCode} does not belong to ${input.farmerIds.length > 1 ? "any of the farmers named" : `farmer ${input.farmerIds[0]}`}`,
      );
    } else if (p.status === "retired") {
      add("plotCodes", `Plot ${p.plotCode} is retired: it cannot supply a new purchase`);
    } else if (!p.crop) {
      add("plotCodes", `Plot ${p.plotCode} has no crop recorded, so it cannot supply ${input.commodity}`);
    } else if (p.crop.toLowerCase() !== input.commodity.toLowerCase()) {
      add("plotCodes", `Plot ${p.plotCode} grows ${p.crop}, not ${input.commodity}`);
    }
  }
  for (const f of farmers) {
    if (!plots.some((p) => p.farmerId === f.farmerId))
      add("plotCodes", `Choose at least one plot of farmer ${f.farmerId}`);
  }
  if (Object.keys(errors).length) return fail(400, "The purchase cannot be recorded", errors);

  // Volume plausibility over the crop year of the harvest (earlier purchases from the same plots count).
  const volume = await purchaseVolume(db, {
    crop: input.commodity,
    weightG: input.weightG,
    harvestDate: input.harvestDate,
    plots,
  });

  const compliance = evaluateBatchCompliance(
    plots.map((p) => ({ plotCode: p.plotCode, riskLevel: p.riskLevel, validationState: p.validationState })),
  );
  const counties = [
    ...new Set(
      plots
        .map((p) => p.county ?? farmers.find((f) => f.farmerId === p.farmerId)?.county)
        .filter((c): c is string => !!c),
    ),
  ].sort();
  const shares = shareByArea(
    input.weightG,
    plots.map((p) => p.areaHectares),
  );
  const id = crypto.randomUUID();
  const occurredAt = now.toISOString();

  const purchase: StoredPurchase = {
    pricePerKgMinor: input.pricePerKgMinor ?? null,
    currency: input.pricePerKgMinor === undefined ? null : (input.currency ?? null),
    totalMinor: input.pricePerKgMinor === undefined ? null : totalForWeight(input.pricePerKgMinor, input.weightG),
    moistureTenthPct: input.moistureTenthPct ?? null,
    paymentMethod: input.paymentMethod ?? null,
    paymentReference: input.paymentReference ?? null,
  };

  try {
    return await writePurchase();
  } catch (error) {
    // Two sends of one submission at the same moment: the second finds the first's batch.
    if (input.submissionId && isUniqueViolation(error, "submission_id")) {
      const resentNow = await earlierSubmission(deps, input.submissionId);
      if (resentNow) return resentNow;
    }
    throw new Error(`Purchase not recorded: ${errorText(error)}`, { cause: error });
  }

  function writePurchase() {
    return withNewBatchCodes(db, input.commodity, now.getUTCFullYear(), 1, async ([batchCode]) => {
      const batch = {
        id,
        batchCode: batchCode!,
        commodity: input.commodity,
        hsCode: EUDR_COMMODITIES[input.commodity].hsCode,
        weightG: input.weightG,
        grade: input.grade,
        harvestDate: input.harvestDate,
        status: "purchased",
        complianceStatus: statusFor(compliance),
        complianceReason: compliance.reason,
        county: counties.join(", ") || null,
        holderId: actor.id,
        volumeFlag: volume.flagged,
        volumeNote: volume.note,
        derivedBy: null,
        createdBy: actor.id,
      } satisfies NewBatch;
      const event = custodyEvent(actor, occurredAt, {
        batchId: id,
        fromStatus: "harvested",
        toStatus: "purchased",
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        location: input.location,
        weightInG: null,
        weightOutG: input.weightG,
        note: [input.note, volume.flagged ? volume.note : null].filter(Boolean).join(" — ") || null,
      });
      const origins = plots.map((p, i) => ({
        batchId: id,
        plotId: p.id,
        farmerId: p.farmerId,
        weightG: shares[i]!,
        plotVersion: p.version,
      }));
      const paid =
        purchase.pricePerKgMinor !== null && purchase.currency !== null && purchase.totalMinor !== null
          ? ` for ${formatMoney({ amountMinor: purchase.totalMinor, currency: purchase.currency as "USD" | "LRD" })}`
          : "";
      const link = `/batches/${batch.batchCode}`;
      const notices = [
        ...farmers
          .filter((f) => f.userId)
          .map((f) => ({
            userId: f.userId!,
            kind: "purchase_recorded" as const,
            title: `Purchase recorded: ${batch.batchCode}`,
            body: `${formatKg(origins.filter((o) => o.farmerId === f.farmerId).reduce((s, o) => s + o.weightG, 0))} of ${input.commodity} from your plots${input.farmerIds.length > 1 ? " (part of a larger batch)" : paid}.`,
            link: "/farmer-dashboard",
            subject: { type: "batch", id: batch.batchCode },
            dedupeKey: `purchase_recorded:${batch.id}:${f.farmerId}`,
          })),
        ...(volume.flagged
          ? [
              {
                userId: actor.id,
                kind: "purchase_flagged" as const,
                title: `Purchase flagged: ${batch.batchCode}`,
                body: volume.note,
                link,
                subject: { type: "batch", id: batch.batchCode },
                dedupeKey: `purchase_flagged:${batch.id}`,
              },
            ]
          : []),
      ];
      await db.batch([
        insertBatch(db, batch),
        ...insertOrigins(db, origins),
        insertCustodyEvent(db, event),
        insertPurchase(db, { batchId: id, buyerId: actor.id, submissionId: input.submissionId ?? null, ...purchase }),
        auditEntry(db, actor, "batch.purchase", "batch", batch.batchCode, null, {
          ...snapshot(batch),
          origins: origins.map((o) => ({
            plotCode: plots.find((p) => p.id === o.plotId)!.plotCode,
            farmerId: o.farmerId,
            weightG: o.weightG,
          })),
          custody: custodySnapshot(event),
          purchase,
        }),
        ...notices.map((n) => notifyStatement(db, n, now)),
        ...(alsoWrite?.(batch) ?? []),
      ]);
      return { ok: true as const, value: { batch, volume, purchase, repeated: false } };
    });
  }
}
