/**
 * Reading inspection requests: an exporter sees their own, each with the outcome, grade
 * and notes of the newest warehouse or port inspection of its batch or shipment; an inspector sees
 * the open requests of their kind that are theirs or unassigned; regulator staff see all.
 */
import {
  batchIdsOfShipment,
  type InspectionRequestRow,
  latestPortInspection,
  latestWarehouseInspection,
  listInspectionRequests,
} from "#db/queries/exporter-desk";
import type { ServiceDeps } from "../deps";

export type RequestOutcome = {
  inspectedAt: string;
  outcome: string;
  grade: string | null;
  notes: string[];
} | null;

export type RequestView = InspectionRequestRow & { outcome: RequestOutcome };

async function outcomeOf(r: InspectionRequestRow, db: ServiceDeps["db"]): Promise<RequestOutcome> {
  const batchIds = r.batchId ? [r.batchId] : r.shipmentId ? await batchIdsOfShipment(db, r.shipmentId) : [];
  if (r.kind === "warehouse") {
    const w = await latestWarehouseInspection(db, batchIds);
    if (!w) return null;
    return {
      inspectedAt: w.inspectedAt,
      outcome: w.outcome,
      grade: w.grade,
      notes: [w.note, w.rejectionReason ? `Rejected: ${w.rejectionReason}` : null].filter((n): n is string => !!n),
    };
  }
  const p = await latestPortInspection(db, batchIds, r.shipmentId);
  if (!p) return null;
  return {
    inspectedAt: p.inspectedAt,
    outcome: p.outcome === "signed_off" ? "signed off" : p.outcome,
    grade: null,
    notes: [
      p.pestsFound ? `Pests found: ${p.pestsFound}` : "No pests found",
      p.treatment ? `Treatment: ${p.treatment}` : null,
      p.refusalReason ? `Refused: ${p.refusalReason}` : null,
    ].filter((n): n is string => !!n),
  };
}

/** The requests `actor` may see (see the file comment), newest first, with outcomes for exporters and staff. */
export async function inspectionRequestsFor({ db, actor }: Pick<ServiceDeps, "db" | "actor">): Promise<RequestView[]> {
  if (actor.role === "warehouse_inspector" || actor.role === "port_inspector") {
    const kind = actor.role === "warehouse_inspector" ? "warehouse" : "port";
    const rows = await listInspectionRequests(db, { kind, inspectorId: actor.id, open: true });
    return rows.map((r) => ({ ...r, outcome: null }));
  }
  const rows = await listInspectionRequests(db, actor.role === "exporter" ? { requesterId: actor.id } : {});
  return Promise.all(
    rows.map(async (r) => ({ ...r, outcome: r.status === "cancelled" ? null : await outcomeOf(r, db) })),
  );
}

/** Open requests of one kind for an inspector dashboard: the inspector's own queue, or all (read-only viewers). */
export async function inspectionRequestQueue(
  db: ServiceDeps["db"],
  kind: "warehouse" | "port",
  inspectorId: string | null,
) {
  return listInspectionRequests(db, { kind, inspectorId: inspectorId ?? undefined, open: true }, 50);
}
