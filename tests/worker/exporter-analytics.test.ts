/**
 * /exporter/analytics. Every figure on the page is checked against an independent SQL
 * count or sum over the seeded records (orders, shipment lines, allocated batches, purchases, world
 * price points); exporter B never sees exporter A's figures; world prices in another currency are
 * never set beside the price paid.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "#worker/domain/money";
import { formatKg } from "#worker/domain/weight";
import { secondExporter } from "./auth-helpers";
import { exportOrder, one, portReadyBatch, rows, seedAndSignIn, who } from "./batches-fixtures";
import { bearer, call } from "./helpers";
import { issueLicence } from "./licence-fixtures";

type Body = { success: boolean; message?: string; [k: string]: unknown };
let tokenB = "";
let exporterA = "";

const as = bearer;
const A = (path: string, method = "GET", body?: unknown) => as(who.exporter.token, path, method, body);
const read = async (res: Response) => (await res.json()) as Body;
const page = async (token: string, path = "/exporter/analytics?period=all") => {
  const res = await call(path, { headers: { Cookie: `__Host-eip_session=${token}` } });
  expect(res.status).toBe(200);
  return res.text();
};
/** The text of the cells of the row `data-key="key"` in the table `data-testid="testId"`. */
function cells(html: string, testId: string, key: string): string[] {
  const table = html.split(`data-testid="${testId}"`)[1]?.split("</table>")[0] ?? "";
  const row = table.split(`data-key="${key}"`)[1]?.split("</tr>")[0] ?? "";
  return [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) =>
    m[1]!
      .replace(/<[^>]+>/g, "")
      .replace(/<!-- -->/g, "")
      .replace(/\s+/g, " ")
      .trim(),
  );
}
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

const readyBatch = async (over: Record<string, unknown>, kg: number) =>
  (await portReadyBatch({ paymentMethod: "cash", ...over }, kg)).batchCode;

beforeAll(async () => {
  await seedAndSignIn();
  exporterA = who.exporter.account.id;
  tokenB = (await secondExporter("EXP-20260201-779")).token;
  // Exporter B trades too (its own orders): a licence issued through the services (ADR 029).
  await issueLicence("exporter", "exporter-b");

  const a = await readyBatch({ pricePerKg: "2.50", currency: "USD" }, 400);
  const b = await readyBatch({ pricePerKg: "3.10", currency: "USD" }, 300);
  const c = await readyBatch({ pricePerKg: "500.00", currency: "LRD" }, 200);
  const o1 = (await read(await A("/api/orders", "POST", exportOrder()))).order as { code: string };
  const o2 = (await read(await A("/api/orders", "POST", exportOrder({ buyerCountry: "FR", quantity: "1" })))).order as {
    code: string;
  };
  for (const [oc, bc] of [
    [o1.code, a],
    [o1.code, b],
    [o2.code, c],
  ] as const)
    expect((await A(`/api/orders/${oc}/allocations`, "POST", { batchCode: bc })).status, bc).toBe(201);
  const ship = await A("/api/shipments", "POST", { orderCode: o1.code, batchCodes: [a, b] });
  expect(ship.status, (await read(ship.clone())).message).toBe(201);
  const ship2 = await A("/api/shipments", "POST", { orderCode: o2.code, batchCodes: [c] });
  expect(ship2.status, (await read(ship2.clone())).message).toBe(201);
  // The allocated LRD batch is later held for review: the compliance rate counts it as not compliant.
  await env.DB.prepare("UPDATE batches SET compliance_status = 'held_for_review' WHERE batch_code = ?").bind(c).run();
  // Exporter B's own order, which A must never see.
  expect((await as(tokenB, "/api/orders", "POST", exportOrder({ buyerCountry: "NL", quantity: "5" }))).status).toBe(
    201,
  );
  // World prices: USD per tonne and per lb (converted per kg), and a EUR point never compared.
  const today = new Date().toISOString().slice(0, 10);
  await env.DB.batch(
    [
      ["p1", "cocoa", "ICCO daily price", "tonne", 300_000, "USD"],
      ["p2", "cocoa", "Exchange settlement", "lb", 150, "USD"],
      ["p3", "cocoa", "Euro exchange", "tonne", 280_000, "EUR"],
    ].map(([id, c_, src, unit, amount, cur]) =>
      env.DB.prepare(
        "INSERT INTO price_points (id, commodity, date, source, unit, amount_minor, currency, is_sample) VALUES (?, ?, ?, ?, ?, ?, ?, 0)",
      ).bind(id, c_, today, src, unit, amount, cur),
    ),
  );
}, 240_000);

describe("/exporter/analytics", () => {
  it("volumes by commodity, destination and month equal SQL sums over my orders and what left (exported steps)", async () => {
    const html = await page(who.exporter.token);
    const ordered = await rows<{ k: string; g: number; n: number }>(
      "SELECT buyer_country AS k, SUM(quantity_g) AS g, COUNT(*) AS n FROM orders WHERE exporter_id = ? GROUP BY buyer_country",
      exporterA,
    );
    // Shipped: what left (db/queries/figures.ts), the standing `exported` steps I signed, by the
    // destination of the exported shipment it left in; a shipment still being composed ships nothing.
    const left = `SELECT e.batch_id, coalesce(e.weight_out_g, e.weight_in_g, b.weight_g, 0) AS g FROM custody_events e
       JOIN batches b ON b.id = e.batch_id WHERE e.to_status = 'exported' AND e.voided_at IS NULL AND e.actor_id = ?1`;
    const shipped = await rows<{ k: string; g: number }>(
      `SELECT coalesce(o.buyer_country, '') AS k, SUM(x.g) AS g FROM (${left}) x
       LEFT JOIN (SELECT sb.batch_id, s.order_id FROM shipment_batches sb JOIN shipments s ON s.id = sb.shipment_id AND s.status = 'exported') l
         ON l.batch_id = x.batch_id
       LEFT JOIN orders o ON o.id = l.order_id GROUP BY k`,
      exporterA,
    );
    expect(ordered.map((r) => r.k).sort()).toEqual(["DE", "FR"]);
    for (const r of ordered) {
      const row = cells(html, "volumes-destination", r.k);
      expect(row[1]).toBe(`${formatKg(r.g)} (${r.n})`);
      expect(row[2]).toBe(formatKg(shipped.find((s) => s.k === r.k)?.g ?? 0));
    }
    const total = await one<{ g: number; s: number }>(
      `SELECT (SELECT SUM(quantity_g) FROM orders WHERE exporter_id = ?1) AS g,
              (SELECT coalesce(SUM(coalesce(e.weight_out_g, e.weight_in_g, b.weight_g, 0)), 0) FROM custody_events e JOIN batches b ON b.id = e.batch_id
                WHERE e.to_status = 'exported' AND e.voided_at IS NULL AND e.actor_id = ?1) AS s`,
      exporterA,
    );
    expect(cells(html, "volumes-commodity", "Cocoa")).toEqual([
      "Cocoa",
      `${formatKg(total!.g)} (2)`,
      formatKg(total!.s),
    ]);
    const month = new Date().toISOString().slice(0, 7);
    expect(cells(html, "volumes-month", month).slice(1)).toEqual([`${formatKg(total!.g)} (2)`, formatKg(total!.s)]);
    // The charts are SVG drawn on the server, each labelled.
    expect(html).toContain('<svg viewBox="0 0 360');
    expect(html).toContain("<title");
  });

  it("the compliance rate of my allocated and shipped stock equals SQL counts by batch and by weight", async () => {
    const html = await page(who.exporter.token);
    const c = await one<{ n: number; ok: number; g: number; okg: number }>(
      `SELECT COUNT(*) AS n, SUM(compliance_status = 'compliant') AS ok, SUM(weight_g) AS g,
              SUM(CASE WHEN compliance_status = 'compliant' THEN weight_g ELSE 0 END) AS okg
       FROM batches WHERE id IN (SELECT a.batch_id FROM order_allocations a JOIN orders o ON o.id = a.order_id WHERE o.exporter_id = ?1
                                 UNION SELECT sb.batch_id FROM shipment_batches sb JOIN shipments s ON s.id = sb.shipment_id WHERE s.exporter_id = ?1)`,
      exporterA,
    );
    expect(c).toMatchObject({ n: 3, ok: 2 });
    const t = text(html.split('data-testid="compliance"')[1]!.split("</table>")[0]!);
    const pct = (x: number, y: number) => `${Math.round((x / y) * 1000) / 10} %`;
    expect(t).toContain(`Batches ${c!.ok} ${c!.n} ${pct(c!.ok, c!.n)}`);
    expect(t).toContain(`Weight ${formatKg(c!.okg)} ${formatKg(c!.g)} ${pct(c!.okg, c!.g)}`);
  });

  it("the price paid to farmers is the weight-weighted mean per currency, beside the world price per kg in that currency only", async () => {
    const html = await page(who.exporter.token);
    const paid = await rows<{ cur: "USD" | "LRD"; w: number; g: number }>(
      `SELECT p.currency AS cur, SUM(p.price_per_kg_minor * b.weight_g) AS w, SUM(b.weight_g) AS g
       FROM purchases p JOIN batches b ON b.id = p.batch_id
       WHERE p.batch_id IN (SELECT sb.batch_id FROM shipment_batches sb JOIN shipments s ON s.id = sb.shipment_id WHERE s.exporter_id = ?)
       GROUP BY p.currency`,
      exporterA,
    );
    expect(paid.map((p) => p.cur).sort()).toEqual(["LRD", "USD"]);
    const usd = paid.find((p) => p.cur === "USD")!;
    const usdBlock = text(html.split('data-testid="price-Cocoa-USD"')[1]!.split("</table>")[0]!);
    expect(usdBlock).toContain(
      `Paid to farmers ${formatMoney({ amountMinor: Math.round(usd.w / usd.g), currency: "USD" })}`,
    );
    // 3,000.00 USD per tonne = 3.00 per kg; 1.50 USD per lb × 2.20462262 = 3.31 per kg.
    const world = await rows<{ unit: string; a: number }>(
      "SELECT unit, amount_minor AS a FROM price_points WHERE commodity = 'cocoa' AND currency = 'USD' ORDER BY unit",
    );
    expect(world).toEqual([
      { unit: "lb", a: 150 },
      { unit: "tonne", a: 300_000 },
    ]);
    expect(usdBlock).toContain("Cocoa world price US$ 3.00 ICCO daily price, 1 points");
    expect(usdBlock).toContain("Cocoa world price US$ 3.31 Exchange settlement, 1 points");
    expect(usdBlock).not.toContain("Euro exchange");
    const lrd = paid.find((p) => p.cur === "LRD")!;
    const lrdBlock = text(html.split('data-testid="price-Cocoa-LRD"')[1]!.split("</h3>").slice(1).join(""));
    expect(lrdBlock).toContain(formatMoney({ amountMinor: Math.round(lrd.w / lrd.g), currency: "LRD" }));
    expect(lrdBlock).toContain("No world price in LRD in this period.");
    expect(lrdBlock).toContain("World prices in EUR, USD are not compared: they are in another currency.");
  });

  it("exporter B sees only B's figures, never A's (IDOR)", async () => {
    const html = await page(tokenB);
    expect(cells(html, "volumes-destination", "NL")[1]).toBe(`${formatKg(5_000_000)} (1)`);
    expect(html).not.toContain('data-key="DE"');
    expect(html).not.toContain('data-key="FR"');
    expect(html).toContain("No batch allocated or shipped in this period.");
    expect(html).toContain("No purchase price recorded for the batches in your shipments.");
    // A's id in the query string changes nothing: the scope is the signed-in exporter.
    const tampered = await page(tokenB, `/exporter/analytics?period=all&exporterId=${exporterA}`);
    expect(tampered).not.toContain('data-key="DE"');
  });

  it("filters: a commodity without records is empty; an unknown period falls back to 12 months", async () => {
    const coffee = await page(who.exporter.token, "/exporter/analytics?period=all&commodity=Coffee");
    expect(coffee).not.toContain('data-key="DE"');
    expect(coffee).toContain("No orders or shipments in this period.");
    const odd = await page(who.exporter.token, "/exporter/analytics?period=zzz");
    expect(odd).toContain('aria-current="page"');
    expect(text(odd)).toMatch(/since \d{4}-\d{2}-\d{2}/);
    expect(cells(odd, "volumes-destination", "DE").length).toBe(3);
  });
});
