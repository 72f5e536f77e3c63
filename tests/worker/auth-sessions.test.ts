/** Sessions, brute-force throttling, password change and the dashboard metrics behind a sign-in. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { json, post, tokenOf } from "./auth-api-fixtures";
import { bearer, call } from "./helpers";

describe("sessions", () => {
  it("logout deletes the session: the token is refused afterwards", async () => {
    const token = await tokenOf(
      "/api/auth/dg-login",
      { username: "dg.lacra", password: "Director#2026" },
      "192.0.2.70",
    );
    const auth = { Authorization: `Bearer ${token}` };
    expect((await call("/api/auth/me", { headers: auth })).status).toBe(200);
    const out = await call("/api/auth/logout", { method: "POST", headers: auth });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    const after = await call("/api/auth/me", { headers: auth });
    expect(after.status).toBe(401);
    expect((await json(after)).message).toBe("Authentication required");
  });

  it("the session cookie authenticates like the Bearer token", async () => {
    const res = await post(
      "/api/auth/ddgots-login",
      { username: "ddgots.lacra", password: "Deputy#2026" },
      { "CF-Connecting-IP": "192.0.2.71" },
    );
    const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
    const me = await json(await call("/api/auth/me", { headers: { Cookie: cookie } }));
    expect(me.user).toMatchObject({ role: "ddgots", userType: "regulatory", username: "ddgots.lacra" });
  });

  it("a forged or tampered token is refused", async () => {
    const token = await tokenOf(
      "/api/auth/ddgaf-login",
      { username: "ddgaf.lacra", password: "Deputy#2026" },
      "192.0.2.72",
    );
    const [h, p, s] = token.split(".");
    const tampered = `${h}.${p}x.${s}`;
    expect((await bearer(tampered, "/api/auth/me")).status).toBe(401);
  });

  it("the session is stored in KV under a hash, never the raw id", async () => {
    const token = await tokenOf(
      "/api/auth/land-inspector-login",
      { username: "land.inspector", password: "Inspect#2026" },
      "192.0.2.73",
    );
    const claims = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
    expect(claims.sid.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const keys = (await env.SESSIONS.list({ prefix: "session:" })).keys.map((k) => k.name);
    expect(keys.some((k) => k.includes(claims.sid))).toBe(false);
    const record = await env.SESSIONS.get(keys.find((k) => k.length === "session:".length + 64)!, "json");
    expect(record).toHaveProperty("absoluteExpiry");
    expect(record).toHaveProperty("idleExpiry");
  });

  it("deactivating a user ends all their sessions", async () => {
    const farmerToken = await tokenOf(
      "/api/farmers/login",
      { credentialId: "FRM000001", password: "Farmer#2026" },
      "192.0.2.74",
    );
    const adminToken = await tokenOf(
      "/api/agritrace-admin/login",
      { username: "agritrace.admin", password: "Admin#2026", accessCode: "AGRI-2026-DEMO" },
      "192.0.2.75",
    );
    const res = await bearer(adminToken, "/api/users/demo-farmer/deactivate", "POST");
    expect(res.status).toBe(200);
    expect((await json(res)).sessionsEnded).toBeGreaterThanOrEqual(1);
    expect((await bearer(farmerToken, "/api/auth/me")).status).toBe(401);
    const again = await post(
      "/api/farmers/login",
      { credentialId: "FRM000001", password: "Farmer#2026" },
      { "CF-Connecting-IP": "192.0.2.74" },
    );
    expect(again.status).toBe(403);
    expect((await json(again)).message).toBe("This account has been deactivated. Please contact the regulator.");
    const audit = await env.DB.prepare("SELECT action FROM audit_log WHERE entity_id = 'demo-farmer'").all();
    expect(audit.results).toContainEqual({ action: "user.deactivate" });
  });
});

describe("brute-force throttling", () => {
  it("after 5 failures from one address the account is refused there for a while (429), elsewhere not", async () => {
    const ip = { "CF-Connecting-IP": "192.0.2.99" };
    for (let i = 0; i < 5; i++) {
      expect(
        (await post("/api/auth/port-inspector-login", { username: "port.inspector", password: `guess-${i}` }, ip))
          .status,
      ).toBe(401);
    }
    const blocked = await post(
      "/api/auth/port-inspector-login",
      { username: "port.inspector", password: "Inspect#2026" },
      ip,
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(800);
    expect((await json(blocked)).message).toBe("Too many failed login attempts. Please wait 15 minutes and try again.");
    const elsewhere = await post(
      "/api/auth/port-inspector-login",
      { username: "port.inspector", password: "Inspect#2026" },
      { "CF-Connecting-IP": "192.0.2.100" },
    );
    expect(elsewhere.status).toBe(200);
    const events = await env.DB.prepare("SELECT event FROM auth_events WHERE login_id = 'port.inspector'").all<{
      event: string;
    }>();
    const names = events.results.map((e) => e.event);
    expect(names.filter((e) => e === "login_failed")).toHaveLength(5);
    expect(names).toContain("login_throttled");
    expect(names).toContain("login_success");
  });
});

describe("change password", () => {
  it("refuses a common password, then changes it and clears the first-login flag", async () => {
    const token = await tokenOf(
      "/api/farmers/login",
      { credentialId: "FRM000002", password: "Welcome#2026" },
      "192.0.2.80",
    );
    const auth = { Authorization: `Bearer ${token}` };
    const weak = await post(
      "/api/auth/change-password",
      { currentPassword: "Welcome#2026", newPassword: "password1", confirmPassword: "password1" },
      auth,
    );
    expect(weak.status).toBe(400);
    expect((await json(weak)).message).toBe("This password is too common. Choose one that is harder to guess.");
    const ok = await post(
      "/api/auth/change-password",
      { currentPassword: "Welcome#2026", newPassword: "Kpelle-Farm-2027", confirmPassword: "Kpelle-Farm-2027" },
      auth,
    );
    expect(ok.status).toBe(200);
    const fresh = await json(ok);
    expect((await call("/api/auth/me", { headers: auth })).status).toBe(401);
    const me = await json(await bearer(fresh.token, "/api/auth/me"));
    expect(me.user.mustChangePassword).toBe(false);
    const relogin = await post(
      "/api/farmers/login",
      { credentialId: "FRM000002", password: "Kpelle-Farm-2027" },
      { "CF-Connecting-IP": "192.0.2.80" },
    );
    expect(relogin.status).toBe(200);
  });
});

describe("dashboard metrics", () => {
  it("needs a session and counts what is stored", async () => {
    expect((await call("/api/dashboard/metrics")).status).toBe(401);
    const token = await tokenOf(
      "/api/auth/dg-login",
      { username: "dg.lacra", password: "Director#2026" },
      "192.0.2.90",
    );
    const m = await json(await bearer(token, "/api/dashboard/metrics"));
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE role = 'farmer' AND active = 1").first<{
      n: number;
    }>();
    expect(stored!.n).toBeGreaterThan(0);
    expect(m).toEqual({
      totalFarms: 0,
      activeFarmers: stored!.n,
      pendingInspections: 0,
      completedInspections: 0,
      offlineMode: false,
    });
  });
});
