/** The version history of a batch's corrected or voided records (ADR 031), for whoever sees the batch. */
import { findFarmer } from "#db/queries/farmers";
import { versionsOfBatch, versionsOfRecords } from "#db/queries/record-versions";
import { visibleBatchByCode } from "../batches/read-batches";
import type { ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";

export type RecordVersionView = {
  recordType: string;
  recordId: string;
  version: number;
  kind: string;
  data: Record<string, unknown>;
  reason: string | null;
  actorName: string | null;
  actorRole: string | null;
  createdAt: string;
};

/** A stored version as the pages and the API show it; `recordId` replaces the row id (a farmer's ID). */
function viewOf(
  v: Awaited<ReturnType<typeof versionsOfRecords>>[number],
  recordId: string = v.recordId,
): RecordVersionView {
  return {
    recordType: v.recordType,
    recordId,
    version: v.version,
    kind: v.kind,
    data: JSON.parse(v.data) as Record<string, unknown>,
    reason: v.reason,
    actorName: v.actorName || null,
    actorRole: v.actorRole,
    createdAt: v.createdAt,
  };
}

export async function batchVersions(
  code: string,
  deps: Pick<ServiceDeps, "db" | "actor">,
): Promise<Result<{ versions: RecordVersionView[] }>> {
  const batch = await visibleBatchByCode(deps.db, code, deps.actor);
  if (!batch) return fail(404, `No batch with code ${code.toUpperCase()}`);
  return ok({ versions: await versionsForBatchId(batch.id, deps) });
}

/** The same list for a batch already read (the batch page). */
export async function versionsForBatchId(batchId: string, deps: Pick<ServiceDeps, "db">) {
  return (await versionsOfBatch(deps.db, batchId)).map((v) => viewOf(v));
}

/** The versions of shipments' DDS numbers (the exporter's shipments page), by shipment id. */
export async function shipmentDdsVersions(shipmentIds: string[], deps: Pick<ServiceDeps, "db">) {
  const byShipment = new Map<string, RecordVersionView[]>();
  for (const v of await versionsOfRecords(deps.db, "shipment_dds", shipmentIds)) {
    const list = byShipment.get(v.recordId) ?? [];
    list.push(viewOf(v));
    byShipment.set(v.recordId, list);
  }
  return byShipment;
}

/** The versions of a farmer's corrected details (their page's history; `GET /api/records/farmers/{id}/versions`). */
export async function farmerVersions(
  farmerId: string,
  deps: Pick<ServiceDeps, "db">,
): Promise<Result<{ farmerId: string; versions: RecordVersionView[] }>> {
  const id = farmerId.trim().toUpperCase();
  const found = await findFarmer(deps.db, id);
  if (!found) return fail(404, `No farmer with ID ${id}`);
  const rows = await versionsOfRecords(deps.db, "farmer", [found.farmer.id]);
  return ok({
    farmerId: found.farmer.farmerId,
    versions: rows.map((v) => viewOf(v, found.farmer.farmerId)),
  });
}
