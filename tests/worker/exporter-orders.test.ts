/**
 * Export orders, allocations, shipments and the due-diligence package through /api.
 * Allocation takes only EUDR-compliant stock and names the reason it refuses (a pending batch, a
 * plot re-assessed high risk, an order it would overfill); a shipment with a high-risk plot is never
 * created; the ZIP holds EU GeoJSON files the existing checker accepts and a CSV matching the
 * origins; the PDF names the shipment; DDS numbers land on the shipment and its batches; export
 * goes through the permit; /qr shows the shipment; exporter B never reaches exporter A's records.
 */
import { env } from "cloudflare:test";
import { strFromU8, unzipSync, unzlibSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { checkEudrGeoJson } from "#worker/domain/eudr-geojson";
import { secondExporter } from "./auth-helpers";
import { exportOrder, portReadyBatch, seedAndSignInWith, who } from "./batches-fixtures";
import { insertCertificate, once, sessionAs } from "./factories";
import { bearer, call, one, rows } from "./helpers";
import { issueLicence } from "./licence-fixtures";

type Body = { success: boolean; message?: string; errors?: Record<string, string[]>; [k: string]: unknown };
let office = "";
let tokenB = "";

const as = bearer;
const A = (path: string, method = "GET", body?: unknown) => as(who.exporter.token, path, method, body);
const B = (path: string, method = "GET", body?: unknown) => as(tokenB, path, method, body);
const read = async (res: Response) => (await res.json()) as Body;

const readyBatch = async (over: Record<string, unknown>, kg: number, compliant = true) =>
  (await portReadyBatch(over, kg, compliant)).batchCode;

const COFFEE = { farmerIds: ["FRM100004"], plotCodes: ["PLT-100004-01"], commodity: "Coffee" };

const batch: Record<string, string> = {};
/** Exporter A's first order: the one its shipment carries. */
const firstOrder = once(async () => {
  const made = await A("/api/orders", "POST", exportOrder());
  const body = await read(made);
  expect(made.status, body.message).toBe(201);
  return body.order as { code: string; quantityG: number; priceMinor: number; hsCode: string };
});

/** Batches a and b allocated to the first order, which fills it: the allocation replies. */
const filled = once(async () => {
  const { code } = await firstOrder();
  const alloc = (batchCode: string) => A(`/api/orders/${code}/allocations`, "POST", { batchCode });
  const first = await alloc(batch.a!);
  return { first, second: await read(await alloc(batch.b!)) };
});

/** The shipment of the first order's batches, its export permit recommended and approved. */
const shipped = once(async () => {
  const { code: orderCode } = await firstOrder();
  await filled();
  const made = await A("/api/shipments", "POST", { orderCode, batchCodes: [batch.a, batch.b] });
  const body = await read(made);
  expect(made.status, body.message).toBe(201);
  const shipmentCode = (body.shipment as { code: string }).code;
  const permit = (await read(await A("/api/permits", "POST", { shipmentCode }))).permit as { id: string };
  expect((await as(who.ddgots.token, `/api/permits/${permit.id}/recommend`, "POST")).status).toBe(200);
  expect((await as(who.dg.token, `/api/permits/${permit.id}/approve`, "POST")).status).toBe(200);
  return shipmentCode;
});

beforeAll(async () => {
  // Exporter A applies for its licence below, through the API; the buyer trades first (ADR 029).
  await seedAndSignInWith(["buyer"]);
  office = (await sessionAs("office_admin")).token;
  tokenB = (await secondExporter("EXP-20260201-778")).token;
  // Exporter B trades too (its own orders): a licence issued through the services (ADR 029).
  await issueLicence("exporter", "exporter-b");
  // Exporter A's licence, issued through its lifecycle (a permit needs it in force).
  const lic = (await read(await A("/api/licences", "POST", { type: "exporter", companyName: "Premium Exports" })))
    .licence as { id: string };
  for (const [s, token] of [
    ["submit", who.exporter.token],
    ["review", office],
    ["recommend", who.ddgots.token],
    ["approve", who.dg.token],
    ["issue", office],
  ] as const)
    expect((await as(token, `/api/licences/${lic.id}/${s}`, "POST")).status, s).toBe(200);
  batch.a = await readyBatch({}, 400);
  batch.b = await readyBatch({}, 300);
  batch.c = await readyBatch({}, 200);
  batch.pending = await readyBatch({}, 100, false);
  batch.e = await readyBatch(COFFEE, 150);
  batch.f = await readyBatch(COFFEE, 120);
}, 240_000);

describe("orders and allocation", () => {
  it("the exporter records an order with its quantity in grams and price in minor units; bad fields are named", async () => {
    const bad = await A("/api/orders", "POST", exportOrder({ buyerCountry: "US", quantity: "-1" }));
    const refused = await read(bad);
    expect(bad.status).toBe(400);
    expect(refused.errors?.buyerCountry?.[0]).toBe("Choose the EU member state the buyer is in");
    expect(refused.errors?.quantity?.[0]).toBe("Enter the quantity, more than 0, with at most 3 decimals");
    const o = await firstOrder();
    expect(o).toMatchObject({ quantityG: 700_000, priceMinor: 325_000, hsCode: "1801" });
    expect(o.code).toMatch(/^ORD-\d{4}-000001$/);
  });

  it("compliant batches are allocated until the order is full; over-allocation and a second allocation are refused", async () => {
    const orderCode = (await firstOrder()).code;
    const alloc = (code: string, oc = orderCode) => A(`/api/orders/${oc}/allocations`, "POST", { batchCode: code });
    const { first, second } = await filled();
    expect(first.status).toBe(201);
    expect(second.allocatedG).toBe(700_000);
    const over = await alloc(batch.c!);
    expect(over.status).toBe(409);
    expect((await read(over)).message).toBe(
      `Batch ${batch.c} cannot be allocated: Allocating 200 kg would bring the order to 900 kg, above its quantity of 700 kg (0 kg left to allocate)`,
    );
    const other = (await read(await A("/api/orders", "POST", exportOrder({ quantity: "5" })))).order as {
      code: string;
    };
    const twice = await alloc(batch.a!, other.code);
    expect(twice.status).toBe(409);
    expect((await read(twice)).message).toBe(
      `Batch ${batch.a} cannot be allocated: it is already allocated to order ${orderCode}`,
    );
    const pending = await read(await alloc(batch.pending!, other.code));
    expect(pending.message).toContain(`Batch ${batch.pending} cannot be allocated:`);
    expect(pending.message).toContain("only EUDR-compliant batches can be allocated");
    expect(
      await one(
        "SELECT COUNT(*) AS n FROM order_allocations WHERE order_id = (SELECT id FROM orders WHERE code = ?)",
        orderCode,
      ),
    ).toEqual({ n: 2 });
    const audit = await rows<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity_id = ? ORDER BY id",
      orderCode,
    );
    expect(audit.map((r) => r.action)).toEqual(["order.create", "order.allocate", "order.allocate"]);
  });

  it("a batch whose origin plot is now high risk is refused with the plot named; a shipment with it is never created", async () => {
    const coffee = (await read(await A("/api/orders", "POST", exportOrder({ commodity: "Coffee", quantity: "1" }))))
      .order as {
      code: string;
    };
    expect((await A(`/api/orders/${coffee.code}/allocations`, "POST", { batchCode: batch.e })).status).toBe(201);
    // The plot is re-assessed high risk after the allocation.
    await env.DB.prepare("UPDATE land_plots SET risk_level = 'high' WHERE plot_code = 'PLT-100004-01'").run();
    const refused = await A(`/api/orders/${coffee.code}/allocations`, "POST", { batchCode: batch.f });
    expect(refused.status).toBe(409);
    expect((await read(refused)).message).toBe(
      `Batch ${batch.f} cannot be allocated: Not EUDR-compliant: high deforestation risk on PLT-100004-01`,
    );
    const ship = await A("/api/shipments", "POST", { orderCode: coffee.code, batchCodes: [batch.e] });
    expect(ship.status).toBe(422);
    expect((await read(ship)).message).toContain("high deforestation risk on PLT-100004-01");
    expect(
      await one(
        "SELECT COUNT(*) AS n FROM shipments WHERE order_id = (SELECT id FROM orders WHERE code = ?)",
        coffee.code,
      ),
    ).toEqual({ n: 0 });
  });
});

describe("shipments, package, DDS and export", () => {
  it("composes a shipment from the allocated batches and gets its permit through DDGOTS and the DG", async () => {
    const shipmentCode = await shipped();
    const one_ = (await read(await A(`/api/shipments/${shipmentCode}`))).shipment as {
      stage: string;
      batches: { blockers: unknown[] }[];
    };
    expect(one_.stage).toBe("permit_issued");
    expect(one_.batches.flatMap((b) => b.blockers)).toEqual([]);
  });

  it("the dashboard names a certificate of a shipped batch that expires within 14 days among what holds it", async () => {
    await shipped();
    const expires = new Date(Date.now() + 5 * 86_400_000).toISOString();
    await insertCertificate({
      certificateNumber: "LR-ORG-TEST-SOON-1",
      type: "origin",
      subjectType: "batch",
      subjectId: batch.a!,
      issuedAt: new Date(Date.now() - 86_400_000).toISOString(),
      expiresAt: expires,
    });
    const html = await (
      await call("/exporter-dashboard", { headers: { Cookie: `__Host-eip_session=${who.exporter.token}` } })
    ).text();
    expect(html).toContain(`${batch.a}: the Certificate of Origin expires on ${expires.slice(0, 10)}`);
    await env.DB.prepare("DELETE FROM certificates WHERE certificate_number = 'LR-ORG-TEST-SOON-1'").run();
  });

  it("the ZIP holds EU GeoJSON files the checker accepts, a CSV matching the origins, and the certificates list", async () => {
    const shipmentCode = await shipped();
    const res = await A(`/api/shipments/${shipmentCode}/package?format=zip`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const geo = Object.keys(files).filter((n) => n.endsWith(".geojson"));
    expect(geo.length).toBeGreaterThan(0);
    for (const name of geo) {
      const check = checkEudrGeoJson(strFromU8(files[name]!));
      expect(check.errors, name).toEqual([]);
      expect(check.ok).toBe(true);
    }
    const csv = strFromU8(files["batches-and-origins.csv"]!).trim().split("\r\n");
    expect(csv[0]).toMatch(/^shipment_code,batch_code,commodity,hs_code/);
    const fromCsv = csv
      .slice(1)
      .map((l) => l.split(","))
      .map((f) => `${f[1]}:${f[5]}`)
      .sort();
    const origins = await rows<{ code: string; plot: string }>(
      `SELECT b.batch_code AS code, p.plot_code AS plot FROM batch_origins o JOIN batches b ON b.id = o.batch_id
       JOIN land_plots p ON p.id = o.plot_id WHERE b.batch_code IN (?, ?)`,
      batch.a,
      batch.b,
    );
    expect(fromCsv).toEqual(origins.map((o) => `${o.code}:${o.plot}`).sort());
    expect(strFromU8(files["certificates.csv"]!)).toMatch(/^certificate_number,type,batch_code/);
  });

  it("the PDF summary names the shipment", async () => {
    const shipmentCode = await shipped();
    const res = await A(`/api/shipments/${shipmentCode}/package?format=pdf`);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const raw = new Uint8Array(await res.arrayBuffer());
    const bytes = new TextDecoder("latin1").decode(raw);
    expect(bytes.startsWith("%PDF-")).toBe(true);
    // The document title ("Due-diligence summary <code>") is UTF-16BE hex inside a compressed object stream.
    const inflated = [...bytes.matchAll(/stream\r?\n/g)]
      .map((m) => {
        const start = m.index + m[0].length;
        try {
          return new TextDecoder("latin1").decode(unzlibSync(raw.subarray(start, bytes.indexOf("endstream", start))));
        } catch {
          return "";
        }
      })
      .join("\n");
    const hex = [...shipmentCode].map((ch) => ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")).join("");
    expect(inflated.toUpperCase()).toContain(hex);
  });

  it("exporter B reaches none of A's orders, shipments or packages (404), and lists none", async () => {
    const shipmentCode = await shipped();
    const orderCode = (await firstOrder()).code;
    expect((await B(`/api/orders/${orderCode}`)).status).toBe(404);
    expect((await B(`/api/orders/${orderCode}/allocations`, "POST", { batchCode: batch.c })).status).toBe(404);
    expect((await B(`/api/shipments/${shipmentCode}`)).status).toBe(404);
    expect((await B(`/api/shipments/${shipmentCode}/package?format=zip`)).status).toBe(404);
    expect((await B(`/api/shipments/${shipmentCode}/package?format=pdf`)).status).toBe(404);
    expect(
      (
        await B(`/api/shipments/${shipmentCode}/dds`, "POST", {
          ddsReference: "26DEXX1234567",
          ddsVerification: "ABCD1234",
        })
      ).status,
    ).toBe(404);
    expect((await B(`/api/shipments/${shipmentCode}/export`, "POST", {})).status).toBe(404);
    expect((await B("/api/shipments", "POST", { orderCode, batchCodes: [batch.c] })).status).toBe(404);
    expect(((await read(await B("/api/orders"))).orders as unknown[]).length).toBe(0);
    expect(((await read(await B("/api/shipments"))).shipments as unknown[]).length).toBe(0);
    // Regulator staff read A's.
    expect((await as(who.dg.token, `/api/shipments/${shipmentCode}`)).status).toBe(200);
  });

  it("DDS numbers are recorded on the shipment and its batches; export moves every batch; /qr shows the shipment", async () => {
    const shipmentCode = await shipped();
    const dds = await A(`/api/shipments/${shipmentCode}/dds`, "POST", {
      ddsReference: "26deab1234567",
      ddsVerification: "vX9K2L7Q",
    });
    expect(dds.status).toBe(200);
    expect(
      await one("SELECT dds_reference AS r, dds_verification AS v FROM shipments WHERE code = ?", shipmentCode),
    ).toEqual({
      r: "26DEAB1234567",
      v: "VX9K2L7Q",
    });
    const onBatches = await rows<{ r: string }>(
      "SELECT dds_reference AS r FROM batches WHERE batch_code IN (?, ?)",
      batch.a,
      batch.b,
    );
    expect(onBatches.map((x) => x.r)).toEqual(["26DEAB1234567", "26DEAB1234567"]);
    // Changing them is a correction (ADR 031): a reason is required, and both versions stay.
    const noReason = await A(`/api/shipments/${shipmentCode}/dds`, "POST", {
      ddsReference: "26DEAB7654321",
      ddsVerification: "vX9K2L7Q",
    });
    expect(noReason.status).toBe(400);
    expect((await read(noReason)).message).toBe(
      "DDS numbers are already recorded: give the reason for changing them (at least 10 characters)",
    );
    expect(
      (
        await B(`/api/shipments/${shipmentCode}/dds`, "POST", {
          ddsReference: "26DEAB7654321",
          ddsVerification: "vX9K2L7Q",
          reason: "Not my shipment at all",
        })
      ).status,
    ).toBe(404);
    const changed = await A(`/api/shipments/${shipmentCode}/dds`, "POST", {
      ddsReference: "26DEAB7654321",
      ddsVerification: "vX9K2L7Q",
      reason: "The operator amended the statement",
    });
    expect(changed.status).toBe(200);
    const versions = await rows<{ record_type: string; version: number; kind: string; reason: string | null }>(
      "SELECT record_type, version, kind, reason FROM record_versions WHERE record_type IN ('shipment_dds', 'batch_dds') AND (record_id = (SELECT id FROM shipments WHERE code = ?) OR batch_id = (SELECT id FROM batches WHERE batch_code = ?)) ORDER BY record_type DESC, version",
      shipmentCode,
      batch.a,
    );
    expect(versions.map((v) => [v.record_type, v.version, v.kind, v.reason])).toEqual([
      ["shipment_dds", 1, "original", null],
      ["shipment_dds", 2, "correction", "The operator amended the statement"],
      ["batch_dds", 1, "original", null],
      ["batch_dds", 2, "correction", "The operator amended the statement"],
    ]);
    const page = await (
      await call("/exporter/shipments", { headers: { Cookie: `__Host-eip_session=${who.exporter.token}` } })
    ).text();
    expect(page).toContain("DDS numbers: 2 versions");
    expect(page).toContain("26DEAB1234567 / VX9K2L7Q");
    expect(page).toContain("Reason: The operator amended the statement");
    const exported = await A(`/api/shipments/${shipmentCode}/export`, "POST", { location: "Freeport of Monrovia" });
    expect(exported.status, (await read(exported.clone())).message).toBe(200);
    const states = await rows<{ status: string }>(
      "SELECT status FROM batches WHERE batch_code IN (?, ?)",
      batch.a,
      batch.b,
    );
    expect(states.map((s) => s.status)).toEqual(["exported", "exported"]);
    expect((await A(`/api/shipments/${shipmentCode}/export`, "POST", {})).status).toBe(409);
    const qr = await call(`/qr/${batch.a}`);
    const html = await qr.text();
    expect(html).toContain(`Exported in shipment ${shipmentCode}`);
    expect(html).not.toContain("Hamburg");
  });
});
