/**
 * What "purchased" and "exported" mean, once, for every figure that counts them (ADR 035): the
 * dashboards of the DG, DDGOTS and DDGAF, public and observer monitoring, the PDF reports, the
 * exporter's dashboard and analytics, and the farmer's sales.
 *
 * - Purchased: the custody chain's `purchased` step that stands (not voided, ADR 031), with the
 *   weight and the date recorded at the purchase. A purchase correction rewrites that step's
 *   weight (worker/services/records/correct-records.ts), so the corrected weight counts; drying,
 *   grading and re-weighing later change the batch, never what was purchased.
 * - Exported: the `exported` step that stands, with the weight that left (weighed out, else in,
 *   else the batch's weight when the step recorded none) and the date it left. Whether the batch
 *   left in a shipment or through the custody chain directly, it is one `exported` step.
 *
 * Split and merged batches have no `purchased` step of their own, so a purchase counts once.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../client";
import { batches, custodyEvents } from "../schema";

/** The weight of a step as figures count it: out, else in (grams). */
const stepWeight = sql<number>`coalesce(${custodyEvents.weightOutG}, ${custodyEvents.weightInG}, 0)`;

/** Purchases that stand: one row per batch bought, its weight (g) and date at the purchase. */
export function purchaseFacts(db: Database) {
  return db
    .select({
      batchId: custodyEvents.batchId,
      buyerId: sql<string>`${custodyEvents.actorId}`.as("pf_buyer_id"),
      weightG: sql<number>`${stepWeight}`.as("pf_weight_g"),
      at: sql<string>`${custodyEvents.occurredAt}`.as("pf_at"),
    })
    .from(custodyEvents)
    .where(and(eq(custodyEvents.toStatus, "purchased"), isNull(custodyEvents.voidedAt)))
    .as("purchase_facts");
}

/** Exports that stand: one row per batch that left, the exporter who signed, its weight (g) and date. */
export function exportFacts(db: Database) {
  return db
    .select({
      batchId: custodyEvents.batchId,
      exporterId: sql<string>`${custodyEvents.actorId}`.as("xf_exporter_id"),
      weightG: sql<number>`coalesce(${custodyEvents.weightOutG}, ${custodyEvents.weightInG}, ${batches.weightG}, 0)`.as(
        "xf_weight_g",
      ),
      at: sql<string>`${custodyEvents.occurredAt}`.as("xf_at"),
    })
    .from(custodyEvents)
    .innerJoin(batches, eq(batches.id, custodyEvents.batchId))
    .where(and(eq(custodyEvents.toStatus, "exported"), isNull(custodyEvents.voidedAt)))
    .as("export_facts");
}

/** Batches and weight (g) that left, signed by one exporter, or by every exporter when `exporterId` is null. */
export async function exportedTotal(db: Database, exporterId: string | null) {
  const left = exportFacts(db);
  const [row] = await db
    .select({ batches: sql<number>`count(*)`, grams: sql<number>`coalesce(sum(${left.weightG}), 0)` })
    .from(left)
    .where(exporterId ? eq(left.exporterId, exporterId) : undefined);
  return { batches: Number(row?.batches ?? 0), grams: Number(row?.grams ?? 0) };
}
