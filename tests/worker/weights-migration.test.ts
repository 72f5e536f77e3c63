/**
 * Migration 0014 (ADR 020): existing REAL kilogram rows become INTEGER grams, exactly
 * (ROUND(kg × 1000)), and the rebuilt tables keep their indexes and data-version triggers.
 * The test empties the isolated D1, replays migrations 0000–0013, writes rows the old way, then 0014.
 */
import { type D1Migration, env } from "cloudflare:test";
import { expect, it } from "vitest";

const { TEST_MIGRATIONS } = env as unknown as { TEST_MIGRATIONS: D1Migration[] };

async function run(migration: D1Migration) {
  for (const q of migration.queries) await env.DB.prepare(q).run();
}

it("0014 turns stored kilograms into exact integer grams and keeps triggers and indexes", async () => {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string }>();
  for (const t of tables.results) await env.DB.prepare(`DROP TABLE IF EXISTS "${t.name}"`).run();
  const index = TEST_MIGRATIONS.findIndex((m) => m.name.startsWith("0014_"));
  expect(index).toBeGreaterThan(0);
  for (const m of TEST_MIGRATIONS.slice(0, index)) await run(m);

  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO batches (id, batch_code, commodity, hs_code, weight_kg, status) VALUES ('b1', 'LR-COC-2026-000001', 'Cocoa', '1801', 125.5, 'split'), ('b2', 'LR-COC-2026-000002', 'Cocoa', '1801', 33.334, 'purchased'), ('b3', 'LR-COC-2026-000003', 'Cocoa', '1801', ?, 'purchased')",
    ).bind(0.1 + 0.2),
    env.DB.prepare(
      "INSERT INTO batch_origins (batch_id, plot_id, farmer_id, weight_kg) VALUES ('b1', 'p1', 'FRM000001', 100.001), ('b2', 'p1', 'FRM000001', NULL)",
    ),
    env.DB.prepare(
      "INSERT INTO batch_lineage (parent_batch_id, child_batch_id, kind, weight_kg) VALUES ('b1', 'b2', 'split', 33.334)",
    ),
    env.DB.prepare(
      "INSERT INTO custody_events (id, batch_id, to_status, actor_id, actor_role, occurred_at, weight_in_kg, weight_out_kg) VALUES ('b1:split', 'b1', 'split', 'u1', 'buyer', '2026-01-01T00:00:00Z', 125.5, 100.001)",
    ),
    env.DB.prepare("INSERT INTO crop_yields (crop, kg_per_hectare) VALUES ('Cocoa', 650.5)"),
  ]);
  await run(TEST_MIGRATIONS[index]!);

  const batches = await env.DB.prepare("SELECT id, weight_g, typeof(weight_g) AS t FROM batches ORDER BY id").all();
  expect(batches.results).toEqual([
    { id: "b1", weight_g: 125_500, t: "integer" },
    { id: "b2", weight_g: 33_334, t: "integer" },
    { id: "b3", weight_g: 300, t: "integer" },
  ]);
  expect((await env.DB.prepare("SELECT plot_id, weight_g FROM batch_origins ORDER BY batch_id").all()).results).toEqual(
    [
      { plot_id: "p1", weight_g: 100_001 },
      { plot_id: "p1", weight_g: null },
    ],
  );
  expect(await env.DB.prepare("SELECT kind, weight_g FROM batch_lineage").first()).toEqual({
    kind: "split",
    weight_g: 33_334,
  });
  expect(await env.DB.prepare("SELECT weight_in_g, weight_out_g FROM custody_events").first()).toEqual({
    weight_in_g: 125_500,
    weight_out_g: 100_001,
  });
  expect(await env.DB.prepare("SELECT grams_per_hectare FROM crop_yields").first()).toEqual({
    grams_per_hectare: 650_500,
  });
  // The old kilogram columns are gone.
  const cols = await env.DB.prepare("SELECT name FROM pragma_table_info('batches')").all<{ name: string }>();
  expect(cols.results.map((c) => c.name)).not.toContain("weight_kg");

  // Rebuilt tables keep their unique index and their data-version triggers.
  await expect(
    env.DB.prepare(
      "INSERT INTO batches (id, batch_code, commodity, hs_code, weight_g, status) VALUES ('b4', 'LR-COC-2026-000001', 'Cocoa', '1801', 1, 'purchased')",
    ).run(),
  ).rejects.toThrow(/UNIQUE/);
  const before = await env.DB.prepare(
    "SELECT version FROM subject_versions WHERE subject_type = 'batch' AND subject_id = 'b2'",
  ).first<{ version: number }>();
  await env.DB.prepare("UPDATE batches SET weight_g = 33000 WHERE id = 'b2'").run();
  await env.DB.prepare(
    "INSERT INTO batch_lineage (parent_batch_id, child_batch_id, kind, weight_g) VALUES ('b1', 'b3', 'split', 300)",
  ).run();
  const after = await env.DB.prepare(
    "SELECT subject_id, version FROM subject_versions WHERE subject_type = 'batch' AND subject_id IN ('b2', 'b3') ORDER BY subject_id",
  ).all<{ subject_id: string; version: number }>();
  expect(after.results[0]!.version).toBeGreaterThan(before?.version ?? 0);
  expect(after.results.map((r) => r.subject_id)).toEqual(["b2", "b3"]);
});
