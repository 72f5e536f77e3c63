/**
 * One photo of a field visit (stored without metadata by ./record-visit.ts). The R2 key comes from
 * the stored visit, never from the address: `n` counts the visit's photos from 1.
 */
import type { Database } from "#db/client";
import { visitOfPlotById } from "#db/queries/plot-visits";
import { fail, ok, type Result } from "../result";

export async function visitPhoto(
  input: { plotId: string; visitId: string; n: number },
  deps: { db: Database; r2: Pick<R2Bucket, "get"> },
): Promise<Result<{ object: R2ObjectBody }>> {
  const visit = await visitOfPlotById(deps.db, input.plotId, input.visitId);
  const keys = visit ? (JSON.parse(visit.photoKeys) as string[]) : [];
  const key = keys[input.n - 1];
  const object = key ? await deps.r2.get(key) : null;
  if (!object) return fail(404, "No such photo");
  return ok({ object });
}
