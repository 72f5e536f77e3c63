import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { aliases } from "./vite.config.ts";
import { demoAccountsSql } from "./worker/services/demo/demo-accounts.ts";

const buildDir = process.env.EIP_BUILD_DIR ?? "build";
const migrations = await readD1Migrations("./migrations");
const demoSeed = JSON.stringify(await demoAccountsSql());

/** The built Worker in workerd with real local D1/KV/R2; `vars` override wrangler.toml. */
function workerProject(name: string, include: string[], vars: Record<string, string>) {
  return {
    plugins: [
      cloudflareTest({
        main: `./${buildDir}/server/index.js`,
        wrangler: { configPath: `./${buildDir}/server/wrangler.json` },
        // Push is off in tests (npm start's .dev.vars keys are copied into the build): the push
        // tests run delivery themselves against a local push service (tests/worker/push.test.ts).
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations, DEMO_SEED_SQL: demoSeed, VAPID_PRIVATE_KEY: "", ...vars },
          // Empty databases: the restore drill (tests/worker/backup-restore.test.ts) rebuilds into it.
          d1Databases: { RESTORE_DB: "restore-drill", RESTORE_DB_2: "restore-drill-wrong-part" },
        },
      }),
    ],
    // Sign-ins hash with scrypt (~200 ms CPU each, ADR 004): a test that signs in every role
    // needs more than the default 5 s on a busy 2-core machine. Speed is measured by `npm run bench`.
    // pdf-lib's ES build imports directories ("./api"), which workerd's module loader cannot
    // resolve: pre-bundle it for tests that import the certificate renderer directly.
    resolve: { alias: aliases },
    test: {
      name,
      include,
      setupFiles: ["./tests/worker/setup.ts"],
      fsModuleCache: false,
      testTimeout: 30_000,
      // A suite's beforeAll that seeds the demo data and signs in several roles takes the same.
      hookTimeout: 30_000,
      deps: { optimizer: { ssr: { enabled: true, include: ["pdf-lib", "@pdf-lib/fontkit"] } } },
    },
  };
}

/**
 * Two suites (CONTRIBUTING.md "Run, test, bench"):
 * - unit: pure functions and components, in Node.
 * - worker: the built Worker (build/server, i.e. exactly what is deployed) inside workerd
 *   with real local D1/KV/R2. `npm test` builds before running it.
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: aliases },
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" },
      },
      workerProject("worker", ["tests/worker/**/*.test.ts"], {}),
      workerProject("worker-prod", ["tests/worker-prod/**/*.test.ts"], { DEMO_MODE: "off" }),
    ],
  },
});
