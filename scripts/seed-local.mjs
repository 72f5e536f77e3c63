// Seeds the local D1 state with demo data when demo mode is on (wrangler.toml [vars] DEMO_MODE,
// on by default locally). Idempotent: existing rows are left alone.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const toml = readFileSync("wrangler.toml", "utf8").split(/^\[env\./m)[0];
const demo = /DEMO_MODE\s*=\s*"(on|true|1|yes)"/i.test(toml) && process.env.DEMO_MODE !== "off";
if (!demo) {
  console.log("Demo mode is off: nothing seeded.");
  process.exit(0);
}
const { demoAccountsSql } = await import("../worker/services/demo/demo-accounts.ts");
const file = join(mkdtempSync(join(tmpdir(), "eip-seed-")), "demo.sql");
writeFileSync(file, `${(await demoAccountsSql()).join("\n")}\n`);
const persist = process.env.EIP_STATE_DIR ? ["--persist-to", process.env.EIP_STATE_DIR] : [];
const r = spawnSync("wrangler", ["d1", "execute", "DB", "--local", ...persist, "--file", file], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, CI: "true" },
});
if (r.status !== 0) process.exit(r.status ?? 1);
console.log("Demo mode is on: demo accounts are ready (see README, 'Demo accounts').");
