import { describe, expect, it } from "vitest";
import { type JsonBody, json, post } from "./auth-api-fixtures";
import { bearer, call } from "./helpers";

const LOGINS: [string, Record<string, string>, (b: JsonBody) => void][] = [
  [
    "/api/farmers/login",
    { credentialId: "FRM000001", password: "Farmer#2026" },
    (b) =>
      expect(b.farmer).toEqual({ farmerId: "FRM000001", firstName: "Musu", lastName: "Kollie", county: "Lofa County" }),
  ],
  [
    "/api/auth/buyer-login",
    { buyerId: "BUY-0001", password: "Buyer#2026", companyName: "", phoneNumber: "", userType: "buyer" },
    (b) => expect(Object.keys(b).sort()).toEqual(["success", "token"]),
  ],
  [
    "/api/auth/land-inspector-login",
    { username: "land.inspector", password: "Inspect#2026", inspectorType: "land-mapping" },
    (b) => {
      expect(Object.keys(b).sort()).toEqual(["token", "userId", "username"]);
      expect(b.username).toBe("land.inspector");
    },
  ],
  [
    "/api/auth/port-inspector-login",
    { username: "port.inspector", password: "Inspect#2026", inspectorType: "port" },
    (b) =>
      expect(b.user).toMatchObject({ username: "port.inspector", role: "port_inspector", userType: "port_inspector" }),
  ],
  [
    "/api/auth/warehouse-inspector/login",
    { username: "warehouse.inspector", password: "Inspect#2026" },
    (b) => expect(b.inspector).toMatchObject({ username: "warehouse.inspector", role: "warehouse_inspector" }),
  ],
  [
    "/api/auth/exporter-login",
    { username: "EXP-20260115-001", password: "Export#2026" },
    (b) => expect(b.user).toEqual({ role: "exporter", firstName: "Grace" }),
  ],
  [
    "/api/auth/dg-login",
    { username: "dg.lacra", password: "Director#2026", departmentLevel: "dg" },
    (b) => expect(b.regulator).toMatchObject({ username: "dg.lacra", role: "dg" }),
  ],
  [
    "/api/auth/ddgots-login",
    { username: "ddgots.lacra", password: "Deputy#2026", departmentLevel: "ddgots" },
    (b) => expect(b.regulator).toMatchObject({ role: "ddgots" }),
  ],
  [
    "/api/auth/ddgaf-login",
    { username: "ddgaf.lacra", password: "Deputy#2026", departmentLevel: "ddgaf" },
    (b) => expect(b.regulator).toMatchObject({ role: "ddgaf" }),
  ],
  [
    "/api/auth/regulatory-login",
    {
      username: "office.admin",
      password: "Office#2026",
      role: "office_admin",
      department: "office_admin",
      userType: "regulatory",
    },
    (b) => expect(Object.keys(b.user).sort()).toEqual(["id", "role", "userType", "username"]),
  ],
  [
    "/api/agritrace-admin/login",
    { username: "agritrace.admin", password: "Admin#2026", accessCode: "AGRI-2026-DEMO" },
    (b) =>
      expect(b.user).toEqual({
        role: "system_administrator",
        userType: "agritrace_admin",
        username: "agritrace.admin",
        scope: "agricultural_module",
        platform: "AgriTrace",
      }),
  ],
  [
    "/api/auth/monitoring-login",
    {
      username: "donor.observer",
      password: "Observer#2026",
      entityType: "donor",
      requestedRole: "monitoring_observer",
    },
    (b) => expect(b.user).toEqual({ organizationName: "International Donor Partner (demo)" }),
  ],
  [
    "/api/auth/field-agent-login",
    { agentId: "AGT-0001", password: "Agent#2026" },
    (b) => expect(b.user).toMatchObject({ type: "field_agent", agentId: "AGT-0001" }),
  ],
];

describe("every sign-in endpoint of docs/product.md §7", () => {
  for (const [path, body, check] of LOGINS) {
    it(`${path} signs in and answers the spec's reply`, async () => {
      const res = await post(path, body, {
        "CF-Connecting-IP": `198.51.100.${LOGINS.findIndex((l) => l[0] === path)}`,
      });
      expect(res.status).toBe(200);
      const reply = await json(res);
      expect(typeof reply.token).toBe("string");
      check(reply);
      const cookie = res.headers.get("set-cookie")!;
      expect(cookie).toMatch(/^__Host-eip_session=[\w.-]+; Path=\/; HttpOnly; Secure; SameSite=Lax; Max-Age=43200$/);
      const me = await bearer(reply.token, "/api/auth/me");
      expect(me.status).toBe(200);
    });
  }
});

describe("sign-in failures", () => {
  it("a wrong password is 'Invalid credentials' (401), as is an unknown ID", async () => {
    for (const body of [
      { username: "dg.lacra", password: "wrong-password" },
      { username: "nobody.here", password: "whatever1" },
    ]) {
      const res = await post("/api/auth/dg-login", body, { "CF-Connecting-IP": "192.0.2.50" });
      expect(res.status).toBe(401);
      expect(await json(res)).toEqual({ success: false, message: "Invalid credentials" });
    }
  });

  it("right credentials at the wrong door open nothing", async () => {
    const res = await post(
      "/api/auth/dg-login",
      { username: "ddgaf.lacra", password: "Deputy#2026" },
      { "CF-Connecting-IP": "192.0.2.51" },
    );
    expect(res.status).toBe(403);
    expect((await json(res)).message).toBe("Invalid credentials or insufficient permissions");
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("a non-exporter at the exporter login is told 'Access denied. Exporter credentials required.'", async () => {
    const res = await post(
      "/api/auth/exporter-login",
      { username: "BUY-0001", password: "Buyer#2026" },
      { "CF-Connecting-IP": "192.0.2.52" },
    );
    expect(res.status).toBe(403);
    expect((await json(res)).message).toBe("Access denied. Exporter credentials required.");
  });

  it("a monitoring account must match the chosen organisation type", async () => {
    const res = await post(
      "/api/auth/monitoring-login",
      { username: "donor.observer", password: "Observer#2026", entityType: "auditor" },
      { "CF-Connecting-IP": "192.0.2.53" },
    );
    expect(res.status).toBe(403);
  });

  it("the agritrace admin also needs the right access code", async () => {
    const res = await post(
      "/api/agritrace-admin/login",
      { username: "agritrace.admin", password: "Admin#2026", accessCode: "WRONG" },
      { "CF-Connecting-IP": "192.0.2.54" },
    );
    expect(res.status).toBe(401);
  });

  it.each([
    ["/api/farmers/login", {}, "Please enter both login ID and password"],
    ["/api/auth/buyer-login", { buyerId: "", password: "Buyer#2026" }, "Buyer ID is required"],
    ["/api/auth/buyer-login", { buyerId: "BUY-0001", password: "12345" }, "Password must be at least 6 characters"],
    ["/api/auth/exporter-login", { username: "EXP-1" }, "Please enter both exporter ID and password"],
    [
      "/api/auth/regulatory-login",
      { username: "office.admin", password: "Office#2026", role: "" },
      "Role selection is required",
    ],
    [
      "/api/auth/regulatory-login",
      { username: "", password: "Office#2026", role: "office_admin" },
      "Username is required",
    ],
    [
      "/api/agritrace-admin/login",
      { username: "agritrace.admin", password: "Admin#2026" },
      "System access code is required",
    ],
    [
      "/api/agritrace-admin/login",
      { username: "agritrace.admin", password: "short", accessCode: "X" },
      "Password must be at least 6 characters",
    ],
  ])("%s with %j → 400 '%s'", async (path, body, message) => {
    const res = await post(path, body);
    expect(res.status).toBe(400);
    const reply = await json(res);
    expect(reply.success).toBe(false);
    expect(reply.message).toBe(message);
    expect(Object.values(reply.errors).flat()).toContain(message);
  });

  it("a body that is not JSON is refused with a clear message", async () => {
    const form = await call("/api/auth/dg-login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "username=a",
    });
    expect(form.status).toBe(415);
    expect((await json(form)).message).toBe("Content-Type must be application/json");
    const broken = await call("/api/auth/dg-login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{oops",
    });
    expect(broken.status).toBe(400);
    expect((await json(broken)).message).toBe("Request body is not valid JSON");
  });
});

describe("farmer reply", () => {
  it("falls back to 'Unknown County' and asks a first-time farmer to change the password", async () => {
    const res = await post(
      "/api/farmers/login",
      { credentialId: "FRM000002", password: "Welcome#2026" },
      { "CF-Connecting-IP": "192.0.2.60" },
    );
    const reply = await json(res);
    expect(reply.farmer.county).toBe("Unknown County");
    const claims = JSON.parse(atob(reply.token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    expect(claims.mcp).toBe(true);
  });
});
