/**
 * The sellers hub (docs/sellers-hub.md): a listed lot gets an offer, the offer is
 * accepted and the resulting batch's custody shows the purchase; an expected harvest above what
 * the plots can yield is refused with the figures; contact details only for the accepted
 * counterpart; IDOR (another's lot or offer answers 404).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api as batchApi, buy, rows, seedAndSignIn, who } from "./batches-fixtures";
import { bearer, call } from "./helpers";

type Body = {
  success: boolean;
  message?: string;
  errors?: Record<string, string[]>;
  [k: string]: unknown;
};

function hub(path: string, as: keyof typeof who, body?: unknown) {
  return bearer(who[as].token, `/api/hub${path}`, body === undefined ? "GET" : "POST", body);
}
async function j(res: Response) {
  return (await res.json()) as Body;
}

const harvestLot = (over: Record<string, unknown> = {}) => ({
  source: "harvest",
  commodity: "Cocoa",
  plotCodes: ["PLT-000001-01", "PLT-000001-02"],
  quantityKg: 300,
  pricePerKg: "2.40",
  currency: "USD",
  ...over,
});

beforeAll(async () => {
  await seedAndSignIn();
  await env.DB.batch([
    env.DB.prepare("UPDATE users SET phone = '+231 770 000 111' WHERE id = ?").bind(who.farmer.account.id),
    env.DB.prepare("UPDATE users SET phone = '+231 880 000 222' WHERE id = ?").bind(who.buyer.account.id),
  ]);
});

describe("an expected-harvest lot: offer, acceptance, purchase on the custody chain", () => {
  let lotId = "";
  let acceptedOffer = "";
  let declinedOffer = "";

  it("refuses a lot above what the plots can still yield, with the figures", async () => {
    const res = await hub("/lots", "farmer", harvestLot({ quantityKg: 5000 }));
    const body = await j(res);
    expect(res.status).toBe(400);
    const msg = body.errors?.quantityKg?.[0] ?? "";
    expect(msg).toMatch(/more than these plots can still yield/);
    expect(msg).toMatch(/1\.5 ha × [\d,]+ kg\/ha/);
    expect(msg).toMatch(/leaves [\d,.]+ kg/);
  });

  it("refuses another farmer's plot and an ineligible plot", async () => {
    const res = await hub("/lots", "farmer", harvestLot({ plotCodes: ["PLT-100002-01"] }));
    expect(res.status).toBe(400);
    expect((await j(res)).errors?.plotCodes?.[0]).toMatch(/not one of your plots/);
  });

  // The lot's life runs down the nested describes (listed, offered, one offer accepted): each
  // describe's beforeAll takes the step it is about, so every test finds its state in the hooks.
  describe("listed", () => {
    beforeAll(async () => {
      const res = await hub("/lots", "farmer", harvestLot({ submissionId: crypto.randomUUID() }));
      const body = await j(res);
      expect(res.status, JSON.stringify(body)).toBe(201);
      lotId = body.lotId as string;
    });

    it("lists the lot; the listing shows commodity, county, EUDR status and price, never the seller", async () => {
      const list = (await j(await hub("/lots", "exporter"))).lots as Record<string, unknown>[];
      const lot = list.find((l) => l.id === lotId)!;
      expect(lot).toMatchObject({
        commodity: "Cocoa",
        county: "Bong County",
        eudrStatus: "pending",
        remainingKg: 300,
      });
      expect((lot.askingPrice as { text: string }).text).toBe("US$ 2.40 per kg");
      const text = JSON.stringify(list);
      expect(text).not.toMatch(/Korto|Gbowee|\+231|PLT-000001|sellerId/);
    });

    it("an exporter cannot buy an expected harvest (the purchase is the buyer's step)", async () => {
      const res = await hub(`/lots/${lotId}/offers`, "exporter", {
        quantityKg: 100,
        pricePerKg: 2.5,
        currency: "USD",
      });
      expect(res.status).toBe(403);
    });

    describe("with the buyer's two offers", () => {
      beforeAll(async () => {
        const a = await hub(`/lots/${lotId}/offers`, "buyer", {
          quantityKg: 200,
          pricePerKg: 2.5,
          currency: "USD",
          grade: "A",
        });
        expect(a.status).toBe(201);
        acceptedOffer = (await j(a)).offerId as string;
        const b = await hub(`/lots/${lotId}/offers`, "buyer", {
          quantityKg: 50,
          pricePerKg: 2.1,
          currency: "USD",
          grade: "B",
        });
        expect(b.status).toBe(201);
        declinedOffer = (await j(b)).offerId as string;
      });

      it("a buyer makes two offers; the farmer is notified", async () => {
        const notices = await rows<{ kind: string }>(
          "SELECT kind FROM notifications WHERE user_id = ? AND kind = 'market_offer'",
          who.farmer.account.id,
        );
        expect(notices.length).toBe(2);
        // Pending: the seller sees no contact details of the buyer, nor the buyer the seller's.
        const mine = await j(await hub("/offers", "farmer"));
        expect(JSON.stringify(mine)).not.toMatch(/\+231/);
        expect(JSON.stringify(await j(await hub("/offers", "buyer")))).not.toMatch(/\+231/);
      });

      it("IDOR: the buyer cannot accept an offer on someone else's lot; the exporter has no decision right", async () => {
        expect((await hub(`/offers/${acceptedOffer}/accept`, "buyer", {})).status).toBe(404);
        expect((await hub(`/offers/${acceptedOffer}/accept`, "exporter", {})).status).toBe(403);
        expect((await hub(`/offers/${acceptedOffer}/decline`, "buyer", {})).status).toBe(404);
      });

      describe("the farmer accepts one and declines the other", () => {
        let accepted: Body;
        beforeAll(async () => {
          const res = await hub(`/offers/${acceptedOffer}/accept`, "farmer", {});
          accepted = await j(res);
          expect(res.status, JSON.stringify(accepted)).toBe(200);
          expect((await hub(`/offers/${declinedOffer}/decline`, "farmer", {})).status).toBe(200);
        });

        it("the farmer accepts: the purchase is recorded as the buyer's batch, with the custody event and audit rows", async () => {
          const code = accepted.batchCode as string;
          expect(code).toMatch(/^LR-COC-/);
          // Idempotent: accepting again answers the same outcome, no second batch.
          const again = await j(await hub(`/offers/${acceptedOffer}/accept`, "farmer", {}));
          expect(again.batchCode).toBe(code);
          const [batch] = await rows<{
            holder_id: string;
            weight_g: number;
            grade: string;
          }>("SELECT holder_id, weight_g, grade FROM batches WHERE batch_code = ?", code);
          expect(batch).toMatchObject({
            holder_id: who.buyer.account.id,
            weight_g: 200_000,
            grade: "A",
          });
          // The agreed price is the purchase's price: 200 kg × US$ 2.50 = US$ 500.00.
          const [purchase] = await rows<{
            price_per_kg_minor: number;
            currency: string;
            total_minor: number;
          }>(
            "SELECT p.price_per_kg_minor, p.currency, p.total_minor FROM purchases p JOIN batches b ON b.id = p.batch_id WHERE b.batch_code = ?",
            code,
          );
          expect(purchase).toEqual({
            price_per_kg_minor: 250,
            currency: "USD",
            total_minor: 50_000,
          });
          const view = await j(await batchApi(`/${code}`, "buyer"));
          expect(JSON.stringify(view)).toMatch(/"toStatus":"purchased"/);
          const audit = await rows<{ action: string }>(
            "SELECT action FROM audit_log WHERE action IN ('batch.purchase', 'offer.accept') AND (entity_id = ? OR entity_id = ?)",
            code,
            acceptedOffer,
          );
          expect(audit.map((a) => a.action).sort()).toEqual(["batch.purchase", "offer.accept"]);
          const [lot] = await rows<{ remaining_g: number; status: string }>(
            "SELECT remaining_g, status FROM lots WHERE id = ?",
            lotId,
          );
          expect(lot).toMatchObject({ remaining_g: 100_000, status: "open" });
        });

        it("contact details: the accepted counterpart sees them, the declined one does not", async () => {
          const buyerView = await j(await hub("/offers", "buyer"));
          const offers = buyerView.myOffers as {
            id: string;
            contact: { phone: string } | null;
          }[];
          expect(offers.find((o) => o.id === acceptedOffer)?.contact?.phone).toBe("+231 770 000 111");
          expect(offers.find((o) => o.id === declinedOffer)?.contact).toBeNull();
          const farmerView = await j(await hub("/offers", "farmer"));
          const onLot = (
            farmerView.myLots as {
              offers: { id: string; contact: { phone: string } | null }[];
            }[]
          ).flatMap((l) => l.offers);
          expect(onLot.find((o) => o.id === acceptedOffer)?.contact?.phone).toBe("+231 880 000 222");
          expect(onLot.find((o) => o.id === declinedOffer)?.contact).toBeNull();
          // A declined offer cannot be accepted afterwards.
          expect((await hub(`/offers/${declinedOffer}/accept`, "farmer", {})).status).toBe(409);
        });

        it("the sold quantity counts against the plots: a new lot above what is left is refused", async () => {
          // 1.5 ha: 200 kg bought and 100 kg still listed count against the capacity.
          const res = await hub("/lots", "farmer", harvestLot({ quantityKg: 5000 }));
          expect((await j(res)).errors?.quantityKg?.[0]).toMatch(/200 kg already sold and 100 kg listed/);
        });
      });
    });
  });
});

describe("a batch lot: the buyer sells a batch they hold to an exporter", () => {
  it("lists only a batch the buyer holds, whole; the exporter's accepted offer records the agreement without a custody event", async () => {
    const batch = await buy({ weightKg: 400 });
    // The farmer holds no batch: they list harvests only.
    expect(
      (
        await hub("/lots", "farmer", {
          source: "batch",
          batchCode: batch.batchCode,
          quantityKg: 400,
          pricePerKg: 3,
          currency: "USD",
        })
      ).status,
    ).toBe(400);
    const part = await hub("/lots", "buyer", {
      source: "batch",
      batchCode: batch.batchCode,
      quantityKg: 100,
      pricePerKg: 3,
      currency: "USD",
    });
    expect((await j(part)).errors?.quantityKg?.[0]).toMatch(/sold whole/);
    const res = await hub("/lots", "buyer", {
      source: "batch",
      batchCode: batch.batchCode,
      quantityKg: 400,
      pricePerKg: 3,
      currency: "USD",
    });
    expect(res.status).toBe(201);
    const lotId = (await j(res)).lotId as string;
    const twice = await hub("/lots", "buyer", {
      source: "batch",
      batchCode: batch.batchCode,
      quantityKg: 400,
      pricePerKg: 3,
      currency: "USD",
    });
    expect(twice.status).toBe(409);
    const offer = await j(
      await hub(`/lots/${lotId}/offers`, "exporter", {
        quantityKg: 400,
        pricePerKg: 3.2,
        currency: "USD",
      }),
    );
    const offerId = offer.offerId as string;
    // The farmer is not the seller of this lot.
    expect((await hub(`/offers/${offerId}/accept`, "farmer", {})).status).toBe(404);
    const accepted = await j(await hub(`/offers/${offerId}/accept`, "buyer", {}));
    expect(accepted.batchCode).toBe(batch.batchCode);
    const events = await rows<{ to_status: string }>(
      "SELECT to_status FROM custody_events WHERE batch_id = ?",
      batch.id,
    );
    expect(events.map((e) => e.to_status)).toEqual(["purchased"]);
    const market = await j(await hub("/offers", "exporter"));
    const mine = (market.myOffers as { id: string; status: string; contact: unknown }[]).find((o) => o.id === offerId);
    expect(mine?.status).toBe("accepted");
    expect(mine?.contact).not.toBeNull();
  });
});

describe("GET /api/hub/offers by role", () => {
  it("answers farmers, buyers and exporters; refuses the other roles", async () => {
    for (const role of ["farmer", "buyer", "exporter"] as const) expect((await hub("/offers", role)).status).toBe(200);
    for (const role of ["warehouse", "port", "dg", "ddgots"] as const)
      expect((await hub("/offers", role)).status).toBe(403);
  });
});

describe("/exporter/marketplace: the lots that fit my open orders", () => {
  it("with no open order it shows every open batch lot and says so; with one it names the order and what it still lacks", async () => {
    const batch = await buy({ weightKg: 250 });
    const listed = await hub("/lots", "buyer", {
      source: "batch",
      batchCode: batch.batchCode,
      quantityKg: 250,
      pricePerKg: 3,
      currency: "USD",
    });
    expect(listed.status).toBe(201);
    const page = async () =>
      (
        await call("/exporter/marketplace", {
          headers: { Cookie: `__Host-eip_session=${who.exporter.token}` },
        })
      ).text();
    const before = await page();
    expect(before).toContain("I have no open order still to fill");
    expect(before).not.toContain('data-testid="fits"');

    const made = await bearer(who.exporter.token, "/api/orders", "POST", {
      buyerName: "Rotterdam Cocoa BV",
      buyerCountry: "NL",
      commodity: "Cocoa",
      quantity: "1.5",
      unit: "t",
      price: "3100.00",
      currency: "USD",
      incoterm: "FOB",
      deliveryFrom: "2026-12-01",
      deliveryTo: "2027-01-31",
    });
    expect(made.status).toBe(201);
    const code = ((await j(made)).order as { code: string }).code;
    const after = await page();
    expect(after).toContain("Open batch lots of the commodities my open orders still need (Cocoa)");
    expect(after).toContain(`Fits ${code} (1,500 kg still to fill)`);
  });
});
