/**
 * A scheduled fetch of world prices from a configured feed, behind an adapter so the
 * platform never depends on one provider. Off unless `PRICE_FEED_URL` is set (worker/jobs/scheduled.ts).
 *
 * - `PriceFeed` is the adapter: it answers the feed's raw reply.
 * - `httpPriceFeed` is the one adapter shipped: a GET of a URL answering CSV (the import's columns,
 *   worker/domain/price-rows.ts) or JSON `{ "prices": [{ commodity, date, source, unit, price, currency }] }`.
 * - `runPriceFeed` turns the reply into the import's CSV and stores it through `importPrices`,
 *   so a feed line obeys exactly the rules of a line typed by staff, and a re-run stores nothing twice.
 * Tests use a recorded reply (tests/fixtures/price-feed/), never a live call.
 */
import { csvQuote } from "#worker/domain/csv";
import { PRICE_COLUMNS } from "#worker/domain/price-rows";
import type { ServiceDeps } from "../deps";
import { fail, type Result } from "../result";
import { importPrices, MAX_PRICE_FILE_BYTES, type PriceImportReport } from "./import-prices";

export type FeedReply = { contentType: string; body: string };

export interface PriceFeed {
  /** A name for the audit trail and the cron summary (e.g. the host). */
  readonly name: string;
  fetchPrices(): Promise<FeedReply>;
}

/** The platform acting on its own (docs/audit-actions.md "Platform jobs"). */
export const FEED_ACTOR = { id: "system-price-feed", role: "system" } as const;

export function httpPriceFeed(url: string, fetcher: typeof fetch = fetch): PriceFeed {
  return {
    name: new URL(url).host,
    async fetchPrices() {
      const response = await fetcher(url, { headers: { Accept: "text/csv, application/json" } });
      if (!response.ok) throw new Error(`The price feed answered HTTP ${response.status}`);
      const body = await response.text();
      if (body.length > MAX_PRICE_FILE_BYTES) throw new Error("The price feed's reply is larger than 1 MiB");
      return { contentType: response.headers.get("Content-Type") ?? "", body };
    },
  };
}

/** The feed's reply as the import's CSV; null when it is neither CSV nor the JSON shape above. */
export function feedReplyToCsv(reply: FeedReply): string | null {
  const looksJson = /json/i.test(reply.contentType) || reply.body.trimStart().startsWith("{");
  if (!looksJson) return reply.body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply.body);
  } catch {
    return null;
  }
  const prices = (parsed as { prices?: unknown })?.prices;
  if (!Array.isArray(prices)) return null;
  const lines = prices.map((p) =>
    PRICE_COLUMNS.map((c) => csvQuote(p && typeof p === "object" ? (p as Record<string, unknown>)[c] : "")).join(","),
  );
  return [PRICE_COLUMNS.join(","), ...lines].join("\n");
}

/** Fetches the feed and imports what it says; the report lists every refused line. */
export async function runPriceFeed(feed: PriceFeed, deps: Pick<ServiceDeps, "db">): Promise<Result<PriceImportReport>> {
  const reply = await feed.fetchPrices();
  const csv = feedReplyToCsv(reply);
  if (csv === null) return fail(422, `The price feed ${feed.name} answered neither CSV nor { "prices": [...] } JSON`);
  return importPrices(
    { fileName: `feed:${feed.name}`, text: csv, createdBy: FEED_ACTOR.id },
    { db: deps.db, actor: FEED_ACTOR },
  );
}
