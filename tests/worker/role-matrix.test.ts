/**
 * The role × endpoint matrix of /api: who may certify a batch (DDGOTS and the port inspector,
 * ADR 005), who may manage accounts and reactivate them (administrators), who may look a farmer up
 * for a purchase (buyers), and every rule since. Every role signs in; each endpoint answers 403 to
 * the roles it is not for, and a non-403 (the unknown record's 404/400) to the roles it is for.
 * The screens' matrix is in role-matrix-pages.test.ts.
 */
import { describe, expect, it } from "vitest";
import { ROLES } from "#worker/auth/roles";
import { call } from "./helpers";
import { everyRoleSignedIn, STAFF } from "./role-matrix-fixtures";

const { api: as } = everyRoleSignedIn();

const STAFF_AND_APPLICANTS = [...STAFF, "buyer", "exporter"];
/** Who records purchases and custody steps, and the supervisors: they correct or void them (ADR 031). */
const CORRECTORS = ["buyer", "warehouse_inspector", "port_inspector", "ddgots", "office_admin"];
/** A correction or void (`fields` and a valid reason) of the unknown batch's record under /api/records. */
const fixNoBatch = (record: string, fields: Record<string, string | number>) => (role: string) =>
  as(role, `/api/records/batches/LR-COC-2026-999999/${record}`, "POST", { ...fields, reason: "A reason long enough" });

const RULES: [endpoint: string, allowed: string[], send: (role: string) => Promise<Response>][] = [
  [
    "POST /api/batches/{code}/compliance",
    ["ddgots", "port_inspector"],
    (role) => as(role, "/api/batches/LR-COC-2026-999999/compliance", "POST", { decision: "mark_compliant" }),
  ],
  [
    "POST /api/users/{id}/reactivate",
    ["system_administrator", "office_admin"],
    (role) => as(role, "/api/users/no-such-user/reactivate", "POST"),
  ],
  [
    "POST /api/users/{id}/deactivate",
    ["system_administrator", "office_admin"],
    (role) => as(role, "/api/users/no-such-user/deactivate", "POST"),
  ],
  [
    "GET /api/batches/purchase-lookup",
    ["buyer"],
    (role) => as(role, "/api/batches/purchase-lookup?farmerId=FRM999999"),
  ],
  // Buyer dashboard: a purchase with price and payment; an empty body → 400 for the buyer.
  ["POST /api/batches (purchase)", ["buyer"], (role) => as(role, "/api/batches", "POST", { pricePerKg: "2.50" })],
  [
    "GET /api/batches/purchase-lookup?phone=",
    ["buyer"],
    (role) => as(role, "/api/batches/purchase-lookup?phone=0886000000"),
  ],
  // Land inspection: unknown plot → 404 for the roles allowed.
  [
    "POST /api/plots/{id}/visits",
    ["land_inspector"],
    (role) =>
      as(role, "/api/plots/no-such-plot/visits", "POST", {
        visitedOn: "2026-01-10",
        findings: "Pegs found",
        decision: "confirmed",
      }),
  ],
  [
    "PUT /api/plots/{id}/boundary",
    ["land_inspector", "field_agent", "office_admin", "system_administrator"],
    (role) =>
      as(role, "/api/plots/no-such-plot/boundary", "PUT", {
        geometry: { type: "Point", coordinates: [-8.6, 7.2] },
        baseVersion: 1,
      }),
  ],
  [
    "POST /api/plots/{id}/retire",
    ["land_inspector", "office_admin", "system_administrator"],
    (role) => as(role, "/api/plots/no-such-plot/retire", "POST", { reason: "Land sold" }),
  ],

  // World market pricing: price entry and import are regulator staff's (managePrices, ADR 005).
  [
    "POST /api/market/prices",
    ["dg", "ddgots", "ddgaf", "office_admin", "system_administrator"],
    (role) => as(role, "/api/market/prices", "POST", {}),
  ],
  [
    "POST /api/market/prices/import",
    ["dg", "ddgots", "ddgaf", "office_admin", "system_administrator"],
    (role) => as(role, "/api/market/prices/import", "POST"),
  ],

  // Licences, permits and fees: unknown record → 404 (or 400 for a body) for the roles allowed.
  ["POST /api/licences", ["buyer", "exporter", "office_admin"], (role) => as(role, "/api/licences", "POST", {})],
  ["GET /api/licences/{id}", [...STAFF_AND_APPLICANTS], (role) => as(role, "/api/licences/no-such-licence")],
  [
    "POST /api/licences/{id}/submit",
    ["buyer", "exporter", "office_admin"],
    (role) => as(role, "/api/licences/none/submit", "POST"),
  ],
  ["POST /api/licences/{id}/review", ["office_admin"], (role) => as(role, "/api/licences/none/review", "POST")],
  ["POST /api/licences/{id}/recommend", ["ddgots"], (role) => as(role, "/api/licences/none/recommend", "POST")],
  ["POST /api/licences/{id}/approve", ["dg"], (role) => as(role, "/api/licences/none/approve", "POST")],
  ["POST /api/licences/{id}/issue", ["office_admin"], (role) => as(role, "/api/licences/none/issue", "POST")],
  ...(["suspend", "reinstate", "revoke"] as const).map(
    (s) =>
      [
        `POST /api/licences/{id}/${s}`,
        ["dg"],
        (role: string) => as(role, `/api/licences/none/${s}`, "POST", { reason: "Reason given for the test" }),
      ] as (typeof RULES)[number],
  ),
  ["POST /api/permits", ["exporter"], (role) => as(role, "/api/permits", "POST", { shipmentCode: "SHP-2026-999999" })],
  ["GET /api/permits/{id}", [...STAFF, "exporter"], (role) => as(role, "/api/permits/no-such-permit")],
  ["POST /api/permits/{id}/recommend", ["ddgots"], (role) => as(role, "/api/permits/none/recommend", "POST")],
  ["POST /api/permits/{id}/approve", ["dg"], (role) => as(role, "/api/permits/none/approve", "POST")],
  [
    "POST /api/permits/{id}/revoke",
    ["dg"],
    (role) => as(role, "/api/permits/none/revoke", "POST", { reason: "Reason given for the test" }),
  ],
  [
    "POST /api/fees/invoices/{id}/payments",
    ["buyer", "exporter", "ddgaf", "office_admin"],
    (role) => as(role, "/api/fees/invoices/none/payments", "POST", { reference: "REF-0001" }),
  ],
  [
    "GET /api/fees/invoices/{id}/receipt",
    ["buyer", "exporter", "dg", "ddgaf", "office_admin"],
    (role) => as(role, "/api/fees/invoices/none/receipt"),
  ],

  // Messages: exporters, buyers and office administrators (sendMessages, ADR 005); an unknown thread → 404.
  [
    "GET /api/messages/threads/{id}",
    ["exporter", "buyer", "office_admin"],
    (role) => as(role, "/api/messages/threads/no-such-thread"),
  ],
  [
    "POST /api/messages/threads/{id}/messages",
    ["exporter", "buyer", "office_admin"],
    (role) => as(role, "/api/messages/threads/no-such-thread/messages", "POST", { body: "Hello" }),
  ],
  [
    "POST /api/messages/threads/{id}/read",
    ["exporter", "buyer", "office_admin"],
    (role) => as(role, "/api/messages/threads/no-such-thread/read", "POST", {}),
  ],
  [
    "POST /api/messages/threads",
    ["exporter", "buyer", "office_admin"],
    (role) => as(role, "/api/messages/threads", "POST", {}),
  ],
  [
    "GET /api/messages/attachments/{id}",
    ["exporter", "buyer", "office_admin"],
    (role) => as(role, "/api/messages/attachments/no-such"),
  ],

  // Export orders and shipments (exporters their own, regulator staff read).
  ["POST /api/orders", ["exporter"], (role) => as(role, "/api/orders", "POST", {})],
  ["GET /api/orders/{code}", [...STAFF, "exporter"], (role) => as(role, "/api/orders/ORD-2026-999999")],
  [
    "POST /api/orders/{code}/allocations",
    ["exporter"],
    (role) => as(role, "/api/orders/ORD-2026-999999/allocations", "POST", { batchCode: "LR-COC-2026-999999" }),
  ],
  ["GET /api/shipments/{code}", [...STAFF, "exporter"], (role) => as(role, "/api/shipments/SHP-2026-999999")],
  ["POST /api/shipments", ["exporter"], (role) => as(role, "/api/shipments", "POST", {})],
  [
    "GET /api/shipments/{code}/package",
    [...STAFF, "exporter"],
    (role) => as(role, "/api/shipments/SHP-2026-999999/package?format=zip"),
  ],
  [
    "POST /api/shipments/{code}/dds",
    ["exporter"],
    (role) => as(role, "/api/shipments/SHP-2026-999999/dds", "POST", { ddsReference: "X", ddsVerification: "Y" }),
  ],
  [
    "POST /api/shipments/{code}/export",
    ["exporter"],
    (role) => as(role, "/api/shipments/SHP-2026-999999/export", "POST", {}),
  ],

  // Sellers hub (ADR 005): readHub, listLots (farmer, buyer), makeOffers (buyer, exporter).
  // A commodity name over 40 characters: past the guard, refused by validation (the matrix wants a refusal).
  [
    "GET /api/hub/lots",
    ["farmer", "buyer", "exporter"],
    (role) => as(role, `/api/hub/lots?commodity=${"x".repeat(41)}`),
  ],
  ["POST /api/hub/lots", ["farmer", "buyer"], (role) => as(role, "/api/hub/lots", "POST", {})],
  [
    "POST /api/hub/lots/{id}/offers",
    ["buyer", "exporter"],
    (role) => as(role, "/api/hub/lots/none/offers", "POST", {}),
  ],
  [
    "POST /api/hub/offers/{id}/accept",
    ["farmer", "buyer"],
    (role) => as(role, "/api/hub/offers/none/accept", "POST", {}),
  ],
  [
    "POST /api/hub/offers/{id}/decline",
    ["farmer", "buyer"],
    (role) => as(role, "/api/hub/offers/none/decline", "POST", {}),
  ],
  // Account administration (unknown account → 404, empty body → 400 for the roles allowed).
  ["POST /api/users", ["system_administrator", "office_admin"], (role) => as(role, "/api/users", "POST", {})],
  [
    "POST /api/users/{id}/reset-password",
    ["system_administrator", "office_admin"],
    (role) => as(role, "/api/users/no-such-user/reset-password", "POST"),
  ],
  [
    "POST /api/users/{id}/role",
    ["system_administrator", "office_admin"],
    (role) => as(role, "/api/users/no-such-user/role", "POST", { role: "buyer" }),
  ],
  [
    "POST /api/users/{id}/county",
    ["system_administrator", "office_admin"],
    (role) => as(role, "/api/users/no-such-user/county", "POST", { county: "Bong County" }),
  ],
  ["GET /api/users/{id}/sessions", ["system_administrator"], (role) => as(role, "/api/users/no-such-user/sessions")],
  [
    "POST /api/users/{id}/sessions/{sessionId}/revoke",
    ["system_administrator"],
    (role) => as(role, "/api/users/no-such-user/sessions/none/revoke", "POST"),
  ],
  ["PUT /api/admin/crop-yields", ["system_administrator"], (role) => as(role, "/api/admin/crop-yields", "PUT", {})],
  ["GET /api/admin/accounts/{kind}", STAFF, (role) => as(role, "/api/admin/accounts/nobody")],
  // The office's document register (an unknown id → 404 for the roles allowed).
  [
    "GET /api/office/documents",
    ["office_admin", "dg", "ddgots", "ddgaf"],
    (role) => as(role, "/api/office/documents?status=bogus"),
  ],
  [
    "POST /api/office/documents",
    ["office_admin"],
    (role) => as(role, "/api/office/documents", "POST", { kind: "memo" }),
  ],
  [
    "POST /api/office/documents/{id}/steps",
    ["office_admin"],
    (role) => as(role, "/api/office/documents/no-such-document/steps", "POST", { step: "close" }),
  ],
  // The auditor's export — regulator staff (the first observer account is a donor: refused).
  [
    "GET /api/records/batches/{code}/auditor-export",
    STAFF,
    (role) => as(role, "/api/records/batches/LR-COC-2026-999999/auditor-export"),
  ],
  [
    "GET /api/records/shipments/{code}/auditor-export",
    STAFF,
    (role) => as(role, "/api/records/shipments/SHP-NONE/auditor-export"),
  ],
  // Corrections and voids (ADR 031) — the roles that record purchases and steps, and supervisors.
  [
    "POST /api/records/batches/{code}/purchase/corrections",
    CORRECTORS,
    fixNoBatch("purchase/corrections", { weightKg: 10 }),
  ],
  [
    "POST /api/records/batches/{code}/custody/void",
    CORRECTORS,
    fixNoBatch("custody/void", { toStatus: "warehouse_received" }),
  ],
  [
    "POST /api/records/batches/{code}/inspection/corrections",
    CORRECTORS,
    fixNoBatch("inspection/corrections", { moisturePercent: 7 }),
  ],
  [
    "POST /api/records/batches/{code}/port-inspection/corrections",
    CORRECTORS,
    fixNoBatch("port-inspection/corrections", {
      port: "Freeport of Monrovia",
      containerNumber: "MSCU1234567",
      sealNumber: "SL-99881",
      decision: "sign_off",
    }),
  ],
  [
    "GET /api/records/batches/{code}/versions",
    ["farmer", "buyer", "land_inspector", "warehouse_inspector", "port_inspector", "exporter", ...STAFF],
    (role) => as(role, "/api/records/batches/LR-COC-2026-999999/versions"),
  ],
  // Farmer details corrections (ADR 031) — whoever registers farmers, and the supervisors; unknown farmer → 404.
  [
    "POST /api/records/farmers/{farmerId}/corrections",
    ["land_inspector", "field_agent", "office_admin", "system_administrator", "ddgots"],
    (role) =>
      as(role, "/api/records/farmers/FRM999999/corrections", "POST", {
        phone: "0886 123 456",
        reason: "A reason long enough",
      }),
  ],
  [
    "GET /api/records/farmers/{farmerId}/versions",
    ["land_inspector", "port_inspector", "warehouse_inspector", "field_agent", ...STAFF],
    (role) => as(role, "/api/records/farmers/FRM999999/versions"),
  ],
];

describe("role × endpoint matrix (ADR 005 rules)", () => {
  it.each(RULES)("%s: only %j get past the guard", async (_endpoint, allowed, send) => {
    for (const role of ROLES) {
      const res = await send(role);
      const body = (await res.json()) as { success?: boolean };
      expect(res.status < 500, role).toBe(true);
      if (allowed.includes(role)) expect(res.status, role).not.toBe(403);
      else expect(res.status, role).toBe(403);
      expect(body.success, role).toBe(false);
    }
  });
});

describe("public reads of world market pricing", () => {
  it.each(["/api/market/prices?commodity=cocoa&range=1y", "/world-market-pricing"])(
    "%s answers every role and the signed-out public",
    async (path) => {
      expect((await call(path)).status).toBe(200);
      for (const role of ROLES) expect((await as(role, path)).status, role).toBe(200);
    },
  );
});

/** The administrator's reads answer 200 to the roles allowed and 403 to every other. */
describe("role × endpoint matrix (administration reads)", () => {
  const READS: [path: string, allowed: string[]][] = [
    ["/api/users?q=demo", ["system_administrator"]],
    ["/api/admin/health", ["system_administrator"]],
    ["/api/admin/crop-yields", ["system_administrator"]],
    ["/api/admin/accounts/buyer", STAFF],
    ["/api/admin/accounts/inspector", STAFF],
    ["/api/admin/accounts/exporter", STAFF],
  ];
  it.each(READS)("%s: only %j", async (path, allowed) => {
    for (const role of ROLES) expect((await as(role, path)).status, role).toBe(allowed.includes(role) ? 200 : 403);
  });
});

/** The licensing lists and fee totals (tests/worker/licensing.test.ts takes the steps themselves). */
const LIST_RULES: [path: string, allowed: string[]][] = [
  ["/api/licences", ["buyer", "exporter", "dg", "ddgots", "ddgaf", "office_admin", "system_administrator"]],
  ["/api/permits", ["exporter", "dg", "ddgots", "ddgaf", "office_admin", "system_administrator"]],
  ["/api/fees/invoices", ["buyer", "exporter", "dg", "ddgaf", "office_admin"]],
  ["/api/fees/totals", ["ddgaf", "dg"]],
];

describe("role × route matrix of the licence, permit and fee lists", () => {
  it.each(LIST_RULES)("GET %s: only %j", async (path, allowed) => {
    for (const role of ROLES) {
      const res = await as(role, path);
      await res.arrayBuffer();
      expect(res.status, role).toBe(allowed.includes(role) ? 200 : 403);
    }
  });
});
