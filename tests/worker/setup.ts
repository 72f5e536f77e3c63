import { applyD1Migrations, type D1Migration, env } from "cloudflare:test";

// Every test file starts from the real migrations on an isolated local D1, plus the demo
// accounts when the project runs with demo mode on (as `npm start` seeds them).
const { TEST_MIGRATIONS, DEMO_SEED_SQL, DEMO_MODE } = env as unknown as {
  TEST_MIGRATIONS: D1Migration[];
  DEMO_SEED_SQL: string;
  DEMO_MODE: string;
};
await applyD1Migrations(env.DB, TEST_MIGRATIONS);
if (DEMO_MODE === "on") {
  const statements = (JSON.parse(DEMO_SEED_SQL) as string[]).map((sql) => env.DB.prepare(sql));
  await env.DB.batch(statements);
}
