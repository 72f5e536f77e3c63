/**
 * The known set of the executive dashboards' tests (executive-dashboards.test.ts), seeded through
 * the services, and the page readers those tests compare it with.
 */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { ROLES, type Role } from "#worker/auth/roles";
import { buy, buyAndExport, one, portReadyBatch, seedAndSignIn, who } from "./batches-fixtures";
import { d1, db, insertCertificate, insertShipment, insertShipmentBatch, insertUser, sessionAs } from "./factories";
import { bearer, call, postForm } from "./helpers";
import { decodeHtml } from "./html";
import { GOOD_COCOA, sendToWarehouse } from "./inspections-fixtures";

export const cookies = new Map<string, string>();
const tokens = new Map<string, string>();
export const ids = new Map<string, string>();
const TODAY = new Date().toISOString().slice(0, 10);
export const TOMORROW = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

export function as(role: string, path: string, method = "GET", body?: unknown) {
  return bearer(tokens.get(role), path, method, body);
}
const ok = async (res: Promise<Response>) => {
  const r = await res;
  const body = (await r.json()) as { success: boolean; message?: string; [k: string]: unknown };
  expect(r.status < 300, body.message).toBe(true);
  return body;
};
export async function page(role: string, path: string) {
  const res = await call(path, { headers: { Cookie: cookies.get(role)! } });
  expect(res.status, `${role} ${path}`).toBe(200);
  return decodeHtml(await res.text());
}
/** The text of the element carrying data-testid="id". */
export function figure(html: string, id: string): string {
  const m = new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html);
  if (!m) throw new Error(`no ${id} on the page`);
  return m[1]!.trim();
}
export const num = (html: string, id: string) => Number(figure(html, id).replaceAll(",", ""));
/** Each row of table data-testid="id" as key → cell texts. */
export function table(html: string, id: string): Map<string, string[]> {
  const body = html.split(`data-testid="${id}"`)[1]?.split("</table>")[0] ?? "";
  const out = new Map<string, string[]>();
  for (const m of body.matchAll(/<tr[^>]*data-key="([^"]*)"[^>]*>([\s\S]*?)<\/tr>/g))
    out.set(
      m[1]!,
      [...m[2]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, "").trim()),
    );
  return out;
}
export const n = (v: number) => v.toLocaleString("en-US");

/** A plain form POST with the page's CSRF token (a forged one when `forge`, none when the page is refused). */
export async function post(role: string, path: string, fields: Record<string, string>, forge = false) {
  const got = await call(path, { headers: { Cookie: cookies.get(role)! } });
  const html = decodeHtml(await got.text());
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "none";
  return postForm(path, cookies.get(role)!, { csrf: forge ? "forged" : csrf, ...fields });
}
/** The refusal a licensing form answers on the page itself (data-testid="flash-error"). */
export const flash = async (res: Response) => figure(decodeHtml(await res.text()), "flash-error");

export const licenceIds: Record<string, string> = {};
export const permitIds: Record<string, string> = {};

async function shipment(batchId: string, weightG: number, code: string) {
  const id = crypto.randomUUID();
  await db.batch([
    insertShipment({ id, code, exporterId: ids.get("exporter")! }),
    insertShipmentBatch({ shipmentId: id, batchId, weightG }),
  ]);
}
const portReady = (kg: number) => portReadyBatch({}, kg);

/** The known set every dashboard test compares with: seeded through the services, signed in as every role. */
export async function seedExecutive() {
  await seedAndSignIn();
  for (const role of ROLES) {
    const s = await sessionAs(role);
    cookies.set(role, s.cookie);
    tokens.set(role, s.token);
    ids.set(role, s.account.id);
  }
  // Custody: one batch exported, two more purchased (one of another commodity), one dispatched and
  // inspected at a warehouse (a grade), one waiting at the warehouse, one held at the port stage.
  await buyAndExport();
  await buy({ weightKg: 250 });
  await buy({ farmerIds: ["FRM000001"], plotCodes: ["PLT-000001-03"], commodity: "Rubber", weightKg: 120 });
  for (const [i, kg] of [300, 310].entries()) {
    const b = await buy({ weightKg: kg });
    await sendToWarehouse(b.batchCode, kg, "Gbarnga");
    if (i === 0) {
      const findings = { ...GOOD_COCOA, submissionId: crypto.randomUUID() };
      const inspected = await bearer(
        who.warehouse.token,
        `/api/inspections/warehouse/${b.batchCode}`,
        "POST",
        findings,
      );
      expect(inspected.status).toBe(201);
    }
  }
  // The high-risk plot was judged today (the alert lists plots judged in the range).
  await env.DB.prepare("UPDATE land_plots SET assessed_at = ? WHERE risk_level = 'high'")
    .bind(new Date().toISOString())
    .run();

  // Licences: one reviewed (DDGOTS recommends), two recommended (the DG approves), one issued and paid.
  // More applicants (accounts the office applies for).
  await env.DB.batch(
    [
      ["buyer-2", "BUY-20260201-002", "buyer", "Nimba Coffee Co-op"],
      ["exporter-2", "EXP-20260201-002", "exporter", "Liberia Premium Exports Inc."],
      ["buyer-3", "BUY-20260201-003", "buyer", "Lofa Cocoa Buyers"],
      // The fixtures' own buyer and exporter already hold licences (ADR 029: trading needs one).
      ["buyer-4", "BUY-20260201-004", "buyer", "Bong Cocoa Traders"],
      ["exporter-3", "EXP-20260201-003", "exporter", "Grand Bassa Rubber Exports"],
    ].map(([id, login, role, company]) =>
      d1(insertUser({ id, loginId: login!, role: role as Role, lastName: "Applicant", companyName: company })),
    ),
  );
  const licence = async (
    type: "exporter" | "buyer",
    companyName: string,
    steps: [string, string][],
    applicantId?: string,
  ) => {
    const l = (
      await ok(
        applicantId
          ? as("office_admin", "/api/licences", "POST", { type, companyName, applicantId })
          : as(type, "/api/licences", "POST", { type, companyName }),
      )
    ).licence as { id: string };
    for (const [s, by] of steps) await ok(as(by, `/api/licences/${l.id}/${s}`, "POST"));
    return l.id;
  };
  const upTo = (last: string): [string, string][] => {
    const all: [string, string][] = [
      ["submit", "office_admin"],
      ["review", "office_admin"],
      ["recommend", "ddgots"],
      ["approve", "dg"],
      ["issue", "office_admin"],
    ];
    return all.slice(0, all.findIndex(([s]) => s === last) + 1);
  };
  licenceIds.reviewed = await licence("buyer", "Bong Cocoa Traders", upTo("review"), "buyer-4");
  licenceIds.recommended = await licence("exporter", "Liberia Premium Exports Inc.", upTo("recommend"), "exporter-2");
  licenceIds.recommended2 = await licence("buyer", "Nimba Coffee Co-op", upTo("recommend"), "buyer-2");
  licenceIds.issued = await licence("exporter", "Grand Bassa Rubber Exports", upTo("issue"), "exporter-3");
  licenceIds.unpaid = await licence("buyer", "Lofa Cocoa Buyers", upTo("issue"), "buyer-3");
  const invoice = await one<{ id: string }>("SELECT id FROM fee_invoices WHERE subject_id = ?", licenceIds.issued);
  await ok(as("ddgaf", `/api/fees/invoices/${invoice.id}/payments`, "POST", { reference: "LBDI-TRX-100200" }));

  // Permits: one requested (DDGOTS recommends), one recommended (the DG approves).
  const a = await portReady(400);
  await shipment(a.id, 400_000, "SHP-2026-000301");
  permitIds.requested = (
    (await ok(as("exporter", "/api/permits", "POST", { shipmentCode: "SHP-2026-000301" }))).permit as { id: string }
  ).id;
  const b = await portReady(410);
  await shipment(b.id, 410_000, "SHP-2026-000302");
  permitIds.recommended = (
    (await ok(as("exporter", "/api/permits", "POST", { shipmentCode: "SHP-2026-000302" }))).permit as { id: string }
  ).id;
  await ok(as("ddgots", `/api/permits/${permitIds.recommended}/recommend`, "POST"));

  // Certificates in each state (rows as the certificate service stores them).
  const day = 86_400_000;
  const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
  const cert = (no: string, status: string, expires: string, subjectType = "farmer", subjectId = "f-1") =>
    insertCertificate({
      certificateNumber: no,
      type: "eudr",
      subjectType,
      subjectId,
      status,
      issuedAt: iso(-day),
      expiresAt: expires,
    });
  await db.batch([
    cert("LR-EUDR-2026-900001", "valid", iso(200 * day)),
    cert("LR-EUDR-2026-900002", "valid", iso(5 * day)),
    cert("LR-EUDR-2026-900003", "valid", iso(-1000)),
    cert("LR-EUDR-2026-900004", "revoked", iso(200 * day)),
    // A document of the certificate testing page, expiring soon: never a figure or an alert.
    cert("LR-EUDR-2026-900005", "valid", iso(5 * day), "test_farmer", "1"),
  ]);
}

export type Filter = { q: string; county?: string; commodity?: string; from?: string; to?: string };
export const FILTERS: Filter[] = [
  { q: "" },
  { q: "county=Bong+County", county: "Bong County" },
  { q: "commodity=Rubber", commodity: "Rubber" },
  { q: `from=${TOMORROW}`, from: TOMORROW },
  { q: `from=2025-01-01&to=${TODAY}`, from: "2025-01-01", to: TODAY },
];
export const range = (col: string, f: Filter) =>
  `${col} >= '${f.from ?? "0000-01-01"}' AND ${col} < '${f.to ? new Date(Date.parse(f.to) + 86_400_000).toISOString().slice(0, 10) : TOMORROW}'`;
