/**
 * What the exporter's order screens and /api/orders read: my orders (regulator staff:
 * every exporter's) with what is allocated to each, one order with its batches, and the compliant
 * stock I may still allocate (ADR 022).
 */
import {
  allocationsOf,
  findOrderByCode,
  listOrders,
  type OrderRow,
  unallocatedCompliantStock,
} from "#db/queries/orders";
import { ALLOCATABLE_STATUSES } from "#worker/domain/orders";
import type { ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";
import { listScope, mayRead } from "./order-access";

export type OrderView = OrderRow & { allocatedG: number; exporterName: string | null };
export type AllocationView = Awaited<ReturnType<typeof allocationsOf>>[number];

export async function listOrdersFor(
  filter: { status?: string },
  { db, actor }: Pick<ServiceDeps, "db" | "actor">,
): Promise<OrderView[]> {
  const rows = await listOrders(db, listScope(actor), filter.status);
  return rows.map((r) => ({ ...r.order, allocatedG: r.allocatedG, exporterName: r.exporterName }));
}

export async function orderFor(
  code: string,
  { db, actor }: Pick<ServiceDeps, "db" | "actor">,
): Promise<Result<{ order: OrderView; allocations: AllocationView[] }>> {
  const order = await findOrderByCode(db, code.toUpperCase());
  if (!order || !mayRead(actor, order)) return fail(404, `No order with code ${code.toUpperCase()}`);
  const allocations = await allocationsOf(db, [order.id]);
  const allocatedG = allocations.reduce((n, a) => n + a.weightG, 0);
  return ok({ order: { ...order, allocatedG, exporterName: null }, allocations });
}

/** The allocations of several orders (the shipments screen groups them per order). */
export async function allocationsOfOrders(orderIds: string[], { db }: Pick<ServiceDeps, "db">) {
  return allocationsOf(db, orderIds);
}

/**
 * Compliant stock no order holds: what an exporter may allocate (any commodity, or one). Every
 * exporter sees the same pool; allocating is what makes a batch theirs (ADR 022).
 */
export async function allocatableStock(commodity: string | undefined, { db }: Pick<ServiceDeps, "db">) {
  return unallocatedCompliantStock(db, ALLOCATABLE_STATUSES, commodity);
}
