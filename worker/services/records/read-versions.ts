/** The version history of a batch's corrected or voided records (issue 17, ADR 031), for whoever sees the batch. */
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
  return (await versionsOfBatch(deps.db, batchId)).map((v) => ({
    recordType: v.recordType,
    recordId: v.recordId,
    version: v.version,
    kind: v.kind,
    data: JSON.parse(v.data) as Record<string, unknown>,
    reason: v.reason,
    actorName: v.actorName || null,
    actorRole: v.actorRole,
    createdAt: v.createdAt,
  }));
}

/** The versions of shipments' DDS numbers (the exporter's shipments page), by shipment id. */
export async function shipmentDdsVersions(shipmentIds: string[], deps: Pick<ServiceDeps, "db">) {
  const byShipment = new Map<string, RecordVersionView[]>();
  for (const v of await versionsOfRecords(deps.db, "shipment_dds", shipmentIds)) {
    const list = byShipment.get(v.recordId) ?? [];
    list.push({
      recordType: v.recordType,
      recordId: v.recordId,
      version: v.version,
      kind: v.kind,
      data: JSON.parse(v.data) as Record<string, unknown>,
      reason: v.reason,
      actorName: v.actorName || null,
      actorRole: v.actorRole,
      createdAt: v.createdAt,
    });
    byShipment.set(v.recordId, list);
  }
  return byShipment;
}
