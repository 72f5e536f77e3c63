import { PublicShell } from "#app/components/brand";
import { DataTable } from "#app/components/kit/data-table";
import { pageMeta } from "#app/components/kit/page-meta";
import { Section } from "#app/components/kit/section";
import { formatRate, formatShare } from "#worker/domain/farm-gate-price";
import {
  PRICE_COMMODITIES,
  PRICE_COMMODITY_LABEL,
  PRICE_RANGE_LABEL,
  PRICE_RANGES,
  PRICE_UNIT_LABEL,
} from "#worker/domain/market";
import { formatMoney } from "#worker/domain/money";
import type { FarmGateView, PriceView } from "#worker/services/market/read-prices";
import { MARKET_TEXT } from "../content/market";
import { CHART, type PriceChart } from "../lib/price-chart";
import type { Route } from "./+types/world-market-pricing";

export { loader } from "./world-market-pricing.server";

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? "no-store" };
}

export const meta = () => pageMeta(MARKET_TEXT.title, { index: true });

const usd = (n: number) => formatMoney({ amountMinor: n, currency: "USD" });
const lrd = (n: number) => formatMoney({ amountMinor: n, currency: "LRD" });

function SampleTag() {
  return (
    <span className="ml-1 inline-block rounded bg-amber-200 px-1.5 text-xs font-bold text-amber-950 uppercase">
      {MARKET_TEXT.sampleTag}
    </span>
  );
}

export default function WorldMarketPricing({ loaderData }: Route.ComponentProps) {
  const { series, rows, chart, check } = loaderData;
  const { commodity, range } = series;
  const label = PRICE_COMMODITY_LABEL[commodity];
  const href = (c: string, r: string) => `?commodity=${c}&range=${r}`;
  return (
    <PublicShell sub={MARKET_TEXT.title}>
      <h1 className="text-2xl font-extrabold">{MARKET_TEXT.title}</h1>
      <p className="mt-1 text-sm text-slate-700">{MARKET_TEXT.intro}</p>
      {series.hasSample && (
        <p
          className="mt-3 rounded-md border-2 border-amber-500 bg-amber-50 p-3 text-sm font-semibold text-amber-950"
          data-testid="sample-banner"
        >
          {MARKET_TEXT.sampleBanner}
        </p>
      )}
      <nav aria-label="Commodity" className="mt-4">
        <ul className="flex flex-wrap gap-2 text-sm">
          {PRICE_COMMODITIES.map((c) => (
            <li key={c}>
              <a
                href={href(c, range)}
                aria-current={c === commodity ? "page" : undefined}
                className={`block rounded-full border px-3 py-1 font-semibold ${c === commodity ? "border-green-900 bg-green-900 text-white" : "border-green-800 text-green-900"}`}
              >
                {PRICE_COMMODITY_LABEL[c]}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <Section
        id="farm-gate-title"
        className="mt-5 rounded-lg bg-white p-4 shadow-sm"
        title={<>Official farm-gate price: {label}</>}
      >
        {series.latest ? <FarmGate price={series.latest} /> : <p className="mt-2">{MARKET_TEXT.noPrices}</p>}
        <form method="get" className="mt-4 flex flex-wrap items-end gap-2 border-t pt-3">
          <input type="hidden" name="commodity" value={commodity} />
          <input type="hidden" name="range" value={range} />
          <div>
            <label htmlFor="check-date" className="block text-sm font-semibold">
              Farm-gate price on another date
            </label>
            <p id="check-date-hint" className="text-xs text-slate-600">
              The day you sold (YYYY-MM-DD): the latest world price on or before it is used.
            </p>
            <input
              id="check-date"
              name="date"
              type="date"
              defaultValue={check?.date ?? ""}
              aria-describedby={check?.error ? "check-date-hint check-date-error" : "check-date-hint"}
              aria-invalid={check?.error ? true : undefined}
              className="mt-1 min-h-11 rounded border border-slate-400 px-2 py-1"
            />
          </div>
          <button type="submit" className="min-h-11 rounded bg-green-800 px-3 py-1.5 font-semibold text-white">
            Check
          </button>
        </form>
        {check?.error && (
          <p id="check-date-error" className="mt-2 text-sm font-semibold text-red-700">
            {check.error}
          </p>
        )}
        {check?.result && (
          <div className="mt-3 rounded border border-slate-200 p-3" data-testid="farm-gate-check" role="status">
            {check.result.ok ? (
              <FarmGate price={check.result.value.price} />
            ) : (
              <p className="font-semibold">{check.result.message}</p>
            )}
          </div>
        )}
      </Section>

      <Section id="chart-title" className="mt-5" title={<>World price of {label.toLowerCase()}</>}>
        <nav aria-label="Range" className="mt-2">
          <ul className="flex gap-2 text-sm">
            {PRICE_RANGES.map((r) => (
              <li key={r}>
                <a
                  href={href(commodity, r)}
                  aria-current={r === range ? "page" : undefined}
                  className={`block rounded border px-3 py-1 font-semibold ${r === range ? "border-green-900 bg-green-900 text-white" : "border-green-800 text-green-900"}`}
                >
                  {PRICE_RANGE_LABEL[r]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {chart ? (
          <Chart chart={chart} label={label} sample={rows.some((p) => p.isSample)} />
        ) : (
          <p className="mt-3">{MARKET_TEXT.noPrices}</p>
        )}
        <PriceTable points={rows} label={label} />
      </Section>
    </PublicShell>
  );
}

function FarmGate({ price }: { price: PriceView }) {
  const fg: FarmGateView = price.farmGate;
  return (
    <div className="mt-2" data-testid="farm-gate">
      <p className="text-sm text-slate-700">
        From the world price of {price.date}: {price.source}
        {price.isSample && <SampleTag />}
      </p>
      {fg.ok ? (
        <>
          <p className="mt-1 text-3xl font-extrabold text-green-900" data-testid="farm-gate-result">
            {lrd(fg.lrdPerKgMinor)} <span className="text-base font-semibold text-slate-700">per kg</span>
            {fg.isSample && <SampleTag />}
          </p>
          <h3 className="mt-3 font-semibold">How it is computed</h3>
          <ol className="mt-1 space-y-0.5 text-sm tabular-nums" data-testid="farm-gate-steps">
            {fg.lines.map((l) => (
              <li key={l} className="break-words">
                {l}
              </li>
            ))}
          </ol>
          <dl className="mt-3 grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-semibold">Formula</dt>
              <dd>
                Version {fg.formula.version}, in force from {fg.formula.effectiveFrom}: share of FOB{" "}
                {formatShare(fg.formula.fobShareBp)}, less {usd(fg.formula.costsPerKgMinor)} per kg stated costs.{" "}
                {fg.formula.basis}
                {fg.formula.isSample && <SampleTag />}
              </dd>
            </div>
            <div>
              <dt className="font-semibold">Exchange rate</dt>
              <dd>
                {formatRate(fg.rate.rateE4)} LRD per USD, in force from {fg.rate.date} ({fg.rate.source})
                {fg.rate.isSample && <SampleTag />}
              </dd>
            </div>
          </dl>
          <p className="mt-2 text-xs text-slate-600">{MARKET_TEXT.rounding}</p>
        </>
      ) : (
        <p className="mt-1 font-semibold">Farm-gate price not available: {fg.reason}</p>
      )}
    </div>
  );
}

const COLORS = ["#166534", "#1d4ed8", "#9333ea", "#b45309", "#be123c", "#0f766e"];

function Chart({ chart, label, sample }: { chart: PriceChart; label: string; sample: boolean }) {
  const { width, height, left, right, top, bottom } = CHART;
  return (
    <figure className="mt-3 max-w-2xl rounded-lg bg-white p-2 shadow-sm" data-testid="price-chart">
      <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-labelledby="chart-svg-title">
        <title id="chart-svg-title">{`World price of ${label}, US dollars ${PRICE_UNIT_LABEL[chart.unit as keyof typeof PRICE_UNIT_LABEL] ?? chart.unit}${sample ? " (sample data, not real prices)" : ""}. ${MARKET_TEXT.chartNote}`}</title>
        {chart.yTicks.map((t) => (
          <g key={`y${t.y}`}>
            <line x1={left} x2={width - right} y1={t.y} y2={t.y} stroke="#e2e8f0" />
            <text x={left - 4} y={t.y + 3} textAnchor="end" fontSize="10" fill="#334155">
              {t.label}
            </text>
          </g>
        ))}
        {chart.xTicks.map((t) => (
          <text key={`x${t.x}`} x={t.x} y={height - bottom + 14} textAnchor="middle" fontSize="10" fill="#334155">
            {t.label}
          </text>
        ))}
        <line x1={left} x2={width - right} y1={height - bottom} y2={height - bottom} stroke="#94a3b8" />
        {sample && (
          <text
            x={(left + width - right) / 2}
            y={top + 40}
            textAnchor="middle"
            fontSize="28"
            fontWeight="800"
            fill="#f59e0b"
            opacity="0.35"
          >
            SAMPLE
          </text>
        )}
        {chart.series.map((s, i) => (
          <g key={s.source}>
            <path
              d={s.path}
              fill="none"
              stroke={COLORS[i % COLORS.length]}
              strokeWidth="2"
              strokeDasharray={s.isSample ? "6 3" : undefined}
            />
            {s.dots.map((d) => (
              <circle key={`${d.x}-${d.y}`} cx={d.x} cy={d.y} r="2.5" fill={COLORS[i % COLORS.length]} />
            ))}
          </g>
        ))}
      </svg>
      <figcaption className="mt-1 text-xs text-slate-700">
        US dollars {PRICE_UNIT_LABEL[chart.unit as keyof typeof PRICE_UNIT_LABEL] ?? chart.unit}.{" "}
        {chart.series.map((s, i) => (
          <span key={s.source} className="mr-2 inline-flex items-center gap-1">
            <span
              aria-hidden="true"
              className="inline-block h-0.5 w-4"
              style={{ background: COLORS[i % COLORS.length] }}
            />
            {s.source}
            {s.isSample && <SampleTag />}
          </span>
        ))}
        {chart.leftOut > 0 && ` ${chart.leftOut} points quoted in another unit are in the table only.`}
      </figcaption>
    </figure>
  );
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function PriceTable({ points, label }: { points: Row[]; label: string }) {
  const rows = [...points].reverse();
  return (
    <DataTable
      caption={`World prices of ${label.toLowerCase()} and the farm-gate price of each, newest first`}
      captionClassName="text-left text-sm font-semibold p-2"
      className="mt-4 rounded-lg bg-white shadow-sm"
      testId="price-table"
      rowClassName="border-t align-top"
      dense
      rows={rows}
      rowKey={(p) => p.id}
      empty={null}
      columns={[
        {
          header: "Date and source",
          cell: (p) => (
            <>
              <span className="whitespace-nowrap tabular-nums">{p.date}</span>
              <span className="block text-xs text-slate-600">
                {p.source}
                {p.isSample && <SampleTag />}
              </span>
            </>
          ),
        },
        {
          header: "World price",
          cellClassName: "tabular-nums",
          cell: (p) => (
            <>
              <span className="whitespace-nowrap">{usd(p.amountMinor)}</span>
              <span className="block text-xs text-slate-600">{PRICE_UNIT_LABEL[p.unit]}</span>
            </>
          ),
        },
        {
          header: "Farm-gate per kg",
          cellClassName: "whitespace-nowrap tabular-nums font-semibold",
          cell: (p) => (p.farmGateLrdMinor === null ? "—" : lrd(p.farmGateLrdMinor)),
        },
      ]}
    />
  );
}
