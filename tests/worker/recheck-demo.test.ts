/**
 * The re-check on the demo data (ADR 029): a database seeded before the county rule holds the
 * demo plot PLT-000001-01 declared in Lofa, though it lies in Nimba, and every stored plot reads
 * the legacy rule set. The re-check moves that plot (and only that one) to needs review, holds the
 * demo batch drawn from it, flags its certificates at /verify, and a second run changes nothing.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { RULESET_VERSION } from "#worker/domain/ruleset";
import { plotReviewRefusal } from "#worker/services/inspections/holds";
import { sessionAs } from "./factories";
import { call, count, one, rows } from "./helpers";
import { startRecheck } from "./recheck-fixtures";

let admin: { cookie: string; token: string };

const recheck = () => startRecheck(admin.cookie);

beforeAll(async () => {
  admin = await sessionAs("system_administrator");
  const seeded = await call("/api/demo/seed", { method: "POST", headers: { Authorization: `Bearer ${admin.token}` } });
  expect(seeded.status).toBe(200);
  expect(((await seeded.json()) as { problems: string[] }).problems).toEqual([]);
  // As a database seeded before the fix holds it: declared in Lofa, every row under the legacy rule set.
  await env.DB.batch([
    env.DB.prepare("UPDATE land_plots SET declared_county = 'Lofa County' WHERE plot_code = 'PLT-000001-01'"),
    env.DB.prepare("UPDATE land_plots SET ruleset_version = 'legacy'"),
  ]);
}, 120_000);

describe("re-checking the demo data", () => {
  it("moves PLT-000001-01 (declared Lofa, lies in Nimba) to needs review, and only it", async () => {
    const res = await recheck();
    expect(res.status).toBe(302);
    const plots = await rows<{ plot_code: string; review_state: string | null; review_reasons: string | null }>(
      "SELECT plot_code, review_state, review_reasons FROM land_plots WHERE review_state IS NOT NULL",
    );
    expect(plots).toEqual([
      {
        plot_code: "PLT-000001-01",
        review_state: "needs_review",
        review_reasons: JSON.stringify(["The plot lies in Nimba County, not in Lofa County as declared"]),
      },
    ]);
    expect(await count("SELECT COUNT(*) AS n FROM land_plots WHERE ruleset_version <> ?", RULESET_VERSION)).toBe(0);
  });

  it("the demo batch drawn from it is held; Musu Kollie and Nimba's land inspector are notified", async () => {
    const batch = await one<{ id: string; batch_code: string; holder_id: string }>(
      `SELECT b.id, b.batch_code, b.holder_id FROM batches b JOIN batch_origins o ON o.batch_id = b.id
       JOIN land_plots p ON p.id = o.plot_id WHERE p.plot_code = 'PLT-000001-01' LIMIT 1`,
    );
    // The hold every custody, split, merge, listing and certification service asks.
    const held = await plotReviewRefusal(database(env.DB), batch);
    expect(held?.status).toBe(409);
    expect(held?.message).toContain("This batch is held: a plot it was drawn from needs review (PLT-000001-01");
    const notified = await rows<{ user_id: string }>(
      "SELECT DISTINCT user_id FROM notifications WHERE kind = 'plot_review' ORDER BY user_id",
    );
    expect(notified.map((n) => n.user_id)).toEqual(
      expect.arrayContaining(["demo-farmer", "demo-land-inspector", batch.holder_id]),
    );
  });

  it("a second run changes nothing", async () => {
    const before = {
      audit: await count("SELECT COUNT(*) AS n FROM audit_log"),
      notices: await count("SELECT COUNT(*) AS n FROM notifications"),
    };
    expect((await recheck()).status).toBe(409);
    expect(await count("SELECT COUNT(*) AS n FROM audit_log")).toBe(before.audit);
    expect(await count("SELECT COUNT(*) AS n FROM notifications")).toBe(before.notices);
  });
});
