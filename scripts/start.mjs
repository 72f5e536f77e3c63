// `npm start`: build the production bundle, apply migrations to the local D1 state,
// seed demo data (demo mode is on locally), then serve the whole platform with the
// Workers runtime on http://127.0.0.1:8787 (override with PORT).
import { spawn, spawnSync } from "node:child_process";

function run(cmd, args, extraEnv = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
}

const env = { CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: process.env.CI ?? "true" };
run("react-router", ["build"], env);
run("wrangler", ["d1", "migrations", "apply", "DB", "--local"], env);
run("node", ["scripts/seed-local.mjs"], env);

const port = process.env.PORT ?? "8787";
console.log(`\nServing the platform at http://127.0.0.1:${port}/ (Ctrl+C to stop)\n`);
const server = spawn("vite", ["preview", "--port", port, "--host", "127.0.0.1", "--strictPort"], {
  stdio: "inherit",
  env: { ...process.env, ...env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
