/**
 * What the report tests share (reports*.test.ts): rows seeded with known numbers, the staff and
 * observers who sign in, and helpers to request a report and wait for it.
 */
import { env } from "cloudflare:workers";
import { custodyEvents, farmerCrops } from "#db/schema";
import { DEMO_ACCOUNTS } from "#worker/services/demo/demo-accounts";
import { d1, db, insertBatch, insertFarmer, insertUser, sessionAs, sessionForLogin } from "./factories";
import { call, plotInsert } from "./helpers";

export const PERIOD = { from: "2026-01-01", to: "2026-03-31" };
export const TOMORROW = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
export const EXPORTER_A = DEMO_ACCOUNTS.find((a) => a.role === "exporter")!; // Liberia Premium Exports Inc. (demo)
export const EXPORTER_B = { id: "exp-atlantic", company: "Atlantic Cocoa Traders Ltd." };

export type Report = {
  id: string;
  kind: string;
  status: string;
  progress: number;
  dataHash: string | null;
  error: string | null;
  pdfUrl: string | null;
  params: Record<string, string>;
};

/**
 * Known rows. In the period 1 Jan – 31 Mar 2026:
 * farmers F1, F2 (Nimba), F3 (Bong, on the last day); F4 (Lofa) before it; F5 after it.
 * plots P1–P5 (P4 at 23:59:59 on the last day); P6 before it.
 * batches B1–B3 and B4 (split into B5, B6) recorded in it; B7 recorded before but exported in it; B8 after.
 */
async function seed() {
  const s: D1PreparedStatement[] = [];
  s.push(
    d1(
      insertUser({
        id: EXPORTER_B.id,
        loginId: "EXP-20260201-002",
        role: "exporter",
        firstName: "Musa",
        lastName: "Kamara",
        companyName: EXPORTER_B.company,
      }),
    ),
  );
  const farmers: [string, string, string, string[]][] = [
    ["FRM000001", "Nimba County", "2026-01-10", ["Cocoa"]],
    ["FRM000002", "Nimba County", "2026-02-05", ["Cocoa", "Coffee"]],
    ["FRM000003", "Bong County", "2026-03-31", ["Coffee"]],
    ["FRM000004", "Lofa County", "2025-12-31", ["Cocoa"]],
    ["FRM000005", "Bong County", "2026-04-01", ["Coffee"]],
  ];
  for (const [fid, county, date, crops] of farmers) {
    s.push(d1(insertFarmer({ farmerId: fid, county, crops: JSON.stringify(crops), registrationDate: date })));
    for (const crop of crops) s.push(d1(db.insert(farmerCrops).values({ farmerId: fid, crop })));
  }
  const plots: [string, string, string, string, string | null, number, string][] = [
    ["P1", "Nimba County", "Cocoa", "valid", "low", 2.5, "2026-01-12T10:00:00.000Z"],
    ["P2", "Nimba County", "Cocoa", "valid", "high", 1.25, "2026-02-10T10:00:00.000Z"],
    ["P3", "Nimba County", "Coffee", "valid", null, 3, "2026-02-11T10:00:00.000Z"],
    ["P4", "Bong County", "Coffee", "invalid", null, 0.5, "2026-03-31T23:59:59.000Z"],
    ["P5", "Bong County", "Cocoa", "valid", "more_information_needed", 4, "2026-03-01T10:00:00.000Z"],
    ["P6", "Lofa County", "Cocoa", "valid", "low", 9, "2025-12-15T10:00:00.000Z"],
  ];
  plots.forEach(([code, county, crop, validation, risk, ha, created], i) => {
    const lon = -8.701234 - i * 0.01;
    s.push(
      plotInsert({
        id: `plot-${code}`,
        code: `PLT-00000${i + 1}-01`,
        farmerId: "FRM000001",
        geometry: { type: "Point", coordinates: [lon, 7.301234] },
        ha,
        crop,
        county,
        validation,
        risk,
        more: { created_at: created },
      }),
    );
  });
  const batches: [string, string, string, number, string, string, string | null, string][] = [
    ["B1", "Cocoa", "Nimba County", 1000, "exported", "compliant", null, "2026-01-20T08:00:00.000Z"],
    ["B2", "Cocoa", "Nimba County", 500, "warehouse_received", "held_for_review", null, "2026-02-15T08:00:00.000Z"],
    ["B3", "Coffee", "Bong County", 300, "purchased", "pending", null, "2026-03-05T08:00:00.000Z"],
    ["B4", "Cocoa", "Nimba County", 800, "split", "pending", null, "2026-02-01T08:00:00.000Z"],
    ["B5", "Cocoa", "Nimba County", 450, "exported", "compliant", "split", "2026-02-20T08:00:00.000Z"],
    ["B6", "Cocoa", "Nimba County", 300, "warehouse_received", "pending", "split", "2026-02-20T08:00:00.000Z"],
    ["B7", "Cocoa", "Lofa County", 700, "exported", "compliant", null, "2025-11-01T08:00:00.000Z"],
    ["B8", "Cocoa", "Nimba County", 999, "exported", "compliant", null, "2026-04-01T08:00:00.000Z"],
  ];
  batches.forEach(([code, commodity, county, kg, status, compliance, derived, created]) => {
    s.push(
      d1(
        insertBatch({
          id: `batch-${code}`,
          batchCode: `LR-TST-2026-00000${code.slice(1)}`,
          commodity,
          weightG: kg * 1000,
          status,
          complianceStatus: compliance,
          county,
          derivedBy: derived,
          createdAt: created,
        }),
      ),
    );
  });
  // The purchases, as figures count them (db/queries/figures.ts): the weight and date at the
  // purchase. B1 was bought at 1,010 kg and dried to 1,000; B2's first record was voided and
  // recorded again, so it counts once.
  const purchaseRows: [string, string, number, string | null][] = [
    ["B1", "2026-01-20T08:00:00.000Z", 1010, null],
    ["B2", "2026-02-15T08:00:00.000Z", 500, "2026-02-15T09:00:00.000Z"],
    ["B2", "2026-02-15T08:00:00.000Z", 500, null],
    ["B3", "2026-03-05T08:00:00.000Z", 300, null],
    ["B4", "2026-02-01T08:00:00.000Z", 800, null],
    ["B7", "2025-11-01T08:00:00.000Z", 700, null],
    ["B8", "2026-04-01T08:00:00.000Z", 999, null],
  ];
  purchaseRows.forEach(([code, at, kg, voided], i) => {
    s.push(
      d1(
        db.insert(custodyEvents).values({
          id: `ev-buy-${i}`,
          batchId: `batch-${code}`,
          fromStatus: "harvested",
          toStatus: "purchased",
          actorId: "buyer-x",
          actorRole: "buyer",
          occurredAt: at,
          weightOutG: kg * 1000,
          voidedAt: voided,
        }),
      ),
    );
  });
  const exportsRows: [string, string, string, number | null][] = [
    ["B1", EXPORTER_A.id, "2026-02-14T09:00:00.000Z", 990],
    ["B5", EXPORTER_B.id, "2026-03-10T09:00:00.000Z", null],
    ["B7", EXPORTER_B.id, "2026-01-05T09:00:00.000Z", 700],
    ["B8", EXPORTER_A.id, "2026-04-02T09:00:00.000Z", 999],
  ];
  for (const [code, actor, at, out] of exportsRows) {
    s.push(
      d1(
        db.insert(custodyEvents).values({
          id: `ev-${code}`,
          batchId: `batch-${code}`,
          fromStatus: "port_inspected",
          toStatus: "exported",
          actorId: actor,
          actorRole: "exporter",
          occurredAt: at,
          weightOutG: out === null ? null : out * 1000,
        }),
      ),
    );
  }
  await env.DB.batch(s);
}

/** A session for the demo observer of `entityType` (tests/worker/factories.ts). */
export async function signInObserver(entityType: "donor" | "ngo" | "auditor") {
  const account = DEMO_ACCOUNTS.find((a) => a.role === "monitoring_observer" && a.entityType === entityType)!;
  return { ...(await sessionForLogin(account.loginId)), account };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
export const postReport = (token: string, body: unknown) =>
  call("/api/reports", {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
export const getJson = async <T>(path: string, token: string) =>
  (await (await call(path, { headers: bearer(token) })).json()) as T;

/** Polls the report until it is no longer queued or building; returns it and every progress value seen. */
export async function waitForReport(id: string, token: string): Promise<{ report: Report; seen: number[] }> {
  const seen: number[] = [];
  for (let i = 0; i < 200; i++) {
    const { report } = await getJson<{ report: Report }>(`/api/reports/${id}`, token);
    if (seen.at(-1) !== report.progress) seen.push(report.progress);
    if (report.status !== "queued" && report.status !== "building") return { report, seen };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`report ${id} did not finish`);
}

export async function reportObjects() {
  return (await env.CERTS.list({ prefix: "reports/", include: ["customMetadata"] })).objects;
}

export let staff: { token: string; cookie: string };

/** Seeds the known rows and signs in the office administrator who builds the reports. */
export async function seedAndSignIn() {
  await seed();
  staff = await sessionAs("office_admin");
}
