/**
 * Certificates end to end (issue #5) in the built Worker with real D1 and R2: the six test
 * documents of the three test profiles, the same documents for a real batch, shipment and
 * farmer, caching (a second download does not draw the PDF again), conditional GET, versions
 * when the data changes, the public verification page, revocation and the nightly job.
 */
import { env, exports } from "cloudflare:workers";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { CERTIFICATE_INFO, CERTIFICATE_TYPES, type CertificateType } from "#worker/domain/certificates/content";
import { TEST_FARMERS } from "#worker/domain/certificates/test-farmers";
import { currentCertificate, getOrIssueCertificate } from "#worker/services/certificates/issue-certificate";
import { signInAs } from "./auth-helpers";
import { call, ORIGIN } from "./helpers";

type Who = "dg" | "office" | "buyer" | "exporter" | "farmer" | "land" | "observer";
let who: Record<Who, { token: string; cookie: string; account: { id: string } }>;

type CertRow = {
  id: string;
  certificate_number: string;
  type: string;
  subject_type: string;
  subject_id: string;
  data_hash: string;
  version: number;
  r2_key: string;
  summary: string;
  status: string;
  issued_by: string;
  issued_at: string;
  expires_at: string;
  revoked_at: string | null;
  revocation_reason: string | null;
};

const one = async <T>(sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<T>())!;
const rows = async <T>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
const certByNumber = (n: string) => one<CertRow>("SELECT * FROM certificates WHERE certificate_number = ?", n);
const count = async () => (await one<{ n: number }>("SELECT count(*) AS n FROM certificates")).n;
const decode = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");

function get(path: string, as: Who | null, headers: Record<string, string> = {}) {
  return call(path, { headers: { ...(as ? { Authorization: `Bearer ${who[as].token}` } : {}), ...headers } });
}
function post(path: string, as: Who | null, body: unknown) {
  return call(path, {
    method: "POST",
    headers: { ...(as ? { Authorization: `Bearer ${who[as].token}` } : {}), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}
const testPath = (type: CertificateType, id: number | string) => `/api/test/${CERTIFICATE_INFO[type].testPath}/${id}`;
/** Issuing is a POST (I-6); GET only serves what was issued. */
function issue(path: string, as: Who) {
  return call(path, { method: "POST", headers: { Authorization: `Bearer ${who[as].token}` } });
}

/** Checks a PDF response the way a browser tab and a PDF reader would; returns its number and bytes. */
async function expectPdf(res: Response, type: CertificateType) {
  if (res.status !== 200) throw new Error(`expected a PDF, got ${res.status}: ${(await res.text()).slice(0, 300)}`);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  const number = res.headers.get("x-certificate-number")!;
  expect(number).toMatch(new RegExp(`^LR-${CERTIFICATE_INFO[type].code}-\\d{4}-\\d{6}-[0-9A-HJKMNP-TV-Z]{4}$`));
  expect(res.headers.get("content-disposition")).toBe(
    `inline; filename="${CERTIFICATE_INFO[type].slug}-${number}.pdf"`,
  );
  expect(res.headers.get("cache-control")).toBe("private, max-age=0, must-revalidate");
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
  expect(doc.getSubject()).toBe(number);
  expect(doc.getTitle()).toBe(`${CERTIFICATE_INFO[type].title} ${number}`);
  return { number, bytes, etag: res.headers.get("etag")!, source: res.headers.get("x-certificate-source"), doc };
}

// ── A real farmer, two plots with assessment history, an exported batch ───────────────────────

const DAY = 86_400_000;
const iso = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString();
const square = (lon: number, lat: number, d = 0.000903) => ({
  type: "Polygon",
  coordinates: [
    [
      [lon, lat],
      [+(lon + d).toFixed(6), lat],
      [+(lon + d).toFixed(6), +(lat + d).toFixed(6)],
      [lon, +(lat + d).toFixed(6)],
      [lon, lat],
    ],
  ],
});
const ev = (kind: string, layerName: string, overlapHectares: number, overlapPercent: number) => ({
  layerId: `layer-${kind}`,
  layerName,
  kind,
  version: "2025",
  source: "test",
  sourceDate: "2025-06-30",
  sample: false,
  overlapHectares,
  overlapPercent,
  present: overlapPercent >= 10,
});
const BATCH = "LR-COC-2026-000901";
const OTHER_BATCH = "LR-COC-2026-000902";

async function seedRealData() {
  const geo1 = square(-9.472311, 6.995412);
  const geo2 = square(-9.468842, 6.991127);
  const stmts = [
    env.DB.prepare(
      `INSERT INTO farmers (id, farmer_id, user_id, first_name, last_name, county, community, crops, registration_date, name_key, last_name_key)
       VALUES ('f-1', 'FRM000001', 'demo-farmer', 'Korto', 'Gbowee', 'Bong County', 'Gbarnga', '["Cocoa"]', '2025-01-10', 'korto gbowee', 'gbowee korto'),
              ('f-2', 'FRM100002', NULL, 'Yassah', 'Kpadeh', 'Bong County', 'Totota', '["Cocoa"]', '2025-01-11', 'yassah kpadeh', 'kpadeh yassah')`,
    ),
    ...[
      ["p-1", "PLT-000001-01", "FRM000001", geo1, -9.472311, 6.995412],
      ["p-2", "PLT-100002-01", "FRM100002", geo2, -9.468842, 6.991127],
    ].map(([id, code, farmer, g, lon, lat]) =>
      env.DB.prepare(
        `INSERT INTO land_plots (id, plot_code, farmer_id, geometry, geometry_type, area_hectares, min_lon, min_lat, max_lon, max_lat, crop, county, validation_state, risk_level, assessed_at)
         VALUES (?, ?, ?, ?, 'Polygon', 1.0, ?, ?, ?, ?, 'Cocoa', 'Bong County', 'valid', 'low', ?)`,
      ).bind(
        id,
        code,
        farmer,
        JSON.stringify(g),
        lon,
        lat,
        (lon as number) + 0.000903,
        (lat as number) + 0.000903,
        iso(90),
      ),
    ),
    // Plot 1: "more information needed" 18 months ago (a small post-2020 disturbance overlap), low since 3 months.
    env.DB.prepare(
      "INSERT INTO plot_assessments (id, plot_id, verdict, evidence, reasons, assessed_at) VALUES (?, ?, ?, ?, ?, ?)",
    ).bind(
      "a-1",
      "p-1",
      "more_information_needed",
      JSON.stringify([
        ev("forest_2020", "Global Forest Cover 2020 (JRC)", 0.4, 40),
        ev("disturbance_after_2020", "RADD alerts", 0.05, 5),
      ]),
      JSON.stringify(["Tree cover at end-2020 on 40% of the plot."]),
      iso(548),
    ),
    env.DB.prepare(
      "INSERT INTO plot_assessments (id, plot_id, verdict, evidence, reasons, assessed_at) VALUES (?, ?, ?, ?, ?, ?)",
    ).bind(
      "a-2",
      "p-1",
      "low",
      JSON.stringify([
        ev("commodity_2020", "Cocoa map of West Africa 2020", 1, 100),
        ev("disturbance_after_2020", "RADD alerts", 0, 0),
      ]),
      JSON.stringify(["Cocoa was already grown on the plot in 2020."]),
      iso(90),
    ),
    env.DB.prepare(
      "INSERT INTO plot_assessments (id, plot_id, verdict, evidence, reasons, assessed_at) VALUES (?, ?, ?, ?, ?, ?)",
    ).bind(
      "a-3",
      "p-2",
      "low",
      JSON.stringify([
        ev("forest_2020", "Global Forest Cover 2020 (JRC)", 0, 0),
        ev("disturbance_after_2020", "RADD alerts", 0, 0),
      ]),
      JSON.stringify(["No tree cover at end-2020 on the plot."]),
      iso(90),
    ),
    env.DB.prepare(
      `INSERT INTO batches (id, batch_code, commodity, hs_code, weight_kg, grade, harvest_date, status, compliance_status, county, holder_id, created_by)
       VALUES ('b-1', ?, 'Cocoa', '1801', 1200, 'A', '2026-01-20', 'exported', 'compliant', 'Bong County', 'demo-exporter', 'demo-buyer'),
              ('b-2', ?, 'Cocoa', '1801', 300, NULL, '2026-01-22', 'purchased', 'pending', 'Bong County', 'someone-else', 'someone-else')`,
    ).bind(BATCH, OTHER_BATCH),
    env.DB.prepare(
      "INSERT INTO batch_origins (batch_id, plot_id, farmer_id, weight_kg) VALUES ('b-1', 'p-1', 'FRM000001', 700), ('b-1', 'p-2', 'FRM100002', 500), ('b-2', 'p-2', 'FRM100002', 300)",
    ),
    ...[
      ["e-1", "b-1", null, "purchased", "demo-buyer", "buyer", 60, "Gbarnga market", 1200],
      [
        "e-2",
        "b-1",
        "purchased",
        "warehouse_received",
        "demo-warehouse-inspector",
        "warehouse_inspector",
        50,
        "Gbarnga warehouse",
        1200,
      ],
      [
        "e-3",
        "b-1",
        "warehouse_received",
        "warehouse_inspected",
        "demo-warehouse-inspector",
        "warehouse_inspector",
        49,
        "Gbarnga warehouse",
        1195,
      ],
      [
        "e-4",
        "b-1",
        "warehouse_inspected",
        "port_inspected",
        "demo-port-inspector",
        "port_inspector",
        20,
        "Freeport of Monrovia",
        1195,
      ],
      ["e-5", "b-1", "port_inspected", "exported", "demo-exporter", "exporter", 10, "Freeport of Monrovia", 1190],
      ["e-6", "b-2", null, "purchased", "someone-else", "buyer", 30, "Totota", 300],
    ].map(([id, batch, from, to, actor, role, daysAgo, place, out]) =>
      env.DB.prepare(
        "INSERT INTO custody_events (id, batch_id, from_status, to_status, actor_id, actor_role, occurred_at, location, weight_out_kg) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ).bind(id, batch, from, to, actor, role, iso(daysAgo as number), place, out),
    ),
  ];
  await env.DB.batch(stmts);
}

beforeAll(async () => {
  const [dg, office, buyer, exporter, farmer, land, observer] = await Promise.all([
    signInAs("dg", "10.70.0.1"),
    signInAs("office_admin", "10.70.0.2"),
    signInAs("buyer", "10.70.0.3"),
    signInAs("exporter", "10.70.0.4"),
    signInAs("farmer", "10.70.0.5"),
    signInAs("land_inspector", "10.70.0.6"),
    signInAs("monitoring_observer", "10.70.0.7"),
  ]);
  who = { dg, office, buyer, exporter, farmer, land, observer };
  await seedRealData();
}, 60_000);

// ── The test profiles ───────────────────────────────────────────────────────────────────────

describe("GET /api/test/<document>/{id}", () => {
  it("GET does not issue (I-6): 404 with a clear message until a POST issues the document", async () => {
    for (const type of CERTIFICATE_TYPES) {
      const res = await get(testPath(type, 1), "land");
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({
        success: false,
        message: `No ${CERTIFICATE_INFO[type].title} has been issued yet for ${TEST_FARMERS[0]!.name} (test profile 1). Issue it with a POST to this address.`,
      });
    }
    // A cookie-carrying POST from a foreign page is refused before it reaches the route.
    const forged = await call(testPath("eudr", 1), {
      method: "POST",
      headers: { Cookie: who.land.cookie, Origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
    expect(await count()).toBe(0);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM audit_log WHERE action = 'certificate.issue'")).n).toBe(
      0,
    );
  });

  it.each([1, 2, 3])(
    "test farmer %i: all six documents are PDFs, each recorded in D1 and stored in R2",
    async (id) => {
      for (const type of CERTIFICATE_TYPES) {
        const res = await issue(testPath(type, id), "land");
        const pdf = await expectPdf(res, type);
        expect(pdf.source).toBe("generated");
        expect(pdf.doc.getKeywords()).toContain(`test_farmer:${id}`);
        expect(pdf.doc.getKeywords()).toContain("TEST-PROFILE");
        const row = await certByNumber(pdf.number);
        expect(row).toMatchObject({
          type,
          subject_type: "test_farmer",
          subject_id: String(id),
          status: "valid",
          version: 1,
          issued_by: "demo-land-inspector",
        });
        expect(pdf.etag).toBe(`"${row.data_hash}-${pdf.number}"`);
        expect(row.data_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(row.r2_key).toBe(`certificates/${type}/test_farmer/${id}/${row.data_hash}/${pdf.number}.pdf`);
        const object = await env.CERTS.get(row.r2_key);
        expect(new Uint8Array(await object!.arrayBuffer())).toEqual(pdf.bytes);
        const summary = JSON.parse(row.summary);
        expect(summary).toEqual({
          title: CERTIFICATE_INFO[type].title,
          subject: {
            kind: "test_farmer",
            reference: String(id),
            label: `${TEST_FARMERS[id - 1]!.name} (test profile ${id})`,
          },
          testProfile: true,
          issuer:
            type === "phytosanitary"
              ? "National Plant Quarantine Service (NPQS), Ministry of Agriculture"
              : "Liberia Agriculture and Commodity Regulatory Authority (LACRA)",
          verificationUrl: `${ORIGIN}/verify/${pdf.number}`,
        });
      }
      // The declaration names the other five current certificates of the profile.
      const declaration = await one<CertRow>(
        "SELECT * FROM certificates WHERE type = 'declaration' AND subject_id = ?",
        String(id),
      );
      expect(declaration.status).toBe("valid");
      expect(await count()).toBe(6 * id);
    },
    120_000,
  );

  it("a second download serves the stored bytes: no new certificate, no new R2 object", async () => {
    const before = await count();
    const first = await expectPdf(await get(testPath("eudr", 2), "land"), "eudr");
    const row = await certByNumber(first.number);
    const head = (await env.CERTS.head(row.r2_key))!;
    const again = await expectPdf(await get(testPath("eudr", 2), "dg"), "eudr");
    expect(again.source).toBe("stored");
    expect(again.number).toBe(first.number);
    expect(again.bytes).toEqual(first.bytes);
    expect(again.etag).toBe(first.etag);
    const after = (await env.CERTS.head(row.r2_key))!;
    expect(after.uploaded.getTime()).toBe(head.uploaded.getTime());
    expect(after.etag).toBe(head.etag);
    expect(await count()).toBe(before);
    const issues = await one<{ n: number }>(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'certificate.issue' AND entity_id = ?",
      first.number,
    );
    expect(issues.n).toBe(1);
  });

  it("answers a conditional GET with 304 and no body", async () => {
    const first = await expectPdf(await get(testPath("quality", 1), "land"), "quality");
    const same = await get(testPath("quality", 1), "land", { "If-None-Match": first.etag });
    expect(same.status).toBe(304);
    expect(same.headers.get("etag")).toBe(first.etag);
    expect(await same.text()).toBe("");
    const weak = await get(testPath("quality", 1), "land", { "If-None-Match": `"other", W/${first.etag}` });
    expect(weak.status).toBe(304);
    const stale = await get(testPath("quality", 1), "land", { "If-None-Match": '"0000-LR-QCG-2020-000001-AAAA"' });
    expect(stale.status).toBe(200);
  });

  it("refuses other ids with a clear JSON message, and needs a staff sign-in", async () => {
    const unknown = await get(testPath("eudr", 7), "land");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toContain("application/json");
    expect(await unknown.json()).toEqual({
      success: false,
      message: "No test farmer with id 7 (test profiles are 1, 2 and 3)",
    });
    const zero = await get(testPath("origin", 0), "land");
    expect(zero.status).toBe(404);
    const abc = await get(testPath("eudr", "abc"), "land");
    expect(abc.status).toBe(400);
    expect(await abc.json()).toEqual({
      success: false,
      message: 'The test farmer id must be a number (test profiles are 1, 2 and 3), not "abc"',
    });
    expect((await get(testPath("eudr", 1), null)).status).toBe(401);
    const buyer = await get(testPath("eudr", 1), "buyer");
    expect(buyer.status).toBe(403);
    expect(await buyer.json()).toEqual({ success: false, message: "You do not have permission to do this" });
  });
});

// ── Real subjects ───────────────────────────────────────────────────────────────────────────

const real = (type: CertificateType, kind: string, id: string, as: Who, headers: Record<string, string> = {}) =>
  get(`/api/certificates/${type}/${kind}/${id}`, as, headers);
const issueReal = (type: CertificateType, kind: string, id: string, as: Who) =>
  issue(`/api/certificates/${type}/${kind}/${id}`, as);
const issued: Record<string, string> = {};

describe("GET /api/certificates/<type>/<subject>/<id>", () => {
  it("a real batch and its shipment: all six documents, from the stored records", async () => {
    for (const kind of ["batch", "shipment"] as const) {
      for (const type of CERTIFICATE_TYPES) {
        expect((await real(type, kind, BATCH.toLowerCase(), "dg")).status).toBe(404);
        const pdf = await expectPdf(await issueReal(type, kind, BATCH.toLowerCase(), "dg"), type);
        expect(pdf.source).toBe("generated");
        expect(pdf.doc.getKeywords()).toContain(`${kind}:${BATCH}`);
        expect(pdf.doc.getKeywords()).not.toContain("TEST-PROFILE");
        const row = await certByNumber(pdf.number);
        expect(row).toMatchObject({
          type,
          subject_type: kind,
          subject_id: BATCH,
          status: "valid",
          issued_by: "demo-dg",
        });
        expect(JSON.parse(row.summary).subject).toEqual({
          kind,
          reference: BATCH,
          label: kind === "batch" ? `${BATCH} (Cocoa)` : `${BATCH} (Cocoa, exported ${iso(10).slice(0, 10)})`,
        });
        issued[`${kind}:${type}`] = pdf.number;
      }
    }
  }, 120_000);

  it("a real farmer: EUDR, deforestation and declaration; lot documents are refused", async () => {
    for (const type of ["eudr", "deforestation", "declaration"] as const) {
      const pdf = await expectPdf(await issueReal(type, "farmer", "FRM000001", "dg"), type);
      expect(JSON.parse((await certByNumber(pdf.number)).summary).subject).toEqual({
        kind: "farmer",
        reference: "FRM000001",
        label: "Korto Gbowee (FRM000001)",
      });
    }
    const phyto = await real("phytosanitary", "farmer", "FRM000001", "dg");
    expect(phyto.status).toBe(400);
    expect(await phyto.json()).toEqual({
      success: false,
      message: "A Phytosanitary Certificate is not issued for a farmer: it describes a batch or a shipment",
    });
  }, 60_000);

  it("concurrent first requests: one certificate for the same data, distinct serials across subjects", async () => {
    // Called through the service with a stand-in renderer: concurrent PDF rendering through this
    // harness's loopback trips workerd's cross-request I/O check (pdf-lib yields with timers),
    // a harness artefact — the same concurrent requests against `wrangler dev` all succeed.
    const deps = {
      db: database(env.DB),
      r2: env.CERTS,
      verifyBaseUrl: ORIGIN,
      actor: { id: "demo-dg", role: "dg" },
      render: async (_type: CertificateType, data: { certificateNumber: string }) =>
        new TextEncoder().encode(`%PDF-1.7 stand-in ${data.certificateNumber}`),
    };
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        getOrIssueCertificate({ type: "deforestation", subjectType: "farmer", subjectId: "FRM100002" }, deps),
      ),
      getOrIssueCertificate({ type: "deforestation", subjectType: "batch", subjectId: OTHER_BATCH }, deps),
      getOrIssueCertificate({ type: "deforestation", subjectType: "shipment", subjectId: BATCH }, deps),
    ]);
    const numbers = results.map((r) => (r.ok ? r.value.certificate.certificateNumber : r.message));
    expect(new Set(numbers.slice(0, 4)).size).toBe(1);
    expect(results.slice(0, 4).filter((r) => r.ok && r.value.created)).toHaveLength(1);
    const forFarmer = await rows<CertRow>(
      "SELECT * FROM certificates WHERE type = 'deforestation' AND subject_type = 'farmer' AND subject_id = 'FRM100002'",
    );
    expect(forFarmer.map((r) => [r.certificate_number, r.status])).toEqual([[numbers[0], "valid"]]);
    // The shipment's deforestation certificate existed already: served, not issued again.
    expect(numbers[5]).toBe(issued["shipment:deforestation"]);
    const serials = (
      await rows<{ n: string }>("SELECT certificate_number AS n FROM certificates WHERE type = 'deforestation'")
    ).map((r) => r.n.split("-")[3]);
    expect(new Set(serials).size).toBe(serials.length);
  });

  it("who gets which subject: own farmer, handled batches, staff everything, observers nothing", async () => {
    expect((await real("eudr", "farmer", "FRM000001", "farmer")).status).toBe(200);
    const other = await real("eudr", "farmer", "FRM100002", "farmer");
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ success: false, message: "No farmer with ID FRM100002" });
    expect((await real("eudr", "batch", BATCH, "farmer")).status).toBe(404);
    expect((await real("origin", "shipment", BATCH, "exporter")).status).toBe(200);
    expect((await real("quality", "batch", BATCH, "buyer")).status).toBe(200);
    const notTheirs = await real("quality", "batch", OTHER_BATCH, "buyer");
    expect(notTheirs.status).toBe(404);
    expect(await notTheirs.json()).toEqual({ success: false, message: `No batch with code ${OTHER_BATCH}` });
    expect((await real("eudr", "batch", OTHER_BATCH, "land")).status).toBe(404);
    expect((await issueReal("eudr", "batch", OTHER_BATCH, "land")).status).toBe(200);
    expect((await real("eudr", "batch", OTHER_BATCH, "land")).status).toBe(200);
    expect((await real("eudr", "batch", BATCH, "observer")).status).toBe(403);
    const notExported = await real("origin", "shipment", OTHER_BATCH, "dg");
    expect(notExported.status).toBe(409);
    expect(await notExported.json()).toEqual({
      success: false,
      message: `Batch ${OTHER_BATCH} has not been exported: shipment certificates are issued for an exported batch`,
    });
    expect((await real("eudr", "batch", "LR-COC-2026-999999", "dg")).status).toBe(404);
    const badType = await real("carbon" as CertificateType, "batch", BATCH, "dg");
    expect(badType.status).toBe(404);
    expect((await real("eudr", "test_farmer", "1", "dg")).status).toBe(404);
  }, 60_000);

  it("a change in the data makes a new version; documents that do not print it stay as they were", async () => {
    const oldEudr = issued["shipment:eudr"]!;
    const oldQuality = issued["shipment:quality"]!;
    const dds = await post(`/api/batches/${BATCH}/dds`, "exporter", {
      ddsReference: "26BE7TQX4K2M9R",
      ddsVerification: "TST8K2QZ",
    });
    expect(dds.status).toBe(200);

    // GET serves only what was issued: the old paper no longer describes the data.
    const stale = await real("eudr", "shipment", BATCH, "dg");
    expect(stale.status).toBe(404);
    expect(((await stale.json()) as { message: string }).message).toContain(`(${oldEudr} describes earlier data)`);
    const eudr = await expectPdf(await issueReal("eudr", "shipment", BATCH, "dg"), "eudr");
    expect(eudr.source).toBe("generated");
    expect(eudr.number).not.toBe(oldEudr);
    expect(await certByNumber(eudr.number)).toMatchObject({ status: "valid", version: 2 });
    expect(await certByNumber(oldEudr)).toMatchObject({ status: "superseded", version: 1 });
    const audit = await one<{ before: string; after: string }>(
      "SELECT before, after FROM audit_log WHERE action = 'certificate.issue' AND entity_id = ?",
      eudr.number,
    );
    expect(JSON.parse(audit.before)).toEqual({ supersedes: [oldEudr] });

    // The quality certificate does not print DDS numbers: still the same paper.
    const quality = await expectPdf(await real("quality", "shipment", BATCH, "dg"), "quality");
    expect(quality.number).toBe(oldQuality);
    expect(quality.source).toBe("stored");
    issued["shipment:eudr"] = eudr.number;
    issued["shipment:eudr:old"] = oldEudr;
  }, 60_000);
});

// ── Verification and revocation ─────────────────────────────────────────────────────────────

describe("/verify/{certificateNumber}", () => {
  it("shows a current certificate as genuine and valid, without signing in", async () => {
    const n = issued["shipment:eudr"]!;
    const res = await call(`/verify/${n}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = decode(await res.text());
    expect(html).toContain("Genuine: this certificate was issued by this platform.");
    expect(html).toMatch(/data-testid="verify-status"[^>]*>.*Valid</s);
    expect(html).toContain("EUDR Compliance Certificate");
    expect(html).toContain(n);
    expect(html).toContain(`Shipment: ${BATCH} (Cocoa, exported`);
    expect(html).toContain("Liberia Agriculture and Commodity Regulatory Authority (LACRA)");
    // Nothing beyond what the paper prints: no producer names, no plot codes.
    expect(html).not.toContain("Korto");
    expect(html).not.toContain("PLT-000001-01");
    // No revoke form for a visitor.
    expect(html).not.toContain("Revoke certificate");

    const json = await call(`/api/certificates/verify/${n.toLowerCase()}`);
    expect(json.status).toBe(200);
    expect(await json.json()).toMatchObject({
      success: true,
      certificate: {
        certificateNumber: n,
        status: "valid",
        type: "eudr",
        title: "EUDR Compliance Certificate",
        testProfile: false,
      },
    });
  });

  it("says when a certificate was superseded, and which one is current", async () => {
    const html = decode(await (await call(`/verify/${issued["shipment:eudr:old"]}`)).text());
    expect(html).toContain("Superseded by a newer certificate");
    expect(html).toContain(`href="/verify/${issued["shipment:eudr"]}"`);
  });

  it("reports a forged or altered number as not found", async () => {
    const n = issued["shipment:eudr"]!;
    const altered = `${n.slice(0, -1)}${n.endsWith("A") ? "B" : "A"}`;
    for (const bad of [
      altered,
      n.replace(/-(\d{6})-/, (_, s) => `-${String(Number(s) + 1).padStart(6, "0")}-`),
      "LR-EUDR-2026-000001",
      "hello",
    ]) {
      const res = await call(`/verify/${bad}`);
      expect(res.status, bad).toBe(404);
      const html = decode(await res.text());
      expect(html).toContain(
        `No certificate with number ${bad} was issued by this platform. The document may be forged or the number mistyped.`,
      );
      expect(html).not.toContain("Genuine");
    }
    const json = await call(`/api/certificates/verify/${altered}`);
    expect(json.status).toBe(404);
    expect(await json.json()).toEqual({
      success: false,
      message: `No certificate with number ${altered} was issued by this platform. The document may be forged or the number mistyped.`,
    });
  });

  it("a regulator revokes with a reason; others cannot; the paper is not issued again for the same data", async () => {
    const n = issued["batch:origin"]!;
    const buyer = await post(`/api/certificates/${n}/revoke`, "buyer", { reason: "Exporter declaration found false" });
    expect(buyer.status).toBe(403);
    const short = await post(`/api/certificates/${n}/revoke`, "dg", { reason: " too short " });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({
      success: false,
      message: "Enter the reason for revoking this certificate (at least 10 characters)",
      errors: { reason: ["Enter the reason for revoking this certificate (at least 10 characters)"] },
    });
    const ok = await post(`/api/certificates/${n}/revoke`, "dg", {
      reason: "  Origin  declaration found to be false on inspection ",
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      success: true,
      certificate: {
        certificateNumber: n,
        status: "revoked",
        revocationReason: "Origin declaration found to be false on inspection",
      },
    });
    const row = await certByNumber(n);
    expect(row).toMatchObject({
      status: "revoked",
      revocation_reason: "Origin declaration found to be false on inspection",
    });
    expect(
      await one<{ actor_role: string }>(
        "SELECT actor_role FROM audit_log WHERE action = 'certificate.revoke' AND entity_id = ?",
        n,
      ),
    ).toEqual({ actor_role: "dg" });

    const html = decode(await (await call(`/verify/${n}`)).text());
    const today = new Date();
    const months = [
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ];
    expect(html).toContain(`Revoked on ${today.getUTCDate()} ${months[today.getUTCMonth()]} ${today.getUTCFullYear()}`);
    expect(html).toContain("Reason: Origin declaration found to be false on inspection");

    const again = await post(`/api/certificates/${n}/revoke`, "office", { reason: "A second revocation attempt" });
    expect(again.status).toBe(409);
    expect((await real("origin", "batch", BATCH, "dg")).status).toBe(409);
    const reissue = await issueReal("origin", "batch", BATCH, "dg");
    expect(reissue.status).toBe(409);
    expect(((await reissue.json()) as { message: string }).message).toMatch(
      new RegExp(
        `^Certificate ${n} was revoked on .*: Origin declaration found to be false on inspection\\. A new certificate is issued only when the data behind it changes\\.$`,
      ),
    );
  });

  it("signed-in regulator staff revoke from the page with a plain form", async () => {
    const n = issued["batch:phytosanitary"]!;
    const page = decode(await (await call(`/verify/${n}`, { headers: { Cookie: who.office.cookie } })).text());
    expect(page).toContain("Revoke certificate");
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1]!;
    const form = (fields: Record<string, string>, cookie: string) =>
      call(`/verify/${n}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: cookie },
        body: new URLSearchParams(fields).toString(),
      });
    const invalid = await form({ csrf, reason: "short" }, who.office.cookie);
    expect(invalid.status).toBe(400);
    const again = decode(await invalid.text());
    expect(again).toContain("There is a problem");
    expect(again).toContain("Enter the reason for revoking this certificate (at least 10 characters)");
    expect(again).toContain(">short</textarea>");
    expect((await form({ csrf: "forged", reason: "Treatment record was falsified" }, who.office.cookie)).status).toBe(
      403,
    );
    expect((await form({ csrf, reason: "Treatment record was falsified" }, who.buyer.cookie)).status).toBe(403);
    const ok = await form({ csrf, reason: "Treatment record was falsified" }, who.office.cookie);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(`/verify/${n}?revoked=1`);
    const after = decode(
      await (await call(`/verify/${n}?revoked=1`, { headers: { Cookie: who.office.cookie } })).text(),
    );
    expect(after).toContain("The certificate is revoked.");
    expect(after).toContain("Reason: Treatment record was falsified");
    expect(after).not.toContain("Revoke certificate");
  });
});

// ── The nightly job ─────────────────────────────────────────────────────────────────────────

describe("scheduled certificate regeneration", () => {
  it("marks expired certificates, re-issues changed ones, and records what it did", async () => {
    // A test certificate past its date, and a change to the batch's grade (printed on quality and declaration).
    const stale = await one<CertRow>(
      "SELECT * FROM certificates WHERE subject_type = 'test_farmer' AND type = 'origin' AND subject_id = '3'",
    );
    await env.DB.prepare("UPDATE certificates SET expires_at = ? WHERE id = ?").bind(iso(1), stale.id).run();
    const oldQuality = issued["shipment:quality"]!;
    await env.DB.prepare("UPDATE batches SET grade = 'B' WHERE batch_code = ?").bind(BATCH).run();
    const expiredBefore = await call(`/verify/${stale.certificate_number}`);
    expect(decode(await expiredBefore.text())).toContain("Expired on");

    await (
      exports.default as unknown as { scheduled(o: { scheduledTime: number; cron: string }): Promise<unknown> }
    ).scheduled({ scheduledTime: Date.now(), cron: "0 2 * * *" });
    const run = await one<{ status: string; summary: string }>(
      "SELECT status, summary FROM cron_runs ORDER BY id DESC LIMIT 1",
    );
    expect(run.status).toBe("ok");
    const summary = JSON.parse(run.summary).certificates;
    expect(summary.expired).toBe(1);
    expect(summary.failed).toEqual([]);
    expect(summary.reissuedChanged).toBeGreaterThanOrEqual(2);
    expect(summary.issued).toEqual(
      expect.arrayContaining([expect.objectContaining({ from: oldQuality, reason: "data changed" })]),
    );

    expect((await certByNumber(stale.certificate_number)).status).toBe("expired");
    expect((await certByNumber(oldQuality)).status).toBe("superseded");
    const newQuality = summary.issued.find((i: { from: string }) => i.from === oldQuality).to as string;
    expect(await certByNumber(newQuality)).toMatchObject({
      status: "valid",
      issued_by: "system:cron",
      subject_id: BATCH,
    });
    // The regenerated paper points to the same site as the one it replaces.
    expect(JSON.parse((await certByNumber(newQuality)).summary).verificationUrl).toBe(`${ORIGIN}/verify/${newQuality}`);
    // The download now serves the regenerated paper without drawing it again.
    const served = await expectPdf(await real("quality", "shipment", BATCH, "dg"), "quality");
    expect(served.number).toBe(newQuality);
    expect(served.source).toBe("stored");
    // Every valid certificate of a real subject is now current: a second run changes nothing.
    await (
      exports.default as unknown as { scheduled(o: { scheduledTime: number; cron: string }): Promise<unknown> }
    ).scheduled({ scheduledTime: Date.now(), cron: "0 2 * * *" });
    const second = JSON.parse(
      (await one<{ summary: string }>("SELECT summary FROM cron_runs ORDER BY id DESC LIMIT 1")).summary,
    ).certificates;
    expect(second).toMatchObject({ expired: 0, reissuedChanged: 0, renewedExpiring: 0, failed: [] });
    expect(second.unchanged).toBe(second.checked);
  }, 120_000);

  it("renews a real certificate that expires within 14 days, with the same data — not a one-inspection paper", async () => {
    const n = (
      await one<CertRow>(
        "SELECT * FROM certificates WHERE type = 'eudr' AND subject_type = 'batch' AND status = 'valid'",
      )
    ).certificate_number;
    const phyto = (
      await one<CertRow>(
        "SELECT * FROM certificates WHERE type = 'phytosanitary' AND subject_type = 'shipment' AND status = 'valid'",
      )
    ).certificate_number;
    const soon = new Date(Date.now() + 5 * DAY).toISOString();
    await env.DB.prepare("UPDATE certificates SET expires_at = ? WHERE certificate_number IN (?, ?)")
      .bind(soon, n, phyto)
      .run();
    await (
      exports.default as unknown as { scheduled(o: { scheduledTime: number; cron: string }): Promise<unknown> }
    ).scheduled({ scheduledTime: Date.now(), cron: "0 2 * * *" });
    const summary = JSON.parse(
      (await one<{ summary: string }>("SELECT summary FROM cron_runs ORDER BY id DESC LIMIT 1")).summary,
    ).certificates;
    const renewed = summary.issued.find((i: { from: string }) => i.from === n);
    expect(renewed).toMatchObject({ reason: "expiring" });
    const [oldRow, newRow] = [await certByNumber(n), await certByNumber(renewed.to)];
    expect(oldRow.status).toBe("superseded");
    expect(newRow.data_hash).toBe(oldRow.data_hash);
    expect(newRow.expires_at > oldRow.expires_at).toBe(true);
    // The phytosanitary certificate attests one inspection: it is left to expire.
    expect(summary.issued.some((i: { from: string }) => i.from === phyto)).toBe(false);
    expect(await certByNumber(phyto)).toMatchObject({ status: "valid", expires_at: soon });
  }, 60_000);

  it("only runs with the nightly trigger", async () => {
    await (
      exports.default as unknown as { scheduled(o: { scheduledTime: number; cron: string }): Promise<unknown> }
    ).scheduled({ scheduledTime: Date.now(), cron: "*/5 * * * *" });
    const run = await one<{ summary: string }>("SELECT summary FROM cron_runs ORDER BY id DESC LIMIT 1");
    expect(JSON.parse(run.summary).certificates).toEqual({ skipped: "runs with the nightly trigger (0 2 * * *)" });
  });
});

// ── The testing screen ──────────────────────────────────────────────────────────────────────

describe("/certificate-testing-dashboard", () => {
  it("lists the three profiles and nothing else before one is chosen", async () => {
    const res = await call("/certificate-testing-dashboard", { headers: { Cookie: who.dg.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = decode(await res.text());
    expect(html).toContain("Certificate Testing Dashboard");
    for (const f of TEST_FARMERS) {
      expect(html).toContain(f.name);
      expect(html).toContain(f.location);
      expect(html).toContain(`Test farmer ${f.id}`);
    }
    expect(html.split(">Generate Certificates<").length - 1).toBe(3);
    expect(html).not.toContain('data-testid="generated"');
    expect(html).not.toContain("/api/test/");
  });

  it("'Generate Certificates' issues the six documents, then shows a banner and six cards opening in a new tab", async () => {
    const page = decode(
      await (await call("/certificate-testing-dashboard", { headers: { Cookie: who.dg.cookie } })).text(),
    );
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1]!;
    const res = await call("/certificate-testing-dashboard", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: who.dg.cookie },
      body: new URLSearchParams({ csrf, farmer: "2" }).toString(),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/certificate-testing-dashboard?farmer=2&generated=1");
    const html = decode(
      await (
        await call("/certificate-testing-dashboard?farmer=2&generated=1", { headers: { Cookie: who.dg.cookie } })
      ).text(),
    );
    expect(html).toContain(
      `Certificates generated for ${TEST_FARMERS[1]!.name} (test profile 2): six documents are ready.`,
    );
    for (const type of CERTIFICATE_TYPES) {
      expect(html).toContain(`href="/api/test/${CERTIFICATE_INFO[type].testPath}/2" target="_blank" rel="noopener"`);
      expect(html).toContain(CERTIFICATE_INFO[type].title);
      const current = await one<CertRow>(
        "SELECT * FROM certificates WHERE type = ? AND subject_type = 'test_farmer' AND subject_id = '2' AND status = 'valid'",
        type,
      );
      expect(html).toContain(current.certificate_number);
    }
    expect(html.split('target="_blank"').length - 1).toBe(6);
    // The new tab carries only the session cookie.
    const tab = await call(`/api/test/${CERTIFICATE_INFO.quality.testPath}/2`, { headers: { Cookie: who.dg.cookie } });
    expect((await expectPdf(tab, "quality")).source).toBe("stored");
  }, 60_000);

  it("is for staff: a buyer gets 403, a visitor is sent to sign in", async () => {
    expect((await call("/certificate-testing-dashboard", { headers: { Cookie: who.buyer.cookie } })).status).toBe(403);
    const visitor = await call("/certificate-testing-dashboard");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/portals?redirectTo=%2Fcertificate-testing-dashboard");
  });
});

// ── The cache fast path (issue 11) ──────────────────────────────────────────────────────────

/** D1 and R2 that count what a call does with them. */
function counting() {
  const calls = { d1: 0, r2: 0 };
  const d1 = new Proxy(env.DB, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "prepare" || prop === "batch" || prop === "exec") calls.d1++;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const r2 = new Proxy(env.CERTS, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "get" || prop === "put" || prop === "head") calls.r2++;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { calls, deps: { db: database(d1), r2, verifyBaseUrl: ORIGIN } };
}

describe("cached downloads (issue 11: certificate cache fast path)", () => {
  it("a current certificate is served with one D1 read and one R2 read; a 304 needs no R2 read", async () => {
    const request = { type: "eudr", subjectType: "farmer", subjectId: "FRM000001" } as const;
    // The first read after issuing notes the data version; from then on the fast path serves.
    await currentCertificate(request, counting().deps);
    const { calls, deps } = counting();
    const result = await currentCertificate(request, deps);
    if (!result.ok) throw new Error(result.message);
    expect(calls).toEqual({ d1: 1, r2: 0 });
    const pdf = await result.value.open();
    expect(pdf.source).toBe("stored");
    expect(calls).toEqual({ d1: 1, r2: 1 });

    const etag = (await real("eudr", "farmer", "FRM000001", "dg")).headers.get("etag")!;
    const same = await real("eudr", "farmer", "FRM000001", "dg", { "If-None-Match": etag });
    expect(same.status).toBe(304);
  });

  it("any change to what the paper prints, by any writer, ends the fast path: the new data gets a new number", async () => {
    const before = await expectPdf(await real("eudr", "farmer", "FRM000001", "dg"), "eudr");
    // Written straight to D1, as an import or a repair would: the trigger bumps the version.
    await env.DB.prepare("UPDATE farmers SET last_name = 'Gbowee-Kollie' WHERE farmer_id = 'FRM000001'").run();
    const stale = await real("eudr", "farmer", "FRM000001", "dg");
    expect(stale.status).toBe(404);
    expect(((await stale.json()) as { message: string }).message).toContain(
      `(${before.number} describes earlier data)`,
    );
    const after = await expectPdf(await issueReal("eudr", "farmer", "FRM000001", "dg"), "eudr");
    expect(after.number).not.toBe(before.number);
    expect((await certByNumber(before.number)).status).toBe("superseded");
    expect(JSON.parse((await certByNumber(after.number)).summary).subject.label).toBe(
      "Korto Gbowee-Kollie (FRM000001)",
    );
    // A new assessment of one of the farmer's plots does too.
    await env.DB.prepare(
      "INSERT INTO plot_assessments (id, plot_id, verdict, evidence, reasons, assessed_at) VALUES ('a-9', 'p-1', 'high', '[]', '[]', ?)",
    )
      .bind(iso(0))
      .run();
    expect((await real("eudr", "farmer", "FRM000001", "dg")).status).toBe(404);
  }, 60_000);
});

it("keeps at most one valid certificate per type and subject", async () => {
  const dupes = await rows<{ n: number }>(
    "SELECT count(*) AS n FROM certificates WHERE status = 'valid' GROUP BY type, subject_type, subject_id HAVING n > 1",
  );
  expect(dupes).toEqual([]);
});
