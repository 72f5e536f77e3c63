import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

/**
 * Two suites (STYLE.md "Tests"):
 * - unit: pure functions and components, in Node.
 * - worker: the built Worker (build/server, i.e. exactly what is deployed) inside workerd
 *   with real local D1/KV/R2. `npm test` builds before running it.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            main: "./build/server/index.js",
            wrangler: { configPath: "./build/server/wrangler.json" },
            miniflare: {
              bindings: { TEST_MIGRATIONS: await readD1Migrations("./migrations") },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          setupFiles: ["./tests/worker/setup.ts"],
          fsModuleCache: false,
        },
      },
    ],
  },
});
