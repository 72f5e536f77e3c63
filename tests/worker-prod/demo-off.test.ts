import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOGIN_PATHS } from "#app/content/login-paths";
import { DEMO_ACCOUNTS } from "#worker/services/demo/demo-accounts";
import { call } from "../worker/helpers";

/** This project runs the built Worker with DEMO_MODE=off, as production does. */
describe("demo mode off (production)", () => {
  it("has no demo account", async () => {
    const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM users").first<{ n: number }>();
    expect(row!.n).toBe(0);
  });

  for (const path of LOGIN_PATHS) {
    it(`${path} shows no credentials`, async () => {
      const html = await (await call(path)).text();
      expect(html).not.toContain('data-testid="demo-credentials"');
      expect(html).not.toContain("Demo Login");
      for (const a of DEMO_ACCOUNTS) expect(html).not.toContain(a.password);
    });
  }

  it("refuses a demo account even if its row were copied into production", async () => {
    const seed = JSON.parse((env as unknown as { DEMO_SEED_SQL: string }).DEMO_SEED_SQL) as string[];
    await env.DB.batch(seed.map((sql) => env.DB.prepare(sql)));
    const res = await call("/api/auth/dg-login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.0.0.1" },
      body: JSON.stringify({ username: "dg.lacra", password: "Director#2026" }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, message: "Invalid credentials" });
  });
});
