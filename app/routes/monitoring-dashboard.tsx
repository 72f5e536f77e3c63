import { useEffect, useState } from "react";
import { Link } from "react-router";
import { DataTable } from "#app/components/kit/data-table";
import { Options } from "#app/components/kit/options";
import { pageMeta } from "#app/components/kit/page-meta";
import { Notices } from "#app/components/notices";
import { SealTitle } from "#app/components/seal";
import { utcMinute } from "#app/lib/dates";
import { COUNTIES } from "#worker/content/counties";
import { FEED_REFRESH_SECONDS, MONITORING_PERIODS, PERIOD_LABEL } from "#worker/domain/monitoring";
import { RISK_KEYS, RISK_LABEL } from "#worker/domain/reports/report-content";
import { type Published, publishedText, SUPPRESSION_NOTE } from "#worker/domain/suppression";
import { formatKg, kgToGrams } from "#worker/domain/weight";
import { CountTile, SECTION } from "../components/dashboards/dashboard-frame";
import { LogoutButton } from "../components/logout-button";
import { ReportsSection } from "../components/report-list";
import type { Route } from "./+types/monitoring-dashboard";

export { PortalErrorBoundary as ErrorBoundary } from "#app/components/inspection/dashboard-error";
export { loader } from "./monitoring-dashboard.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.title ?? "Oversight Monitoring Dashboard");
}

type Data = Route.ComponentProps["loaderData"];
type Figures = Data["figures"];
type FeedEvent = Data["feed"][number];

const LINK = "font-semibold text-green-800 underline";
const n = (v: Published) => publishedText(v, (x) => x.toLocaleString("en-US"));
const kg = (v: Published) => publishedText(v, (x) => formatKg(kgToGrams(x)));
const pct = (part: number, whole: number) => (whole ? `${((part / whole) * 100).toFixed(1)} %` : "—");

export default function MonitoringDashboard({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  const isPublic = d.kind === "public";
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="bg-green-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex min-w-0 items-center gap-3">
            <SealTitle title={d.title} sub={d.kind === "user" ? d.roleLabel : "Public view"} titleClass="font-bold" />
          </div>
          {d.kind === "user" && <LogoutButton csrf={d.csrf} account={d.user.loginId} />}
        </div>
      </header>
      <main className="mx-auto w-full min-w-0 max-w-6xl flex-1 px-4 py-6">
        <h1 className="mb-2 text-2xl font-extrabold text-slate-900 [overflow-wrap:anywhere]">
          {d.kind === "user" ? `Welcome, ${d.user.name}` : "Compliance monitoring"}
        </h1>
        {isPublic ? (
          <p className="mb-4 rounded-md bg-blue-50 p-3 text-sm text-blue-900" data-testid="public-notice">
            Public accessibility view — national aggregate figures only, no personal data. This page shows only what an
            anonymous visitor may see: figures for fixed periods and whole counties, with small groups hidden. Donors,
            NGOs and auditors with an account can{" "}
            <Link to="/monitoring-login" className={LINK}>
              sign in
            </Link>{" "}
            for the PDF reports.
          </p>
        ) : (
          d.access === "read-only" && (
            <p className="mb-4 rounded-md bg-blue-50 p-3 text-sm text-blue-900" data-testid="read-only">
              Read-only oversight view: as {d.roleLabel} you can see this dashboard but not change anything in it.
            </p>
          )
        )}
        <Filters figures={d.figures} />
        <Figures figures={d.figures} />
        <Feed
          initial={d.feed}
          reload={`?period=${d.figures.period}${d.figures.county ? `&county=${encodeURIComponent(d.figures.county)}` : ""}`}
        />
        {d.kind === "user" && (
          <>
            <Notices {...d.notices} />
            {d.reports && <ReportsSection reports={d.reports.items} canGenerate={d.reports.canGenerate} />}
            {d.canExportRecords && (
              <p className="mt-4 text-sm">
                <a href="/auditor-export" className="inline-block min-h-6 font-semibold text-green-800 underline">
                  Auditor's export of a batch or shipment (ZIP)
                </a>
              </p>
            )}
            <p className="mt-6 text-sm text-slate-600">
              Signed in as <span className="font-mono">{d.user.loginId}</span> ({d.roleLabel}).
            </p>
          </>
        )}
      </main>
    </div>
  );
}

/** Fixed periods and whole counties only: a plain GET form, so it works with JavaScript off. */
function Filters({ figures }: { figures: Figures }) {
  return (
    <form method="get" className="flex flex-wrap items-end gap-3 rounded-md border border-slate-200 bg-white p-3">
      <label className="flex flex-col text-sm font-semibold">
        Period
        <select name="period" defaultValue={figures.period} className="mt-1 rounded border border-slate-300 p-2">
          <Options items={MONITORING_PERIODS} text={(p) => PERIOD_LABEL[p]} />
        </select>
      </label>
      <label className="flex flex-col text-sm font-semibold">
        County
        <select name="county" defaultValue={figures.county ?? ""} className="mt-1 rounded border border-slate-300 p-2">
          <Options none="All of Liberia" items={COUNTIES} />
        </select>
      </label>
      <button type="submit" className="rounded bg-green-800 px-4 py-2 font-bold text-white hover:bg-green-900">
        Show
      </button>
    </form>
  );
}

function Figures({ figures: f }: { figures: Figures }) {
  const scope = f.county ?? "Liberia";
  return (
    <section aria-labelledby="figures" className={SECTION} data-testid="figures">
      <h2 id="figures" className="text-lg font-bold">
        {scope}: {PERIOD_LABEL[f.period].toLowerCase()}
      </h2>
      <p className="text-sm text-slate-600">
        {f.from} to {f.to} (UTC). Farmers and plots count by the date they were recorded.
      </p>
      {f.withheld ? (
        <p className="mt-2 rounded bg-amber-50 p-2 text-sm text-amber-900" data-testid="withheld">
          {scope}'s figures for this period are not published: fewer than 5 farmers were registered there, or its
          figures are hidden in the national table so that a smaller county's cannot be worked out.
        </p>
      ) : null}
      <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <CountTile label="Registered farmers" value={n(f.farmers)} testId="farmers" />
        <CountTile label="Plots mapped" value={n(f.plots)} testId="plots" />
        <CountTile label="Valid geometry" value={pct(f.validGeometryPlots, f.plots)} testId="valid-share" />
        <CountTile label="Purchased" value={kg(f.purchasedKg)} testId="purchased" />
        <CountTile label="Exported" value={kg(f.exportedKg)} testId="exported" />
        <CountTile label="Certificates issued" value={n(f.certificates.issued)} testId="certificates" />
      </ul>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <DataTable
          caption="Risk verdicts of the plots (latest)"
          captionClassName="text-left font-semibold"
          testId="risk-table"
          rows={RISK_KEYS.map((k) => ({ k, count: f.risk[k] }))}
          rowKey={(r) => r.k}
          columns={[
            { header: "Verdict", cell: (r) => RISK_LABEL[r.k] },
            { header: "Plots", cell: (r) => n(r.count), className: "whitespace-nowrap text-right tabular-nums" },
            {
              header: "Share",
              cell: (r) => pct(r.count, f.plots),
              className: "whitespace-nowrap text-right tabular-nums",
            },
          ]}
        />
        <DataTable
          caption="Certificates issued in the period, by status now"
          captionClassName="text-left font-semibold"
          testId="certificate-table"
          rows={(["valid", "expired", "revoked"] as const).map((k) => ({ k, count: f.certificates[k] }))}
          rowKey={(r) => r.k}
          columns={[
            { header: "Status", cell: (r) => r.k[0]!.toUpperCase() + r.k.slice(1) },
            { header: "Certificates", cell: (r) => n(r.count), className: "whitespace-nowrap text-right tabular-nums" },
          ]}
        />
      </div>
      {f.counties.length > 0 && (
        <>
          <DataTable
            caption="By county"
            captionClassName="mt-4 text-left font-semibold"
            testId="county-table"
            className="mt-2"
            dense
            stack
            rows={f.counties}
            rowKey={(r) => r.county}
            columns={[
              { header: "County", cell: (r) => r.county },
              { header: "Farmers", cell: (r) => n(r.farmers), className: "whitespace-nowrap text-right tabular-nums" },
              { header: "Plots", cell: (r) => n(r.plots), className: "whitespace-nowrap text-right tabular-nums" },
              {
                header: "High risk",
                cell: (r) => n(r.highRiskPlots),
                className: "whitespace-nowrap text-right tabular-nums",
              },
              {
                header: "Purchased",
                cell: (r) => kg(r.purchasedKg),
                className: "whitespace-nowrap text-right tabular-nums",
              },
              {
                header: "Exported",
                cell: (r) => kg(r.exportedKg),
                className: "whitespace-nowrap text-right tabular-nums",
              },
            ]}
          />
          <p className="mt-1 text-xs text-slate-600">{SUPPRESSION_NOTE}</p>
        </>
      )}
    </section>
  );
}

/**
 * The anonymised event feed. With JavaScript on it asks /api/monitoring/events again every
 * FEED_REFRESH_SECONDS; with it off, "Reload" (a plain link) shows the latest.
 */
function Feed({ initial, reload }: { initial: FeedEvent[]; reload: string }) {
  const [events, setEvents] = useState(initial);
  const [live, setLive] = useState(false);
  useEffect(() => {
    setLive(true);
    const timer = setInterval(async () => {
      try {
        const res = await fetch("/api/monitoring/events", { headers: { Accept: "application/json" } });
        if (res.ok) setEvents(((await res.json()) as { events: FeedEvent[] }).events);
      } catch {
        // Offline for a moment: keep what is shown, try again at the next tick.
      }
    }, FEED_REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <section aria-labelledby="feed" className={SECTION} data-testid="feed">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="feed" className="text-lg font-bold">
          Latest events
        </h2>
        <a href={reload} className={`${LINK} text-sm`}>
          Reload
        </a>
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {live ? `Updates itself every ${FEED_REFRESH_SECONDS} seconds.` : "Reload the page to see the latest events."}{" "}
        What happened and when, never who or which record.
      </p>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No events in the last 30 days.</p>
      ) : (
        <ol className="mt-2 divide-y text-sm" data-testid="feed-events">
          {keyed(events).map(({ e, key }) => (
            <li key={key} className="flex flex-wrap justify-between gap-x-3 py-1">
              <span>
                {e.label}
                {e.county ? ` — ${e.county}` : ""}
              </span>
              <time dateTime={e.at} className="tabular-nums text-slate-600">
                {utcMinute(e.at)} UTC
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Stable keys for events that may repeat within a minute: the event and its occurrence. */
function keyed(events: FeedEvent[]) {
  const seen = new Map<string, number>();
  return events.map((e) => {
    const base = `${e.at}-${e.kind}-${e.county ?? ""}`;
    const nth = (seen.get(base) ?? 0) + 1;
    seen.set(base, nth);
    return { e, key: `${base}-${nth}` };
  });
}
