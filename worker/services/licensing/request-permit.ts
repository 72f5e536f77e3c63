/**
 * An exporter requests the export permit of one of their shipments (ADR 021). The exporter must
 * hold an exporter licence in force; a shipment has one live permit (or request) at a time.
 */
import { isUniqueViolation } from "#db/errors";
import { licencesOfApplicant } from "#db/queries/licensing";
import { findShipmentByCode, insertPermit, livePermitOf, type PermitRow } from "#db/queries/shipments";
import type { PermitRequestInput } from "#worker/contracts/licensing";
import { canRequestPermit, inForce } from "#worker/domain/licensing";
import type { ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";
import { STALE_STEP, stepStatements } from "./licensing-common";

export async function requestPermit(
  input: PermitRequestInput,
  deps: Pick<ServiceDeps, "db" | "actor" | "now">,
): Promise<Result<{ permit: PermitRow & { shipmentCode: string } }>> {
  const { db, actor } = deps;
  const now = deps.now();
  const allowed = canRequestPermit(actor.role);
  if (!allowed.ok) return fail(403, allowed.message);
  const shipment = await findShipmentByCode(db, input.shipmentCode);
  // Another exporter's shipment is not there for this one (IDOR: 404, not 403).
  if (!shipment || shipment.exporterId !== actor.id) return fail(404, `No shipment with code ${input.shipmentCode}`);
  if (shipment.status === "exported") return fail(409, `Shipment ${shipment.code} has already been exported`);
  const licences = await licencesOfApplicant(db, actor.id, "exporter");
  if (!licences.some((l) => inForce(l, now)))
    return fail(409, "An export permit needs an exporter licence in force: apply for your licence first");
  const live = await livePermitOf(db, shipment.id);
  if (live)
    return fail(
      409,
      `Shipment ${shipment.code} already has an export permit ${live.number ? `${live.number} ` : ""}that is ${live.status}`,
    );
  const permit: PermitRow = {
    id: crypto.randomUUID(),
    number: null,
    shipmentId: shipment.id,
    exporterId: actor.id,
    status: "requested",
    validFrom: null,
    validUntil: null,
    statusReason: null,
    note: input.note ?? null,
    version: 1,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  try {
    await db.batch([
      insertPermit(db, permit),
      ...stepStatements(db, {
        actor,
        subjectType: "permit",
        before: null,
        after: permit,
        step: "request",
        action: "permit.request",
        notice: {
          userId: actor.id,
          title: "Export permit requested",
          body: `Your export permit for shipment ${shipment.code} is requested. DDGOTS recommends it once every batch is EUDR-compliant; the Director General approves it.`,
          link: "/exporter-dashboard",
        },
        now,
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, "export_permits")) return fail(409, STALE_STEP);
    throw error;
  }
  return ok({ permit: { ...permit, shipmentCode: shipment.code } });
}
