/**
 * What the exporter's shipment screens, the dashboard and /api/shipments read: my
 * shipments (regulator staff: every exporter's) by stage, and what holds each batch back from
 * export — the same blockers the port inspector sees (exportBlockers: inspection, a held batch,
 * an expired certificate, the permit). The DDS numbers are the shipment's own (they may be recorded
 * before or after export, docs/eudr-rules.md "DDS"), so the batch-level "no DDS" blocker is not repeated here.
 */
import type { Database } from "#db/client";
import { batchByCode } from "#db/queries/batches";
import { latestPortInspectionsByBatch } from "#db/queries/inspections";
import { exportedShipmentOfBatch, findOrderById, listShipments, type OrderRow } from "#db/queries/orders";
import {
  type batchesOfShipment,
  batchesOfShipments,
  findShipmentByCode,
  type ShipmentRow,
} from "#db/queries/shipments";
import { type Blocker, exportBlockers } from "#worker/domain/inspections";
import { type ShipmentStage, shipmentStage } from "#worker/domain/orders";
import type { ServiceDeps } from "../deps";
import { certificateDeadlines } from "../inspections/read-inspections";
import { permitStates } from "../licensing/permit-check";
import { listScope, mayRead } from "../orders/order-access";
import { fail, ok, type Result } from "../result";

export type ShipmentBatch = Awaited<ReturnType<typeof batchesOfShipment>>[number] & {
  blockers: Blocker[];
  /** Valid certificates of the batch that expire within 14 days (worker/domain/certificates/expiry.ts). */
  expiring: { title: string; expiresAt: string }[];
};

/** Each batch of a shipment with what is holding it (exportBlockers, minus the batch-level DDS line). */
export async function batchesWithBlockers(db: Database, shipmentId: string, now: Date): Promise<ShipmentBatch[]> {
  return (await batchesWithBlockersOf(db, [shipmentId], now)).get(shipmentId) ?? [];
}

/**
 * The same for many shipments at once: four reads in all (batches, certificates, permits, port
 * inspections), whatever the number of shipments and batches.
 */
export async function batchesWithBlockersOf(
  db: Database,
  shipmentIds: string[],
  now: Date,
): Promise<Map<string, ShipmentBatch[]>> {
  const list = await batchesOfShipments(db, shipmentIds);
  const ids = list.map((b) => b.batchId);
  const [deadlines, permits, ports] = await Promise.all([
    certificateDeadlines(
      db,
      list.map((b) => b.batchCode),
      now,
    ),
    permitStates(db, ids, now),
    latestPortInspectionsByBatch(db, ids),
  ]);
  const out = new Map<string, ShipmentBatch[]>(shipmentIds.map((id) => [id, []]));
  for (const { shipmentId, ...b } of list) {
    const port = ports.get(b.batchId);
    out.get(shipmentId)?.push({
      ...b,
      blockers: exportBlockers({
        status: b.status,
        complianceStatus: b.complianceStatus,
        complianceReason: b.complianceReason,
        // The shipment's DDS stands for its batches; exportBlockers asks about the batch's own.
        ddsReference: "shipment",
        portOutcome: port?.outcome ?? null,
        portRefusalReason: port?.refusalReason ?? null,
        expiredCertificates: deadlines.expired.get(b.batchCode) ?? [],
        permit: permits.get(b.batchId) ?? null,
      }),
      expiring: deadlines.expiring.get(b.batchCode) ?? [],
    });
  }
  return out;
}

export type ShipmentSummary = {
  id: string;
  code: string;
  exporterId: string;
  stage: ShipmentStage;
  orderCode: string | null;
  buyerName: string | null;
  buyerCountry: string | null;
  permitId: string | null;
  permitNumber: string | null;
  permitStatus: string | null;
  ddsReference: string | null;
  ddsVerification: string | null;
  exportedAt: string | null;
  createdAt: string;
  weightG: number;
  batches: {
    batchCode: string;
    weightG: number;
    status: string;
    blockers: Blocker[];
    expiring: { title: string; expiresAt: string }[];
  }[];
};

/** My shipments (staff: all), newest first, each with its stage and every batch's blockers. */
export async function listShipmentsFor({
  db,
  actor,
  now,
}: Pick<ServiceDeps, "db" | "actor" | "now">): Promise<ShipmentSummary[]> {
  const rows = await listShipments(db, listScope(actor));
  const at = now();
  const blockers = await batchesWithBlockersOf(
    db,
    rows.map((r) => r.shipment.id),
    at,
  );
  return rows.map((r) => {
    const batches = blockers.get(r.shipment.id) ?? [];
    return {
      id: r.shipment.id,
      code: r.shipment.code,
      exporterId: r.shipment.exporterId,
      stage: shipmentStage(r.shipment.status, r.permit?.status),
      orderCode: r.orderCode,
      buyerName: r.buyerName,
      buyerCountry: r.buyerCountry,
      permitId: r.permit?.id ?? null,
      permitNumber: r.permit?.number ?? null,
      permitStatus: r.permit?.status ?? null,
      ddsReference: r.shipment.ddsReference,
      ddsVerification: r.shipment.ddsVerification,
      exportedAt: r.shipment.exportedAt,
      createdAt: r.shipment.createdAt,
      weightG: batches.reduce((n, b) => n + b.weightG, 0),
      batches: batches.map((b) => ({
        batchCode: b.batchCode,
        weightG: b.weightG,
        status: b.status,
        blockers: b.blockers,
        expiring: b.expiring,
      })),
    };
  });
}

/** One shipment I may read (404 otherwise, so codes cannot be probed), with its order. */
export async function readableShipment(
  code: string,
  { db, actor }: Pick<ServiceDeps, "db" | "actor">,
): Promise<Result<{ shipment: ShipmentRow; order: OrderRow | null }>> {
  const shipment = await findShipmentByCode(db, code.trim().toUpperCase());
  if (!shipment || !mayRead(actor, shipment)) return fail(404, `No shipment with code ${code.trim().toUpperCase()}`);
  const order = shipment.orderId ? await findOrderById(db, shipment.orderId) : null;
  return ok({ shipment, order });
}

export async function shipmentFor(code: string, deps: Pick<ServiceDeps, "db" | "actor" | "now">) {
  const found = await readableShipment(code, deps);
  if (!found.ok) return found;
  const all = await listShipmentsFor({ ...deps, actor: { id: found.value.shipment.exporterId, role: "exporter" } });
  const summary = all.find((s) => s.code === found.value.shipment.code)!;
  return ok({ shipment: summary });
}

/** For the public trace (/qr): the exported shipment a batch left in — its code and date only. */
export async function exportedShipmentOf(batchCode: string, { db }: { db: Database }) {
  const batch = await batchByCode(db, batchCode);
  if (!batch) return null;
  const row = await exportedShipmentOfBatch(db, batch.id);
  return row && { code: row.code, exportedOn: row.exportedAt?.slice(0, 10) ?? null };
}
