import { data } from "react-router";
import { outstandingInvoices, staffByRole } from "#db/queries/oversight";
import { OFFICE_DEPARTMENT_LABEL, ROLE_LABEL, type Role } from "#worker/auth/roles";
import { FEE_TYPE_LABEL, type FeeType } from "#worker/domain/fees";
import { type Currency, formatMoney, isCurrency } from "#worker/domain/money";
import { feeTotals } from "#worker/services/fees/read-fees";
import { PRIVATE_PAGE_HEADERS } from "../lib/auth.server";
import { barChart } from "../lib/bar-chart.server";
import { noticesFor } from "../lib/notices.server";
import { ageDays, listPage, minorAmount, monthLabel, oversightPage, pageParam } from "../lib/oversight.server";
import { shellUser } from "../lib/work-page.server";

const PATH = "/ddgaf-dashboard";
const money = (amountMinor: number, currency: string) =>
  isCurrency(currency)
    ? formatMoney({ amountMinor, currency: currency as Currency })
    : `${amountMinor} ${currency} (minor units)`;
/** A bar's label: whole units ("650"; the chart's title names the currency, the tables give cents). */
const short = (minor: number) => Math.round(minor / 100).toLocaleString("en-US");
const feeLabel = (t: string) => FEE_TYPE_LABEL[t as FeeType] ?? t;
const departmentLabel = (d: string | null) =>
  d ? (OFFICE_DEPARTMENT_LABEL[d as keyof typeof OFFICE_DEPARTMENT_LABEL] ?? d) : "No department";

/**
 * The DDGAF dashboard: fee and licence revenue per month and per fee type — billed,
 * paid, outstanding — from the fee records (worker/services/fees feeTotals; integer minor units,
 * one currency at a time, never mixed), the unpaid invoices with their ages, and the staff
 * accounts per role and department. The DG reads it too (no forms on this page).
 */
export async function loader({ request }: { request: Request }) {
  const { session, access, deps, now, url, filter, view } = await oversightPage(request, PATH);
  const to = view.to || now.toISOString().slice(0, 10);
  const [totals, invoices, staff] = await Promise.all([
    feeTotals({ from: view.from || undefined, to }, deps.db),
    outstandingInvoices(deps.db, filter, pageParam(url, "ip")),
    staffByRole(deps.db),
  ]);
  const byType = new Map<
    string,
    { type: string; currency: string; billed: number; paid: number; outstanding: number }
  >();
  for (const r of totals.rows) {
    const key = `${r.feeType}|${r.currency}`;
    const t = byType.get(key) ?? { type: r.feeType, currency: r.currency, billed: 0, paid: 0, outstanding: 0 };
    t.billed += r.billedMinor;
    t.paid += r.paidMinor;
    t.outstanding += r.outstandingMinor;
    byType.set(key, t);
  }
  const total = invoices[0]?.total ?? 0;
  return data(
    {
      user: await shellUser(session),
      notices: await noticesFor(session),
      access,
      filter: view,
      totals: totals.totals.map((t) => ({
        key: t.currency,
        cells: [t.currency, minorAmount(t.billedMinor), minorAmount(t.paidMinor), minorAmount(t.outstandingMinor)],
      })),
      charts: totals.totals.map((t) => ({
        currency: t.currency,
        chart: barChart(
          totals.rows
            .filter((r) => r.currency === t.currency)
            .reduce<{ month: string; billed: number; paid: number }[]>((acc, r) => {
              const m =
                acc.find((x) => x.month === r.month) ?? acc[acc.push({ month: r.month, billed: 0, paid: 0 }) - 1]!;
              m.billed += r.billedMinor;
              m.paid += r.paidMinor;
              return acc;
            }, [])
            .flatMap((m) => [
              { label: `${monthLabel(m.month)} billed`, value: m.billed, text: short(m.billed), tone: 0 },
              { label: `${monthLabel(m.month)} paid`, value: m.paid, text: short(m.paid), tone: 1 },
            ]),
        ),
      })),
      byMonth: totals.rows.map((r) => ({
        key: `${r.month}|${r.feeType}|${r.currency}`,
        cells: [
          `${monthLabel(r.month)} — ${feeLabel(r.feeType)} (${r.currency})`,
          minorAmount(r.billedMinor),
          minorAmount(r.paidMinor),
          minorAmount(r.outstandingMinor),
        ],
      })),
      byType: [...byType.entries()].map(([key, t]) => ({
        key,
        cells: [
          `${feeLabel(t.type)} (${t.currency})`,
          minorAmount(t.billed),
          minorAmount(t.paid),
          minorAmount(t.outstanding),
        ],
      })),
      invoices: {
        total,
        list: listPage(url, "ip", total),
        rows: invoices.map((i) => ({
          key: i.number,
          cells: [
            `${i.number} — ${i.payer}`,
            feeLabel(i.feeType),
            money(i.amountMinor, i.currency),
            `${ageDays(i.issuedOn, now)} days${i.dueOn < now.toISOString().slice(0, 10) ? " (overdue)" : ""}`,
          ],
        })),
      },
      staff: staff.map((s) => ({
        key: `${s.role}|${s.department ?? ""}`,
        cells: [ROLE_LABEL[s.role as Role] ?? s.role, departmentLabel(s.department), s.n],
      })),
      staffTotal: staff.reduce((n, s) => n + s.n, 0),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}
