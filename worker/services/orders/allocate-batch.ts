/**
 * Allocating a compliant batch to an order (ADR 022). Only EUDR-eligible stock: the batch
 * is marked EUDR-compliant, has passed warehouse inspection and has not left (not rejected, held at
 * the port, exported or closed), its origin plots are STILL valid and low risk today (a plot
 * re-assessed high risk since is refused with its code), it is of the order's commodity, and no
 * order holds it yet. A batch is allocated whole; the order's allocations never exceed its quantity.
 */

import { errorText } from "#db/errors";
import { batchByCode, originsOf } from "#db/queries/batches";
import { latestPortInspectionOf } from "#db/queries/inspections";
import {
  allocatedTotal,
  allocationOfBatch,
  deleteAllocation,
  findOrderByCode,
  findOrderById,
  insertAllocationStatement,
} from "#db/queries/orders";
import { shipmentPermitsOfBatches } from "#db/queries/shipments";
import type { AllocateInput } from "#worker/contracts/orders";
import { COMPLIANCE_LABEL, type ComplianceStatus } from "#worker/domain/batch-compliance";
import { STATUS_LABEL } from "#worker/domain/custody";
import { ALLOCATABLE_STATUSES, allocationFits } from "#worker/domain/orders";
import { formatKg } from "#worker/domain/weight";
import { eligibilityOfPlots } from "../batches/batch-common";
import type { ServiceDeps } from "../deps";
import { PORT_HOLD_MESSAGE } from "../inspections/holds";
import { requireLicence } from "../licensing/require-licence";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { ONLY_EXPORTER } from "./order-access";

export async function allocateBatch(
  orderCode: string,
  input: AllocateInput,
  deps: Pick<ServiceDeps, "db" | "actor" | "now">,
): Promise<Result<{ orderCode: string; batchCode: string; weightG: number; allocatedG: number }>> {
  const { db, actor } = deps;
  if (actor.role !== "exporter") return fail(403, ONLY_EXPORTER);
  const order = await findOrderByCode(db, orderCode.toUpperCase());
  if (!order || order.exporterId !== actor.id) return fail(404, `No order with code ${orderCode.toUpperCase()}`);
  if (order.status !== "open")
    return fail(409, `Order ${order.code} is ${order.status}: batches are allocated to open orders only`);
  const unlicensed = await requireLicence(db, actor, "order", order.commodity, deps.now());
  if (unlicensed) return unlicensed;
  const refuse = (message: string) =>
    fail(409, `Batch ${input.batchCode} cannot be allocated: ${message}`, { batchCode: [message] });

  const batch = await batchByCode(db, input.batchCode);
  if (!batch)
    return fail(404, `No batch with code ${input.batchCode}`, { batchCode: [`No batch with code ${input.batchCode}`] });
  const taken = await allocationOfBatch(db, batch.id);
  if (taken) {
    const mine = await findOrderById(db, taken.orderId);
    return refuse(
      mine?.exporterId === actor.id
        ? `it is already allocated to order ${mine.code}`
        : "it is already allocated to another order",
    );
  }
  if (batch.commodity !== order.commodity)
    return refuse(`it is ${batch.commodity}, the order is for ${order.commodity}`);
  if (!(ALLOCATABLE_STATUSES as readonly string[]).includes(batch.status))
    return refuse(
      batch.status === "rejected" ||
        batch.status === "exported" ||
        batch.status === "split" ||
        batch.status === "merged"
        ? `it is ${(STATUS_LABEL as Record<string, string>)[batch.status]?.toLowerCase() ?? batch.status}`
        : "it has not passed warehouse inspection yet",
    );
  // The plots' verdicts today: a high-risk or invalid origin is named (EUDR Art. 3).
  const origins = await originsOf(db, [batch.id]);
  const eligibility = await eligibilityOfPlots(db, [...new Set(origins.map((o) => o.plotId))]);
  if (eligibility.verdict !== "eligible") return refuse(eligibility.reason);
  if (batch.complianceStatus !== "compliant")
    return refuse(
      `it is ${COMPLIANCE_LABEL[batch.complianceStatus as ComplianceStatus]?.toLowerCase() ?? batch.complianceStatus}${batch.complianceReason ? ` (${batch.complianceReason})` : ""}: only EUDR-compliant batches can be allocated`,
    );
  const port = await latestPortInspectionOf(db, [batch.id]);
  if (port?.outcome === "refused")
    return refuse(`${PORT_HOLD_MESSAGE.toLowerCase()} (${port.refusalReason ?? "refused"})`);

  const allocatedG = await allocatedTotal(db, order.id);
  const fits = allocationFits(order.quantityG, allocatedG, batch.weightG);
  if (!fits.ok) return refuse(fits.message);
  try {
    await db.batch([
      insertAllocationStatement(
        db,
        { orderId: order.id, batchId: batch.id, weightG: batch.weightG, allocatedBy: actor.id },
        order.quantityG,
      ),
      auditEntry(
        db,
        actor,
        "order.allocate",
        "order",
        order.code,
        { allocatedG },
        {
          batchCode: batch.batchCode,
          weightG: batch.weightG,
          allocatedG: allocatedG + batch.weightG,
        },
      ),
    ]);
  } catch (error) {
    const text = errorText(error);
    if (/order_allocations\.batch_id|order_allocations\.order_id, order_allocations\.batch_id/.test(text))
      return refuse("it is already allocated to another order");
    if (/NOT NULL constraint failed: order_allocations\.order_id/.test(text))
      return refuse(`the order changed meanwhile: ${formatKg(order.quantityG)} would be exceeded`);
    throw error;
  }
  return ok({
    orderCode: order.code,
    batchCode: batch.batchCode,
    weightG: batch.weightG,
    allocatedG: allocatedG + batch.weightG,
  });
}

/** Releases an allocated batch that is not in a shipment yet. */
export async function releaseBatch(
  orderCode: string,
  input: AllocateInput,
  deps: Pick<ServiceDeps, "db" | "actor">,
): Promise<Result<{ orderCode: string; batchCode: string }>> {
  const { db, actor } = deps;
  if (actor.role !== "exporter") return fail(403, ONLY_EXPORTER);
  const order = await findOrderByCode(db, orderCode.toUpperCase());
  if (!order || order.exporterId !== actor.id) return fail(404, `No order with code ${orderCode.toUpperCase()}`);
  const batch = await batchByCode(db, input.batchCode);
  const allocation = batch ? await allocationOfBatch(db, batch.id) : null;
  if (!batch || allocation?.orderId !== order.id)
    return fail(404, `Batch ${input.batchCode} is not allocated to order ${order.code}`);
  const shipped = (await shipmentPermitsOfBatches(db, [batch.id])).get(batch.id);
  if (shipped)
    return fail(409, `Batch ${batch.batchCode} ships in ${shipped.shipmentCode}: it can no longer be released`);
  await db.batch([
    deleteAllocation(db, order.id, batch.id),
    auditEntry(
      db,
      actor,
      "order.deallocate",
      "order",
      order.code,
      { batchCode: batch.batchCode, weightG: allocation.weightG },
      null,
    ),
  ]);
  return ok({ orderCode: order.code, batchCode: batch.batchCode });
}
