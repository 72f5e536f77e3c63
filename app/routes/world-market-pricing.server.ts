import { data } from "react-router";
import { FarmGateQuerySchema, PriceQuerySchema } from "#worker/contracts/market";
import { readFarmGate, readPriceSeries } from "#worker/services/market/read-prices";
import { pageDeps } from "../lib/deps.server";
import { priceChart } from "../lib/price-chart.server";
import type { Route } from "./+types/world-market-pricing";

/** Public (no login, no session read), so cacheable — briefly: a price entered by staff shows within a minute. */
export const PRICES_CACHE = "public, max-age=60";

export async function loader({ request }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  // A wrong commodity or range in the address falls back to the defaults rather than failing.
  const query = PriceQuerySchema.safeParse(params);
  const { commodity, range } = query.success ? query.data : PriceQuerySchema.parse({});
  const deps = pageDeps();
  const series = await readPriceSeries({ commodity, range }, deps);
  // "What was the farm-gate price on my sale date?": a plain GET form with a date.
  let check: { date: string; error?: string; result?: Awaited<ReturnType<typeof readFarmGate>> } | null = null;
  if (params.date !== undefined) {
    const asked = FarmGateQuerySchema.safeParse({ commodity, date: params.date });
    check = asked.success
      ? { date: params.date, result: await readFarmGate(asked.data, deps) }
      : { date: params.date, error: asked.error.issues[0]?.message ?? "Enter the date as YYYY-MM-DD" };
  }
  // The table needs only each point's result: the worked sum is shown for the latest point and the date asked.
  const rows = series.points.map((p) => ({
    id: p.id,
    date: p.date,
    source: p.source,
    unit: p.unit,
    amountMinor: p.amountMinor,
    isSample: p.isSample || (p.farmGate.ok && p.farmGate.isSample),
    farmGateLrdMinor: p.farmGate.ok ? p.farmGate.lrdPerKgMinor : null,
  }));
  const { points: _points, ...rest } = series;
  return data(
    { series: rest, rows, chart: priceChart(series.points), check },
    { headers: { "Cache-Control": PRICES_CACHE } },
  );
}
