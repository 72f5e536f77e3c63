/**
 * Inspection requests: an exporter asks for a warehouse or port inspection of one of
 * their batches or shipments with a preferred date; an inspector of that kind takes it (schedules
 * it) and marks it done, which raises the inspection fee invoice (worker/domain/fees.ts). Every
 * step is role- and ownership-checked here, audited and noticed in one db.batch().
 */

import {
  activeAccountsOfRole,
  findInspectionRequest,
  type InspectionRequestRow,
  insertInspectionInvoiceStatement,
  insertInspectionRequest,
  inspectionRequestBySubmission,
  ownedBatchByCode,
  updateInspectionRequest,
} from "#db/queries/exporter-desk";
import { dispatchOf } from "#db/queries/inspections";
import { findShipmentByCode } from "#db/queries/shipments";
import type {
  CompleteInspectionInput,
  InspectionRequestInput,
  ScheduleInspectionInput,
} from "#worker/contracts/exporter-desk";
import { inspectionFeeType } from "#worker/domain/fees";
import { isoDay } from "#worker/domain/licensing";
import type { ServiceDeps } from "../deps";
import { invoiceRow } from "../fees/raise-invoice";
import { numberPrefix, withNextNumber } from "../licensing/numbers";
import { notifyStatement } from "../notifications/notify";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";

type Deps = Pick<ServiceDeps, "db" | "actor" | "now">;
const INSPECTOR_ROLE = { warehouse: "warehouse_inspector", port: "port_inspector" } as const;
const KIND_LABEL = { warehouse: "Warehouse", port: "Port" } as const;
export const NO_SUBJECT = (code: string) => `No batch or shipment of yours with code ${code}`;

/** Requests a warehouse or port inspection of my batch or shipment (exporters only). */
export async function requestInspection(
  input: InspectionRequestInput,
  deps: Deps,
): Promise<Result<{ request: InspectionRequestRow }>> {
  const { db, actor } = deps;
  const now = deps.now();
  if (actor.role !== "exporter") return fail(403, "Only an exporter can request an inspection of their stock");
  if (input.submissionId) {
    const seen = await inspectionRequestBySubmission(db, input.submissionId);
    if (seen && seen.requesterId === actor.id) return ok({ request: seen });
  }
  if (input.preferredDate < isoDay(now))
    return fail(400, "The preferred date cannot be in the past", {
      preferredDate: ["The preferred date cannot be in the past"],
    });
  let batchId: string | null = null;
  let shipmentId: string | null = null;
  let inspectorId: string | null = null;
  if (input.subjectCode.startsWith("SHP-")) {
    const shipment = await findShipmentByCode(db, input.subjectCode);
    // Another exporter's shipment answers exactly like a missing one (IDOR).
    if (!shipment || shipment.exporterId !== actor.id)
      return fail(404, NO_SUBJECT(input.subjectCode), { subjectCode: [NO_SUBJECT(input.subjectCode)] });
    shipmentId = shipment.id;
  } else {
    const batch = await ownedBatchByCode(db, actor.id, input.subjectCode);
    if (!batch) return fail(404, NO_SUBJECT(input.subjectCode), { subjectCode: [NO_SUBJECT(input.subjectCode)] });
    batchId = batch.id;
    // A warehouse inspection goes to the warehouse the batch was sent to, when it was.
    if (input.kind === "warehouse") inspectorId = (await dispatchOf(db, batch.id))?.warehouseInspectorId ?? null;
  }
  const request: InspectionRequestRow = {
    id: crypto.randomUUID(),
    requesterId: actor.id,
    kind: input.kind,
    batchId,
    shipmentId,
    subjectCode: input.subjectCode,
    preferredDate: input.preferredDate,
    status: "requested",
    inspectorId,
    scheduledFor: null,
    note: input.note ?? null,
    inspectorNote: null,
    submissionId: input.submissionId ?? null,
    version: 1,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const inspectors = inspectorId ? [{ id: inspectorId }] : await activeAccountsOfRole(db, INSPECTOR_ROLE[input.kind]);
  await db.batch([
    insertInspectionRequest(db, request),
    auditEntry(db, actor, "inspection_request.create", "inspection_request", request.id, null, {
      kind: request.kind,
      subjectCode: request.subjectCode,
      preferredDate: request.preferredDate,
    }),
    ...inspectors.map((i) =>
      notifyStatement(
        db,
        {
          userId: i.id,
          kind: "inspection_scheduled",
          title: `${KIND_LABEL[input.kind]} inspection requested`,
          body: `An exporter asks for a ${input.kind} inspection of ${input.subjectCode}, preferably on ${input.preferredDate}.`,
          link: `/${INSPECTOR_ROLE[input.kind].replace("_", "-")}-dashboard`,
          subject: { type: "inspection_request", id: request.id },
          dedupeKey: `inspection_request:${request.id}:requested`,
        },
        now,
      ),
    ),
  ]);
  return ok({ request });
}

/**
 * The request if `actor` is an inspector who may handle it (its kind, and unassigned or theirs)
 * and it is still the version they saw.
 */
async function handled(id: string, baseVersion: number | undefined, deps: Deps) {
  const { db, actor } = deps;
  const request = await findInspectionRequest(db, id);
  const kindOf = actor.role === "warehouse_inspector" ? "warehouse" : actor.role === "port_inspector" ? "port" : null;
  if (!kindOf) return fail(403, "Only a warehouse or port inspector can handle an inspection request");
  if (!request || request.kind !== kindOf || (request.inspectorId && request.inspectorId !== actor.id))
    return fail(404, "No inspection request with this id in your queue");
  if (baseVersion !== undefined && baseVersion !== request.version)
    return fail(409, "This request changed since you opened it: reload the page and try again");
  return ok(request);
}

/** An inspector takes a requested inspection, with the date they will inspect. */
export async function scheduleInspectionRequest(
  id: string,
  input: ScheduleInspectionInput,
  deps: Deps,
): Promise<Result<{ request: InspectionRequestRow }>> {
  const found = await handled(id, input.baseVersion, deps);
  if (!found.ok) return found;
  const r = found.value;
  const { db, actor } = deps;
  const now = deps.now();
  if (r.status !== "requested" && r.status !== "scheduled")
    return fail(409, `This request is ${r.status}: it cannot be scheduled`);
  if (input.scheduledFor < isoDay(now))
    return fail(400, "The inspection date cannot be in the past", {
      scheduledFor: ["The inspection date cannot be in the past"],
    });
  const next = {
    status: "scheduled",
    inspectorId: actor.id,
    scheduledFor: input.scheduledFor,
    inspectorNote: input.note ?? r.inspectorNote,
  };
  const [changed] = await db.batch([
    updateInspectionRequest(db, r.id, r.version, next),
    auditEntry(db, actor, "inspection_request.schedule", "inspection_request", r.id, { status: r.status }, next),
    notifyStatement(
      db,
      {
        userId: r.requesterId,
        kind: "inspection_scheduled",
        title: `${KIND_LABEL[r.kind as "port"]} inspection scheduled`,
        body: `The ${r.kind} inspection of ${r.subjectCode} is scheduled for ${input.scheduledFor}.`,
        link: "/exporter/inspections",
        subject: { type: "inspection_request", id: r.id },
        dedupeKey: `inspection_request:${r.id}:scheduled:${input.scheduledFor}`,
      },
      now,
    ),
  ]);
  if (!changed.length) return fail(409, "This request was changed by someone else a moment ago: reload the page");
  return ok({ request: { ...r, ...next, version: r.version + 1 } });
}

/** An inspector marks a scheduled request done: the requester is billed the inspection fee. */
export async function completeInspectionRequest(
  id: string,
  input: CompleteInspectionInput,
  deps: Deps,
): Promise<Result<{ request: InspectionRequestRow; invoiceNumber: string }>> {
  const found = await handled(id, input.baseVersion, deps);
  if (!found.ok) return found;
  const r = found.value;
  const { db, actor } = deps;
  const now = deps.now();
  if (r.status !== "scheduled") return fail(409, `This request is ${r.status}: it must be scheduled first`);
  const next = { status: "done", inspectorId: actor.id, inspectorNote: input.note ?? r.inspectorNote };
  const feeType = inspectionFeeType(r.kind as "warehouse" | "port");
  return withNextNumber(db, "invoice", numberPrefix("invoice", now.getUTCFullYear()), async (invoiceNumber) => {
    const invoice = invoiceRow({
      number: invoiceNumber,
      payerId: r.requesterId,
      subjectType: "inspection",
      subjectId: r.id,
      feeType,
      now,
    });
    const [changed] = await db.batch([
      updateInspectionRequest(db, r.id, r.version, next),
      insertInspectionInvoiceStatement(db, invoice, r.version + 1),
      auditEntry(
        db,
        actor,
        "inspection_request.complete",
        "inspection_request",
        r.id,
        { status: r.status },
        {
          ...next,
          invoiceNumber,
          amountMinor: invoice.amountMinor,
          currency: invoice.currency,
        },
      ),
      notifyStatement(
        db,
        {
          userId: r.requesterId,
          kind: "inspection_scheduled",
          title: `${KIND_LABEL[r.kind as "port"]} inspection done`,
          body: `The ${r.kind} inspection of ${r.subjectCode} is done. Its fee invoice ${invoiceNumber} is on your payment services page.`,
          link: "/exporter/inspections",
          subject: { type: "inspection_request", id: r.id },
          dedupeKey: `inspection_request:${r.id}:done`,
        },
        now,
      ),
    ]);
    if (!changed.length) return fail(409, "This request was changed by someone else a moment ago: reload the page");
    return ok({ request: { ...r, ...next, version: r.version + 1 }, invoiceNumber });
  });
}

/** The requester cancels a request not yet done. */
export async function cancelInspectionRequest(
  id: string,
  deps: Deps,
): Promise<Result<{ request: InspectionRequestRow }>> {
  const { db, actor } = deps;
  if (actor.role !== "exporter") return fail(403, "Only the exporter who asked can cancel an inspection request");
  const r = await findInspectionRequest(db, id);
  if (!r || r.requesterId !== actor.id) return fail(404, "No inspection request with this id");
  if (r.status === "done" || r.status === "cancelled")
    return fail(409, `This request is ${r.status}: it cannot be cancelled`);
  const [changed] = await db.batch([
    updateInspectionRequest(db, r.id, r.version, { status: "cancelled" }),
    auditEntry(
      db,
      actor,
      "inspection_request.cancel",
      "inspection_request",
      r.id,
      { status: r.status },
      {
        status: "cancelled",
      },
    ),
  ]);
  if (!changed.length) return fail(409, "This request was changed a moment ago: reload the page");
  return ok({ request: { ...r, status: "cancelled", version: r.version + 1 } });
}
