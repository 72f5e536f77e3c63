// `npm start`: build the production bundle, apply migrations to the local D1 state,
// seed demo data (demo mode is on locally), then serve the whole platform with the
// Workers runtime on http://127.0.0.1:8787 (override with PORT). In demo mode, once the
// server answers, the demo traceability data is added through POST /api/demo/seed.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { ensureDevVapidKeys } from "./vapid-keys.mjs";

function run(cmd, args, extraEnv = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
}

const env = { CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: process.env.CI ?? "true" };
// Push notifications (ADR 028): a local VAPID key pair in the git-ignored .dev.vars, made once.
if (await ensureDevVapidKeys()) console.log("Generated local Web Push (VAPID) keys in .dev.vars");
run("react-router", ["build"], env);
// EIP_STATE_DIR (as in scripts/seed-local.mjs and vite.config.ts) keeps this run's local state apart.
const persist = process.env.EIP_STATE_DIR ? ["--persist-to", process.env.EIP_STATE_DIR] : [];
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persist], env);
run("node", ["scripts/seed-local.mjs"], env);

const port = process.env.PORT ?? "8787";
const base = `http://127.0.0.1:${port}`;
console.log(`\nServing the platform at ${base}/ (Ctrl+C to stop)\n`);
const server = spawn("vite", ["preview", "--port", port, "--host", "127.0.0.1", "--strictPort"], {
  stdio: "inherit",
  env: { ...process.env, ...env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

// Same rule as scripts/seed-local.mjs: wrangler.toml's top-level DEMO_MODE, unless DEMO_MODE=off.
const toml = readFileSync("wrangler.toml", "utf8").split(/^\[env\./m)[0];
const demo = /DEMO_MODE\s*=\s*"(on|true|1|yes)"/i.test(toml) && process.env.DEMO_MODE !== "off";
if (demo) {
  seedDemoData().catch((error) => {
    console.warn(`\n⚠ Demo data was not seeded: ${error instanceof Error ? error.message : String(error)}`);
    console.warn(
      `  The platform keeps running without it. Retry: sign in as agritrace.admin and POST ${base}/api/demo/seed\n`,
    );
  });
}

/** Waits for the server, signs in as the demo system administrator and seeds the demo data. */
async function seedDemoData() {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) return;
    try {
      await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) });
      break; // Any answer (even 503 "degraded") means the Worker is up.
    } catch {
      if (Date.now() > deadline) throw new Error(`${base}/api/health did not answer within 2 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const { DEMO_ACCOUNTS } = await import("../worker/services/demo/demo-accounts.ts");
  const admin = DEMO_ACCOUNTS.find((a) => a.role === "system_administrator");
  const post = (path, body, token) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: {
        ...(body ? { "Content-Type": "application/json" } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(120_000),
    });
  const readJson = async (res) => res.json().catch(() => ({}));

  const login = await post("/api/agritrace-admin/login", {
    username: admin.loginId,
    password: admin.password,
    accessCode: admin.accessCode,
  });
  const session = await readJson(login);
  if (login.status !== 200 || !session.token)
    throw new Error(`signing in as ${admin.loginId} failed (${login.status} ${session.message ?? ""})`.trim());
  try {
    const res = await post("/api/demo/seed", undefined, session.token);
    const summary = await readJson(res);
    if (res.status !== 200)
      throw new Error(`POST /api/demo/seed answered ${res.status}: ${summary.message ?? "no reason given"}`);
    console.log(`\nDemo data: ${summary.message}`);
    for (const problem of summary.problems ?? []) console.warn(`  ⚠ ${problem}`);
    console.log("");
  } finally {
    await post("/api/auth/logout", undefined, session.token).catch(() => {});
  }
}
