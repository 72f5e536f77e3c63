/**
 * The import rules of docs/decisions/014-one-way-imports.md are enforced by Biome
 * (biome.json `noRestrictedImports` overrides). This proves they bite: each forbidden import,
 * written into a scratch copy of the tree's layout, fails the lint; the allowed direction passes.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "eip-boundaries-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const config = JSON.parse(readFileSync(join(root, "biome.json"), "utf8"));
delete config.$schema;
config.vcs = { enabled: false };
writeFileSync(join(scratch, "biome.json"), JSON.stringify(config));

/** Lints one file placed at `path` in the scratch tree; returns the rule names Biome reported. */
function lint(path: string, source: string): string[] {
  const file = join(scratch, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  const run = spawnSync(join(root, "node_modules/.bin/biome"), ["lint", "--reporter=json", path], {
    cwd: scratch,
    encoding: "utf8",
  });
  const report = JSON.parse(run.stdout || "{}") as { diagnostics?: { category?: string }[] };
  return (report.diagnostics ?? []).map((d) => d.category ?? "");
}

const RULE = "lint/style/noRestrictedImports";

describe("import boundaries (pages → Worker → data, one way)", () => {
  it.each([
    ["worker/api/x.ts", 'export { LANDING } from "#app/content/landing";\n'],
    ["worker/services/registry/x.ts", 'export { LANDING } from "../../../app/content/landing";\n'],
    ["db/queries/x.ts", 'export { CROPS } from "#worker/domain/commodities";\n'],
    ["db/queries/y.ts", 'export { LANDING } from "#app/content/landing";\n'],
    ["worker/services/batches/x.ts", 'export { Hono } from "hono";\n'],
    ["worker/domain/x.ts", 'export { HTTPException } from "hono/http-exception";\n'],
    ["worker/services/eudr/x.ts", 'export { env } from "cloudflare:workers";\n'],
    ["worker/auth/x.ts", 'export { authenticate } from "#worker/services/auth/authenticate";\n'],
    ["worker/auth/y.ts", 'export type { AuthDeps } from "../services/auth/authenticate";\n'],
    ["worker/domain/x.ts", 'export { MAJOR_CASH_CROPS } from "#worker/content/counties";\n'],
    ["worker/domain/certificates/x.ts", 'export { MAJOR_CASH_CROPS } from "../../content/counties";\n'],
    ["worker/domain/x.ts", 'export { env } from "cloudflare:workers";\n'],
    ["worker/api/x.ts", 'export { batchByCode } from "#db/queries/batches";\n'],
    ["worker/api/y.ts", 'export type { BatchRow } from "../../db/queries/batches";\n'],
  ])("%s: a forbidden import fails the lint", (path, source) => {
    expect(lint(path, source)).toContain(RULE);
  });

  it.each([
    ["app/routes/x.tsx", 'export { CROPS } from "#worker/domain/commodities";\n'],
    ["worker/api/y.ts", 'export { Hono } from "hono";\nexport { database } from "#db/client";\n'],
    ["worker/services/z.ts", 'export { database } from "#db/client";\n'],
    ["worker/services/auth/x.ts", 'export { ROLES } from "#worker/auth/roles";\n'],
    ["worker/content/x.ts", 'export { CROPS } from "#worker/domain/commodities";\n'],
    ["worker/domain/certificates/y.ts", 'export { COUNTRY } from "./content";\n'],
    ["worker/auth/z.ts", 'export { sha256Hex } from "#worker/domain/hash";\n'],
  ])("%s: the allowed direction passes", (path, source) => {
    expect(lint(path, source)).not.toContain(RULE);
  });

  // No API file is exempt from api ↛ db/queries: every read goes through a service.
  it("exempts no API file from api ↛ db/queries", () => {
    const exemptions = (config.overrides as { includes?: string[] }[]).filter((o) =>
      (o.includes ?? []).some((path) => path.startsWith("worker/api/") && path.endsWith(".ts")),
    );
    expect(exemptions).toEqual([]);
  });
});
