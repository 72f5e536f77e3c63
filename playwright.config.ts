import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/chromium.ts";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/**
 * End-to-end journeys in Debian's Chromium against the production build served by
 * the Workers runtime (vite preview). `npm test` builds and migrates before this runs.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    // A low-end Android phone.
    ...devices["Pixel 5"],
    viewport: { width: 360, height: 740 },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false }, grep: /@nojs/ },
  ],
  webServer: {
    command: `vite preview --port ${PORT} --host 127.0.0.1 --strictPort`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { ...(process.env as Record<string, string>), CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  },
});
