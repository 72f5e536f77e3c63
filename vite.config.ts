import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Import aliases (docs/decisions/014-one-way-imports.md): `#app/…`, `#worker/…`, `#db/…`, the same
 * three as tsconfig.json `paths`. vitest.config.ts reuses them.
 */
export const aliases = ["app", "worker", "db"].map((top) => ({
  find: new RegExp(`^#${top}/`),
  replacement: fileURLToPath(new URL(`./${top}/`, import.meta.url)),
}));

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // End-to-end tests run on their own throw-away local state (see scripts/test-all.mjs).
      persistState: process.env.EIP_STATE_DIR ? { path: process.env.EIP_STATE_DIR } : true,
    }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: { alias: aliases },
  preview: { port: Number(process.env.PORT ?? 8787), host: "127.0.0.1", strictPort: true },
  server: { port: Number(process.env.PORT ?? 5173), host: "127.0.0.1" },
});
