import { Hono } from "hono";
import { batchQr, type QrFormat } from "../services/batches/batch-qr";
import { type ApiEnv, publicDeps } from "./middleware";
import { apiError, reply } from "./reply";
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
    const [, code, format] = match as unknown as [string, string, QrFormat];
    const result = await batchQr({ code, format, origin: new URL(c.req.url).origin }, publicDeps(c));
    if (!result.ok) {
      c.header("Cache-Control", "no-store");
      return reply(c, result);
    }
    const { batchCode, contentType, body } = result.value;
    return c.body(body, 200, {
      "Cache-Control": "public, max-age=86400",
      "Content-Disposition": `inline; filename="${batchCode}.${format}"`,
      "Content-Type": contentType,
    });
  },
);
