import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";

// Every test file starts from the real migrations on an isolated local D1.
const { TEST_MIGRATIONS } = env as unknown as { TEST_MIGRATIONS: D1Migration[] };
await applyD1Migrations(env.DB, TEST_MIGRATIONS);
