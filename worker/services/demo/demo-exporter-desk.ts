/**
 * The exporter's desk demo (demo mode only, ADR 007), made through the services as the
 * demo exporter: a port inspection request for the demo shipment, and a payment to the demo buyer
 * for the shipped batch (reference recorded, with its receipt). Skipped when the demo exporter
 * already has a stock payment.
 */

import { inArray } from "drizzle-orm";
import type { Database } from "#db/client";
import { batchIdsOfShipment, listStockPayments, shipmentsOfExporter } from "#db/queries/exporter-desk";
import { accountById } from "#db/queries/licensing";
import { batches } from "#db/schema";
import { requestInspection } from "../exporter/inspection-requests";
import { recordStockPayment } from "../exporter/stock-payments";
import { ACT } from "./demo-farmers";

export async function seedDemoExporterDesk(deps: { db: Database; now: Date }, problems: string[]) {
  const { db, now } = deps;
  if ((await listStockPayments(db, { payerId: ACT.exporter.id }, 1)).length) return 0;
  const [shipment] = await shipmentsOfExporter(db, ACT.exporter.id);
  const buyer = await accountById(db, "demo-buyer");
  if (!shipment || !buyer) return 0;
  const ids = await batchIdsOfShipment(db, shipment.id);
  const codes = ids.length
    ? (await db.select({ code: batches.batchCode }).from(batches).where(inArray(batches.id, ids))).map((b) => b.code)
    : [];
  const when = () => now;
  const requested = await requestInspection(
    {
      kind: "port",
      subjectCode: shipment.code,
      preferredDate: new Date(now.getTime() + 3 * 86_400_000).toISOString().slice(0, 10),
      note: "Demo: container loading at Freeport of Monrovia",
    },
    { db, actor: ACT.exporter, now: when },
  );
  if (!requested.ok) problems.push(`The demo inspection request was not made: ${requested.message}`);
  if (!codes.length) return requested.ok ? 1 : 0;
  const paid = await recordStockPayment(
    {
      payeeLoginId: buyer.loginId,
      batchCodes: codes,
      amount: "4,250.00",
      currency: "USD",
      reference: "DEMO-ECOBANK-TRX-0001",
      paidOn: now.toISOString().slice(0, 10),
      note: "Demo: payment for the first shipped batch",
    },
    { db, actor: ACT.exporter, now: when },
  );
  if (!paid.ok) problems.push(`The demo stock payment was not recorded: ${paid.message}`);
  return (requested.ok ? 1 : 0) + (paid.ok ? 1 : 0);
}
