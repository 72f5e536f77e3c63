/**
 * Licences, export permits and fees through /api. Each step by its role succeeds; every
 * other role gets a 403 naming who acts; a skipped step a 409 naming it; a permit is recommended
 * only when every batch is EUDR-compliant; a batch in a shipment is exported only under a valid
 * permit; issuing raises the fee invoice; a payment gets a receipt; exporter B never reaches
 * exporter A's records; the DDGAF totals match the stored rows.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ROLE_LABEL, ROLES } from "#worker/auth/roles";
import { FEE_SCHEDULE, type FeeType } from "#worker/domain/fees";
import { secondExporter } from "./auth-helpers";
import { api as batchApi, buy, seedAndSignInWith, step } from "./batches-fixtures";
import { db, insertShipment, insertShipmentBatch, once, sessionAs } from "./factories";
import { bearer, count, one, rows } from "./helpers";
import { issueLicence } from "./licence-fixtures";

const tokens = new Map<string, string>();
const ids = new Map<string, string>();
let tokenB = "";

type Body = { success: boolean; message?: string; [k: string]: unknown };
type Licence = {
  id: string;
  status: string;
  number: string | null;
  validFrom: string | null;
  validUntil: string | null;
};
type Permit = Licence & { shipmentCode: string };
type Invoice = { id: string; number: string; status: string; amountMinor: number; currency: string; subjectId: string };

function as(role: string, path: string, method = "GET", body?: unknown, token = tokens.get(role)) {
  return bearer(token, path, method, body);
}
const read = async (res: Response) => (await res.json()) as Body;

beforeAll(async () => {
  // The lifecycle below applies for both licences itself (ADR 029: trading needs them).
  await seedAndSignInWith([]);
  for (const role of ROLES) {
    const s = await sessionAs(role);
    tokens.set(role, s.token);
    ids.set(role, s.account.id);
  }
  tokenB = (await secondExporter("EXP-20260201-777")).token;
}, 180_000);

const STEPS: [step: string, roles: string[], missingWords: string][] = [
  ["submit", ["exporter", "buyer", "office_admin"], "submitted by the applicant"],
  ["review", ["office_admin"], "reviewed by the office"],
  ["recommend", ["ddgots"], "recommended by DDGOTS"],
  ["approve", ["dg"], "approved by the Director General"],
  ["issue", ["office_admin"], "issued by the office"],
];
const ACTOR: Record<string, string> = {
  submit: "exporter",
  review: "office_admin",
  recommend: "ddgots",
  approve: "dg",
  issue: "office_admin",
};

/**
 * The exporter's licence taken through its lifecycle: at each step every role that never takes it
 * gets 403 naming the role(s) that do, and the next step taken too early 409 naming this one.
 */
const exporterLicence = once(async () => {
  const created = await as("exporter", "/api/licences", "POST", {
    type: "exporter",
    companyName: "Liberia Premium Exports Inc.",
  });
  const body = await read(created);
  expect(created.status, body.message).toBe(201);
  let licence = body.licence as Licence;
  expect(licence.status).toBe("draft");

  for (const [i, [name, allowed, _missing]] of STEPS.entries()) {
    // Every role that never takes this step: 403 naming the role(s) that do.
    for (const role of ROLES.filter((r) => !allowed.includes(r))) {
      const res = await as(role, `/api/licences/${licence.id}/${name}`, "POST");
      const refused = await read(res);
      expect(res.status, `${name} as ${role}`).toBe(403);
      expect(refused.message).toContain(`(you are signed in as ${ROLE_LABEL[role]})`);
      for (const r of allowed) expect(refused.message).toContain(ROLE_LABEL[r as keyof typeof ROLE_LABEL]);
    }
    // The next step, taken too early by its own role: 409 naming this (missing) step.
    const next = STEPS[i + 1];
    if (next) {
      const early = await as(ACTOR[next[0]]!, `/api/licences/${licence.id}/${next[0]}`, "POST");
      const refused = await read(early);
      expect(early.status, `${next[0]} before ${name}`).toBe(409);
      expect(refused.message).toContain(`must be ${STEPS[i]![2]}`);
    }
    const res = await as(ACTOR[name]!, `/api/licences/${licence.id}/${name}`, "POST");
    const moved = await read(res);
    expect(res.status, moved.message).toBe(200);
    licence = moved.licence as Licence;
  }
  return licence;
});

describe("the licence lifecycle", () => {
  it("the exporter applies; each step by its role succeeds, others get 403 naming the role, a skipped step 409", async () => {
    const licence = await exporterLicence();
    expect(licence.status).toBe("issued");
    expect(licence.number).toMatch(/^LR-LIC-EXP-\d{4}-000001$/);
    expect(licence.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(licence.validUntil! > licence.validFrom!).toBe(true);
    // Approving straight from draft names every missing step.
    const draft = await read(
      await as("buyer", "/api/licences", "POST", { type: "buyer", companyName: "Bong Cocoa Traders" }),
    );
    const skip = await as("dg", `/api/licences/${(draft.licence as Licence).id}/approve`, "POST");
    expect(skip.status).toBe(409);
    expect((await read(skip)).message).toBe(
      "This licence is draft: it must be submitted by the applicant, reviewed by the office and recommended by DDGOTS first",
    );
  });

  it("every step wrote its audit row, its step row and a notice to the applicant", async () => {
    const licence = await exporterLicence();
    const actions = (
      await rows<{ action: string }>(
        // The first six: a suspension (tested below) adds its own after them.
        "SELECT action FROM audit_log WHERE entity_type = 'licence' AND entity_id = ? ORDER BY id LIMIT 6",
        licence.id,
      )
    ).map((r) => r.action);
    expect(actions).toEqual([
      "licence.create",
      "licence.submit",
      "licence.review",
      "licence.recommend",
      "licence.approve",
      "licence.issue",
    ]);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM licensing_steps WHERE subject_id = ? AND step NOT IN ('suspend', 'reinstate')",
        licence.id,
      ),
    ).toBe(6);
    const notices = await rows<{ title: string; kind: string }>(
      "SELECT title, kind FROM notifications WHERE user_id = ? AND subject_id = ? ORDER BY created_at LIMIT 6",
      ids.get("exporter"),
      licence.id,
    );
    expect(notices.length).toBe(6);
    expect(notices.every((n) => n.kind === "permit_update")).toBe(true);
    expect(notices.at(-1)!.title).toBe("Licence issued");
  });

  it("issuing raised the fee invoice at the scheduled amount", async () => {
    const licence = await exporterLicence();
    const list = await read(await as("exporter", "/api/fees/invoices"));
    const invoices = list.invoices as Invoice[];
    const inv = invoices.find((i) => i.subjectId === licence.id)!;
    expect(inv).toMatchObject({ status: "billed", amountMinor: 50_000, currency: "USD" });
    expect(inv.number).toMatch(/^LR-INV-\d{4}-\d{6}$/);
  });

  it("suspension needs a reason and stops permits; reinstating restores the licence", async () => {
    const licence = await exporterLicence();
    const noReason = await as("dg", `/api/licences/${licence.id}/suspend`, "POST", {});
    expect(noReason.status).toBe(400);
    const suspended = await as("dg", `/api/licences/${licence.id}/suspend`, "POST", {
      reason: "Annual fee not paid within 30 days",
    });
    expect(suspended.status).toBe(200);
    expect(((await read(suspended)).licence as Licence).status).toBe("suspended");
    const reissue = await as("office_admin", `/api/licences/${licence.id}/issue`, "POST");
    expect(reissue.status).toBe(409);
    const back = await as("dg", `/api/licences/${licence.id}/reinstate`, "POST", { reason: "Fee paid on 2026-03-02" });
    expect(((await read(back)).licence as Licence).status).toBe("issued");
  });
});

async function shipmentOf(exporterId: string, batchId: string, weightG: number, code: string) {
  const id = crypto.randomUUID();
  await db.batch([insertShipment({ id, code, exporterId }), insertShipmentBatch({ shipmentId: id, batchId, weightG })]);
}

/** The buyer's licence (a draft from the lifecycle test, if any, taken on), issued through the services. */
const buyerLicence = once(() => issueLicence("buyer"));

/**
 * A batch of 800 kg bought, inspected at the warehouse and the port (not yet EUDR-compliant), in
 * the exporter's shipment `shipmentCode`, and the exporter's export permit requested for it.
 */
async function requestedPermit(shipmentCode: string) {
  await buyerLicence();
  const b = await buy({ weightKg: 800 });
  const t = (as: "warehouse" | "port", body: unknown) => batchApi(`/${b.batchCode}/transfer`, as, body);
  expect((await t("warehouse", step("warehouse_received", 800))).status).toBe(200);
  expect((await t("warehouse", step("warehouse_inspected", 798, { grade: "A" }))).status).toBe(200);
  expect((await t("port", step("port_inspected", 795, { location: "Freeport of Monrovia" }))).status).toBe(200);
  await exporterLicence(); // a permit needs the exporter's licence in force
  await shipmentOf(ids.get("exporter")!, b.id, 795_000, shipmentCode);
  const requested = await as("exporter", "/api/permits", "POST", { shipmentCode });
  const body = await read(requested);
  expect(requested.status, body.message).toBe(201);
  return { batchCode: b.batchCode, shipmentCode, permit: body.permit as Permit };
}

describe("export permits", () => {
  // Buying needs the buyer's licence (ADR 029).
  beforeAll(buyerLicence);
  it("the exporter requests a permit for their shipment; DDGOTS cannot recommend it while a batch is not compliant", async () => {
    const { batchCode, shipmentCode, permit } = await requestedPermit("SHP-2026-000101");
    expect(permit.status).toBe("requested");
    // Approve before recommend: 409 naming the missing step.
    const early = await as("dg", `/api/permits/${permit.id}/approve`, "POST");
    expect(early.status).toBe(409);
    expect((await read(early)).message).toBe("This export permit is requested: it must be recommended by DDGOTS first");
    const held = await as("ddgots", `/api/permits/${permit.id}/recommend`, "POST");
    expect(held.status).toBe(409);
    const heldMessage = (await read(held)).message;
    expect(heldMessage).toContain(`every batch of shipment ${shipmentCode} must be EUDR-compliant first`);
    expect(heldMessage).toContain(batchCode);
    // Other roles: 403 naming DDGOTS.
    for (const role of ROLES.filter((r) => r !== "ddgots")) {
      const res = await as(role, `/api/permits/${permit.id}/recommend`, "POST");
      expect(res.status, role).toBe(403);
      expect((await read(res)).message).toContain(ROLE_LABEL.ddgots);
    }
  });

  it("the port inspector lists the missing permit; export is refused without a valid permit and accepted with one", async () => {
    const requested = await requestedPermit("SHP-2026-000103");
    const { batchCode, shipmentCode } = requested;
    let permit = requested.permit;
    expect((await batchApi(`/${batchCode}/compliance`, "port", { decision: "mark_compliant" })).status).toBe(200);
    const recommended = await as("ddgots", `/api/permits/${permit.id}/recommend`, "POST");
    expect(recommended.status).toBe(200);

    const queue = (await read(await as("port_inspector", "/api/inspections/port"))).batches as {
      batchCode: string;
      blockers: { code: string; message: string }[];
    }[];
    const blockers = queue.find((q) => q.batchCode === batchCode)!.blockers;
    expect(blockers).toContainEqual({
      code: "permit_missing",
      message: `Shipment ${shipmentCode}: its export permit is recommended but not yet approved by the Director General`,
    });

    const exportStep = step("exported", 795, { location: "Freeport of Monrovia" });
    const refused = await batchApi(`/${batchCode}/transfer`, "exporter", exportStep);
    expect(refused.status).toBe(409);
    expect((await read(refused)).message).toBe(
      `Batch ${batchCode} ships in ${shipmentCode}, which needs a valid export permit to be exported: its export permit is recommended but not yet approved by the Director General`,
    );
    for (const role of ROLES.filter((r) => r !== "dg")) {
      expect((await as(role, `/api/permits/${permit.id}/approve`, "POST")).status, role).toBe(403);
    }
    const approved = await read(await as("dg", `/api/permits/${permit.id}/approve`, "POST"));
    permit = approved.permit as Permit;
    expect(permit.status).toBe("issued");
    expect(permit.number).toMatch(/^LR-PMT-\d{4}-\d{6}$/);
    expect(approved.invoiceNumber).toMatch(/^LR-INV-/);
    const queueAfter = (await read(await as("port_inspector", "/api/inspections/port"))).batches as {
      batchCode: string;
      blockers: { code: string }[];
    }[];
    expect(queueAfter.find((q) => q.batchCode === batchCode)!.blockers.map((b) => b.code)).not.toContain(
      "permit_missing",
    );

    const shipped = await batchApi(`/${batchCode}/transfer`, "exporter", exportStep);
    expect(shipped.status, (await read(shipped.clone())).message).toBe(200);
    const invoice = await one<{ amount_minor: number; payer_id: string }>(
      "SELECT amount_minor, payer_id FROM fee_invoices WHERE subject_type = 'permit' AND subject_id = ?",
      permit.id,
    );
    expect(invoice).toEqual({ amount_minor: 10_000, payer_id: ids.get("exporter") });
  });

  it("a revoked permit no longer lets a batch go", async () => {
    await exporterLicence(); // a permit needs the exporter's licence in force
    const b = await buy({ weightKg: 300 });
    const t = (as: "warehouse" | "port", body: unknown) => batchApi(`/${b.batchCode}/transfer`, as, body);
    await t("warehouse", step("warehouse_received", 300));
    await t("warehouse", step("warehouse_inspected", 300, { grade: "A" }));
    await t("port", step("port_inspected", 300, { location: "Freeport of Monrovia" }));
    await batchApi(`/${b.batchCode}/compliance`, "port", { decision: "mark_compliant" });
    await shipmentOf(ids.get("exporter")!, b.id, 300_000, "SHP-2026-000102");
    const p = (await read(await as("exporter", "/api/permits", "POST", { shipmentCode: "SHP-2026-000102" })))
      .permit as Permit;
    await as("ddgots", `/api/permits/${p.id}/recommend`, "POST");
    const issued = (await read(await as("dg", `/api/permits/${p.id}/approve`, "POST"))).permit as Permit;
    const revoked = await as("dg", `/api/permits/${p.id}/revoke`, "POST", { reason: "Container seal tampered with" });
    expect(revoked.status).toBe(200);
    const res = await batchApi(`/${b.batchCode}/transfer`, "exporter", step("exported", 300, { location: "Freeport" }));
    expect(res.status).toBe(409);
    expect((await read(res)).message).toContain(`its export permit ${issued.number} was revoked`);
  });
});

describe("fees", () => {
  it("recording a payment marks the invoice paid, gives a receipt and its PDF; a second payment is refused", async () => {
    const licence = await exporterLicence();
    const inv = ((await read(await as("exporter", "/api/fees/invoices"))).invoices as Invoice[]).find(
      (i) => i.subjectId === licence.id,
    )!;
    const paid = await as("exporter", `/api/fees/invoices/${inv.id}/payments`, "POST", {
      reference: "LBDI-TRX-884120",
    });
    const body = await read(paid);
    expect(paid.status, body.message).toBe(201);
    const receiptNumber = (body.payment as { receiptNumber: string }).receiptNumber;
    expect(receiptNumber).toMatch(/^LR-RCP-\d{4}-000001$/);
    expect(await one("SELECT status FROM fee_invoices WHERE id = ?", inv.id)).toEqual({ status: "paid" });
    const again = await as("ddgaf", `/api/fees/invoices/${inv.id}/payments`, "POST", { reference: "LBDI-TRX-884121" });
    expect(again.status).toBe(409);
    expect((await read(again)).message).toBe("This invoice has already been paid");

    const pdf = await as("exporter", `/api/fees/invoices/${inv.id}/receipt`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain(`${receiptNumber}.pdf`);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    // Its text (receipt number, reference, amount) is read with pdftotext in tests/unit/licensing.test.ts.
  });

  it("DDGAF totals equal an independent sum of the stored invoices and payments", async () => {
    // At least the two licences' invoices are stored (the permit tests add theirs).
    await exporterLicence();
    await buyerLicence();
    const totals = (await read(await as("ddgaf", "/api/fees/totals"))) as unknown as {
      rows: {
        month: string;
        feeType: string;
        currency: string;
        billedMinor: number;
        paidMinor: number;
        outstandingMinor: number;
      }[];
      totals: { currency: string; billedMinor: number; paidMinor: number; outstandingMinor: number }[];
    };
    const billed = await rows<{ month: string; fee_type: string; billed: number; outstanding: number }>(
      "SELECT substr(issued_on, 1, 7) AS month, fee_type, SUM(amount_minor) AS billed, SUM(CASE WHEN status = 'billed' THEN amount_minor ELSE 0 END) AS outstanding FROM fee_invoices WHERE status <> 'cancelled' GROUP BY 1, 2",
    );
    const paidSum = await count("SELECT COALESCE(SUM(amount_minor), 0) AS n FROM fee_payments");
    expect(billed.length).toBeGreaterThan(0);
    for (const b of billed) {
      const row = totals.rows.find((r) => r.month === b.month && r.feeType === b.fee_type)!;
      expect(row.billedMinor).toBe(b.billed);
      expect(row.outstandingMinor).toBe(b.outstanding);
    }
    const usd = totals.totals.find((t) => t.currency === "USD")!;
    expect(usd.paidMinor).toBe(paidSum);
    expect(usd.billedMinor - usd.outstandingMinor).toBe(paidSum);
    // Every invoice was raised at its scheduled amount (exporter licence 500.00, buyer licence 150.00,
    // permit 100.00 …), so the billed total is the schedule's sum over the stored invoices.
    const stored = await rows<{ fee_type: FeeType; amount_minor: number }>(
      "SELECT fee_type, amount_minor FROM fee_invoices WHERE status <> 'cancelled' AND currency = 'USD'",
    );
    for (const invoice of stored) expect(invoice.amount_minor).toBe(FEE_SCHEDULE[invoice.fee_type].amountMinor);
    expect(usd.billedMinor).toBe(stored.reduce((sum, i) => sum + FEE_SCHEDULE[i.fee_type].amountMinor, 0));
    expect((await as("exporter", "/api/fees/totals")).status).toBe(403);
  });
});

describe("IDOR: exporter B never reaches exporter A's licence, permits or invoices", () => {
  it("lists are empty and every id answers 404", async () => {
    const licence = await exporterLicence();
    const { permit, shipmentCode } = await requestedPermit("SHP-2026-000104");
    const b = (path: string, method = "GET", body?: unknown) => as("exporter", path, method, body, tokenB);
    expect(((await read(await b("/api/licences"))).licences as unknown[]).length).toBe(0);
    expect(((await read(await b("/api/permits"))).permits as unknown[]).length).toBe(0);
    expect(((await read(await b("/api/fees/invoices"))).invoices as unknown[]).length).toBe(0);
    expect((await b(`/api/licences/${licence.id}`)).status).toBe(404);
    expect((await b(`/api/licences/${licence.id}/submit`, "POST")).status).toBe(404);
    expect((await b(`/api/permits/${permit.id}`)).status).toBe(404);
    expect((await b("/api/permits", "POST", { shipmentCode })).status).toBe(404);
    const invoice = await one<{ id: string }>("SELECT id FROM fee_invoices WHERE subject_id = ?", licence.id);
    expect((await b(`/api/fees/invoices/${invoice.id}/payments`, "POST", { reference: "MTN-555-0001" })).status).toBe(
      404,
    );
    expect((await b(`/api/fees/invoices/${invoice.id}/receipt`)).status).toBe(404);
    // An applicant cannot name another account: the body's applicantId is ignored, B applies for B.
    const own = await read(
      await b("/api/licences", "POST", {
        type: "exporter",
        companyName: "Other Exports Ltd",
        applicantId: ids.get("exporter"),
      }),
    );
    expect((own.licence as { applicantId: string }).applicantId).toBe("exporter-b");
  });
});
