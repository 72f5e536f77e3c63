/** The /generate-reports page, with JavaScript off. */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "#worker/services/demo/demo-accounts";
import { sessionAs } from "./factories";
import { call, postForm } from "./helpers";
import { csrfOf, decodeHtml as decode, pageText } from "./html";
import {
  PERIOD,
  postReport,
  type Report,
  seedAndSignIn,
  signInObserver,
  staff,
  waitForReport,
} from "./reports-fixtures";

beforeAll(seedAndSignIn);

describe("/generate-reports page (works without JavaScript)", () => {
  const form = (fields: Record<string, string>, cookie: string) => postForm("/generate-reports", cookie, fields);

  it("a form post redirects to the report's progress, which ends with a download link", async () => {
    const page = await pageText("/generate-reports", staff.cookie);
    expect(page).toContain("Generate reports");
    expect(page).toContain('value="exporter"');
    const csrf = csrfOf(page);
    const res = await form(
      { csrf, kind: "county", from: PERIOD.from, to: PERIOD.to, county: "Bong County", commodity: "", exporterId: "" },
      staff.cookie,
    );
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/generate-reports\?report=[0-9a-f-]{36}$/);
    const id = location.split("=")[1]!;
    await waitForReport(id, staff.token);
    const done = await pageText(location, staff.cookie);
    expect(done).toContain("County report — Bong County, 1 Jan 2026 – 31 Mar 2026");
    expect(done).toContain("The report is ready.");
    expect(done).toMatch(new RegExp(`<a href="/api/reports/${id}/pdf" target="_blank"`));
    expect(done).not.toContain('http-equiv="refresh"');
  });

  it("two builds at once — one started by the API, one by the page form — both finish (PDF rendering uses no timers)", async () => {
    const page = await pageText("/generate-reports", staff.cookie);
    const csrf = csrfOf(page);
    const api = await postReport(staff.token, { kind: "commodity", ...PERIOD, commodity: "Cocoa" });
    const res = await form(
      { csrf, kind: "commodity", from: PERIOD.from, to: PERIOD.to, commodity: "Coffee" },
      staff.cookie,
    );
    expect(res.status).toBe(302);
    const [a, b] = await Promise.all([
      waitForReport(((await api.json()) as { report: Report }).report.id, staff.token),
      waitForReport(res.headers.get("location")!.split("=")[1]!, staff.token),
    ]);
    expect([a.report.status, b.report.status]).toEqual(["ready", "ready"]);
    expect(a.report.dataHash).not.toBe(b.report.dataHash);
  });

  it("while a report builds: a progress bar at its percentage and, for browsers without JavaScript, a 2-second refresh", async () => {
    await env.DB.prepare(
      "INSERT INTO reports (id, kind, params, status, progress, created_by) VALUES ('in-progress', 'national', ?, 'building', 60, ?)",
    )
      .bind(JSON.stringify(PERIOD), DEMO_ACCOUNTS.find((a) => a.role === "office_admin")!.id)
      .run();
    const html = await pageText("/generate-reports?report=in-progress", staff.cookie);
    expect(html).toMatch(/<progress max="100" value="60"[^>]*aria-label="Report progress"/);
    expect(html).toContain("Building the report… 60 %");
    expect(html).toMatch(/<noscript><meta http-equiv="refresh" content="2"\/?><\/noscript>/);
    await env.DB.prepare("DELETE FROM reports WHERE id = 'in-progress'").run();
  });

  it("shows each error next to its field and in the summary, keeping what was typed; a donor cannot choose the exporter report", async () => {
    const page = await pageText("/generate-reports", staff.cookie);
    const csrf = csrfOf(page);
    const res = await form(
      { csrf, kind: "commodity", from: "2026-03-01", to: "2026-02-01", commodity: "" },
      staff.cookie,
    );
    expect(res.status).toBe(400);
    const html = decode(await res.text());
    expect(html).toContain("There is a problem");
    expect(html).toContain("The start date must be on or before the end date");
    expect(html).toContain("Choose the commodity for a commodity report");
    expect(html).toContain('value="2026-03-01"');

    const donor = await signInObserver("donor");
    const donorPage = await pageText("/generate-reports", donor.cookie);
    expect(donorPage).toContain('value="national"');
    expect(donorPage).not.toContain('value="exporter"');
    const donorCsrf = csrfOf(donorPage);
    // An observer chooses a fixed period (a select), never day-level dates.
    expect(donorPage).toContain('<option value="30d">Last 30 days</option>');
    expect(donorPage).not.toContain('name="from"');
    const forged = await form({ csrf: donorCsrf, kind: "exporter", period: "year" }, donor.cookie);
    expect(forged.status).toBe(403);
    expect(decode(await forged.text())).toContain(
      "By-exporter reports name licensed exporting companies: they are open to regulator staff and auditors only",
    );
    const dated = await form({ csrf: donorCsrf, kind: "national", from: PERIOD.from, to: PERIOD.to }, donor.cookie);
    expect(dated.status).toBe(400);
    expect(decode(await dated.text())).toContain("custom date ranges are open to regulator staff only");
    // Another role: the page's 403.
    const buyer = await sessionAs("buyer");
    expect((await call("/generate-reports", { headers: { Cookie: buyer.cookie } })).status).toBe(403);
  });
});
