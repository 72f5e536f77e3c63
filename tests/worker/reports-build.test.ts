/** Oversight reports: the background build, its progress, the PDF with its ETag and the R2 cache. */
import { env, exports } from "cloudflare:workers";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { DEMO_ACCOUNTS } from "#worker/services/demo/demo-accounts";
import { gatherReportData } from "#worker/services/reports/report-data";
import { insertFarmer } from "./factories";
import { call } from "./helpers";
import {
  bearer,
  PERIOD,
  postReport,
  type Report,
  reportObjects,
  seedAndSignIn,
  staff,
  waitForReport,
} from "./reports-fixtures";

beforeAll(seedAndSignIn);

describe("POST /api/reports → progress → PDF, cached in R2", () => {
  /** The national report of PERIOD, built. */
  const readyReport = async () => {
    const res = await postReport(staff.token, { kind: "national", ...PERIOD });
    expect(res.status).toBe(202);
    return (await waitForReport(((await res.json()) as { report: Report }).report.id, staff.token)).report;
  };
  const readyWithKey = async (key: string) =>
    (await env.DB.prepare("SELECT COUNT(*) AS n FROM reports WHERE r2_key = ? AND status = 'ready'")
      .bind(key)
      .first<{ n: number }>())!.n;

  it("answers 202 at once, builds in the background with progress, and serves the PDF with its data hash as ETag", async () => {
    const res = await postReport(staff.token, { kind: "national", ...PERIOD, county: "Bong County" });
    expect(res.status).toBe(202);
    const body = (await res.json()) as { success: boolean; report: Report };
    expect(body.success).toBe(true);
    expect(body.report).toMatchObject({
      kind: "national",
      status: "queued",
      progress: 0,
      params: PERIOD,
      pdfUrl: null,
    });
    const { report, seen } = await waitForReport(body.report.id, staff.token);
    expect(report).toMatchObject({
      status: "ready",
      progress: 100,
      error: null,
      pdfUrl: `/api/reports/${report.id}/pdf`,
    });
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b)); // progress never goes back
    const expected = await gatherReportData("national", PERIOD, { db: database(env.DB) });
    expect(report.dataHash).toBe(expected.dataHash);

    const pdf = await call(report.pdfUrl!, { headers: bearer(staff.token) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(
      'inline; filename="lacra-national-report-2026-01-01-to-2026-03-31.pdf"',
    );
    expect(pdf.headers.get("etag")).toBe(`"${report.dataHash}"`);
    expect(pdf.headers.get("cache-control")).toBe("private, no-cache");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    // The fixture's five farmers are too few to publish: the title page and the reason only.
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toBe("National compliance summary — Liberia · 1 Jan 2026 – 31 Mar 2026");
    expect(doc.getKeywords()).toContain(`sha256:${report.dataHash}`);

    const again = await call(report.pdfUrl!, {
      headers: { ...bearer(staff.token), "If-None-Match": `"${report.dataHash}"` },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    const objects = await reportObjects();
    expect(objects.map((o) => [o.key, o.customMetadata?.reportId])).toEqual([
      [`reports/${report.dataHash}.pdf`, report.id],
    ]);
    const audit = await env.DB.prepare(
      "SELECT actor_role, after FROM audit_log WHERE action = 'report.request' AND entity_id = ?",
    )
      .bind(report.id)
      .first<{ actor_role: string; after: string }>();
    expect(audit?.actor_role).toBe("office_admin");
    expect(JSON.parse(audit!.after)).toEqual({ kind: "national", params: PERIOD });
  });

  it("a second identical request reuses the stored PDF: no new R2 object, the original upload untouched", async () => {
    const first = await readyReport();
    const before = (await env.CERTS.head(`reports/${first.dataHash}.pdf`))!;
    const readyBefore = await readyWithKey(`reports/${first.dataHash}.pdf`);
    const report = await readyReport();
    expect(report.id).not.toBe(first.id);
    expect(report).toMatchObject({ status: "ready", progress: 100, dataHash: first.dataHash });
    const objects = await reportObjects();
    expect(objects).toHaveLength(1);
    const after = (await env.CERTS.head(`reports/${first.dataHash}.pdf`))!;
    // A put would have replaced the object: a new upload time, etag and the new report's id.
    expect(after.uploaded.getTime()).toBe(before.uploaded.getTime());
    expect(after.etag).toBe(before.etag);
    expect(after.customMetadata?.reportId).toBe(before.customMetadata?.reportId);
    expect(await readyWithKey(`reports/${first.dataHash}.pdf`)).toBe(readyBefore + 1);
    expect((await call(report.pdfUrl!, { headers: bearer(staff.token) })).headers.get("etag")).toBe(
      `"${first.dataHash}"`,
    );
  });

  it("a change in the data gives a new data hash and a new PDF", async () => {
    const first = await readyReport();
    await insertFarmer({
      id: "f-new",
      farmerId: "FRM000006",
      firstName: "New",
      lastName: "Farmer",
      county: "Sinoe County",
      registrationDate: "2026-03-15",
    });
    const report = await readyReport();
    expect(report.status).toBe("ready");
    expect(report.dataHash).not.toBe(first.dataHash);
    const keys = (await reportObjects()).map((o) => o.key).sort();
    expect(keys).toEqual([`reports/${first.dataHash}.pdf`, `reports/${report.dataHash}.pdf`].sort());
    await env.DB.prepare("DELETE FROM farmers WHERE id = 'f-new'").run();
  });

  it("the cron handler builds a report whose background build never ran, and gives up on hour-old ones", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO reports (id, kind, params, status, progress, created_by, created_at, updated_at) VALUES ('stuck', 'county', ?, 'building', 5, ?, strftime('%Y-%m-%dT%H:%M:%fZ','now','-5 minutes'), strftime('%Y-%m-%dT%H:%M:%fZ','now','-5 minutes'))",
      ).bind(JSON.stringify({ county: "Nimba County", from: PERIOD.from, to: PERIOD.to }), DEMO_ACCOUNTS[0]!.id),
      env.DB.prepare(
        "INSERT INTO reports (id, kind, params, status, progress, created_at, updated_at) VALUES ('ancient', 'national', ?, 'queued', 0, strftime('%Y-%m-%dT%H:%M:%fZ','now','-2 hours'), strftime('%Y-%m-%dT%H:%M:%fZ','now','-2 hours'))",
      ).bind(JSON.stringify(PERIOD)),
    ]);
    await (
      exports.default as unknown as { scheduled(o: { scheduledTime: number; cron: string }): Promise<unknown> }
    ).scheduled({ scheduledTime: Date.now(), cron: "0 2 * * *" });
    const rows = await env.DB.prepare(
      "SELECT id, status, progress, error FROM reports WHERE id IN ('stuck', 'ancient') ORDER BY id",
    ).all();
    expect(rows.results).toEqual([
      {
        id: "ancient",
        status: "failed",
        progress: 0,
        error: "The report could not be built in time. Please request it again.",
      },
      { id: "stuck", status: "ready", progress: 100, error: null },
    ]);
    const run = await env.DB.prepare("SELECT summary FROM cron_runs ORDER BY id DESC LIMIT 1").first<{
      summary: string;
    }>();
    expect(JSON.parse(run!.summary).reports.reports).toEqual([
      { id: "ancient", status: "failed" },
      { id: "stuck", status: "ready", cached: false },
    ]);
  });
});
