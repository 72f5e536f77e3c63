/**
 * The demo licences, permit and fees (demo mode only, ADR 007), made through the
 * licensing services by the demo accounts who act: the demo exporter's licence, issued and its fee
 * paid; the demo buyer's licence, issued 45 days ago with its fee still billed (unpaid). Both are
 * valid today: every purchase, custody step, listing, offer and order needs one (ADR 029), so the
 * licences are issued BEFORE the demo batches are bought (`seedDemoLicences`), and the shipment of
 * the demo batch at the warehouse with its export permit requested (it waits for the batch to be
 * EUDR-compliant before DDGOTS can recommend it) comes after them (`seedDemoLicensing`). Skipped
 * when the demo exporter already has a licence. A second demo buyer's application, reviewed by the
 * office and recommended by DDGOTS, waits in the Director General's approval queue.
 */
import type { Database } from "#db/client";
import { batchesByCode } from "#db/queries/batches";
import { invoiceOfSubject, licencesOfApplicant } from "#db/queries/licensing";
import type { LicenceStep } from "#worker/domain/licensing";
import type { Actor } from "../deps";
import { recordPayment } from "../fees/record-payment";
import { applyForLicence } from "../licensing/apply-licence";
import { composeShipment } from "../licensing/compose-shipment";
import { requestPermit } from "../licensing/request-permit";
import { stepLicence } from "../licensing/step-licence";
import { ACT } from "./demo-farmers";

const day = 24 * 60 * 60 * 1000;
const PATH: [LicenceStep, Actor][] = [
  ["submit", ACT.office],
  ["review", ACT.office],
  ["recommend", ACT.ddgots],
  ["approve", ACT.dg],
  ["issue", ACT.office],
];

export type DemoLicensingCreated = { licences: number; permits: number; payments: number };

/** The demo exporter's and buyer's licences, issued (before the demo batches are bought). */
export async function seedDemoLicences(
  deps: { db: Database; now: Date },
  problems: string[],
): Promise<DemoLicensingCreated> {
  const { db, now } = deps;
  const created: DemoLicensingCreated = { licences: 0, permits: 0, payments: 0 };
  if ((await licencesOfApplicant(db, ACT.exporter.id)).length) return created;
  const at = (daysAgo: number) => () => new Date(now.getTime() - daysAgo * day);

  const licence = async (
    applicant: Actor,
    type: "exporter" | "buyer",
    company: string,
    daysAgo: number,
    path: [LicenceStep, Actor][] = PATH,
  ) => {
    const made = await applyForLicence(
      { type, companyName: company, county: undefined, note: undefined },
      { db, actor: applicant, now: at(daysAgo) },
    );
    if (!made.ok) {
      problems.push(`The demo ${type} licence was not created: ${made.message}`);
      return null;
    }
    created.licences++;
    let row = made.value.licence;
    for (const [i, [step, actor]] of path.entries()) {
      const moved = await stepLicence(row.id, step, {}, { db, actor, now: at(daysAgo - i - 1) });
      if (!moved.ok) {
        problems.push(`The demo ${type} licence could not be ${step}ed: ${moved.message}`);
        return null;
      }
      row = moved.value.licence;
    }
    return row;
  };

  // The exporter's licence, issued a month ago, its fee paid by bank transfer.
  const exporterLicence = await licence(ACT.exporter, "exporter", "Liberia Premium Exports Inc. (demo)", 40);
  if (exporterLicence) {
    const invoice = await invoiceOfSubject(db, "licence", exporterLicence.id);
    if (invoice) {
      const paid = await recordPayment(
        invoice.id,
        { reference: "DEMO-LBDI-000001" },
        { db, actor: ACT.exporter, now: at(30) },
      );
      if (paid.ok) created.payments++;
      else problems.push(`The demo licence fee was not paid: ${paid.message}`);
    }
  }
  // The buyer's licence, issued 45 days ago; its invoice is still unpaid (billed).
  await licence(ACT.buyer, "buyer", "Bong Cocoa Traders (demo)", 51);
  // The second buyer's application: submitted, reviewed and recommended; it waits for the DG.
  await licence(ACT.applicant, "buyer", "Nimba Cocoa Buyers (demo)", 6, PATH.slice(0, 3));
  return created;
}

/** One shipment of the demo batch at the warehouse, its permit requested (after the batches). */
export async function seedDemoLicensing(
  deps: { db: Database; now: Date },
  inProgressBatchCode: string | null,
  problems: string[],
  firstRun: boolean,
): Promise<DemoLicensingCreated> {
  const { db, now } = deps;
  const created: DemoLicensingCreated = { licences: 0, permits: 0, payments: 0 };
  if (!firstRun) return created;
  const at = (daysAgo: number) => () => new Date(now.getTime() - daysAgo * day);
  const exporterLicence = (await licencesOfApplicant(db, ACT.exporter.id, "exporter")).find(
    (l) => l.status === "issued",
  );
  const batch = inProgressBatchCode ? (await batchesByCode(db, [inProgressBatchCode]))[0] : undefined;
  if (!exporterLicence || !batch) return created;
  const shipment = await composeShipment({ batchCodes: [batch.batchCode] }, { db, actor: ACT.exporter, now: at(1) });
  if (!shipment.ok) problems.push(`The demo shipment was not composed: ${shipment.message}`);
  else {
    const permit = await requestPermit(
      { shipmentCode: shipment.value.shipment.code, note: "Demo: first container of the season" },
      { db, actor: ACT.exporter, now: at(1) },
    );
    if (permit.ok) created.permits++;
    else problems.push(`The demo export permit was not requested: ${permit.message}`);
  }
  return created;
}
