import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * `npm run bench` loads each bench module with plain Node and skips one that fails to load (it
 * prints "… benchmarks skipped"). A module that cannot load silently drops its figures, so each one
 * must import cleanly under Node (e.g. relative `.ts` imports need their extension).
 */
const modules = readdirSync(new URL("../../scripts/", import.meta.url)).filter((f) => /^bench-.+\.mjs$/.test(f));

describe("bench modules load under plain Node", () => {
  it("finds the modules", () => expect(modules.length).toBeGreaterThan(5));
  it.each(modules)("%s", (file) => {
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", `await import("./scripts/${file}")`], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.stderr.replace(/^.*ExperimentalWarning.*$/gm, "").trim(), file).toBe("");
    expect(r.status, file).toBe(0);
  });
});
