/**
 * The auditor's export: the demo data's exported batch, as a ZIP for regulator staff
 * and auditors. The test opens the ZIP and checks every file in it against the database.
 */

import { env } from "cloudflare:workers";
import { createHash } from "node:crypto";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "#worker/services/demo/demo-accounts";
import { LOGIN_API } from "../login-api";
import { sessionAs } from "./factories";
import { bearer, call, count, rows } from "./helpers";

let dg: string;
let donor: string;
let auditor: string;
let buyer: string;
let batchCode: string;
let zip: Record<string, Uint8Array>;

const get = (path: string, token: string) => bearer(token, path);
const json = <T>(name: string) => JSON.parse(strFromU8(zip[name]!)) as T;

beforeAll(async () => {
  const admin = (await sessionAs("system_administrator")).token;
  const seeded = await bearer(admin, "/api/demo/seed", "POST");
  expect(seeded.status).toBe(200);
  const summary = (await seeded.json()) as { demo: { batches: { batchCode: string; status: string }[] } };
  batchCode = summary.demo.batches.find((b) => b.status === "exported")!.batchCode;
  dg = (await sessionAs("dg")).token;
  donor = (await sessionAs("monitoring_observer")).token;
  buyer = (await sessionAs("buyer")).token;
  const account = DEMO_ACCOUNTS.find((a) => a.loginId === "auditor.observer")!;
  const [path, body] = LOGIN_API.monitoring_observer(account);
  const res = await call(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.71.0.5" },
    body: JSON.stringify(body),
  });
  auditor = ((await res.json()) as { token: string }).token;
  // A certificate, then a newer version of it: both PDFs belong in the export.
  const issued = await bearer(dg, `/api/certificates/origin/batch/${batchCode}`, "POST");
  expect(issued.status).toBe(200);
  const download = await get(`/api/records/batches/${batchCode}/auditor-export`, auditor);
  expect(download.status).toBe(200);
  expect(download.headers.get("content-type")).toBe("application/zip");
  expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${batchCode}-auditor-export.zip"`);
  zip = unzipSync(new Uint8Array(await download.arrayBuffer()));
}, 120_000);

describe("the auditor's export of the demo batch", () => {
  it("lists every file in the manifest with its SHA-256, and every listed file is in the ZIP", () => {
    const manifest = json<{ subject: { code: string }; files: Record<string, { sha256: string; bytes: number }> }>(
      "manifest.json",
    );
    expect(manifest.subject.code).toBe(batchCode);
    expect(Object.keys(zip).sort()).toEqual([...Object.keys(manifest.files), "manifest.json"].sort());
    for (const [name, file] of Object.entries(manifest.files)) {
      expect(createHash("sha256").update(zip[name]!).digest("hex"), name).toBe(file.sha256);
      expect(zip[name]!.byteLength).toBe(file.bytes);
    }
    const readme = strFromU8(zip["README.txt"]!);
    expect(readme).toContain(`Auditor's export of batch ${batchCode}`);
    for (const name of ["records/<table>.json", "certificates/<number>.pdf", "audit/audit-log.csv"])
      expect(readme).toContain(name);
  });

  it("holds every record of the chain as stored", async () => {
    const [batch] = await rows<{ id: string }>("SELECT id FROM batches WHERE batch_code = ?", batchCode);
    const batches = json<{ batch_code: string; weight_g: number }[]>("records/batches.json");
    expect(batches.map((b) => b.batch_code)).toContain(batchCode);
    const custody = json<{ id: string; to_status: string }[]>("records/custody_events.json");
    expect(custody.map((e) => e.id).sort()).toEqual(
      (await rows<{ id: string }>("SELECT id FROM custody_events WHERE batch_id = ?", batch!.id))
        .map((r) => r.id)
        .sort(),
    );
    expect(custody.map((e) => e.to_status)).toContain("exported");
    const origins = json<{ plot_id: string; farmer_id: string }[]>("records/batch_origins.json");
    expect(origins.length).toBe(await count("SELECT count(*) AS n FROM batch_origins WHERE batch_id = ?", batch!.id));
    const farmers = json<{ farmer_id: string; first_name: string }[]>("records/farmers.json");
    expect(farmers.map((f) => f.farmer_id).sort()).toEqual([...new Set(origins.map((o) => o.farmer_id))].sort());
    const plots = json<{ id: string; plot_code: string }[]>("records/land_plots.json");
    expect(plots.map((p) => p.id).sort()).toEqual([...new Set(origins.map((o) => o.plot_id))].sort());
    expect(json<unknown[]>("records/plot_assessments.json").length).toBeGreaterThan(0);
    expect(json<unknown[]>("versions/plot_versions.json")).toBeInstanceOf(Array);
    expect(json<unknown[]>("versions/record_versions.json")).toBeInstanceOf(Array);
  });

  it("holds the origin plots as GeoJSON and the certificates as issued PDFs", async () => {
    const geo = json<{ type: string; features: { properties: { plotCode: string }; geometry: { type: string } }[] }>(
      "geojson/origin-plots.geojson",
    );
    expect(geo.type).toBe("FeatureCollection");
    const plots = json<{ plot_code: string }[]>("records/land_plots.json");
    expect(geo.features.map((f) => f.properties.plotCode).sort()).toEqual(plots.map((p) => p.plot_code).sort());
    for (const f of geo.features) expect(["Polygon", "MultiPolygon", "Point", "MultiPoint"]).toContain(f.geometry.type);
    const certificates = json<{ certificate_number: string }[]>("records/certificates.json");
    expect(certificates.length).toBeGreaterThan(0);
    for (const c of certificates) {
      const pdf = zip[`certificates/${c.certificate_number}.pdf`];
      expect(pdf, c.certificate_number).toBeDefined();
      expect(strFromU8(pdf!.slice(0, 5))).toBe("%PDF-");
    }
  });

  it("holds every audit row about the chain, as JSON and CSV", async () => {
    const audit = json<{ id: number; action: string; entity_id: string }[]>("audit/audit-log.json");
    const actions = audit.map((a) => a.action);
    expect(actions).toContain("batch.purchase");
    expect(actions).toContain("certificate.issue");
    expect(audit.map((a) => a.id)).toEqual([...audit.map((a) => a.id)].sort((a, b) => a - b));
    const csv = strFromU8(zip["audit/audit-log.csv"]!).trim().split("\r\n");
    expect(csv[0]).toBe("id,created_at,actor_id,actor_role,action,entity_type,entity_id,before,after");
    expect(csv.length).toBe(audit.length + 1);
    const ownBatch = await count("SELECT count(*) AS n FROM audit_log WHERE entity_id = ?", batchCode);
    expect(audit.filter((a) => a.entity_id === batchCode).length).toBe(ownBatch);
  });

  it("writes a cell a spreadsheet would run as a formula as text (worker/domain/csv.ts)", async () => {
    await env.DB.prepare(
      "INSERT INTO audit_log (actor_id, actor_role, action, entity_type, entity_id, before, after) VALUES (?, 'buyer', 'batch.note', 'batch', ?, ?, ?)",
    )
      .bind('=HYPERLINK("http://evil.example","Open")', batchCode, "+231 770 000 001", "@SUM(1,1)")
      .run();
    const again = await get(`/api/records/batches/${batchCode}/auditor-export`, auditor);
    const lines = strFromU8(unzipSync(new Uint8Array(await again.arrayBuffer()))["audit/audit-log.csv"]!).split("\r\n");
    const line = lines.find((l) => l.includes("batch.note"))!;
    expect(line.replace(/^\d+,[^,]+,/, "")).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Open"")",buyer,batch.note,batch,${batchCode},'+231 770 000 001,"'@SUM(1,1)"`,
    );
  });
});

describe("who may have it", () => {
  it("regulator staff and auditors; donors, NGOs and traders are refused", async () => {
    expect((await get(`/api/records/batches/${batchCode}/auditor-export`, dg)).status).toBe(200);
    const refused = await get(`/api/records/batches/${batchCode}/auditor-export`, donor);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "The auditor's export is for regulator staff and auditors",
    );
    expect((await get(`/api/records/batches/${batchCode}/auditor-export`, buyer)).status).toBe(403);
    expect((await get("/api/records/batches/LR-COC-2000-000000/auditor-export", dg)).status).toBe(404);
  });

  it("the batch page links to it for regulator staff, and the link downloads the ZIP", async () => {
    const { cookie } = await sessionAs("ddgots");
    const page = await (await call(`/batches/${batchCode}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain(`href="/batches/${batchCode}/auditor-export"`);
    const res = await call(`/batches/${batchCode}/auditor-export`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(await res.arrayBuffer())))).toContain("manifest.json");
    const buyerCookie = (await sessionAs("buyer")).cookie;
    const buyerPage = await call(`/batches/${batchCode}`, { headers: { Cookie: buyerCookie } });
    expect(await buyerPage.text()).not.toContain("auditor-export");
  });
});
