import { Hono } from "hono";
import { FarmGateQuerySchema, PricePointSchema, PriceQuerySchema } from "../contracts/market";
import { priceTemplateCsv } from "../domain/price-rows";
import { importPrices, MAX_PRICE_FILE_BYTES } from "../services/market/import-prices";
import { readFarmGate, readPriceSeries } from "../services/market/read-prices";
import { recordPricePoint } from "../services/market/record-price";
import { uploadLimit } from "./body-limits";
import { type ApiEnv, publicDeps, requirePermission, serviceDeps } from "./middleware";
import { quota } from "./quota";
import { apiError, reply, success } from "./reply";
import { describe } from "./route-meta";
import { body, query } from "./validate";

/** Public reads change when staff enter a price: cached briefly, like the public trace page. */
const PUBLIC_CACHE = "public, max-age=60";

/**
 * /api/market: the public price series and farm-gate price
 * (no login: farmers check what they are paid), and price entry and CSV import for regulator
 * staff (`managePrices`). Money in integer minor units with its currency.
 */
export const marketApi = new Hono<ApiEnv>()
  .get(
    "/prices",
    describe(
      "A commodity's world prices over a range (1m, 1y, all), each with its farm-gate price; sample data is flagged `isSample`",
    ),
    query(PriceQuerySchema),
    async (c) => {
      const series = await readPriceSeries(c.req.valid("query"), publicDeps(c));
      c.header("Cache-Control", PUBLIC_CACHE);
      return success(c, series);
    },
  )
  .get(
    "/farm-gate",
    describe(
      "The official farm-gate price (LRD per kg) of the latest world price on or before `date`, with the formula, the exchange rate and every step",
      { 404: "No world price stored for that commodity and date" },
    ),
    query(FarmGateQuerySchema),
    async (c) => {
      const result = await readFarmGate(c.req.valid("query"), publicDeps(c));
      c.header("Cache-Control", result.ok ? PUBLIC_CACHE : "no-store");
      return reply(c, result);
    },
  )
  .get(
    "/prices/template.csv",
    requirePermission("managePrices"),
    describe("The CSV template of a price import", { 200: "text/csv" }),
    (c) =>
      c.body(priceTemplateCsv(), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="world-prices-template.csv"',
      }),
  )
  .post(
    "/prices",
    requirePermission("managePrices"),
    describe("Enter one world price (amountMinor: US cents per unit)", {
      201: "The stored price",
      200: "The same price was already stored (nothing stored twice)",
    }),
    body(PricePointSchema),
    async (c) => {
      const result = await recordPricePoint(c.req.valid("json"), serviceDeps(c));
      if (!result.ok) return reply(c, result);
      return success(c, result.value, result.value.created ? 201 : 200);
    },
  )
  .post(
    "/prices/import",
    requirePermission("managePrices"),
    describe(
      "Import world prices from a CSV (text/csv body or multipart `file`, up to 1 MiB): each line stored or reported with its line number and reason",
      { 200: "The import report" },
    ),
    uploadLimit("prices"),
    quota("import"),
    async (c) => {
      const type = c.req.header("Content-Type") ?? "";
      let fileName = c.req.query("fileName") ?? "prices.csv";
      let text: string;
      if (/^multipart\/form-data/i.test(type)) {
        const file = (await c.req.formData()).get("file");
        if (!(file instanceof File)) return apiError(c, 400, "Attach the CSV as the form field `file`");
        if (file.size > MAX_PRICE_FILE_BYTES) return apiError(c, 413, "The file is too large (limit 1 MiB)");
        fileName = file.name;
        text = await file.text();
      } else if (/^(text\/csv|text\/plain)\b/i.test(type)) {
        text = await c.req.text();
      } else {
        return apiError(c, 415, "Send the prices as a CSV (text/csv) or a multipart form with `file`");
      }
      if (!text.trim()) return apiError(c, 400, "The file is empty");
      return reply(c, await importPrices({ fileName, text }, serviceDeps(c)));
    },
  );
