/** The corrections API and readers shared by corrections.test.ts and corrections-versions.test.ts. */

import { who } from "./batches-fixtures";
import { bearer, one } from "./helpers";

/** POST to /api/records/batches… as `as`. */
export const records = (path: string, as: keyof typeof who, body: unknown) =>
  bearer(who[as].token, `/api/records/batches${path}`, "POST", body);

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
