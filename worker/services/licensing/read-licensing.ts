/**
 * What the licensing API and screens read: licences and permits, each applicant only
 * their own (another's id answers 404, as if it did not exist), regulator staff all.
 */
import { findLicence, type LicenceRow, listLicences, stepsOf } from "#db/queries/licensing";
import { findPermit, findShipmentById, listPermits } from "#db/queries/shipments";
import type { LicenceListInput, PermitListInput } from "#worker/contracts/licensing";
import type { Actor, ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";
import { isStaff, mayReadLicence, mayReadPermit } from "./licensing-common";

type Deps = Pick<ServiceDeps, "db" | "actor">;

export async function listLicencesFor(filter: LicenceListInput, { db, actor }: Deps) {
  return listLicences(db, { ...filter, applicantId: isStaff(actor.role) ? undefined : actor.id });
}

export async function licenceFor(
  id: string,
  { db, actor }: Deps,
): Promise<Result<{ licence: LicenceRow; steps: Awaited<ReturnType<typeof stepsOf>> }>> {
  const licence = await findLicence(db, id);
  if (!licence || !mayReadLicence(actor as Actor, licence)) return fail(404, "No licence with this id");
  return ok({ licence, steps: await stepsOf(db, "licence", id) });
}

export async function listPermitsFor(filter: PermitListInput, { db, actor }: Deps) {
  return listPermits(db, { ...filter, exporterId: isStaff(actor.role) ? undefined : actor.id });
}

export async function permitFor(id: string, { db, actor }: Deps) {
  const permit = await findPermit(db, id);
  if (!permit || !mayReadPermit(actor, permit)) return fail(404, "No export permit with this id");
  const shipment = await findShipmentById(db, permit.shipmentId);
  return ok({ permit: { ...permit, shipmentCode: shipment?.code ?? null }, steps: await stepsOf(db, "permit", id) });
}
