/**
 * The demo seeding (POST /api/demo/seed, demo mode on): what it seeds through the services, the
 * summary it answers, an audit row for every change, and nothing more on a second call. Who may
 * call it: demo-seed-access.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { counts, type Summary, seed } from "./demo-seed-fixtures";
import { sessionAs } from "./factories";
import { bearer, call, one, rows } from "./helpers";

describe("POST /api/demo/seed (demo mode on)", () => {
  let admin: string;
  let first: Summary;
  beforeAll(async () => {
    admin = (await sessionAs("system_administrator")).token;
    const res = await seed(admin);
    expect(res.status).toBe(200);
    first = (await res.json()) as Summary;
  });

  it("answers with the summary of what it seeded", () => {
    expect(first).toMatchObject({
      success: true,
      alreadyPresent: false,
      message: "13 farmers, 13 plots (8 low, 3 high, 2 more information needed), 3 batches",
      problems: [],
      demo: { farmers: 13, plots: 13, verdicts: { low: 8, high: 3, more_information_needed: 2, not_assessed: 0 } },
      created: {
        layers: 6,
        farmers: 13,
        plots: 13,
        assessments: 13,
        batches: 3,
        custodySteps: 6,
        complianceDecisions: 1,
        ddsRecords: 1,
        licences: 3,
        permits: 1,
        payments: 1,
        orders: 1,
        allocations: 1,
        lots: 1,
        offers: 1,
        threads: 2,
      },
    });
    expect(first.demo.batches).toEqual([
      {
        batchCode: expect.stringMatching(/^LR-COC-\d{4}-\d{6}$/),
        status: "exported",
        complianceStatus: "compliant",
        ddsReference: "DEMO-DDS-000001",
      },
      {
        batchCode: expect.stringMatching(/^LR-COC-\d{4}-\d{6}$/),
        status: "warehouse_received",
        complianceStatus: expect.any(String),
        ddsReference: null,
      },
      {
        batchCode: expect.stringMatching(/^LR-COC-\d{4}-\d{6}$/),
        status: "warehouse_inspected",
        complianceStatus: expect.any(String),
        ddsReference: null,
      },
    ]);
  });

  it("registers the farmers through the import and FRM000001 linked to the demo farmer account", async () => {
    const farmers = await rows<{
      farmer_id: string;
      first_name: string;
      county: string;
      user_id: string | null;
      national_id: string;
    }>("SELECT farmer_id, first_name, county, user_id, national_id FROM farmers ORDER BY farmer_id");
    expect(farmers).toHaveLength(13);
    expect(farmers[0]).toEqual({
      farmer_id: "FRM000001",
      first_name: "Musu",
      county: "Lofa County",
      user_id: "demo-farmer",
      national_id: "LRDEMO0000",
    });
    // FRM000002 is the other demo farmer account's login: imported farmers take the next IDs.
    expect(farmers.slice(1).map((f) => f.farmer_id)).toEqual(
      Array.from({ length: 12 }, (_, i) => `FRM${String(i + 3).padStart(6, "0")}`),
    );
    expect(farmers.slice(1).every((f) => /^LRDEMO00(0[1-9]|1[0-2])$/.test(f.national_id) && f.user_id === null)).toBe(
      true,
    );
    expect(new Set(farmers.map((f) => f.county))).toEqual(
      new Set(["Lofa County", "Nimba County", "Sinoe County", "Montserrado County", "Grand Gedeh County"]),
    );
    const run = await one<{ file_name: string; status: string; stored: number; failed: number; created_by: string }>(
      "SELECT file_name, status, stored, failed, created_by FROM import_runs",
    );
    expect(run).toEqual({
      file_name: "demo-sample-farmers-and-plots.csv",
      status: "done",
      stored: 12,
      failed: 0,
      created_by: "demo-office-admin",
    });
  });

  it("stores valid plots with each verdict, citing the SAMPLE layers", async () => {
    const verdicts = await rows<{ risk_level: string; crop: string; n: number }>(
      "SELECT risk_level, crop, COUNT(*) AS n FROM land_plots WHERE validation_state = 'valid' GROUP BY risk_level, crop ORDER BY risk_level, crop",
    );
    expect(verdicts).toEqual([
      { risk_level: "high", crop: "Cocoa", n: 2 },
      { risk_level: "high", crop: "Oil Palm", n: 1 },
      { risk_level: "low", crop: "Cocoa", n: 6 },
      { risk_level: "low", crop: "Coffee", n: 1 },
      { risk_level: "low", crop: "Rubber", n: 1 },
      { risk_level: "more_information_needed", crop: "Coffee", n: 1 },
      { risk_level: "more_information_needed", crop: "Rubber", n: 1 },
    ]);
    const types = await rows<{ geometry_type: string; n: number }>(
      "SELECT geometry_type, COUNT(*) AS n FROM land_plots GROUP BY geometry_type ORDER BY geometry_type",
    );
    expect(types).toEqual([
      { geometry_type: "Point", n: 6 },
      { geometry_type: "Polygon", n: 7 },
    ]);
    const musu = await one<{
      plot_code: string;
      county: string;
      risk_level: string;
      validation_issues: string;
      import_key: string;
    }>(
      "SELECT plot_code, county, risk_level, validation_issues, import_key FROM land_plots WHERE farmer_id = 'FRM000001'",
    );
    // Her plot lies in the sample cocoa area of Nimba and is declared and stored there
    // (it was stored as Lofa with a "far from county" warning, and exported with a wrong place).
    expect(musu).toMatchObject({
      plot_code: "PLT-000001-01",
      county: "Nimba County",
      risk_level: "low",
      import_key: "demo:plot:FRM000001:01",
    });
    expect(JSON.parse(musu.validation_issues).warnings).toEqual([]);
    const assessment = await one<{ verdict: string; reasons: string; assessed_by: string }>(
      "SELECT a.verdict, a.reasons, a.assessed_by FROM plot_assessments a JOIN land_plots p ON p.id = a.plot_id WHERE p.farmer_id = 'FRM000001'",
    );
    expect(assessment.verdict).toBe("low");
    expect(assessment.assessed_by).toBe("demo-office-admin");
    expect(JSON.parse(assessment.reasons)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("Cocoa present in 2020"),
        expect.stringContaining("SAMPLE layers"),
      ]),
    );
  });

  it("follows the exported batch from purchase to export, with its DDS numbers", async () => {
    const code = first.demo.batches[0]!.batchCode;
    const batch = await one<Record<string, unknown>>("SELECT * FROM batches WHERE batch_code = ?", code);
    expect(batch).toMatchObject({
      commodity: "Cocoa",
      hs_code: "1801",
      status: "exported",
      compliance_status: "compliant",
      weight_g: 1238000,
      grade: "A",
      // The batch takes its plot's county, which is now where the plot lies (Nimba).
      county: "Nimba County",
      holder_id: "demo-exporter",
      created_by: "demo-buyer",
      volume_flag: 0,
      dds_reference: "DEMO-DDS-000001",
      dds_verification: "DEMO0001",
    });
    const origins = await rows(
      "SELECT o.farmer_id, p.plot_code, o.weight_g FROM batch_origins o JOIN land_plots p ON p.id = o.plot_id WHERE o.batch_id = ?",
      batch.id,
    );
    expect(origins).toEqual([{ farmer_id: "FRM000001", plot_code: "PLT-000001-01", weight_g: 1250000 }]);
    const events = await rows<{
      to_status: string;
      actor_id: string;
      weight_out_g: number;
      occurred_at: string;
      note: string | null;
    }>(
      "SELECT to_status, actor_id, weight_out_g, occurred_at, note FROM custody_events WHERE batch_id = ? ORDER BY occurred_at",
      batch.id,
    );
    expect(events.map((e) => [e.to_status, e.actor_id, e.weight_out_g])).toEqual([
      ["purchased", "demo-buyer", 1250000],
      ["warehouse_received", "demo-warehouse-inspector", 1246000],
      ["warehouse_inspected", "demo-warehouse-inspector", 1240000],
      ["port_inspected", "demo-port-inspector", 1238000],
      ["exported", "demo-exporter", 1238000],
    ]);
    expect(events[0]!.note).toMatch(/^Demo data \(sample, not a real transaction\)/);
    expect(events.every((e, i) => i === 0 || e.occurred_at > events[i - 1]!.occurred_at)).toBe(true);
    const audit = await rows<{ action: string; actor_id: string }>(
      "SELECT action, actor_id FROM audit_log WHERE entity_type = 'batch' AND entity_id = ? ORDER BY id",
      code,
    );
    expect(audit).toEqual([
      { action: "batch.purchase", actor_id: "demo-buyer" },
      { action: "batch.dispatch", actor_id: "demo-buyer" },
      { action: "batch.warehouse_received", actor_id: "demo-warehouse-inspector" },
      { action: "batch.warehouse_inspected", actor_id: "demo-warehouse-inspector" },
      { action: "batch.port_inspected", actor_id: "demo-port-inspector" },
      { action: "batch.mark_compliant", actor_id: "demo-port-inspector" },
      { action: "batch.exported", actor_id: "demo-exporter" },
      { action: "batch.record_dds", actor_id: "demo-exporter" },
    ]);

    // The demo farmer sees her batch; the public trace page shows the journey.
    const farmer = await sessionAs("farmer");
    const mine = (await (await bearer(farmer.token, "/api/batches")).json()) as { batches: { batchCode: string }[] };
    expect(mine.batches.map((b) => b.batchCode)).toEqual([code]);
  });

  it("leaves the second batch at the warehouse", async () => {
    const code = first.demo.batches[1]!.batchCode;
    const batch = await one<{ id: string; status: string; weight_g: number; holder_id: string }>(
      "SELECT id, status, weight_g, holder_id FROM batches WHERE batch_code = ?",
      code,
    );
    expect(batch).toMatchObject({
      status: "warehouse_received",
      weight_g: 636000,
      holder_id: "demo-warehouse-inspector",
    });
    const events = await rows<{ to_status: string }>(
      "SELECT to_status FROM custody_events WHERE batch_id = ? ORDER BY occurred_at",
      batch.id,
    );
    expect(events.map((e) => e.to_status)).toEqual(["purchased", "warehouse_received"]);
  });

  it("sends the warehouse batch to the demo warehouse inspector, and leaves a third batch graded at the port", async () => {
    const warehouse = await sessionAs("warehouse_inspector");
    const intake = await call("/warehouse-inspector-dashboard", {
      headers: { Cookie: `__Host-eip_session=${warehouse.token}` },
    });
    expect(await intake.text()).toContain(first.demo.batches[1]!.batchCode);

    const code = first.demo.batches[2]!.batchCode;
    const batch = await one<{ id: string; status: string; grade: string; weight_g: number }>(
      "SELECT id, status, grade, weight_g FROM batches WHERE batch_code = ?",
      code,
    );
    // Moisture 7.2 %, mouldy 1.5 %, slaty 3 %: graded on the server from the measurements.
    expect(batch).toMatchObject({ status: "warehouse_inspected", weight_g: 810250 });
    const inspection = await one<{ grade: string }>("SELECT grade FROM batch_inspections WHERE batch_id = ?", batch.id);
    expect(inspection.grade).toBe(batch.grade);
    const port = await sessionAs("port_inspector");
    const queue = await call("/port-inspector-dashboard", { headers: { Cookie: `__Host-eip_session=${port.token}` } });
    expect(await queue.text()).toContain(code);
  });

  it("seeds licences in several states, one permit, and invoices paid and unpaid", async () => {
    const licences = await rows<{ applicant_id: string; status: string; number: string | null }>(
      "SELECT applicant_id, status, number FROM licences ORDER BY applicant_id",
    );
    expect(licences.map((l) => [l.applicant_id, l.status])).toEqual([
      // Valid: every purchase, custody step and order needs a licence (ADR 029).
      ["demo-buyer", "issued"],
      ["demo-buyer-applicant", "recommended"],
      ["demo-exporter", "issued"],
    ]);
    // Issued licences carry a number; the one waiting for the DG has none yet.
    const numbered = licences.filter((l) => l.status !== "recommended");
    expect(numbered.every((l) => /^LR-LIC-(EXP|BUY)-\d{4}-\d{6}$/.test(l.number ?? ""))).toBe(true);
    expect(licences.find((l) => l.status === "recommended")?.number).toBeNull();
    // The Director General's approval queue is not empty in the demo: that application waits there.
    const queued = await rows<{ action: string; actor_id: string }>(
      "SELECT action, actor_id FROM audit_log WHERE entity_id = (SELECT id FROM licences WHERE applicant_id = 'demo-buyer-applicant') ORDER BY action",
    );
    expect(queued).toEqual([
      { action: "licence.create", actor_id: "demo-buyer-applicant" },
      { action: "licence.recommend", actor_id: "demo-ddgots" },
      { action: "licence.review", actor_id: "demo-office-admin" },
      { action: "licence.submit", actor_id: "demo-office-admin" },
    ]);
    expect(await rows("SELECT status FROM export_permits")).toEqual([{ status: "requested" }]);
    const invoices = await rows<{ payer_id: string; status: string }>(
      "SELECT payer_id, status FROM fee_invoices ORDER BY payer_id",
    );
    expect(invoices).toEqual([
      { payer_id: "demo-buyer", status: "billed" },
      { payer_id: "demo-exporter", status: "paid" },
    ]);
    expect(await one("SELECT reference FROM fee_payments")).toEqual({ reference: "DEMO-LBDI-000001" });
  });

  it("gives the exporter's market something real: an order with an allocated batch, a hub lot with an offer, messages", async () => {
    const order = await one<{ id: string; code: string; quantity_g: number; status: string; exporter_id: string }>(
      "SELECT id, code, quantity_g, status, exporter_id FROM orders",
    );
    expect(order).toMatchObject({ quantity_g: 2_000_000, status: "open", exporter_id: "demo-exporter" });
    // The graded batch at the port, marked compliant by DDGOTS, is what is allocated (810.25 kg of 2 t).
    const allocation = await one<{ batch_code: string; weight_g: number; compliance_status: string }>(
      "SELECT b.batch_code, a.weight_g, b.compliance_status FROM order_allocations a JOIN batches b ON b.id = a.batch_id WHERE a.order_id = ?",
      order.id,
    );
    expect(allocation).toEqual({
      batch_code: first.demo.batches[2]!.batchCode,
      weight_g: 810_250,
      compliance_status: "compliant",
    });
    const lot = await one<{ id: string; seller_id: string; status: string; quantity_g: number; holder: string }>(
      "SELECT l.id, l.seller_id, l.status, l.quantity_g, b.holder_id AS holder FROM lots l JOIN batches b ON b.id = l.batch_id",
    );
    expect(lot).toMatchObject({ seller_id: "demo-buyer", status: "open", quantity_g: 300_000, holder: "demo-buyer" });
    expect(await rows("SELECT buyer_id, status FROM offers WHERE lot_id = ?", lot.id)).toEqual([
      { buyer_id: "demo-exporter", status: "pending" },
    ]);
    // The exporter's screens show them, signed in as the demo exporter.
    const exporter = await sessionAs("exporter");
    const page = async (path: string) =>
      (await call(path, { headers: { Cookie: `__Host-eip_session=${exporter.token}` } })).text();
    expect(await page("/exporter/orders")).toContain(order.code);
    expect(await page("/exporter/marketplace")).toContain("300");
    const messages = await page("/exporter/messages");
    expect(messages).toContain("Export permit for the first container of the season");
    expect(messages).toContain("Cocoa for the Hamburg contract");
  });

  it("seeds the office register through its services: four documents in several states", async () => {
    const docs = await rows<{ reference: string; kind: string; status: string; department: string }>(
      "SELECT reference, kind, status, department FROM office_documents ORDER BY created_at",
    );
    expect(docs.map((d) => [d.kind, d.status])).toEqual([
      ["incoming_letter", "in_progress"],
      ["outgoing_letter", "closed"],
      ["licence_file", "received"],
      ["inspection_report", "assigned"],
    ]);
    expect(docs.every((d) => /^LACRA-(IN|OUT|LIC|INSP)-\d{4}-\d{6}$/.test(d.reference))).toBe(true);
    expect(docs.every((d) => d.department === "office_admin")).toBe(true);
    expect(await one("SELECT COUNT(*) AS n FROM audit_log WHERE action LIKE 'office_document.%'")).toEqual({ n: 10 });
  });

  it("writes an audit row for every change", async () => {
    const audit = await rows<{ action: string; entity_type: string; n: number }>(
      "SELECT action, entity_type, COUNT(*) AS n FROM audit_log WHERE action NOT LIKE 'batch.%' AND action NOT IN ('login', 'login_success') GROUP BY action, entity_type ORDER BY action, entity_type",
    );
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: "plot.assess", entity_type: "land_plot", n: 13 },
        { action: "plot.register", entity_type: "land_plot", n: 1 },
        { action: "farmer.register", entity_type: "farmer", n: 13 },
        { action: "plot.import", entity_type: "land_plot", n: 12 },
        { action: "farmer.link_login", entity_type: "farmer", n: 1 },
      ]),
    );
    const layers = await one<{ n: number }>(
      "SELECT COUNT(*) AS n FROM reference_layers WHERE sample = 1 AND status = 'active'",
    );
    expect(layers.n).toBe(6);
  });

  it("creates nothing on a second call and says so", async () => {
    const before = await counts();
    const res = await seed(admin);
    expect(res.status).toBe(200);
    const again = (await res.json()) as Summary;
    expect(again).toMatchObject({
      success: true,
      alreadyPresent: true,
      message: "already present (13 farmers, 13 plots (8 low, 3 high, 2 more information needed), 3 batches)",
      problems: [],
    });
    // Every count the first call reported (each pinned above) is zero this time.
    expect(again.created).toEqual(Object.fromEntries(Object.keys(first.created).map((kind) => [kind, 0])));
    expect(again.demo.batches).toEqual(first.demo.batches);
    expect(await counts()).toEqual(before);
  });
});
