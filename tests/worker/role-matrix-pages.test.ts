/**
 * The role × screen matrix: each role's dashboards and screens answer 200 to the roles they are for
 * and 403 to every other; the pages every signed-in role has (/profile, /outbox, /profile/push).
 * The /api matrix is in role-matrix.test.ts.
 */
import { describe, expect, it } from "vitest";
import { ROLES } from "#worker/auth/roles";
import { call, postForm } from "./helpers";
import { csrfOf, pageText } from "./html";
import { everyRoleSignedIn, STAFF } from "./role-matrix-fixtures";

const { api: as, page, cookie } = everyRoleSignedIn();

/** The farmer's and the field agent's own dashboards (pages: 200 for the role, 403 for every other). */
const PAGE_RULES: [page: string, allowed: string[]][] = [
  ["/farmer-dashboard", ["farmer"]],
  ["/field-agent-dashboard", ["field_agent"]],
  // Messages: the exporter's spec route, and the same pages for buyers and office staff.
  ["/exporter/messages", ["exporter"]],
  ["/messages", ["exporter", "buyer", "office_admin"]],
  ["/agricultural-buyer-dashboard", ["buyer"]],
  // The exporter's dashboard (DG and DDGOTS read it) and screens (regulator staff read them).
  ["/exporter-dashboard", ["exporter", "dg", "ddgots"]],
  ["/exporter/orders", ["exporter", ...STAFF]],
  ["/exporter/shipments", ["exporter", ...STAFF]],
  // Sellers hub: farmers, buyers (cooperatives) and exporters.
  ["/sellers-hub", ["farmer", "buyer", "exporter"]],
  ["/exporter/marketplace", ["exporter"]],
  // The exporter's analytics, own figures only.
  ["/exporter/analytics", ["exporter"]],
  // The system administrator's portal and sections; the management pages (regulator staff).
  ["/agritrace-admin-portal", ["system_administrator"]],
  ["/agritrace-admin-portal/users", ["system_administrator"]],
  ["/agritrace-admin-portal/users/demo-buyer", ["system_administrator"]],
  ["/agritrace-admin-portal/crop-yields", ["system_administrator"]],
  ["/buyer-management", STAFF],
  ["/inspector-management", STAFF],
  ["/exporter-management", STAFF],
  // The executive dashboards (the DG reads the DDGOTS and DDGAF ones).
  ["/dg-dashboard", ["dg"]],
  ["/ddgots-dashboard", ["ddgots", "dg"]],
  ["/ddgaf-dashboard", ["ddgaf", "dg"]],
  // The office portals (office staff work, executives read) and the oversight dashboard.
  ["/office-administration-portal", ["office_admin", "dg", "ddgaf"]],
  ["/regulatory-portal-classic", ["office_admin", "dg", "ddgots", "ddgaf"]],
  ["/monitoring-dashboard", ["monitoring_observer", "dg", "ddgots", "ddgaf"]],
];

describe("role × page matrix (dashboards)", () => {
  it.each(PAGE_RULES)("%s: only %j open it", async (path, allowed) => {
    for (const role of ROLES) {
      const res = await page(role, path);
      await res.arrayBuffer();
      expect(res.status, role).toBe(allowed.includes(role) ? 200 : 403);
    }
  });
});

// /profile: every signed-in role opens each section (pages read only the session cookie,
// whose value is the same token); signed out, the portals page with the way back.
describe("role × screen matrix: /profile", () => {
  const SECTIONS = ["/profile", "/profile/password", "/profile/sessions", "/profile/notifications"];
  it.each(SECTIONS)("%s: every signed-in role 200, signed out → login", async (path) => {
    for (const role of ROLES) {
      const res = await page(role, path);
      expect(res.status, role).toBe(200);
    }
    const out = await call(path);
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe(`/portals?redirectTo=${encodeURIComponent(path)}`);
  });
});

// The outbox: the records live on the phone; the page and the session check answer every
// signed-in role, and only about the caller's own session (no id is ever taken from the request).
describe("role × screen matrix: /outbox", () => {
  it("/outbox: every signed-in role 200; signed out it still opens (the records are the phone's) with a way to sign in", async () => {
    for (const role of ROLES) {
      const res = await page(role, "/outbox");
      expect(res.status, role).toBe(200);
    }
    const out = await call("/outbox");
    expect(out.status).toBe(200);
    const html = await out.text();
    expect(html).toContain('data-testid="outbox-signed-out"');
    expect(html).not.toContain('name="csrf"');
  });
  it("/outbox/session: the caller's own login ID and a CSRF token; signed out 401", async () => {
    for (const role of ROLES) {
      const res = await page(role, "/outbox/session?loginId=AGT-0001");
      expect(res.status, role).toBe(200);
      const body = (await res.json()) as { loginId: string; csrf: string };
      expect(body.csrf.length, role).toBeGreaterThan(10);
      if (role !== "field_agent") expect(body.loginId, role).not.toBe("AGT-0001");
    }
    expect((await call("/outbox/session")).status).toBe(401);
  });
});

// Push devices (ADR 028): every signed-in role has its own; signed out is refused.
describe("role × screen matrix: /profile/push and /api/push", () => {
  it("every signed-in role opens /profile/push and lists its devices; signed out → login / 401", async () => {
    for (const role of ROLES) {
      const res = await page(role, "/profile/push");
      await res.arrayBuffer();
      expect(res.status, role).toBe(200);
      expect((await as(role, "/api/push/subscriptions")).status, role).toBe(200);
      expect((await as(role, "/api/push/subscriptions/not-mine", "DELETE")).status, role).toBe(404);
    }
    expect((await call("/profile/push")).status).toBe(302);
    expect((await call("/api/push/subscriptions")).status).toBe(401);
  });
});

// /recheck-jobs (ADR 029): the administrators who start the re-check of stored plots.
describe("role × screen matrix: /recheck-jobs", () => {
  it("office and system administrators 200, every other role 403, signed out → login", async () => {
    for (const role of ROLES) {
      const res = await page(role, "/recheck-jobs");
      await res.arrayBuffer();
      expect(res.status, role).toBe(["office_admin", "system_administrator"].includes(role) ? 200 : 403);
    }
    expect((await call("/recheck-jobs")).status).toBe(302);
  });
});

// Corrections on the pages (ADR 031), as forms with JavaScript off: the roles that record purchases
// and steps and the supervisors (batch page), the port inspector (port page), whoever registers
// farmers (farmer page). The others are refused (403); the roles allowed get the unknown record's 404.
describe("role × screen matrix: the correction forms", () => {
  const CORRECTORS = ["buyer", "warehouse_inspector", "port_inspector", "ddgots", "office_admin"];
  const REASON: [string, string] = ["reason", "A reason long enough"];
  const FORMS: [path: string, fields: [string, string][], allowed: string[]][] = [
    ["/batches/LR-COC-2026-999999", [["intent", "correct_purchase"], ["weightKg", "10"], REASON], CORRECTORS],
    ["/batches/LR-COC-2026-999999", [["intent", "void_step"], ["toStatus", "warehouse_received"], REASON], CORRECTORS],
    ["/batches/LR-COC-2026-999999", [["intent", "correct_inspection"], ["moisturePercent", "7"], REASON], CORRECTORS],
    [
      "/port-inspector-dashboard/inspect/LR-COC-2026-999999",
      [
        ["intent", "correct_port"],
        ["port", "Freeport of Monrovia"],
        ["containerNumber", "MSCU1234567"],
        ["sealNumber", "SL-99881"],
        ["decision", "sign_off"],
        REASON,
      ],
      ["port_inspector"],
    ],
    [
      "/farmers/FRM999999",
      [["intent", "correct_farmer"], ["phone", "0886 123 456"], REASON],
      ["land_inspector", "field_agent", "office_admin", "system_administrator", "ddgots"],
    ],
  ];
  it.each(FORMS)("POST %s %j: only %j get past the guard, to the 404", async (path, fields, allowed) => {
    for (const role of ROLES) {
      const csrf = csrfOf(await pageText("/profile", cookie(role)));
      const res = await postForm(path, cookie(role), [["csrf", csrf], ...fields]);
      await res.arrayBuffer();
      expect(res.status, role).toBe(allowed.includes(role) ? 404 : 403);
    }
  });
});
