import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hashPassword } from "#worker/services/auth/password";
import { call } from "../worker/helpers";

const NOT_FOUND = { success: false, message: "No API endpoint at POST /api/demo/seed" };

/** The built Worker with DEMO_MODE=off, as production runs it: the demo seeding does not exist. */
describe("POST /api/demo/seed with demo mode off", () => {
  it("answers 404 before any sign-in check", async () => {
    for (const headers of [{}, { Authorization: "Bearer not-a-token" }] as Record<string, string>[]) {
      const res = await call("/api/demo/seed", { method: "POST", headers });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
    }
  });

  it("answers 404 to a real system administrator too, and seeds nothing", async () => {
    // A real (non-demo) administrator, as `npm run user:create` would make one.
    const [passwordHash, accessCodeHash] = await Promise.all([
      hashPassword("Prod-Admin#2026"),
      hashPassword("PROD-CODE-2026"),
    ]);
    await env.DB.prepare(
      `INSERT INTO users (id, login_id, login_id_normalized, role, first_name, last_name, password_hash, access_code_hash, is_demo)
       VALUES ('real-admin', 'jdoe.admin', 'JDOE.ADMIN', 'system_administrator', 'Jane', 'Doe', ?, ?, 0)`,
    )
      .bind(passwordHash, accessCodeHash)
      .run();
    const login = await call("/api/agritrace-admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.0.9.1" },
      body: JSON.stringify({ username: "jdoe.admin", password: "Prod-Admin#2026", accessCode: "PROD-CODE-2026" }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const res = await call("/api/demo/seed", { method: "POST", headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(NOT_FOUND);
    const counts = await env.DB.prepare(
      "SELECT (SELECT COUNT(*) FROM farmers) AS f, (SELECT COUNT(*) FROM land_plots) AS p, (SELECT COUNT(*) FROM batches) AS b",
    ).first();
    expect(counts).toEqual({ f: 0, p: 0, b: 0 });
  });
});
