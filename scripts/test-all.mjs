// `npm test`: every suite, in order, then one closing line `N passed, N failed`.
//   typecheck → lint and format → build (what is deployed) → local migrations → unit → worker (workerd) → e2e (Chromium)
// A suite that cannot run counts as failed. Exits non-zero on any failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const out = ".test-results";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: process.env.CI ?? "true", FORCE_COLOR: "0" };
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function run(cmd, args, extraEnv = {}) {
  console.log(`\n▶ ${cmd} ${args.join(" ")}`);
  return spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } }).status === 0;
}

/**
 * The Debian packages the suites need: Chromium (browser tests, at /usr/bin/chromium) and
 * poppler-utils (pdftotext/pdftoppm read the generated PDFs back). Installed when missing and
 * running as root (a fresh machine or CI); otherwise a clear message says what to install.
 */
function ensureSystemPackages() {
  const has = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
  const missing = [];
  if (!existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) missing.push("chromium");
  if (!has("pdftotext") || !has("pdftoppm")) missing.push("poppler-utils");
  if (missing.length === 0) return true;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!root || !has("apt-get")) {
    console.error(
      `\n✖ Missing system packages: ${missing.join(" ")}. Install them once: sudo apt-get install -y ${missing.join(" ")}`,
    );
    return false;
  }
  console.log(`\nInstalling Debian packages: ${missing.join(" ")}`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env: aptEnv });
  const install = spawnSync("apt-get", ["install", "-y", "-qq", ...missing], { stdio: "inherit", env: aptEnv });
  return update.status === 0 && install.status === 0;
}

function step(name, ok) {
  // A step that is not a test runner counts as one check.
  totals[ok ? "passed" : "failed"] += 1;
  lines.push(`${name}: ${ok ? "ok" : "FAILED"}`);
  return ok;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

function vitest(project) {
  const file = `${out}/${project}.json`;
  const ok = run("vitest", [
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${file}`,
  ]);
  const report = readJson(file);
  if (!report) return step(`${project} tests`, false);
  const passed = report.numPassedTests ?? 0;
  const failed = (report.numFailedTests ?? 0) + (ok ? 0 : report.numFailedTests ? 0 : 1);
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(`${project} tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}

function playwright() {
  const file = `${out}/e2e.json`;
  const ok = run("playwright", ["test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: file, ...e2eEnv });
  const report = readJson(file);
  if (!report?.stats) return step("e2e tests", false);
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  const failed = unexpected + (ok || unexpected ? 0 : 1);
  totals.passed += expected + flaky;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(`e2e tests: ${expected + flaky} passed, ${failed} failed, ${skipped} skipped`);
}

step("system packages (Chromium, poppler-utils)", ensureSystemPackages());
step("typecheck", run("react-router", ["typegen"]) && run("tsc", ["-b"]));
// Lint and format (Biome, biome.json): zero findings, import boundaries included (ADR 014).
step("lint and format", run("biome", ["ci", "--error-on-warnings", "--reporter=summary", "."]));
const built = step("build", run("react-router", ["build"]));
// The browser tests get a fresh local state of their own (D1/KV/R2), migrated and seeded with
// the demo accounts, so they never depend on or disturb the developer's `npm start` data.
const e2eState = ".wrangler/e2e-state";
rmSync(e2eState, { recursive: true, force: true });
const e2eEnv = { EIP_STATE_DIR: e2eState };
step(
  "e2e state (migrate + seed)",
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", e2eState], e2eEnv) &&
    run("node", ["scripts/seed-local.mjs"], e2eEnv),
);
vitest("unit");
if (built) {
  vitest("worker");
  vitest("worker-prod"); // the same Worker with DEMO_MODE=off, as in production
} else step("worker tests (no build)", false);
if (!existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) {
  console.error("Chromium not found at /usr/bin/chromium: apt-get install -y chromium");
  step("e2e tests (no Chromium)", false);
} else if (built) playwright();
else step("e2e tests (no build)", false);

console.log(`\n${lines.map((l) => `  ${l}`).join("\n")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
