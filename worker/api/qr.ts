import { Hono } from "hono";
import { batchByCode } from "#db/queries/batches";
import { qrPng, qrSvg, traceUrl } from "../services/batches/render-qr";
import { type ApiEnv, publicDeps } from "./middleware";
import { apiError } from "./reply";
import { describe } from "./route-meta";

/**
 * Public QR images of batches: /api/qr/{batchCode}.svg and .png, no login. Each
 * encodes the absolute address of the batch's public trace page, /qr/{batchCode}. The image of
 * a code never changes, so it is cached for a day; an unknown code is a JSON 404, never cached
 * (the batch may be recorded a moment later).
 */
export const qrApi = new Hono<ApiEnv>().get(
  "/:file",
  describe("The QR code of a batch's public trace page: {batchCode}.svg or {batchCode}.png", { 200: "The image" }),
  async (c) => {
    const match = /^([A-Za-z0-9-]{3,40})\.(svg|png)$/.exec(c.req.param("file"));
    if (!match) return apiError(c, 404, "Ask for /api/qr/{batchCode}.svg or /api/qr/{batchCode}.png");
    const [, code, format] = match as unknown as [string, string, "svg" | "png"];
    const batch = await batchByCode(publicDeps(c).db, code);
    if (!batch) {
      c.header("Cache-Control", "no-store");
      return apiError(c, 404, `No batch with code ${code.toUpperCase()}`);
    }
    const url = traceUrl(new URL(c.req.url).origin, batch.batchCode);
    const headers = {
      "Cache-Control": "public, max-age=86400",
      "Content-Disposition": `inline; filename="${batch.batchCode}.${format}"`,
    };
    if (format === "svg") return c.body(qrSvg(url), 200, { ...headers, "Content-Type": "image/svg+xml" });
    return c.body(qrPng(url), 200, { ...headers, "Content-Type": "image/png" });
  },
);
