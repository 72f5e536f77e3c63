/**
 * Faults on the write paths the other files leave out (docs/fault-injection.md): the port
 * inspection and the export custody step, the corrections (a custody void, a purchase and a
 * warehouse inspection corrected), a licence application and its issue, and an office register
 * attachment (R2 object and row). Paths with many D1 calls are faulted at a sample of them
 * (`sampled`: the first and last read, the first and last write); every R2 call is faulted.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { database } from "#db/client";
import { applyForLicence } from "#worker/services/licensing/apply-licence";
import { stepLicence } from "#worker/services/licensing/step-licence";
import { api, buy, portReadyBatch, seedAndSignIn, step, who } from "../batches-fixtures";
import { sessionAs } from "../factories";
import { count } from "../helpers";
import { GOOD_COCOA, PORT_RECORD, sendToWarehouse } from "../inspections-fixtures";
import {
  type Attempt,
  faultRows,
  type Outcome,
  outcomeTable,
  runFaults,
  send,
  sendJson,
  type WritePath,
} from "./harness";
import { Faults } from "./inject";

let office: Awaited<ReturnType<typeof sessionAs>>;
const audit = () => count("SELECT COUNT(*) AS n FROM audit_log");
const eventsOf = (code: string) =>
  count("SELECT COUNT(*) AS n FROM custody_events e JOIN batches b ON b.id = e.batch_id WHERE b.batch_code = ?", code);
const versionsOf = (code: string) =>
  count("SELECT COUNT(*) AS n FROM record_versions v JOIN batches b ON b.id = v.batch_id WHERE b.batch_code = ?", code);

/** A purchase received and inspected at the warehouse through /api/inspections. */
async function inspectedBatch() {
  const b = await buy({ weightKg: 100 });
  await sendToWarehouse(b.batchCode, 100);
  const inspected = await sendJson(
    new Faults(),
    who.warehouse.token,
    `/api/inspections/warehouse/${b.batchCode}`,
    GOOD_COCOA,
  );
  expect(inspected.status).toBe(201);
  return b.batchCode;
}

/** The port inspector signs a batch off (POST /api/inspections/port/{code}, with its submissionId). */
const portInspection: WritePath = {
  name: "inspection: port",
  sampled: true,
  async prepare(): Promise<Attempt> {
    const code = await inspectedBatch();
    const body = { ...PORT_RECORD, submissionId: crypto.randomUUID() };
    return {
      send: (faults) => sendJson(faults, who.port.token, `/api/inspections/port/${code}`, body),
      counts: async () => ({
        inspections: await count(
          "SELECT COUNT(*) AS n FROM port_inspections WHERE submission_id = ?",
          body.submissionId,
        ),
        events: await eventsOf(code),
        audit: await audit(),
      }),
    };
  },
};

/** The exporter records the export of a compliant batch (custody step `exported`, no submissionId). */
const exportStep: WritePath = {
  name: "custody: export",
  sampled: true,
  async prepare(): Promise<Attempt> {
    const b = await portReadyBatch({}, 100);
    const body = step("exported", 100, { location: "Freeport of Monrovia" });
    return {
      send: (faults) => sendJson(faults, who.exporter.token, `/api/batches/${b.batchCode}/transfer`, body),
      counts: async () => ({ events: await eventsOf(b.batchCode), audit: await audit() }),
    };
  },
};

/** The warehouse voids its intake step (POST /api/records/batches/{code}/custody/void). */
const custodyVoid: WritePath = {
  name: "correction: custody void",
  sampled: true,
  async prepare(): Promise<Attempt> {
    const b = await buy({ weightKg: 100 });
    expect((await api(`/${b.batchCode}/transfer`, "warehouse", step("warehouse_received", 99))).status).toBe(200);
    const body = { toStatus: "warehouse_received", reason: "Received at the wrong store" };
    return {
      send: (faults) => sendJson(faults, who.warehouse.token, `/api/records/batches/${b.batchCode}/custody/void`, body),
      counts: async () => ({
        voided: await count(
          "SELECT COUNT(*) AS n FROM custody_events e JOIN batches b ON b.id = e.batch_id WHERE b.batch_code = ? AND e.voided_at IS NOT NULL",
          b.batchCode,
        ),
        purchased: await count(
          "SELECT COUNT(*) AS n FROM batches WHERE batch_code = ? AND status = 'purchased'",
          b.batchCode,
        ),
        versions: await versionsOf(b.batchCode),
        audit: await audit(),
      }),
      // A resend after the void landed finds no intake step left to void.
      doneStatus: 404,
    };
  },
};

/** The buyer corrects a purchase's weight, from the version it saw (a resend is stale: 409). */
const purchaseCorrection: WritePath = {
  name: "correction: purchase",
  sampled: true,
  async prepare(): Promise<Attempt> {
    const b = await buy({ weightKg: 100 });
    const body = { weightKg: 90, reason: "The scale was set wrongly", baseVersion: 1 };
    return {
      send: (faults) =>
        sendJson(faults, who.buyer.token, `/api/records/batches/${b.batchCode}/purchase/corrections`, body),
      counts: async () => ({
        versions: await versionsOf(b.batchCode),
        corrected: await count(
          "SELECT COUNT(*) AS n FROM batches WHERE batch_code = ? AND weight_g = 90000",
          b.batchCode,
        ),
        audit: await audit(),
      }),
    };
  },
};

/** The warehouse inspector corrects the measurements of its inspection, from the version it saw. */
const inspectionCorrection: WritePath = {
  name: "correction: warehouse inspection",
  sampled: true,
  async prepare(): Promise<Attempt> {
    const code = await inspectedBatch();
    const body = { ...GOOD_COCOA, moisturePercent: 7.6, reason: "Moisture meter read again", baseVersion: 1 };
    return {
      send: (faults) =>
        sendJson(faults, who.warehouse.token, `/api/records/batches/${code}/inspection/corrections`, body),
      counts: async () => ({ versions: await versionsOf(code), audit: await audit() }),
    };
  },
};

let applicants = 0;
/** A buyer account of its own, so that each application is its applicant's only open one. */
async function newApplicant() {
  const id = `fault-applicant-${++applicants}`;
  await env.DB.prepare(
    `INSERT INTO users (id, login_id, login_id_normalized, role, first_name, last_name, password_hash, active, must_change_password, is_demo)
     VALUES (?, ?, ?, 'buyer', 'Fault', 'Applicant', 'x', 1, 0, 0)`,
  )
    .bind(id, `FAULT-BUY-${applicants}`, `FAULT-BUY-${applicants}`)
    .run();
  return { id, role: "buyer" as const };
}
const licencesOf = (applicantId: string, status?: string) =>
  count(
    `SELECT COUNT(*) AS n FROM licences WHERE applicant_id = ?${status ? " AND status = ?" : ""}`,
    ...(status ? [applicantId, status] : [applicantId]),
  );

/** The office applies for a licence on a buyer's behalf (POST /api/licences; a resend: 409, one open). */
const licenceApply: WritePath = {
  name: "licence application (apply)",
  async prepare(): Promise<Attempt> {
    const applicant = await newApplicant();
    const body = { type: "buyer", applicantId: applicant.id, companyName: "Fault test buyer" };
    return {
      send: (faults) => sendJson(faults, office.token, "/api/licences", body),
      counts: async () => ({ licences: await licencesOf(applicant.id), audit: await audit() }),
    };
  },
};

/** The office issues an approved licence: its number, validity and fee invoice. */
const licenceIssue: WritePath = {
  name: "licence step (issue)",
  async prepare(): Promise<Attempt> {
    const db = database(env.DB);
    const now = () => new Date();
    const applicant = await newApplicant();
    const made = await applyForLicence(
      { type: "buyer", companyName: "Fault test buyer", county: undefined, note: undefined, commodities: undefined },
      { db, actor: applicant, now },
    );
    if (!made.ok) throw new Error(made.message);
    const id = made.value.licence.id;
    const by = {
      submit: applicant,
      review: { id: office.account.id, role: "office_admin" as const },
      recommend: { id: who.ddgots.account.id, role: "ddgots" as const },
      approve: { id: who.dg.account.id, role: "dg" as const },
    };
    for (const [s, actor] of Object.entries(by)) {
      const done = await stepLicence(id, s as keyof typeof by, {}, { db, actor, now });
      if (!done.ok) throw new Error(`${s}: ${done.message}`);
    }
    return {
      send: (faults) => sendJson(faults, office.token, `/api/licences/${id}/issue`),
      counts: async () => ({
        issued: await licencesOf(applicant.id, "issued"),
        invoices: await count(
          "SELECT COUNT(*) AS n FROM fee_invoices WHERE subject_type = 'licence' AND subject_id = ?",
          id,
        ),
        audit: await audit(),
      }),
    };
  },
};

const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

/** A PDF attached to an office register document (R2 object first, then its row with the audit row). */
const officeAttachment: WritePath = {
  name: "office register attachment (R2)",
  async prepare(): Promise<Attempt> {
    const made = await sendJson(new Faults(), office.token, "/api/office/documents", {
      kind: "incoming_letter",
      title: "Letter from the port",
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const prefix = `office/${id}/`;
    const rows = async () =>
      (
        await env.DB.prepare("SELECT r2_key AS k FROM office_document_files WHERE document_id = ?")
          .bind(id)
          .all<{ k: string }>()
      ).results.map((r) => r.k);
    const objects = async () => (await env.CERTS.list({ prefix })).objects.map((o) => o.key);
    return {
      send: (faults) => {
        const form = new FormData();
        form.set("attachment", new File([PDF], "letter.pdf", { type: "application/pdf" }));
        return send(faults, `/api/office/documents/${id}/files`, {
          method: "POST",
          headers: { Authorization: `Bearer ${office.token}` },
          body: form,
        });
      },
      counts: async () => ({ files: (await rows()).length, objects: (await objects()).length, audit: await audit() }),
      async consistent() {
        expect((await objects()).sort(), `document ${id}: files and objects`).toEqual((await rows()).sort());
      },
      // Each upload is a new file by design (no submissionId): a resend after a stored one adds another.
      resendable: false,
    };
  },
};

const PATHS = [
  portInspection,
  exportStep,
  custodyVoid,
  purchaseCorrection,
  inspectionCorrection,
  licenceApply,
  licenceIssue,
  officeAttachment,
];
const outcomes: Outcome[] = [];

beforeAll(async () => {
  await seedAndSignIn();
  office = await sessionAs("office_admin");
}, 60_000);

// Every injected fault is logged by the code under test as it would be in production: expected here.
beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterAll(() => {
  console.log(`Fault outcomes (more paths):\n${outcomeTable(outcomes)}`);
});

describe("a D1, KV or R2 fault on an inspection, correction, licence or attachment leaves no partial write", () => {
  // A row per write path × store × fault kind; each fails every (or a sample of the) call of the path to that store.
  it.each(faultRows(PATHS))(
    "%s",
    async (_name, path, store, kind) => {
      outcomes.push(...(await runFaults(path, store, kind)));
    },
    120_000,
  );
});
