/** The corrections API and readers shared by corrections.test.ts and corrections-versions.test.ts. */

import { expect } from "vitest";
import { who } from "./batches-fixtures";
import { bearer, one } from "./helpers";
import { decodeHtml } from "./html";

/** POST to /api/records/batches… as `as`. */
export const records = (path: string, as: keyof typeof who, body: unknown) =>
  bearer(who[as].token, `/api/records/batches${path}`, "POST", body);

/** Issues a batch's certificate of `type` as the holder of `token`, and answers its number. */
export async function issueBatchCertificate(type: "origin" | "phytosanitary", batchCode: string, token: string) {
  const issued = await bearer(token, `/api/certificates/${type}/batch/${batchCode}`, "POST");
  expect(issued.status).toBe(200);
  return issued.headers.get("x-certificate-number")!;
}

/** A page from its versions table on (data-testid="record-versions"): what the corrections show. */
export const versionsTable = (html: string) => html.slice(html.indexOf('data-testid="record-versions"'));

/** The status and JSON body of an answer. */
export const send = async (res: Promise<Response>) => {
  const r = await res;
  return { status: r.status, body: (await r.json()) as Record<string, unknown> & { message?: string } };
};

/** The batch row of `code` (weight, plausibility flag, status, holder). */
export const batchRow = (code: string) =>
  one<{ id: string; weight_g: number; volume_flag: number; status: string; holder_id: string }>(
    "SELECT id, weight_g, volume_flag, status, holder_id FROM batches WHERE batch_code = ?",
    code,
  );

/**
 * Posts a correction form (JavaScript off) through `post` twice with the corrected `field`: with a
 * too-short reason it comes back (400) with the reason's message and what was typed; then with
 * `reason`. Returns the second reply.
 */
export async function correctAfterShortReason(
  post: (fields: [string, string][]) => Promise<Response>,
  field: [string, string],
  reason: string,
) {
  const invalid = await post([field, ["reason", "short"]]);
  expect(invalid.status).toBe(400);
  const again = decodeHtml(await invalid.text());
  expect(again).toContain("Give the reason for the correction (at least 10 characters)");
  expect(again).toContain(`value="${field[1]}"`);
  return post([field, ["reason", reason]]);
}
