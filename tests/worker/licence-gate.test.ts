/**
 * ADR 029: every trade write checks the acting organisation's licence in one place
 * (worker/services/licensing/require-licence.ts). A role × action × licence-state matrix: each
 * write of the buyer (purchase, dispatch, split, merge, listing, sale) and of the exporter (order,
 * allocation, offer, export step) is refused with 403 naming the licence and its state while the
 * licence was never issued, is suspended, revoked or expired, and succeeds with a valid or
 * reinstated licence. Suspension holds the holder's open lots and offers with the reason.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { api, buy, exportOrder, purchase, seedAndSignInWith, step, who } from "./batches-fixtures";
import { bearer, one } from "./helpers";
import { issueLicence, stepLicenceAsDg } from "./licence-fixtures";

type Body = { message?: string; [k: string]: unknown };
const post = (path: string, as: keyof typeof who, body: unknown) => bearer(who[as].token, path, "POST", body);
const read = async (res: Response) => (await res.json()) as Body;

const order = exportOrder({ quantity: "0.5" });

/** Fresh purchases made while the buyer's licence is valid: the material the other writes act on. */
let stock: string[] = [];
let orderCode = "";
let lotId = "";
let offerId = "";
let portBatch = "";

type Write = {
  role: "buyer" | "exporter";
  name: string;
  run: () => Promise<Response>;
  ok: number[];
};
const BUYER_WRITES: Write[] = [
  {
    role: "buyer",
    name: "purchase",
    run: () => api("", "buyer", purchase({ weightKg: 50 })),
    ok: [201],
  },
  {
    role: "buyer",
    name: "dispatch",
    run: () =>
      post(`/api/inspections/dispatch/${stock[0]}`, "buyer", {
        warehouseInspectorId: "demo-warehouse-inspector",
      }),
    ok: [200, 201],
  },
  {
    role: "buyer",
    name: "split",
    run: () => api(`/${stock[1]}/split`, "buyer", { weights: "10, 20" }),
    ok: [201],
  },
  {
    role: "buyer",
    name: "merge",
    run: () =>
      api("/merge", "buyer", {
        batchCodes: [stock[2], stock[3]],
        location: "Gbarnga market",
      }),
    ok: [201],
  },
  {
    role: "buyer",
    name: "listing",
    run: () =>
      post("/api/hub/lots", "buyer", {
        source: "batch",
        batchCode: stock[4],
        quantityKg: 100,
        pricePerKg: 3,
        currency: "USD",
      }),
    ok: [201],
  },
];
const EXPORTER_WRITES: Write[] = [
  {
    role: "exporter",
    name: "order",
    run: () => post("/api/orders", "exporter", order),
    ok: [201],
  },
  {
    role: "exporter",
    name: "allocation",
    // With a valid licence the allocation goes on to the next rule (not yet inspected at the warehouse: 409).
    run: () =>
      post(`/api/orders/${orderCode}/allocations`, "exporter", {
        batchCode: stock[5],
      }),
    ok: [201, 409],
  },
  {
    role: "exporter",
    name: "offer",
    run: () =>
      post(`/api/hub/lots/${lotId}/offers`, "exporter", {
        quantityKg: 100,
        pricePerKg: 3,
        currency: "USD",
      }),
    ok: [201],
  },
  {
    role: "exporter",
    name: "export step",
    // With a valid licence the step goes on to the next rule (the batch is not EUDR-compliant: 409).
    run: () => api(`/${portBatch}/transfer`, "exporter", step("exported", 95, { location: "Freeport of Monrovia" })),
    ok: [409],
  },
];

async function expectRefused(writes: Write[], words: RegExp) {
  for (const w of writes) {
    const res = await w.run();
    const body = await read(res);
    expect(res.status, `${w.role} ${w.name}: ${body.message}`).toBe(403);
    expect(body.message, `${w.role} ${w.name}`).toMatch(words);
  }
}
async function expectAllowed(writes: Write[]) {
  for (const w of writes) {
    const res = await w.run();
    const body = await read(res);
    expect(w.ok, `${w.role} ${w.name}: ${res.status} ${body.message}`).toContain(res.status);
    if (res.status === 409) expect(body.message).not.toMatch(/licence/i);
  }
}

let buyerLicence: { id: string; number: string | null };
let exporterLicence: { id: string; number: string | null };

beforeAll(async () => {
  await seedAndSignInWith([]);
});

describe("never issued", () => {
  it("every buyer and exporter write is refused, naming the missing licence", async () => {
    await expectRefused(
      [BUYER_WRITES[0]!],
      /^You hold no buyer licence: you cannot record a purchase until one is issued/,
    );
    await expectRefused(
      [EXPORTER_WRITES[0]!],
      /^You hold no exporter licence: you cannot create or fill an export order/,
    );
  });
});

/** Seven fresh purchases (the buyer's licence must be valid): stock for the writes, and a listed lot. */
async function freshStock() {
  stock = [];
  for (let i = 0; i < 7; i++) stock.push((await buy({ weightKg: 100 })).batchCode);
  const lot = await read(
    await post("/api/hub/lots", "buyer", {
      source: "batch",
      batchCode: stock[6],
      quantityKg: 100,
      pricePerKg: 3,
      currency: "USD",
    }),
  );
  lotId = lot.lotId as string;
}

/** A pending offer of the exporter on `lot` (the exporter's licence must be valid). */
async function offerOn(lot: string) {
  const res = await post(`/api/hub/lots/${lot}/offers`, "exporter", {
    quantityKg: 100,
    pricePerKg: 3,
    currency: "USD",
  });
  expect(res.status).toBe(201);
  return (await one<{ id: string }>("SELECT id FROM offers WHERE lot_id = ? AND status = 'pending'", lot)).id;
}

// The licences' life runs down the nested describes (never issued, valid, suspended, reinstated,
// revoked): each describe's beforeAll takes the step it is about, so a test finds the state it
// needs from the hooks above it, whichever test runs, and the tests only look and write.
describe("valid", () => {
  beforeAll(async () => {
    // With a valid buyer licence the buyer buys the stock the other writes use.
    buyerLicence = await issueLicence("buyer");
    await freshStock();
    // A batch at the port: the exporter's export step acts on it.
    portBatch = (await buy({ weightKg: 100 })).batchCode;
    await env.DB.prepare("UPDATE batches SET status = 'port_inspected' WHERE batch_code = ?").bind(portBatch).run();
    orderCode = "LR-ORD-NONE";
  });

  it("the exporter without a licence is still refused everywhere", async () => {
    await expectRefused(
      [EXPORTER_WRITES[0]!, EXPORTER_WRITES[2]!, EXPORTER_WRITES[3]!],
      /^You hold no exporter licence/,
    );
  });

  describe("the exporter's only licence has expired", () => {
    let expired: Awaited<ReturnType<typeof issueLicence>>;
    beforeAll(async () => {
      const yearAndMonthAgo = new Date(Date.now() - 400 * 86_400_000);
      expired = await issueLicence("exporter", "demo-exporter", {
        now: yearAndMonthAgo,
      });
    });

    it("an expired exporter licence is refused with its number and end date", async () => {
      await expectRefused(
        [EXPORTER_WRITES[0]!, EXPORTER_WRITES[2]!, EXPORTER_WRITES[3]!],
        new RegExp(`^Exporter licence ${expired.number} expired on ${expired.validUntil}: you cannot`),
      );
    });

    describe("both hold valid licences", () => {
      beforeAll(async () => {
        exporterLicence = await issueLicence("exporter");
        const made = await read(await post("/api/orders", "exporter", order));
        orderCode = (made.order as { code: string }).code;
      });

      it("with valid licences every write of both succeeds", async () => {
        await expectAllowed(BUYER_WRITES);
        await expectAllowed(EXPORTER_WRITES);
      });

      describe("suspended", () => {
        const reason = "Licence fee invoice overdue by more than 14 days";
        let heldLot = "";
        beforeAll(async () => {
          // A listed lot with the exporter's pending offer, then a second listed lot: suspension
          // holds both lots and the offer.
          await freshStock();
          heldLot = lotId;
          offerId = await offerOn(heldLot);
          await freshStock();
          await stepLicenceAsDg(buyerLicence.id, "suspend", reason);
          await stepLicenceAsDg(exporterLicence.id, "suspend", reason);
        });

        it("holds the holder's open lots and offers, with the reason", async () => {
          for (const id of [heldLot, lotId])
            expect(await one("SELECT status, held_reason FROM lots WHERE id = ?", id)).toEqual({
              status: "held",
              held_reason: `Buyer licence ${buyerLicence.number} is suspended: ${reason}`,
            });
          expect(await one("SELECT status, held_reason FROM offers WHERE id = ?", offerId)).toEqual({
            status: "held",
            held_reason: `Exporter licence ${exporterLicence.number} is suspended: ${reason}`,
          });
          // Held lots leave the market.
          const market = await read(await bearer(who.exporter.token, "/api/hub/lots"));
          expect(JSON.stringify(market)).not.toContain(heldLot);
        });

        it("every write is refused with 403 naming the licence, its state and the reason", async () => {
          const words = (kind: string, number: string | null) =>
            new RegExp(
              `^${kind} licence ${number} is suspended \\(${reason}\\): you cannot .+ until it is reinstated$`,
            );
          await expectRefused(BUYER_WRITES, words("Buyer", buyerLicence.number));
          await expectRefused(EXPORTER_WRITES, words("Exporter", exporterLicence.number));
        });

        it("a held offer cannot be accepted", async () => {
          const res = await post(`/api/hub/offers/${offerId}/accept`, "buyer", {});
          expect(res.status).toBe(409);
          expect((await read(res)).message).toBe("This offer was already held");
        });

        describe("reinstated", () => {
          beforeAll(async () => {
            await stepLicenceAsDg(buyerLicence.id, "reinstate", "Fee paid on 2026-11-20, reference LBDI-4411");
            await stepLicenceAsDg(exporterLicence.id, "reinstate", "Fee paid on 2026-11-20, reference LBDI-4412");
          });

          it("releases the held lots and offers, and every write succeeds again; the sale goes through", async () => {
            expect(await one("SELECT status, held_reason FROM offers WHERE id = ?", offerId)).toEqual({
              status: "pending",
              held_reason: null,
            });
            expect(await one("SELECT status, held_reason FROM lots WHERE id = ?", lotId)).toEqual({
              status: "open",
              held_reason: null,
            });
            const accepted = await post(`/api/hub/offers/${offerId}/accept`, "buyer", {});
            expect(accepted.status, (await read(accepted.clone())).message).toBe(200);
            await freshStock();
            await expectAllowed(BUYER_WRITES);
            await expectAllowed(EXPORTER_WRITES);
          });

          describe("revoked", () => {
            beforeAll(async () => {
              await freshStock();
              await stepLicenceAsDg(buyerLicence.id, "revoke", "Trading without weighing scales certified by the LRA");
            });

            it("every write is refused naming the revoked licence", async () => {
              await expectRefused(BUYER_WRITES, new RegExp(`^Buyer licence ${buyerLicence.number} is revoked`));
            });
          });
        });
      });
    });
  });
});
