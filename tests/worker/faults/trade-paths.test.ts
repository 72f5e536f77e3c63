/**
 * Faults on the trade write paths (docs/fault-injection.md): a purchase, the custody steps of
 * dispatch and warehouse intake, a warehouse inspection, a quality certificate's issue (row and
 * PDF in R2), and a licence step. Each row of `PATHS` is faulted at every D1, KV and R2 call.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { database } from "#db/client";
import { applyForLicence } from "#worker/services/licensing/apply-licence";
import { stepLicence } from "#worker/services/licensing/step-licence";
import { buy, purchase, seedAndSignIn, who } from "../batches-fixtures";
import { sessionAs } from "../factories";
import { count } from "../helpers";
import { GOOD_COCOA, sendToWarehouse } from "../inspections-fixtures";
import { type Attempt, faultRows, type Outcome, outcomeTable, runFaults, sendJson, type WritePath } from "./harness";
import { Faults } from "./inject";

const audit = () => count("SELECT COUNT(*) AS n FROM audit_log");
const batchCounts = (batchCode: string) => async () => ({
  events: await count(
    "SELECT COUNT(*) AS n FROM custody_events e JOIN batches b ON b.id = e.batch_id WHERE b.batch_code = ?",
    batchCode,
  ),
  audit: await audit(),
});

/** A purchase (POST /api/batches) with its submissionId. */
const purchasePath: WritePath = {
  name: "purchase (POST /api/batches)",
  async prepare(): Promise<Attempt> {
    const submissionId = crypto.randomUUID();
    const body = { ...purchase({ weightKg: 100 }), submissionId };
    return {
      send: (faults) => sendJson(faults, who.buyer.token, "/api/batches", body),
      counts: async () => ({
        batches: await count("SELECT COUNT(*) AS n FROM batches"),
        purchases: await count("SELECT COUNT(*) AS n FROM purchases WHERE submission_id = ?", submissionId),
        events: await count("SELECT COUNT(*) AS n FROM custody_events"),
        audit: await audit(),
      }),
    };
  },
};

/** The buyer sends a purchase to the warehouse (POST /api/inspections/dispatch/{code}). */
const dispatchPath: WritePath = {
  name: "custody: dispatch to a warehouse",
  async prepare(): Promise<Attempt> {
    const b = await buy({ weightKg: 100 });
    const body = { warehouseInspectorId: who.warehouse.account.id, submissionId: crypto.randomUUID() };
    return {
      send: (faults) => sendJson(faults, who.buyer.token, `/api/inspections/dispatch/${b.batchCode}`, body),
      counts: async () => ({
        dispatches: await count(
          "SELECT COUNT(*) AS n FROM batch_dispatches WHERE submission_id = ?",
          body.submissionId,
        ),
        audit: await audit(),
      }),
    };
  },
};

/** The warehouse records receiving a dispatched batch (a custody step without submissionId). */
const receivePath: WritePath = {
  name: "custody: warehouse intake",
  async prepare(): Promise<Attempt> {
    const b = await buy({ weightKg: 100 });
    const dispatch = { warehouseInspectorId: who.warehouse.account.id };
    const sent = await sendJson(new Faults(), who.buyer.token, `/api/inspections/dispatch/${b.batchCode}`, dispatch);
    expect(sent.status).toBe(201);
    return {
      send: (faults) =>
        sendJson(faults, who.warehouse.token, `/api/inspections/warehouse/${b.batchCode}/receive`, {
          weightKg: 99,
          location: "Gbarnga",
        }),
      counts: batchCounts(b.batchCode),
    };
  },
};

/** A warehouse inspection with its submissionId (POST /api/inspections/warehouse/{code}). */
const inspectionPath: WritePath = {
  name: "inspection: warehouse",
  async prepare(): Promise<Attempt> {
    const b = await buy({ weightKg: 100 });
    await sendToWarehouse(b.batchCode, 100);
    const body = { ...GOOD_COCOA, submissionId: crypto.randomUUID() };
    return {
      send: (faults) => sendJson(faults, who.warehouse.token, `/api/inspections/warehouse/${b.batchCode}`, body),
      counts: async () => ({
        inspections: await count(
          "SELECT COUNT(*) AS n FROM batch_inspections WHERE submission_id = ?",
          body.submissionId,
        ),
        ...(await batchCounts(b.batchCode)()),
      }),
    };
  },
};

/** A batch's quality certificate issued (row in D1, PDF in R2). */
const certificatePath: WritePath = {
  name: "certificate issue (quality, batch)",
  async prepare(): Promise<Attempt> {
    const b = await buy({ weightKg: 100 });
    await sendToWarehouse(b.batchCode, 100);
    const inspected = await sendJson(
      new Faults(),
      who.warehouse.token,
      `/api/inspections/warehouse/${b.batchCode}`,
      GOOD_COCOA,
    );
    expect(inspected.status).toBe(201);
    const prefix = `certificates/quality/batch/${encodeURIComponent(b.batchCode)}/`;
    const rowsOf = async () =>
      (
        await env.DB.prepare("SELECT r2_key AS k FROM certificates WHERE subject_id = ? AND type = 'quality'")
          .bind(b.batchCode)
          .all<{ k: string }>()
      ).results.map((r) => r.k);
    const objects = async () => (await env.CERTS.list({ prefix })).objects.map((o) => o.key);
    return {
      send: (faults) => sendJson(faults, who.warehouse.token, `/api/certificates/quality/batch/${b.batchCode}`),
      counts: async () => ({ certificates: (await rowsOf()).length, pdfs: (await objects()).length }),
      consistentAfter: "retry",
      async consistent() {
        expect((await objects()).sort(), `certificate of ${b.batchCode}: rows and PDFs`).toEqual(
          (await rowsOf()).sort(),
        );
      },
    };
  },
};

/** The office reviews a submitted licence application (POST /api/licences/{id}/review). */
let office: Awaited<ReturnType<typeof sessionAs>>;
const licencePath: WritePath = {
  name: "licence step (review)",
  async prepare(): Promise<Attempt> {
    const db = database(env.DB);
    const applicant = { id: "demo-buyer-applicant", role: "buyer" as const };
    const now = () => new Date();
    // One open application at a time: close the earlier one's way by taking it to refusal.
    await env.DB.prepare("DELETE FROM licences WHERE applicant_id = ?").bind(applicant.id).run();
    const made = await applyForLicence(
      { type: "buyer", companyName: "Fault test buyer", county: undefined, note: undefined, commodities: undefined },
      { db, actor: applicant, now },
    );
    if (!made.ok) throw new Error(made.message);
    const id = made.value.licence.id;
    const submitted = await stepLicence(id, "submit", {}, { db, actor: applicant, now });
    if (!submitted.ok) throw new Error(submitted.message);
    return {
      send: (faults) => sendJson(faults, office.token, `/api/licences/${id}/review`),
      counts: async () => ({
        reviewed: await count("SELECT COUNT(*) AS n FROM licences WHERE id = ? AND status = 'reviewed'", id),
        audit: await audit(),
      }),
    };
  },
};

const PATHS = [purchasePath, dispatchPath, receivePath, inspectionPath, certificatePath, licencePath];
const outcomes: Outcome[] = [];

beforeAll(async () => {
  await seedAndSignIn();
  office = await sessionAs("office_admin");
});

// Every injected fault is logged by the code under test as it would be in production: expected here.
beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterAll(() => {
  console.log(`Fault outcomes (trade paths):\n${outcomeTable(outcomes)}`);
});

describe("a D1, KV or R2 fault on a trade write path leaves no partial write, and the retry is recorded once", () => {
  // A row per write path × store × fault kind; each fails every call of the path to that store in turn.
  it.each(faultRows(PATHS))(
    "%s",
    async (_name, path, store, kind) => {
      outcomes.push(...(await runFaults(path, store, kind)));
    },
    120_000,
  );
});
