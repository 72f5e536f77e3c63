/** What the farmer-correction tests share: the API call, the rows they read, and the set-up. */
import { env } from "cloudflare:test";
import { seedAndSignIn } from "./batches-fixtures";
import { sessionAs } from "./factories";
import { bearer, count, one } from "./helpers";

export type Account = Awaited<ReturnType<typeof sessionAs>>;

export const correct = async (token: string, farmerId: string, body: unknown) => {
  const res = await bearer(token, `/api/records/farmers/${farmerId}/corrections`, "POST", body);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { message?: string } };
};
export const farmerRow = (farmerId: string) =>
  one<{ id: string; last_name: string; phone: string | null; last_name_key: string }>(
    "SELECT id, last_name, phone, last_name_key FROM farmers WHERE farmer_id = ?",
    farmerId,
  );

export const versionCount = (farmerId: string) =>
  count(
    "SELECT count(*) AS n FROM record_versions v JOIN farmers f ON f.id = v.record_id WHERE v.record_type = 'farmer' AND f.farmer_id = ?",
    farmerId,
  );
/** The version a corrector sees now (1 before any correction). */
export const latest = async (farmerId: string) => ({
  baseVersion: Math.max(
    1,
    (
      await one<{ v: number | null }>(
        "SELECT max(v.version) AS v FROM record_versions v JOIN farmers f ON f.id = v.record_id WHERE v.record_type = 'farmer' AND f.farmer_id = ?",
        farmerId,
      )
    ).v ?? 1,
  ),
});

/**
 * Seeds the registry, with sessions for a land inspector and an office administrator. FRM100002 is
 * registered by the inspector just now, FRM000001 three days ago, FRM100003 by someone else.
 */
export async function setUpCorrections() {
  await seedAndSignIn();
  const inspector = await sessionAs("land_inspector");
  const office = await sessionAs("office_admin");
  const old = new Date(Date.now() - 72 * 3_600_000).toISOString();
  await env.DB.batch([
    env.DB.prepare("UPDATE farmers SET registered_by = ?, created_at = ? WHERE farmer_id = 'FRM100002'").bind(
      inspector.account.id,
      new Date().toISOString(),
    ),
    env.DB.prepare("UPDATE farmers SET registered_by = ?, created_at = ? WHERE farmer_id = 'FRM000001'").bind(
      inspector.account.id,
      old,
    ),
  ]);
  return { inspector, office };
}
