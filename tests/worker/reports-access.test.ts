/** Oversight reports: who may see and request what, checked on the server. */
import { beforeAll, describe, expect, it } from "vitest";
import { sessionAs } from "./factories";
import { call } from "./helpers";
import {
  bearer,
  EXPORTER_B,
  getJson,
  PERIOD,
  postReport,
  type Report,
  seedAndSignIn,
  signInObserver,
  staff,
  waitForReport,
} from "./reports-fixtures";

beforeAll(seedAndSignIn);

describe("who may see what (checked on the server)", () => {
  let exporterReport: Report;
  let nationalReport: Report;
  let customReport: Report;
  beforeAll(async () => {
    // Staff may use fixed periods or any range; observers see the fixed-period ones only.
    const a = await postReport(staff.token, { kind: "exporter", period: "12m", exporterId: EXPORTER_B.id });
    exporterReport = (await waitForReport(((await a.json()) as { report: Report }).report.id, staff.token)).report;
    const b = await postReport(staff.token, { kind: "national", period: "year" });
    nationalReport = (await waitForReport(((await b.json()) as { report: Report }).report.id, staff.token)).report;
    const c = await postReport(staff.token, { kind: "national", from: "2026-01-01", to: "2026-01-31" });
    customReport = (await waitForReport(((await c.json()) as { report: Report }).report.id, staff.token)).report;
  });

  it("signed out: 401 on every route", async () => {
    for (const [method, path] of [
      ["GET", "/api/reports"],
      ["POST", "/api/reports"],
      ["GET", `/api/reports/${nationalReport.id}`],
      ["GET", `/api/reports/${nationalReport.id}/pdf`],
    ]) {
      const res = await call(path!, {
        method,
        headers: { "Content-Type": "application/json" },
        body: method === "POST" ? "{}" : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("a buyer (or an exporter, or an inspector): 403 on every route", async () => {
    for (const role of ["buyer", "exporter", "land_inspector"]) {
      const { token } = await sessionAs(role);
      for (const [method, path] of [
        ["GET", "/api/reports"],
        ["POST", "/api/reports"],
        ["GET", `/api/reports/${nationalReport.id}/pdf`],
      ]) {
        const res = await call(path!, {
          method,
          headers: { ...bearer(token), "Content-Type": "application/json" },
          body: method === "POST" ? JSON.stringify({ kind: "national", ...PERIOD }) : undefined,
        });
        expect(res.status, `${role} ${method} ${path}`).toBe(403);
      }
    }
  });

  it("a donor downloads national reports but is refused the by-exporter report; the list hides it", async () => {
    const donor = await signInObserver("donor");
    const pdf = await call(`/api/reports/${nationalReport.id}/pdf`, { headers: bearer(donor.token) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const refused = {
      success: false,
      message:
        "By-exporter reports name licensed exporting companies: they are open to regulator staff and auditors only",
    };
    for (const path of [`/api/reports/${exporterReport.id}`, `/api/reports/${exporterReport.id}/pdf`]) {
      const res = await call(path, { headers: bearer(donor.token) });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(refused);
    }
    // Even with the right ETag, no 304 without access.
    expect(
      (
        await call(`/api/reports/${exporterReport.id}/pdf`, {
          headers: { ...bearer(donor.token), "If-None-Match": `"${exporterReport.dataHash}"` },
        })
      ).status,
    ).toBe(403);
    const { reports } = await getJson<{ reports: Report[] }>("/api/reports", donor.token);
    expect(reports.map((r) => r.id)).toContain(nationalReport.id);
    expect(reports.some((r) => r.kind === "exporter")).toBe(false);
    expect(reports.every((r) => r.status === "ready")).toBe(true);
    const post = await postReport(donor.token, { kind: "exporter", ...PERIOD });
    expect(post.status).toBe(403);
    expect(await post.json()).toEqual(refused);
    // An aggregate-only kind a donor may request, for a fixed period.
    const own = await postReport(donor.token, { kind: "county", period: "30d", county: "Nimba County" });
    expect(own.status).toBe(202);
    await waitForReport(((await own.json()) as { report: Report }).report.id, donor.token);
  });

  it("observers get fixed periods only: a day-level range is refused, and staff's custom-range reports are not theirs to see", async () => {
    const ngo = await signInObserver("ngo");
    const message =
      "Oversight observers choose one of the fixed periods (All records, This calendar year, Last 12 months, Last 30 days): custom date ranges are open to regulator staff only, so that two close ranges cannot be subtracted to reveal a small figure";
    const custom = await postReport(ngo.token, { kind: "county", ...PERIOD, county: "Sinoe County" });
    expect(custom.status).toBe(400);
    expect(await custom.json()).toEqual({ success: false, message, errors: { period: [message] } });
    const bad = await postReport(ngo.token, { kind: "national", period: "7d" });
    expect(bad.status).toBe(400);
    for (const path of [`/api/reports/${customReport.id}`, `/api/reports/${customReport.id}/pdf`]) {
      const res = await call(path, { headers: bearer(ngo.token) });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ success: false, message });
    }
    const { reports } = await getJson<{ reports: Report[] }>("/api/reports", ngo.token);
    expect(reports.map((r) => r.id)).toContain(nationalReport.id);
    expect(reports.map((r) => r.id)).not.toContain(customReport.id);
    // Regulator staff keep their custom ranges.
    expect((await call(`/api/reports/${customReport.id}/pdf`, { headers: bearer(staff.token) })).status).toBe(200);
  });

  it("an NGO is refused the by-exporter report too; an auditor may see and request it", async () => {
    const ngo = await signInObserver("ngo");
    expect((await call(`/api/reports/${exporterReport.id}/pdf`, { headers: bearer(ngo.token) })).status).toBe(403);
    expect((await call(`/api/reports/${nationalReport.id}/pdf`, { headers: bearer(ngo.token) })).status).toBe(200);
    const auditor = await signInObserver("auditor");
    const pdf = await call(`/api/reports/${exporterReport.id}/pdf`, { headers: bearer(auditor.token) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toBe(
      `inline; filename="lacra-exporter-report-${exporterReport.params.from}-to-${exporterReport.params.to}.pdf"`,
    );
    const { reports } = await getJson<{ reports: Report[] }>("/api/reports", auditor.token);
    expect(reports.map((r) => r.id)).toContain(exporterReport.id);
    const own = await postReport(auditor.token, { kind: "exporter", period: "all" });
    expect(own.status).toBe(202);
    expect(
      (await waitForReport(((await own.json()) as { report: Report }).report.id, auditor.token)).report.status,
    ).toBe("ready");
  });

  it("an unknown report: 404", async () => {
    const res = await call("/api/reports/no-such-report", { headers: bearer(staff.token) });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: "No report with this ID" });
  });

  it("the oversight dashboard lists the donor's downloadable reports only, with links that open the PDF", async () => {
    const donor = await signInObserver("donor");
    const html = await (await call("/monitoring-dashboard", { headers: { Cookie: donor.cookie } })).text();
    expect(html).toContain('data-testid="reports-section"');
    expect(html).toContain(`href="/api/reports/${nationalReport.id}/pdf"`);
    expect(html).toContain('target="_blank"');
    expect(html).not.toContain(exporterReport.id);
    expect(html).not.toContain("Atlantic Cocoa Traders");
    expect(html).toContain('href="/generate-reports"');
    const auditor = await signInObserver("auditor");
    const auditorHtml = await (await call("/monitoring-dashboard", { headers: { Cookie: auditor.cookie } })).text();
    expect(auditorHtml).toContain(`href="/api/reports/${exporterReport.id}/pdf"`);
  });
});
