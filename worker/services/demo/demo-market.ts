/**
 * The exporter's market demo (demo mode only, ADR 007), made through the services by the
 * demo accounts who act, so that /exporter/orders, /sellers-hub, /exporter/marketplace and the
 * messages screens have something real to show:
 * - DDGOTS marks the graded batch at the port EUDR-compliant, and the demo exporter allocates it
 *   to a contract with an EU buyer (the order stays partly filled: 810.25 kg of 2 t);
 * - the demo buyer buys a small lot of cocoa from another low-risk demo farmer and lists it in the
 *   sellers hub; the demo exporter offers for it (pending: the buyer decides);
 * - a conversation with the regulator's licensing office (answered) and one with the demo buyer
 *   (the buyer's reply waits for the exporter).
 * Skipped when the demo exporter already has an order.
 */
import type { Database } from "#db/client";
import type { PlotForBatch } from "#db/queries/batches";
import { listOrders } from "#db/queries/orders";
import { PurchaseSchema } from "#worker/contracts/batches";
import { NewLotSchema, NewOfferSchema } from "#worker/contracts/market-hub";
import { NewThreadSchema } from "#worker/contracts/messages";
import { OrderCreateSchema } from "#worker/contracts/orders";
import { certifyBatch } from "../batches/certify-batch";
import { createBatch } from "../batches/create-batch";
import type { Actor } from "../deps";
import { createLot } from "../hub/create-lot";
import { makeOffer } from "../hub/make-offer";
import { sendMessage } from "../messages/send-message";
import { startThread } from "../messages/start-thread";
import { allocateBatch } from "../orders/allocate-batch";
import { createOrder } from "../orders/create-order";
import { ACT, DEMO_NOTE } from "./demo-farmers";

const day = 24 * 60 * 60 * 1000;

export type DemoMarketCreated = { orders: number; allocations: number; lots: number; offers: number; threads: number };

export async function seedDemoMarket(
  deps: { db: Database; r2: R2Bucket; now: Date },
  stock: { atPortBatchCode: string | null; hubFarmer: { farmerId: string; plot: PlotForBatch } | null },
  problems: string[],
): Promise<DemoMarketCreated> {
  const { db, r2, now } = deps;
  const created: DemoMarketCreated = { orders: 0, allocations: 0, lots: 0, offers: 0, threads: 0 };
  if ((await listOrders(db, ACT.exporter.id)).length) return created;
  const at = (daysAgo: number) => () => new Date(now.getTime() - daysAgo * day);
  const date = (daysAhead: number) => new Date(now.getTime() + daysAhead * day).toISOString().slice(0, 10);

  // 1. A contract with an EU buyer, and the graded batch at the port allocated to it.
  const order = await createOrder(
    OrderCreateSchema.parse({
      buyerName: "Hamburg Cocoa Trading GmbH (demo)",
      buyerCountry: "DE",
      commodity: "Cocoa",
      hsCode: "180100",
      quantity: "2",
      unit: "t",
      price: "3250.00",
      currency: "USD",
      incoterm: "FOB",
      deliveryFrom: date(20),
      deliveryTo: date(60),
    }),
    { db, actor: ACT.exporter, now: at(4) },
  );
  if (!order.ok) problems.push(`The demo order was not created: ${order.message}`);
  else created.orders++;
  if (order.ok && stock.atPortBatchCode) {
    const certified = await certifyBatch(stock.atPortBatchCode, "mark_compliant", { db, actor: ACT.ddgots });
    if (!certified.ok)
      problems.push(`The demo batch ${stock.atPortBatchCode} could not be marked compliant: ${certified.message}`);
    const allocated = await allocateBatch(
      order.value.order.code,
      { batchCode: stock.atPortBatchCode },
      { db, actor: ACT.exporter, now: at(3) },
    );
    if (allocated.ok) created.allocations++;
    else problems.push(`The demo batch was not allocated: ${allocated.message}`);
  }

  // 2. A lot in the sellers hub: the demo buyer's small purchase, with the exporter's offer.
  if (stock.hubFarmer) {
    const { farmerId, plot } = stock.hubFarmer;
    const bought = await createBatch(
      PurchaseSchema.parse({
        farmerIds: [farmerId],
        plotCodes: [plot.plotCode],
        commodity: plot.crop,
        weightKg: 300,
        grade: "A",
        harvestDate: at(6)().toISOString().slice(0, 10),
        location: "Karnplay buying point",
        latitude: 7.271234,
        longitude: -8.703412,
        note: `${DEMO_NOTE}: 300 kg of dried cocoa beans for the sellers hub`,
      }),
      { db, actor: ACT.buyer, now: at(3) },
    );
    if (!bought.ok) problems.push(`The demo hub lot was not bought: ${bought.message}`);
    else {
      const lot = await createLot(
        NewLotSchema.parse({
          source: "batch",
          batchCode: bought.value.batch.batchCode,
          quantityKg: "300",
          pricePerKg: "3.10",
          currency: "USD",
        }),
        { db, actor: ACT.buyer, now: at(2) },
      );
      if (!lot.ok) problems.push(`The demo hub lot was not listed: ${lot.message}`);
      else {
        created.lots++;
        const offer = await makeOffer(
          {
            ...NewOfferSchema.parse({
              quantityKg: "300",
              pricePerKg: "3.00",
              currency: "USD",
              note: "Demo: can collect in Ganta next week",
            }),
            lotId: lot.value.lot.id,
          },
          { db, actor: ACT.exporter, now: at(1) },
        );
        if (offer.ok) created.offers++;
        else problems.push(`The demo hub offer was not made: ${offer.message}`);
      }
    }
  }

  // 3. Two conversations: with the licensing office (answered), and with the buyer (awaiting reply).
  const write = async (
    from: Actor,
    input: Record<string, string>,
    reply: { actor: Actor; body: string },
    daysAgo: number,
  ) => {
    const started = await startThread(NewThreadSchema.parse(input), { db, r2, actor: from, now: at(daysAgo) });
    if (!started.ok) return problems.push(`A demo conversation was not started: ${started.message}`);
    created.threads++;
    const answered = await sendMessage(
      { threadId: started.value.threadId, body: reply.body },
      { db, r2, actor: reply.actor, now: at(daysAgo - 1) },
    );
    if (!answered.ok) problems.push(`A demo reply was not sent: ${answered.message}`);
  };
  await write(
    ACT.exporter,
    {
      to: "office",
      department: "office_admin",
      subject: "Export permit for the first container of the season",
      body: "Good morning. We requested the export permit for our first shipment. Which documents should we add to the file? (demo)",
    },
    {
      actor: ACT.office,
      body: "The permit is recommended once every batch in the shipment is EUDR-compliant. Nothing else is needed for now. (demo)",
    },
    3,
  );
  await write(
    ACT.exporter,
    {
      to: "person",
      loginId: "BUY-0001",
      subject: "Cocoa for the Hamburg contract",
      body: "We need about 1.2 t more grade A cocoa before the end of next month. Can you supply it? (demo)",
    },
    {
      actor: ACT.buyer,
      body: "Yes: 300 kg are listed in the sellers hub now, and about 900 kg more come in after the next harvest round. (demo)",
    },
    2,
  );
  return created;
}
