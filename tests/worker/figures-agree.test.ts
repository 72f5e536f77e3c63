/**
 * One number, one meaning (ADR 035, db/queries/figures.ts): on the demo data, the weight purchased
 * and the weight exported read the same on the DG's dashboard, public and observer monitoring (the
 * figures the PDF reports are built from: worker/services/reports/report-data.ts), the exporter's
 * dashboard (the DG's read-only view of every exporter, and the exporter's own) and analytics, and
 * a farmer's sales read what her buyer recorded at the purchase. Each is compared with a sum this
 * file computes in its own SQL from the custody chain: weight and date at the purchase, weight that left.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { formatKg } from "#worker/domain/weight";
import { sessionAs } from "./factories";
import { bearer, call, rows } from "./helpers";
import { decodeHtml } from "./html";

const TODAY = new Date().toISOString().slice(0, 10);
const session = new Map<string, { cookie: string; token: string }>();

async function page(role: string | null, path: string) {
  const res = await call(path, role ? { headers: { Cookie: session.get(role)!.cookie } } : {});
  expect(res.status, `${role ?? "public"} ${path}`).toBe(200);
  return decodeHtml(await res.text());
}
/** The text of the element carrying data-testid="id". */
function figure(html: string, id: string): string {
  const m = new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html);
  if (!m) throw new Error(`no ${id} on the page`);
  return m[1]!.trim();
}
/** "1,234.5 kg" → grams. */
const grams = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, "")) * 1000);
/** The sum of a kg column of table data-testid="id". */
function columnGrams(html: string, id: string, column: number) {
  const body = html.split(`data-testid="${id}"`)[1]?.split("</table>")[0] ?? "";
  let g = 0;
  for (const m of body.matchAll(/<tr[^>]*data-key="[^"]*"[^>]*>([\s\S]*?)<\/tr>/g)) {
    const cells = [...m[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, ""));
    g += grams(cells[column] ?? "0");
  }
  return g;
}

/** This file's own sums: standing purchased and exported steps (not voided), per exporter for exports. */
async function truth() {
  const stepG = "coalesce(e.weight_out_g, e.weight_in_g, 0)";
  const [bought] = await rows<{ g: number; n: number }>(
    `SELECT sum(${stepG}) AS g, count(*) AS n FROM custody_events e WHERE e.to_status = 'purchased' AND e.voided_at IS NULL`,
  );
  const left = await rows<{ actor: string; g: number; n: number }>(
    `SELECT e.actor_id AS actor, sum(coalesce(e.weight_out_g, e.weight_in_g, b.weight_g, 0)) AS g, count(*) AS n
     FROM custody_events e JOIN batches b ON b.id = e.batch_id
     WHERE e.to_status = 'exported' AND e.voided_at IS NULL GROUP BY e.actor_id`,
  );
  return { purchasedG: bought?.g ?? 0, purchases: bought?.n ?? 0, exports: left };
}

beforeAll(async () => {
  for (const role of ["system_administrator", "dg", "monitoring_observer", "exporter", "farmer", "buyer"])
    session.set(role, await sessionAs(role));
  const seeded = await bearer(session.get("system_administrator")!.token, "/api/demo/seed", "POST");
  expect(seeded.status).toBe(200);
}, 300_000);

describe("purchased: the weight and date at the purchase, the same on every screen", () => {
  it("the demo data has batches whose weight moved on after the purchase (so the two meanings differ)", async () => {
    const moved = await rows<{ n: number }>(
      `SELECT count(*) AS n FROM batches b JOIN custody_events e ON e.batch_id = b.id AND e.to_status = 'purchased' AND e.voided_at IS NULL
       WHERE b.weight_g <> coalesce(e.weight_out_g, e.weight_in_g)`,
    );
    expect(moved[0]!.n).toBeGreaterThan(0);
  });

  it("DG dashboard, public monitoring and observer monitoring show the same purchased weight", async () => {
    const { purchasedG } = await truth();
    expect(purchasedG).toBeGreaterThan(0);
    const dg = await page("dg", `/dg-dashboard?from=2020-01-01&to=${TODAY}`);
    expect(columnGrams(dg, "vol-commodity", 1)).toBe(purchasedG);
    expect(columnGrams(dg, "vol-month", 1)).toBe(purchasedG);
    expect(columnGrams(dg, "vol-county", 1)).toBe(purchasedG);
    for (const role of [null, "monitoring_observer"]) {
      const html = await page(role, "/monitoring-dashboard?period=all");
      expect(grams(figure(html, "purchased")), `monitoring as ${role ?? "public"}`).toBe(purchasedG);
    }
  });

  it("a farmer's sales read the weight and the date her buyer recorded at the purchase", async () => {
    const html = await page("farmer", "/farmer-dashboard");
    const sales = [
      ...html.matchAll(
        /data-testid="farmer-sale"[\s\S]*?font-bold">([A-Z0-9-]+)<[\s\S]*?Date<\/dt><dd>([^<]+)<[\s\S]*?Weight<\/dt><dd>([^<(]+)/g,
      ),
    ].map((m) => ({ code: m[1]!, date: m[2]!.trim(), weight: m[3]!.trim() }));
    expect(sales.length).toBeGreaterThan(0);
    for (const sale of sales) {
      const [step] = await rows<{ g: number; at: string }>(
        `SELECT coalesce(e.weight_out_g, e.weight_in_g) AS g, e.occurred_at AS at FROM custody_events e JOIN batches b ON b.id = e.batch_id
         WHERE b.batch_code = ? AND e.to_status = 'purchased' AND e.voided_at IS NULL`,
        sale.code,
      );
      expect(sale.weight, sale.code).toBe(formatKg(step!.g));
      const day = new Date(step!.at);
      expect(sale.date, sale.code).toContain(String(day.getUTCDate()));
      expect(sale.date, sale.code).toContain(day.toLocaleString("en-GB", { month: "long", timeZone: "UTC" }));
      // The buyer's record of the same batch: its purchase step in GET /api/batches/:code.
      const res = await bearer(session.get("buyer")!.token, `/api/batches/${sale.code}`);
      if (res.status !== 200) continue; // bought by another demo buyer
      const body = (await res.json()) as {
        custody: { toStatus: string; weightOutKg: number | null; occurredAt: string }[];
      };
      const bought = body.custody.find((c) => c.toStatus === "purchased");
      expect(bought && formatKg(Math.round((bought.weightOutKg ?? 0) * 1000)), sale.code).toBe(sale.weight);
      expect(bought?.occurredAt, sale.code).toBe(step!.at);
    }
  });
});

describe("exported: the weight that left, the same on every screen", () => {
  it("DG dashboard, monitoring (public and observer) and the exporter dashboard read by the DG agree", async () => {
    const { exports } = await truth();
    const exportedG = exports.reduce((s, e) => s + e.g, 0);
    expect(exportedG).toBeGreaterThan(0);
    const dg = await page("dg", `/dg-dashboard?from=2020-01-01&to=${TODAY}`);
    expect(columnGrams(dg, "vol-commodity", 2)).toBe(exportedG);
    for (const role of [null, "monitoring_observer"]) {
      const html = await page(role, "/monitoring-dashboard?period=all");
      expect(grams(figure(html, "exported")), `monitoring as ${role ?? "public"}`).toBe(exportedG);
    }
    expect(grams(figure(await page("dg", "/exporter-dashboard"), "exported"))).toBe(exportedG);
  });

  it("the exporter's own dashboard and analytics count what it exported, and nothing still waiting for a permit", async () => {
    const { exports } = await truth();
    const [{ id }] = (await rows<{ id: string }>(
      "SELECT id FROM users WHERE role = 'exporter' AND login_id = ?",
      "EXP-20260115-001",
    )) as [{ id: string }];
    const mine = exports.find((e) => e.actor === id)?.g ?? 0;
    expect(mine).toBeGreaterThan(0);
    expect(grams(figure(await page("exporter", "/exporter-dashboard"), "exported"))).toBe(mine);
    const html = await page("exporter", "/exporter/analytics?period=all");
    const table = html.split('data-testid="volumes-commodity"')[1]?.split("</table>")[0] ?? "";
    const shipped = [...table.matchAll(/data-cell="shipped"[^>]*>([^<]*)</g)].reduce((s, m) => s + grams(m[1]!), 0);
    expect(shipped).toBe(mine);
  });
});
