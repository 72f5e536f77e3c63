/**
 * What the certificate tests share (certificates*.test.ts): who signs in, request helpers, a
 * PDF check, and the real farmer, plots and exported batch the real documents are drawn from.
 */
import { PDFDocument } from "pdf-lib";
import { expect } from "vitest";
import { custodyEvents } from "#db/schema";
import { CERTIFICATE_INFO, CERTIFICATE_TYPES, type CertificateType } from "#worker/domain/certificates/content";
import { layerEvidence, squarePolygon } from "../real-shipment";
import {
  db,
  insertAssessment,
  insertBatch,
  insertFarmer,
  insertOrigin,
  insertPlot,
  type SeedGeometry,
  sessionAs,
} from "./factories";
import { bearer, call, one, rows } from "./helpers";

export type Who = "dg" | "office" | "buyer" | "exporter" | "farmer" | "land" | "observer";
export let who: Record<Who, { token: string; cookie: string; account: { id: string } }>;

export type CertRow = {
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

export { one, rows };
export const certByNumber = (n: string) => one<CertRow>("SELECT * FROM certificates WHERE certificate_number = ?", n);
export const count = async () => (await one<{ n: number }>("SELECT count(*) AS n FROM certificates")).n;
export function get(path: string, as: Who | null, headers: Record<string, string> = {}) {
  return call(path, { headers: { ...(as ? { Authorization: `Bearer ${who[as].token}` } : {}), ...headers } });
}
export function post(path: string, as: Who | null, body: unknown) {
  return call(path, {
    method: "POST",
    headers: { ...(as ? { Authorization: `Bearer ${who[as].token}` } : {}), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}
/** Issuing is a POST; GET only serves what was issued. */
export function issue(path: string, as: Who) {
  return bearer(who[as].token, path, "POST");
}
export const issueReal = (type: CertificateType, kind: string, id: string, as: Who) =>
  issue(`/api/certificates/${type}/${kind}/${id}`, as);
export const testPath = (type: CertificateType, id: number | string) =>
  `/api/test/${CERTIFICATE_INFO[type].testPath}/${id}`;

/** Checks a PDF response the way a browser tab and a PDF reader would; returns its number and bytes. */
export async function expectPdf(res: Response, type: CertificateType) {
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

export const DAY = 86_400_000;
export const iso = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString();

const ev = layerEvidence("layer");
export const BATCH = "LR-COC-2026-000901";
export const OTHER_BATCH = "LR-COC-2026-000902";

export async function seedRealData() {
  const geo1 = squarePolygon(-9.472311, 6.995412);
  const geo2 = squarePolygon(-9.468842, 6.991127);
  const farmer = { county: "Bong County", crops: '["Cocoa"]' };
  const plot = { areaHectares: 1, crop: "Cocoa", county: "Bong County", riskLevel: "low", assessedAt: iso(90) };
  await db.batch([
    insertFarmer({
      ...farmer,
      id: "f-1",
      farmerId: "FRM000001",
      userId: "demo-farmer",
      firstName: "Korto",
      lastName: "Gbowee",
      community: "Gbarnga",
      registrationDate: "2025-01-10",
    }),
    insertFarmer({
      ...farmer,
      id: "f-2",
      farmerId: "FRM100002",
      firstName: "Yassah",
      lastName: "Kpadeh",
      community: "Totota",
      registrationDate: "2025-01-11",
    }),
    insertPlot({
      ...plot,
      id: "p-1",
      plotCode: "PLT-000001-01",
      farmerId: "FRM000001",
      geometry: geo1 as SeedGeometry,
    }),
    insertPlot({
      ...plot,
      id: "p-2",
      plotCode: "PLT-100002-01",
      farmerId: "FRM100002",
      geometry: geo2 as SeedGeometry,
    }),
    // Plot 1: "more information needed" 18 months ago (a small post-2020 disturbance overlap), low since 3 months.
    ...(
      [
        [
          "a-1",
          "p-1",
          "more_information_needed",
          [
            ev("forest_2020", "Global Forest Cover 2020 (JRC)", 0.4, 40),
            ev("disturbance_after_2020", "RADD alerts", 0.05, 5),
          ],
          "Tree cover at end-2020 on 40% of the plot.",
          548,
        ],
        [
          "a-2",
          "p-1",
          "low",
          [
            ev("commodity_2020", "Cocoa map of West Africa 2020", 1, 100),
            ev("disturbance_after_2020", "RADD alerts", 0, 0),
          ],
          "Cocoa was already grown on the plot in 2020.",
          90,
        ],
        [
          "a-3",
          "p-2",
          "low",
          [
            ev("forest_2020", "Global Forest Cover 2020 (JRC)", 0, 0),
            ev("disturbance_after_2020", "RADD alerts", 0, 0),
          ],
          "No tree cover at end-2020 on the plot.",
          90,
        ],
      ] as const
    ).map(([id, plotId, verdict, evidence, reason, daysAgo]) =>
      insertAssessment({ id, plotId, verdict, evidence, reasons: [reason], assessedAt: iso(daysAgo) }),
    ),
    insertBatch({
      id: "b-1",
      batchCode: BATCH,
      weightG: 1_200_000,
      grade: "A",
      harvestDate: "2026-01-20",
      status: "exported",
      complianceStatus: "compliant",
      county: "Bong County",
      holderId: "demo-exporter",
      createdBy: "demo-buyer",
    }),
    insertBatch({
      id: "b-2",
      batchCode: OTHER_BATCH,
      weightG: 300_000,
      harvestDate: "2026-01-22",
      status: "purchased",
      county: "Bong County",
      holderId: "someone-else",
      createdBy: "someone-else",
    }),
    insertOrigin({ batchId: "b-1", plotId: "p-1", farmerId: "FRM000001", weightG: 700_000 }),
    insertOrigin({ batchId: "b-1", plotId: "p-2", farmerId: "FRM100002", weightG: 500_000 }),
    insertOrigin({ batchId: "b-2", plotId: "p-2", farmerId: "FRM100002", weightG: 300_000 }),
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
    ].map(([id, batchId, fromStatus, toStatus, actorId, actorRole, daysAgo, location, out]) =>
      db.insert(custodyEvents).values({
        id: id as string,
        batchId: batchId as string,
        fromStatus: fromStatus as string | null,
        toStatus: toStatus as string,
        actorId: actorId as string,
        actorRole: actorRole as string,
        occurredAt: iso(daysAgo as number),
        location: location as string,
        weightOutG: (out as number) * 1000,
      }),
    ),
  ]);
}

/** Sessions for every role the certificate tests use, then the real subjects seeded. */
export async function signInAndSeed() {
  const [dg, office, buyer, exporter, farmer, land, observer] = await Promise.all([
    sessionAs("dg"),
    sessionAs("office_admin"),
    sessionAs("buyer"),
    sessionAs("exporter"),
    sessionAs("farmer"),
    sessionAs("land_inspector"),
    sessionAs("monitoring_observer"),
  ]);
  who = { dg, office, buyer, exporter, farmer, land, observer };
  await seedRealData();
}

/**
 * The six documents of the three test profiles, as the testing screen issues them
 * (certificates.test.ts tests that path): the nightly job handles them beside the real ones.
 */
export async function issueTestDocuments() {
  for (const id of [1, 2, 3])
    for (const type of CERTIFICATE_TYPES) {
      const res = await issue(testPath(type, id), "land");
      if (res.status !== 200) throw new Error(`test document ${type} ${id}: HTTP ${res.status}`);
    }
}

/**
 * The real documents the verification tests read, issued as certificates-real.test.ts issues them:
 * the batch's origin and phytosanitary certificates, and the shipment's EUDR certificate before
 * and after the EU buyer's DDS numbers are recorded (a new version supersedes the first).
 */
export async function issueForVerification(): Promise<Record<string, string>> {
  const issue = async (type: CertificateType, kind: string) => {
    const res = await issueReal(type, kind, BATCH, "dg");
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${kind} ${type}: HTTP ${res.status}`);
    return res.headers.get("x-certificate-number")!;
  };
  const issued: Record<string, string> = {};
  issued["batch:origin"] = await issue("origin", "batch");
  issued["batch:phytosanitary"] = await issue("phytosanitary", "batch");
  issued["shipment:eudr:old"] = await issue("eudr", "shipment");
  const dds = await post(`/api/batches/${BATCH}/dds`, "exporter", {
    ddsReference: "26BE7TQX4K2M9R",
    ddsVerification: "TST8K2QZ",
  });
  if (dds.status !== 200) throw new Error(`DDS: HTTP ${dds.status}`);
  issued["shipment:eudr"] = await issue("eudr", "shipment");
  return issued;
}
