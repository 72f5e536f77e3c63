/**
 * Certificates of real subjects: a real batch, shipment and farmer from stored
 * records, versions when the data changes, the public verification page, revocation and the
 * nightly regeneration.
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { CERTIFICATE_TYPES, type CertificateType } from "#worker/domain/certificates/content";
import { getOrIssueCertificate } from "#worker/services/certificates/issue-certificate";
import {
  BATCH,
  type CertRow,
  certByNumber,
  DAY,
  expectPdf,
  get,
  iso,
  issueReal,
  issueTestDocuments,
  OTHER_BATCH,
  one,
  post,
  rows,
  signInAndSeed,
  type Who,
} from "./certificates-fixtures";
import { call, ORIGIN } from "./helpers";
import { decodeHtml as decode } from "./html";

beforeAll(signInAndSeed, 60_000);

// ── Real subjects ───────────────────────────────────────────────────────────────────────────

const real = (type: CertificateType, kind: string, id: string, as: Who, headers: Record<string, string> = {}) =>
  get(`/api/certificates/${type}/${kind}/${id}`, as, headers);
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

// ── The nightly job ─────────────────────────────────────────────────────────────────────────

describe("scheduled certificate regeneration", () => {
  // The job also handles the test profiles' documents; one of them is made to expire below.
  beforeAll(issueTestDocuments, 60_000);

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

it("keeps at most one valid certificate per type and subject", async () => {
  const dupes = await rows<{ n: number }>(
    "SELECT count(*) AS n FROM certificates WHERE status = 'valid' GROUP BY type, subject_type, subject_id HAVING n > 1",
  );
  expect(dupes).toEqual([]);
});
