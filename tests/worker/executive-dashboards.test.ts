/**
 * The executive dashboards (/dg-dashboard, /ddgots-dashboard, /ddgaf-dashboard) and the
 * staff figures of /api/dashboard/metrics. A known set is seeded through the services (farmers and
 * plots of the batch fixtures; purchases, a dispatch, a warehouse inspection, an export; licences
 * and permits at each step; a paid and an unpaid invoice) plus certificate rows in each state; then
 * EVERY figure on each page is compared with a count computed here, in this file's own SQL, from
 * the same rows — with no filter, with a county, a commodity and a date range. The approval and
 * recommendation forms: executive-forms.test.ts; the set and the page readers: executive-fixtures.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { formatKg } from "#worker/domain/weight";
import { rows } from "./batches-fixtures";
import {
  as,
  FILTERS,
  type Filter,
  figure,
  n,
  num,
  page,
  range,
  seedExecutive,
  TOMORROW,
  table,
} from "./executive-fixtures";
import { count } from "./helpers";

beforeAll(seedExecutive, 300_000);

describe("/dg-dashboard: every figure equals an independent count", () => {
  it.each(FILTERS)("filter ?$q", async (f) => {
    const html = await page("dg", `/dg-dashboard?${f.q}`);
    const plotWhere = `status = 'active' AND ${range("created_at", f)}${f.county ? ` AND county = '${f.county}'` : ""}${f.commodity ? ` AND crop = '${f.commodity}'` : ""}`;
    const farmers = await count(
      `SELECT count(*) AS n FROM farmers WHERE ${range("registration_date", f)}${f.county ? ` AND county = '${f.county}'` : ""}${f.commodity ? ` AND id IN (SELECT farmer_id FROM farmer_crops WHERE crop = '${f.commodity}')` : ""}`,
    );
    expect(num(html, "farmers")).toBe(farmers);
    const mapped = await count(`SELECT count(*) AS n FROM land_plots WHERE ${plotWhere}`);
    const valid = await count(`SELECT count(*) AS n FROM land_plots WHERE ${plotWhere} AND validation_state = 'valid'`);
    expect(num(html, "plots")).toBe(mapped);
    expect(figure(html, "valid-share")).toBe(mapped ? `${Math.round((valid / mapped) * 1000) / 10} %` : "—");
    const risk = table(html, "risk");
    for (const [key, cond] of [
      ["low", "risk_level = 'low'"],
      ["high", "risk_level = 'high'"],
      ["more_information_needed", "risk_level = 'more_information_needed'"],
      ["not_assessed", "(risk_level IS NULL OR risk_level NOT IN ('low', 'high', 'more_information_needed'))"],
    ] as const)
      expect(risk.get(key)?.[1], key).toBe(
        n(await count(`SELECT count(*) AS n FROM land_plots WHERE ${plotWhere} AND ${cond}`)),
      );

    // Volumes: the weights of the purchased and exported custody events, per commodity and county.
    const vol = await rows<{ commodity: string; county: string; stage: string; g: number }>(
      `SELECT b.commodity, b.county, e.to_status AS stage, e.weight_out_g AS g FROM custody_events e JOIN batches b ON b.id = e.batch_id
       WHERE e.to_status IN ('purchased', 'exported') AND ${range("e.occurred_at", f)}`,
    );
    const shown = vol.filter(
      (v) => (!f.county || (v.county ?? "").includes(f.county)) && (!f.commodity || v.commodity === f.commodity),
    );
    const sum = (list: typeof vol, stage: string) =>
      formatKg(list.filter((v) => v.stage === stage).reduce((s, v) => s + v.g, 0));
    const byCommodity = table(html, "vol-commodity");
    expect(byCommodity.size).toBe(new Set(shown.map((v) => v.commodity)).size);
    for (const c of new Set(shown.map((v) => v.commodity))) {
      const of = shown.filter((v) => v.commodity === c);
      expect(byCommodity.get(c)).toEqual([c, sum(of, "purchased"), sum(of, "exported")]);
    }
    const byCounty = table(html, "vol-county");
    for (const c of new Set(shown.map((v) => v.county))) {
      const of = shown.filter((v) => v.county === c);
      expect(byCounty.get(c ?? "Unknown county")).toEqual([
        c ?? "Unknown county",
        sum(of, "purchased"),
        sum(of, "exported"),
      ]);
    }
    const months = table(html, "vol-month");
    expect([...months.values()].map((r) => r.slice(1))).toEqual(
      shown.length ? [[sum(shown, "purchased"), sum(shown, "exported")]] : [],
    );

    // Certificates issued in the range, by what they are now.
    const now = new Date().toISOString();
    const c = (cond: string) =>
      count(
        `SELECT count(*) AS n FROM certificates WHERE ${range("issued_at", f)} AND subject_type <> 'test_farmer' AND ${cond}`,
      );
    expect(num(html, "cert-issued")).toBe(await c("1"));
    expect(num(html, "cert-valid")).toBe(await c(`status = 'valid' AND expires_at > '${now}'`));
    expect(num(html, "cert-expired")).toBe(await c(`status = 'valid' AND expires_at <= '${now}'`));
    expect(num(html, "cert-revoked")).toBe(await c("status = 'revoked'"));

    // The county table under the map: every county, its mapped plots and high-risk share.
    const counties = table(html, "counties");
    expect(counties.size).toBe(15);
    for (const [county, cells] of counties) {
      const where = `status = 'active' AND ${range("created_at", f)} AND county = '${county}'${f.commodity ? ` AND crop = '${f.commodity}'` : ""}`;
      const m = await count(`SELECT count(*) AS n FROM land_plots WHERE ${where}`);
      const h = await count(`SELECT count(*) AS n FROM land_plots WHERE ${where} AND risk_level = 'high'`);
      expect(cells.slice(1, 3), county).toEqual([n(m), n(h)]);
    }

    // Alerts.
    const batchWhere = `${range("created_at", f)}${f.county ? ` AND county LIKE '%${f.county}%'` : ""}${f.commodity ? ` AND commodity = '${f.commodity}'` : ""}`;
    expect(num(html, "alert-high")).toBe(
      await count(
        `SELECT count(*) AS n FROM land_plots WHERE risk_level = 'high' AND status = 'active' AND ${range("assessed_at", f)}${f.county ? ` AND county = '${f.county}'` : ""}${f.commodity ? ` AND crop = '${f.commodity}'` : ""}`,
      ),
    );
    expect(num(html, "alert-flags")).toBe(
      await count(`SELECT count(*) AS n FROM batches WHERE volume_flag = 1 AND ${batchWhere}`),
    );
    expect(num(html, "alert-held")).toBe(
      await count(`SELECT count(*) AS n FROM batches WHERE compliance_status = 'held_for_review' AND ${batchWhere}`),
    );
    expect(num(html, "alert-doubles")).toBe(
      await count(
        `SELECT count(*) AS n FROM land_plots WHERE visit_priority = 5${f.county ? ` AND county = '${f.county}'` : ""}${f.commodity ? ` AND crop = '${f.commodity}'` : ""}`,
      ),
    );
    expect(num(html, "alert-expiring")).toBe(
      await count(
        `SELECT count(*) AS n FROM certificates WHERE subject_type <> 'test_farmer' AND status = 'valid' AND expires_at > '${now}' AND expires_at <= '${new Date(Date.now() + 14 * 86_400_000).toISOString()}'`,
      ),
    );
    // The approval queue (the filter does not narrow it).
    expect(num(html, "queue-licences")).toBe(
      await count("SELECT count(*) AS n FROM licences WHERE status = 'recommended'"),
    );
    expect(num(html, "queue-permits")).toBe(
      await count("SELECT count(*) AS n FROM export_permits WHERE status = 'recommended'"),
    );
    // The map's credit line.
    expect(figure(html, "map-credit")).toContain("CC BY 3.0 IGO");
  });

  it("the seeded set is not empty: the comparisons above compare real figures", async () => {
    const html = await page("dg", "/dg-dashboard");
    expect(num(html, "farmers")).toBeGreaterThan(3);
    expect(num(html, "plots")).toBeGreaterThan(3);
    expect(num(html, "alert-high")).toBeGreaterThan(0);
    expect(num(html, "alert-expiring")).toBe(1);
    expect(num(html, "cert-issued")).toBe(4);
    expect(num(html, "cert-expired")).toBe(1);
    expect(num(html, "queue-licences")).toBe(2);
    expect(num(html, "queue-permits")).toBe(1);
    expect(table(html, "vol-commodity").size).toBe(2);
    expect(html).toContain('href="/verify/LR-EUDR-2026-900002"');
  });
});

describe("/ddgots-dashboard: every figure equals an independent count", () => {
  it.each(FILTERS)("filter ?$q", async (f) => {
    const html = await page("ddgots", `/ddgots-dashboard?${f.q}`);
    const bc = `${f.county ? ` AND b.county LIKE '%${f.county}%'` : ""}${f.commodity ? ` AND b.commodity = '${f.commodity}'` : ""}`;
    expect(num(html, "pipeline-warehouse")).toBe(
      await count(
        `SELECT count(*) AS n FROM batch_dispatches d JOIN batches b ON b.id = d.batch_id WHERE b.status IN ('purchased', 'warehouse_received')${bc}`,
      ),
    );
    expect(num(html, "pipeline-port")).toBe(
      await count(`SELECT count(*) AS n FROM batches b WHERE b.status = 'warehouse_inspected'${bc}`),
    );
    expect(num(html, "pipeline-land")).toBe(
      await count(
        `SELECT count(*) AS n FROM land_plots WHERE visit_priority BETWEEN 1 AND 8${f.county ? ` AND county = '${f.county}'` : ""}${f.commodity ? ` AND crop = '${f.commodity}'` : ""}`,
      ),
    );
    const grades = await rows<{ commodity: string; grade: string; n: number }>(
      `SELECT i.commodity, i.grade, count(*) AS n FROM batch_inspections i JOIN batches b ON b.id = i.batch_id WHERE ${range("i.inspected_at", f)}${f.county ? ` AND b.county LIKE '%${f.county}%'` : ""}${f.commodity ? ` AND i.commodity = '${f.commodity}'` : ""} GROUP BY 1, 2`,
    );
    const gradeTable = table(html, "grades");
    expect(gradeTable.size).toBe(new Set(grades.map((g) => g.commodity)).size);
    for (const g of grades) {
      const total = grades.filter((x) => x.commodity === g.commodity).reduce((s, x) => s + x.n, 0);
      expect(gradeTable.get(g.commodity)?.at(-1)).toBe(n(total));
      expect(gradeTable.get(g.commodity)).toContain(n(g.n));
    }
    const workload = table(html, "workload");
    const inspectors = await rows<{ id: string; role: string; county: string | null }>(
      "SELECT id, role, county FROM users WHERE active = 1 AND role IN ('warehouse_inspector', 'land_inspector')",
    );
    expect(workload.size).toBe(inspectors.length);
    for (const i of inspectors) {
      const open =
        i.role === "warehouse_inspector"
          ? await count(
              "SELECT count(*) AS n FROM batch_dispatches d JOIN batches b ON b.id = d.batch_id WHERE d.warehouse_inspector_id = ? AND b.status IN ('purchased', 'warehouse_received')",
              i.id,
            )
          : await count(
              "SELECT count(*) AS n FROM land_plots WHERE county = ? AND visit_priority BETWEEN 1 AND 8",
              i.county,
            );
      expect(workload.get(i.id)?.[2], i.role).toBe(n(open));
    }
    expect(num(html, "cert-queue")).toBe(
      await count(
        `SELECT count(*) AS n FROM batches b WHERE b.compliance_status IN ('pending', 'held_for_review') AND b.status NOT IN ('split', 'merged', 'rejected', 'exported')${bc}`,
      ),
    );
    expect(num(html, "recommend-licences")).toBe(
      await count("SELECT count(*) AS n FROM licences WHERE status = 'reviewed'"),
    );
    expect(num(html, "recommend-permits")).toBe(
      await count("SELECT count(*) AS n FROM export_permits WHERE status = 'requested'"),
    );
  });

  it("the seeded set is not empty", async () => {
    const html = await page("ddgots", "/ddgots-dashboard");
    expect(num(html, "pipeline-warehouse")).toBe(1);
    expect(num(html, "pipeline-port")).toBeGreaterThan(0);
    expect(table(html, "grades").size).toBe(1);
    expect(num(html, "recommend-licences")).toBe(1);
    expect(num(html, "recommend-permits")).toBe(1);
  });
});

describe("/ddgaf-dashboard: every figure equals an independent sum", () => {
  it.each([{ q: "" }, { q: `from=${TOMORROW}`, from: TOMORROW }] as Filter[])("filter ?$q", async (f) => {
    const html = await page("ddgaf", `/ddgaf-dashboard?${f.q}`);
    const usd = (m: number) => `${Math.floor(m / 100).toLocaleString("en-US")}.${String(m % 100).padStart(2, "0")}`;
    const billed = await count(
      `SELECT coalesce(sum(amount_minor), 0) AS n FROM fee_invoices WHERE status <> 'cancelled' AND ${range("issued_on", f)}`,
    );
    const outstanding = await count(
      `SELECT coalesce(sum(amount_minor), 0) AS n FROM fee_invoices WHERE status = 'billed' AND ${range("issued_on", f)}`,
    );
    const paid = await count(
      `SELECT coalesce(sum(amount_minor), 0) AS n FROM fee_payments WHERE ${range("paid_on", f)}`,
    );
    const totals = table(html, "fee-totals");
    if (billed + paid === 0) expect(totals.size).toBe(0);
    else expect(totals.get("USD")).toEqual(["USD", usd(billed), usd(paid), usd(outstanding)]);
    const byType = await rows<{ fee_type: string; billed: number; outstanding: number }>(
      `SELECT fee_type, sum(amount_minor) AS billed, sum(CASE WHEN status = 'billed' THEN amount_minor ELSE 0 END) AS outstanding
       FROM fee_invoices WHERE status <> 'cancelled' AND ${range("issued_on", f)} GROUP BY 1`,
    );
    const types = table(html, "fee-types");
    for (const t of byType) {
      const row = types.get(`${t.fee_type}|USD`)!;
      expect(row[1]).toBe(usd(t.billed));
      expect(row[3]).toBe(usd(t.outstanding));
    }
    // Per month and fee type: billed and outstanding by the month issued, paid by the month paid.
    const months = table(html, "fee-months");
    const billedByMonth = await rows<{ k: string; billed: number; outstanding: number }>(
      `SELECT substr(issued_on, 1, 7) || '|' || fee_type || '|' || currency AS k, sum(amount_minor) AS billed,
              sum(CASE WHEN status = 'billed' THEN amount_minor ELSE 0 END) AS outstanding
       FROM fee_invoices WHERE status <> 'cancelled' AND ${range("issued_on", f)} GROUP BY 1`,
    );
    const paidByMonth = await rows<{ k: string; paid: number }>(
      `SELECT substr(p.paid_on, 1, 7) || '|' || i.fee_type || '|' || p.currency AS k, sum(p.amount_minor) AS paid
       FROM fee_payments p JOIN fee_invoices i ON i.id = p.invoice_id WHERE ${range("p.paid_on", f)} GROUP BY 1`,
    );
    expect(months.size).toBe(new Set([...billedByMonth.map((b) => b.k), ...paidByMonth.map((p) => p.k)]).size);
    for (const b of billedByMonth) {
      expect(months.get(b.k)?.[1], b.k).toBe(usd(b.billed));
      expect(months.get(b.k)?.[3], b.k).toBe(usd(b.outstanding));
    }
    for (const p of paidByMonth) expect(months.get(p.k)?.[2], p.k).toBe(usd(p.paid));
    expect(num(html, "outstanding")).toBe(
      await count(`SELECT count(*) AS n FROM fee_invoices WHERE status = 'billed' AND ${range("issued_on", f)}`),
    );
    const staff = await rows<{ role: string; department: string | null; n: number }>(
      "SELECT role, department, count(*) AS n FROM users WHERE active = 1 AND role NOT IN ('farmer', 'buyer', 'exporter', 'monitoring_observer') GROUP BY 1, 2",
    );
    const staffTable = table(html, "staff");
    expect(staffTable.size).toBe(staff.length);
    for (const s of staff) expect(staffTable.get(`${s.role}|${s.department ?? ""}`)?.[2]).toBe(n(s.n));
    expect(num(html, "staff-total")).toBe(staff.reduce((a, s) => a + s.n, 0));
  });

  it("the seeded set is not empty: one paid licence, one unpaid permit fee at least", async () => {
    const html = await page("ddgaf", "/ddgaf-dashboard");
    expect(table(html, "fee-totals").get("USD")?.[2]).toBe("500.00");
    expect(table(html, "invoices").size).toBeGreaterThan(0);
    expect([...table(html, "invoices").values()][0]?.[2]).toMatch(/^US\$ \d/);
    expect(num(html, "staff-total")).toBeGreaterThan(5);
  });
});

describe("/api/dashboard/metrics answers real counts for staff", () => {
  it.each(["dg", "ddgots", "office_admin"])("%s", async (role) => {
    const body = (await (await as(role, "/api/dashboard/metrics")).json()) as Record<string, unknown>;
    const pending =
      (await count(
        "SELECT count(*) AS n FROM batch_dispatches d JOIN batches b ON b.id = d.batch_id WHERE b.status IN ('purchased', 'warehouse_received')",
      )) +
      (await count("SELECT count(*) AS n FROM batches WHERE status = 'warehouse_inspected'")) +
      (await count("SELECT count(*) AS n FROM land_plots WHERE visit_priority BETWEEN 1 AND 8"));
    const completed =
      (await count("SELECT count(*) AS n FROM batch_inspections")) +
      (await count("SELECT count(*) AS n FROM port_inspections")) +
      (await count("SELECT count(*) AS n FROM plot_visits"));
    expect(body).toEqual({
      totalFarms: await count("SELECT count(*) AS n FROM land_plots WHERE status = 'active'"),
      activeFarmers: body.activeFarmers,
      pendingInspections: pending,
      completedInspections: completed,
      offlineMode: false,
    });
    expect(body.totalFarms).toBeGreaterThan(0);
    expect(body.completedInspections).toBeGreaterThan(0);
  });
});
