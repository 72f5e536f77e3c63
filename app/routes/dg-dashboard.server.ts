import { data } from "react-router";
import {
  type AlertRow,
  batchAlerts,
  certificateFigures,
  certificatesExpiring,
  custodyVolumes,
  doubleClaimPlots,
  farmersRegistered,
  highRiskPlots,
  licencesInStatus,
  permitsInStatus,
  plotFigures,
  plotsByCounty,
} from "#db/queries/oversight";
import { COUNTIES } from "#worker/content/counties";
import { formatKg } from "#worker/domain/weight";
import { PRIVATE_PAGE_HEADERS } from "../lib/auth.server";
import { barChart } from "../lib/bar-chart.server";
import { BOUNDARY_CREDIT, countyMap } from "../lib/county-map.server";
import { noticesFor } from "../lib/notices.server";
import {
  ageDays,
  flashOf,
  licenceQueueItem,
  licensingAction,
  monthLabel,
  OVERSIGHT_COMMODITIES,
  oversightPage,
  pagedItems,
  pageParam,
  percent,
  permitQueueItem,
} from "../lib/oversight.server";
import { shellUser } from "../lib/work-page.server";

const PATH = "/dg-dashboard";
/** A bar's short label: "2.70 t" (the table beside it gives the exact kilograms). */
const tonnes = (g: number) => `${(g / 1_000_000).toLocaleString("en-US", { maximumFractionDigits: 2 })} t`;

/** Sums grams of purchased / exported per `key` of each volume row, sorted by key. */
function volumeTable<R extends { stage: string; g: number }>(rows: R[], key: (r: R) => string) {
  const by = new Map<string, { purchased: number; exported: number }>();
  for (const r of rows) {
    const k = key(r);
    const t = by.get(k) ?? { purchased: 0, exported: 0 };
    if (r.stage === "purchased") t.purchased += r.g;
    else t.exported += r.g;
    by.set(k, t);
  }
  return [...by.entries()].sort((a, b) => a[0].localeCompare(b[0]));
}

/**
 * The Director General's dashboard: national figures, volumes purchased and exported
 * per month, commodity and county, certificates, the county map, the alerts to act on and the
 * approval queue of licences and export permits DDGOTS recommended. Every figure obeys the GET
 * filter (date range; county and commodity where they apply). Only the DG opens it.
 */
export async function loader({ request }: { request: Request }) {
  const { session, deps, now, url, filter, view } = await oversightPage(request, PATH);
  const nowIso = now.toISOString();
  const soonIso = new Date(now.getTime() + 14 * 86_400_000).toISOString();
  const measure = url.searchParams.get("map") === "high" ? "high" : "mapped";
  const [farmers, plots, counties, volumes, certs, high, doubles, flags, held, expiring, licences, permits] =
    await Promise.all([
      farmersRegistered(deps.db, filter),
      plotFigures(deps.db, filter),
      plotsByCounty(deps.db, filter),
      custodyVolumes(deps.db, filter),
      certificateFigures(deps.db, filter, nowIso),
      highRiskPlots(deps.db, filter),
      doubleClaimPlots(deps.db, filter),
      batchAlerts(deps.db, filter, "volume_flag"),
      batchAlerts(deps.db, filter, "held_for_review"),
      certificatesExpiring(deps.db, nowIso, soonIso),
      licencesInStatus(deps.db, "recommended", pageParam(url, "lp")),
      permitsInStatus(deps.db, "recommended", pageParam(url, "pp")),
    ]);

  const byMonth = volumeTable(volumes, (r) => r.month);
  const byCommodity = volumeTable(volumes, (r) => r.commodity);
  const byCounty = volumeTable(volumes, (r) => r.county ?? "Unknown county");
  const countyRows = COUNTIES.map((c) => {
    const r = counties.find((x) => x.county === c);
    return { county: c, mapped: r?.mapped ?? 0, high: r?.high ?? 0 };
  });
  const map =
    measure === "high"
      ? countyMap(
          "share of mapped plots at high risk",
          new Map(countyRows.map((r) => [r.county, r.mapped ? r.high / r.mapped : 0])),
          (v) => `${Math.round(v * 100)} %`,
          1,
        )
      : countyMap("plots mapped", new Map(countyRows.map((r) => [r.county, r.mapped])), (v) =>
          Math.round(v).toLocaleString("en-US"),
        );
  const volumeRows = (rows: [string, { purchased: number; exported: number }][], label = (k: string) => k) =>
    rows.map(([k, t]) => ({ key: k, cells: [label(k), formatKg(t.purchased), formatKg(t.exported)] }));
  const alert = (rows: AlertRow[], href: (ref: string) => string, detail: (at: string) => string) => ({
    total: rows[0]?.total ?? 0,
    items: rows.map((r) => ({ key: r.ref, href: href(r.ref), label: r.label, detail: detail(r.at) })),
  });
  const day = (iso: string) => iso.slice(0, 10);
  const mapLink = (map: "mapped" | "high") =>
    `?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), map }).toString()}#map`;

  return data(
    {
      user: await shellUser(session),
      notices: await noticesFor(session),
      filter: view,
      commodities: OVERSIGHT_COMMODITIES,
      flash: await flashOf(url),
      national: {
        farmers,
        mapped: plots.mapped,
        valid: plots.valid,
        validShare: percent(plots.valid, plots.mapped),
        risk: plots.risk,
      },
      volumes: {
        chart: barChart(
          byMonth.flatMap(([m, t]) => [
            { label: `${monthLabel(m)} in`, value: t.purchased, text: tonnes(t.purchased), tone: 0 },
            { label: `${monthLabel(m)} out`, value: t.exported, text: tonnes(t.exported), tone: 1 },
          ]),
        ),
        byMonth: volumeRows(byMonth, monthLabel),
        byCommodity: volumeRows(byCommodity),
        byCounty: volumeRows(byCounty),
      },
      certificates: certs,
      map,
      mapMeasure: measure,
      mapLinks: { mapped: mapLink("mapped"), high: mapLink("high") },
      countyRows: countyRows.map((r) => ({
        key: r.county,
        cells: [r.county, r.mapped, r.high, percent(r.high, r.mapped)],
      })),
      credit: BOUNDARY_CREDIT,
      alerts: {
        high: alert(
          high,
          (id) => `/land-plot-details/${id}`,
          (at) => `judged high risk on ${day(at)}`,
        ),
        flags: alert(
          flags,
          (c) => `/batches/${c}`,
          (at) => `purchase above plausible volume, ${day(at)}`,
        ),
        doubles: alert(
          doubles,
          (id) => `/land-plot-details/${id}`,
          () => "possible double claim with another plot",
        ),
        held: alert(
          held,
          (c) => `/batches/${c}`,
          (at) => `held for review since ${day(at)}`,
        ),
        expiring: alert(
          expiring,
          (n) => `/verify/${n}`,
          (at) => `expires ${day(at)}`,
        ),
      },
      queue: {
        licences: pagedItems(url, "lp", licences, (l) =>
          licenceQueueItem(l, `${l.county ?? "no county"}, recommended ${ageDays(l.updatedAt, now)} days ago`),
        ),
        permits: pagedItems(url, "pp", permits, (p) =>
          permitQueueItem(p, `${p.exporter}, recommended ${ageDays(p.updatedAt, now)} days ago`),
        ),
      },
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

/** The approval forms (no JavaScript): the DG approves a recommended licence or export permit. */
export async function action({ request }: { request: Request }) {
  return licensingAction(request, PATH, ["approve-licence", "approve-permit"]);
}
