/**
 * The QR image of a recorded batch (GET /api/qr/{batchCode}.svg|.png, no login): it encodes the
 * absolute address of the batch's public trace page. An unknown code is refused (404).
 */
import type { Database } from "#db/client";
import { batchByCode } from "#db/queries/batches";
import { fail, ok, type Result } from "../result";
import { qrPng, qrSvg, traceUrl } from "./render-qr";

export type QrFormat = "svg" | "png";

export async function batchQr(
  input: { code: string; format: QrFormat; origin: string },
  deps: { db: Database },
): Promise<Result<{ batchCode: string; contentType: string; body: string | Uint8Array<ArrayBuffer> }>> {
  const batch = await batchByCode(deps.db, input.code);
  if (!batch) return fail(404, `No batch with code ${input.code.toUpperCase()}`);
  const url = traceUrl(input.origin, batch.batchCode);
  return ok(
    input.format === "svg"
      ? { batchCode: batch.batchCode, contentType: "image/svg+xml", body: qrSvg(url) }
      : { batchCode: batch.batchCode, contentType: "image/png", body: qrPng(url) },
  );
}
