/** Batches: who sees which batch, and the public trace page of an exported batch. */
import { renderSVG } from "uqr";
import { beforeAll, describe, expect, it } from "vitest";
import {
  api,
  type Batch,
  buyAndExport,
  FARMERS,
  one,
  rows,
  seedAndSignIn,
  splitAndMerge,
  type who,
} from "./batches-fixtures";
import { call, ORIGIN } from "./helpers";
import { decodeHtml as decode } from "./html";

beforeAll(seedAndSignIn);

let chain: Batch;
let merged: Batch;
beforeAll(async () => {
  chain = await buyAndExport();
  merged = await splitAndMerge();
});

describe("who sees which batch", () => {
  it("regulators see all; buyers what they handled; a farmer only batches of their plots, and only their own plots in them", async () => {
    const codes = async (as: keyof typeof who, query = "") => {
      const res = await api(query, as);
      expect(res.status).toBe(200);
      return ((await res.json()) as { batches: Batch[] }).batches.map((b) => b.batchCode);
    };
    const all = await codes("dg");
    const total = (await one<{ n: number }>("SELECT COUNT(*) AS n FROM batches")).n;
    expect(all).toHaveLength(Math.min(total, 25));
    expect(await codes("buyer", "?status=exported")).toEqual([chain.batchCode]);
    expect(await codes("exporter")).toEqual([chain.batchCode]);
    expect(await codes("dg", "?compliance=non_compliant&commodity=Cocoa")).toContain(merged.batchCode);

    const farmerSees = await codes("farmer");
    expect(farmerSees).toContain(chain.batchCode);
    expect(farmerSees).toContain(merged.batchCode);
    const nimbaOnly = (
      await rows<{ batch_code: string }>(
        "SELECT b.batch_code FROM batches b WHERE NOT EXISTS (SELECT 1 FROM batch_origins o WHERE o.batch_id = b.id AND o.farmer_id = 'FRM000001')",
      )
    ).map((r) => r.batch_code);
    expect(nimbaOnly.length).toBeGreaterThan(0);
    for (const c of nimbaOnly) expect(farmerSees).not.toContain(c);
    expect((await api(`/${nimbaOnly[0]}`, "farmer")).status).toBe(404);

    const view = (await (await api(`/${merged.batchCode}`, "farmer")).json()) as {
      origins: { plotCode: string; farmerId: string }[];
      hiddenOrigins: number;
    };
    expect(view.origins.map((o) => o.plotCode)).toEqual(["PLT-000001-01", "PLT-000001-02"]);
    expect(view.hiddenOrigins).toBe(1);
    const farmerCustody = (await (await api(`/${chain.batchCode}`, "farmer")).json()) as {
      custody: { latitude: number | null; note: string | null }[];
    };
    expect(farmerCustody.custody.every((e) => e.latitude === null && e.note === null)).toBe(true);
    expect(JSON.stringify(view)).not.toContain("Kpadeh");
  });
});

describe("the public trace page /qr/{batchCode}", () => {
  it("shows commodity, grade, county, compliance and the custody timeline — and nothing personal", async () => {
    const res = await call(`/qr/${chain.batchCode}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const raw = await res.text();
    const html = decode(raw);
    for (const text of [
      chain.batchCode,
      "Cocoa",
      "1801",
      "Cocoa beans, whole or broken, raw or roasted",
      "A+",
      "Bong County",
      "EUDR-compliant",
      "Exported",
      "Purchased by buyer",
      "Received at warehouse",
      "Inspected at warehouse",
      "Inspected at port",
      "Gbarnga market",
      "Freeport of Monrovia",
      "Filed by the EU buyer",
      `/api/qr/${chain.batchCode}.svg`,
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toMatch(/<svg[^>]*role="img"/);
    for (const secret of [
      ...FARMERS.flatMap((f) => [f.first, f.last, f.farmerId, f.nationalId]),
      "FRM",
      "PLT-",
      "6.995412",
      "-9.472311",
      "6.998877",
      "-9.470011",
      "6.345678",
      "25LRXQ4K3P5581",
      "KYRPJKI6",
      "Comfort",
      "12 bags",
      "demo-buyer",
    ]) {
      expect(html, secret).not.toContain(secret);
    }
    // No coordinate finer than the 0.1° grid anywhere in the page (markup or hydration data).
    expect(raw.match(/-?\b\d{1,2}\.\d{4,}\b/g) ?? []).toEqual([]);
  });

  it("answers an unknown code with a clear 404 page", async () => {
    const res = await call("/qr/LR-COC-2026-999999");
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = decode(await res.text());
    expect(html).toContain("Unknown batch code");
    expect(html).toContain("No batch with the code LR-COC-2026-999999 is registered.");
  });

  it("serves QR images (SVG and PNG) that point to the public page", async () => {
    const svg = await call(`/api/qr/${chain.batchCode}.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(svg.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await svg.text()).toBe(renderSVG(`${ORIGIN}/qr/${chain.batchCode}`, { ecc: "M", border: 4 }));

    const png = await call(`/api/qr/${chain.batchCode.toLowerCase()}.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(16)).toBe(view.getUint32(20)); // square IHDR
    expect(view.getUint32(16)).toBeGreaterThanOrEqual(200);

    const unknown = await call("/api/qr/LR-COC-2026-999999.png");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, message: "No batch with code LR-COC-2026-999999" });
  });
});
