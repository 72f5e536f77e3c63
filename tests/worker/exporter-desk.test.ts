/**
 * The exporter's desk: inspection requests (request → the inspector sees it, schedules and
 * completes it → the exporter sees the outcome, grade and notes, and the fee invoice), certificates
 * with the registry's state, payments for purchased stock with receipts, and the statement (CSV
 * totals against an independent sum, PDF bytes carrying the totals). Exporter B never reaches
 * exporter A's requests, certificates, invoices, stock payments or statement.
 */
import { env } from "cloudflare:test";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "#worker/auth/roles";
import { secondExporter } from "./auth-helpers";
import { insertBatch, insertCertificate, once, sessionAs } from "./factories";
import { bearer, call, one } from "./helpers";

const tokens = new Map<string, string>();
const cookies = new Map<string, string>();
const ids = new Map<string, string>();
type Body = { success: boolean; message?: string; [k: string]: unknown };

function as(who: string, path: string, method = "GET", body?: unknown) {
  return bearer(tokens.get(who), path, method, body);
}
const read = async (res: Response) => (await res.json()) as Body;
const today = new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

const batch = (code: string, holderId: string, createdBy: string) =>
  insertBatch({
    id: `b-${code}`,
    batchCode: code,
    weightG: 500_000,
    status: "warehouse_received",
    holderId,
    createdBy,
  });
async function certificate(number: string, subjectId: string, status: string, expiresAt: string) {
  await insertCertificate({
    certificateNumber: number,
    type: "quality",
    subjectType: "batch",
    subjectId,
    r2Key: `certs/${number}.pdf`,
    status,
    issuedAt: inDays(-30),
    expiresAt,
    revocationReason: status === "revoked" ? "Moisture readings were falsified" : null,
  });
  await env.CERTS.put(`certs/${number}.pdf`, `%PDF-1.7 test ${number}`);
}

beforeAll(async () => {
  for (const role of ROLES) {
    const s = await sessionAs(role);
    tokens.set(role, s.token);
    cookies.set(role, s.cookie);
    ids.set(role, s.account.id);
  }
  tokens.set("exporterB", (await secondExporter("EXP-20260201-778")).token);
  const [a, b, buyer] = [ids.get("exporter")!, "exporter-b", ids.get("buyer")!];
  await batch("LR-COC-2026-700001", a, buyer);
  await batch("LR-COC-2026-700002", a, buyer);
  await batch("LR-COC-2026-700009", b, buyer);
  await certificate("LR-QLT-2026-EXA001", "LR-COC-2026-700001", "valid", inDays(300));
  await certificate("LR-QLT-2026-EXA002", "LR-COC-2026-700002", "revoked", inDays(300));
  // Valid in the table but past its date: the registry says expired (the nightly job has not run).
  await certificate("LR-QLT-2026-EXA003", "LR-COC-2026-700002", "valid", inDays(-1));
  await certificate("LR-QLT-2026-EXB001", "LR-COC-2026-700009", "valid", inDays(300));
  // Valid, but its validity ends within 14 days: flagged "Expires soon".
  await certificate("LR-QLT-2026-EXA004", "LR-COC-2026-700001", "valid", inDays(10));
}, 180_000);

/** The warehouse inspector's passed inspection of LR-COC-2026-700001: what completes a request on it. */
const inspected = once(async () => {
  await env.DB.prepare(
    `INSERT INTO batch_inspections (id, batch_id, inspector_id, inspected_at, commodity, moisture_tenth_pct, foreign_matter_tenth_pct, grade, deciding_criteria, outcome, note)
     VALUES ('bi-700001', 'b-LR-COC-2026-700001', ?, ?, 'Cocoa', 72, 5, 'A', '[]', 'passed', 'Well-fermented, dry beans')`,
  )
    .bind(ids.get("warehouse_inspector"), new Date().toISOString())
    .run();
});

/** The exporter's warehouse inspection request on LR-COC-2026-700001: its id. */
async function requestInspection() {
  const created = await as("exporter", "/api/exporter/inspection-requests", "POST", {
    kind: "warehouse",
    subjectCode: "LR-COC-2026-700001",
    preferredDate: today,
    note: "Bags on pallets 3 and 4",
  });
  const body = await read(created);
  expect(created.status, body.message).toBe(201);
  return (body.request as { id: string }).id;
}

/** A request scheduled and completed by the warehouse inspector, which raised its fee invoice: its id. */
const completedRequest = once(async () => {
  const id = await requestInspection();
  const at = `/api/exporter/inspection-requests/${id}`;
  expect((await as("warehouse_inspector", `${at}/schedule`, "POST", { scheduledFor: today })).status).toBe(200);
  await inspected();
  expect((await as("warehouse_inspector", `${at}/complete`, "POST", {})).status).toBe(200);
  return id;
});

describe("inspection requests", () => {
  it("the exporter requests; the warehouse inspector sees it, schedules and completes it; the exporter sees outcome and invoice", async () => {
    const requestId = await requestInspection();
    // The inspector got the notice, and sees it in the queue (API and dashboard page).
    expect(
      (
        await one<{ n: number }>(
          "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'inspection_scheduled'",
          ids.get("warehouse_inspector"),
        )
      ).n,
    ).toBeGreaterThan(0);
    const queue = (await read(await as("warehouse_inspector", "/api/exporter/inspection-requests"))).requests as {
      id: string;
    }[];
    expect(queue.map((r) => r.id)).toContain(requestId);
    const page = await call("/warehouse-inspector-dashboard", {
      headers: { Cookie: cookies.get("warehouse_inspector")! },
    });
    expect(await page.text()).toContain('data-testid="inspection-request-LR-COC-2026-700001"');
    // The port inspector does not handle warehouse requests.
    const portQueue = (await read(await as("port_inspector", "/api/exporter/inspection-requests"))).requests as {
      id: string;
    }[];
    expect(portQueue.map((r) => r.id)).not.toContain(requestId);
    expect(
      (
        await as("port_inspector", `/api/exporter/inspection-requests/${requestId}/schedule`, "POST", {
          scheduledFor: today,
        })
      ).status,
    ).toBe(404);

    const early = await as(
      "warehouse_inspector",
      `/api/exporter/inspection-requests/${requestId}/complete`,
      "POST",
      {},
    );
    expect(early.status).toBe(409);
    expect(
      (
        await as("warehouse_inspector", `/api/exporter/inspection-requests/${requestId}/schedule`, "POST", {
          scheduledFor: today,
        })
      ).status,
    ).toBe(200);
    await inspected();
    const done = await as("warehouse_inspector", `/api/exporter/inspection-requests/${requestId}/complete`, "POST", {});
    const doneBody = await read(done);
    expect(done.status, doneBody.message).toBe(200);

    const mine = (await read(await as("exporter", "/api/exporter/inspection-requests"))).requests as {
      id: string;
      status: string;
      outcome: { outcome: string; grade: string; notes: string[] };
    }[];
    const r = mine.find((x) => x.id === requestId)!;
    expect(r.status).toBe("done");
    expect(r.outcome).toMatchObject({ outcome: "passed", grade: "A", notes: ["Well-fermented, dry beans"] });
    const html = await (await call("/exporter/inspections", { headers: { Cookie: cookies.get("exporter")! } })).text();
    expect(html).toContain("grade A");
    expect(html).toContain("Well-fermented, dry beans");
    // The inspection fee invoice (USD 75.00, worker/domain/fees.ts) is the exporter's.
    const invoice = await one<{ amount_minor: number; currency: string; payer_id: string; fee_type: string }>(
      "SELECT * FROM fee_invoices WHERE subject_type = 'inspection' AND subject_id = ?",
      requestId,
    );
    expect(invoice).toMatchObject({
      amount_minor: 7_500,
      currency: "USD",
      payer_id: ids.get("exporter"),
      fee_type: "warehouse_inspection",
    });
  });

  it("exporter B can neither request on A's batch nor see or cancel A's request", async () => {
    const res = await as("exporterB", "/api/exporter/inspection-requests", "POST", {
      kind: "port",
      subjectCode: "LR-COC-2026-700001",
      preferredDate: today,
    });
    expect(res.status).toBe(404);
    expect((await read(res)).message).toBe("No batch or shipment of yours with code LR-COC-2026-700001");
    const list = (await read(await as("exporterB", "/api/exporter/inspection-requests"))).requests as unknown[];
    expect(list).toEqual([]);
    const idOfA = await requestInspection();
    expect((await as("exporterB", `/api/exporter/inspection-requests/${idOfA}/cancel`, "POST")).status).toBe(404);
    expect((await as("exporter", `/api/exporter/inspection-requests/${idOfA}/cancel`, "POST")).status).toBe(200);
  });
});

describe("certificates", () => {
  it("shows each certificate with the registry's state (valid, revoked, expired), and only mine", async () => {
    const list = (await read(await as("exporter", "/api/exporter/certificates"))).certificates as {
      certificateNumber: string;
      status: string;
      expiresSoon: boolean;
    }[];
    const states = Object.fromEntries(list.map((c) => [c.certificateNumber, c.status]));
    expect(states).toEqual({
      "LR-QLT-2026-EXA001": "valid",
      "LR-QLT-2026-EXA002": "revoked",
      "LR-QLT-2026-EXA003": "expired",
      "LR-QLT-2026-EXA004": "valid",
    });
    // Only the valid one ending within 14 days is flagged (the expired one is expired, not "soon").
    expect(list.filter((c) => c.expiresSoon).map((c) => c.certificateNumber)).toEqual(["LR-QLT-2026-EXA004"]);
    // The same states as the public registry.
    for (const [number, status] of Object.entries(states)) {
      const v = (await read(await call(`/api/certificates/verify/${number}`))).certificate as { status: string };
      expect(v.status).toBe(status);
    }
    const html = await (await call("/exporter/certificates", { headers: { Cookie: cookies.get("exporter")! } })).text();
    expect(html).toContain('href="/verify/LR-QLT-2026-EXA001"');
    const soon = html.slice(html.indexOf('data-testid="certificate-LR-QLT-2026-EXA004"'));
    expect(soon.slice(0, soon.indexOf("</li>"))).toContain("Expires soon");
    const valid = html.slice(html.indexOf('data-testid="certificate-LR-QLT-2026-EXA001"'));
    expect(valid.slice(0, valid.indexOf("</li>"))).not.toContain("Expires soon");
    expect(html).not.toContain("EXB001");
    const pdf = await as("exporter", "/api/exporter/certificates/LR-QLT-2026-EXA001/pdf");
    expect(pdf.status).toBe(200);
    expect(await pdf.text()).toContain("LR-QLT-2026-EXA001");
    expect((await as("exporterB", "/api/exporter/certificates/LR-QLT-2026-EXA001/pdf")).status).toBe(404);
    const b = (await read(await as("exporterB", "/api/exporter/certificates"))).certificates as {
      certificateNumber: string;
    }[];
    expect(b.map((c) => c.certificateNumber)).toEqual(["LR-QLT-2026-EXB001"]);
  });
});

const pdfText = async (res: Response) => {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  return bytes;
};

/** A payment of the exporter to the buyer for stock (1,250.75 USD for both batches, unless `over` says). */
async function payStock(over: Record<string, unknown> = {}) {
  const buyerLogin = (await one<{ login_id: string }>("SELECT login_id FROM users WHERE id = ?", ids.get("buyer")))
    .login_id;
  return as("exporter", "/api/exporter/stock-payments", "POST", {
    payeeLoginId: buyerLogin,
    batchCodes: "LR-COC-2026-700001, LR-COC-2026-700002",
    amount: "1,250.75",
    currency: "USD",
    reference: "ECO-TRX-88231",
    paidOn: today,
    ...over,
  });
}

/** The exporter's two stock payments: 1,250.75 USD, and 300,000 LRD for LR-COC-2026-700002. */
const stockPayments = once(async () => {
  const ok1 = await payStock();
  const b1 = await read(ok1);
  expect(ok1.status, b1.message).toBe(201);
  const ok2 = await payStock({
    amount: "300000",
    currency: "LRD",
    batchCodes: "LR-COC-2026-700002",
    reference: "MTN-55310",
  });
  expect(ok2.status).toBe(201);
  return { b1 };
});

describe("payments", () => {
  it("records stock payments only for my batches and their seller, with a receipt; B sees none of it", async () => {
    const notMine = await payStock({ batchCodes: "LR-COC-2026-700009" });
    expect(notMine.status).toBe(404);
    expect((await read(notMine)).message).toContain("Batch LR-COC-2026-700009 is not stock you hold or ship");
    const { b1 } = await stockPayments();
    const id = (b1.payment as { id: string }).id;
    const receipt = await as("exporter", `/api/exporter/stock-payments/${id}/receipt`);
    expect(receipt.status).toBe(200);
    const doc = await PDFDocument.load(await pdfText(receipt));
    expect(doc.getSubject()).toContain("LR-COC-2026-700001");
    expect((await as("exporterB", `/api/exporter/stock-payments/${id}/receipt`)).status).toBe(404);
    expect((await read(await as("exporterB", "/api/exporter/stock-payments"))).payments).toEqual([]);
    expect((await read(await as("ddgaf", "/api/exporter/stock-payments"))).payments).toHaveLength(2);
    // B's invoice list holds none of A's.
    const bInvoices = (await read(await as("exporterB", "/api/fees/invoices"))).invoices as unknown[];
    expect(bInvoices).toEqual([]);
  });

  it("the statement's CSV totals match an independent sum per currency; the PDF carries them; B's is empty", async () => {
    await stockPayments();
    // Pay the inspection fee too, so the statement mixes fees and stock.
    const invoice = await one<{ id: string }>(
      "SELECT id FROM fee_invoices WHERE subject_id = ?",
      await completedRequest(),
    );
    expect(
      (await as("exporter", `/api/fees/invoices/${invoice.id}/payments`, "POST", { reference: "BANK-7781" })).status,
    ).toBe(201);
    const range = `from=${today.slice(0, 4)}-01-01&to=${today}`;
    const csvRes = await as("exporter", `/api/exporter/statement.csv?${range}`);
    expect(csvRes.status).toBe(200);
    const lines = (await csvRes.text()).trim().split("\r\n").slice(1);
    const sums = new Map<string, number>();
    const totals = new Map<string, string>();
    for (const line of lines) {
      const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, "").replace(/^"|"$/g, ""));
      if (cells[1] === "total") totals.set(cells[6]!, cells[5]!);
      else sums.set(cells[6]!, (sums.get(cells[6]!) ?? 0) + Math.round(Number(cells[5]) * 100));
    }
    // USD: 1,250.75 stock + 75.00 inspection fee; LRD: 300,000.00 stock — never mixed.
    expect(Object.fromEntries(sums)).toEqual({ USD: 132_575, LRD: 30_000_000 });
    expect(Object.fromEntries(totals)).toEqual({ USD: "1325.75", LRD: "300000.00" });

    const pdfRes = await as("exporter", `/api/exporter/statement.pdf?${range}`);
    expect(pdfRes.status).toBe(200);
    const bytes = await pdfText(pdfRes);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe(`Payment statement ${today.slice(0, 4)}-01-01 to ${today}`);
    const json = (await read(await as("exporter", `/api/exporter/statement?${range}`))) as unknown as {
      totals: { currency: string; totalMinor: number }[];
    };
    expect(json.totals).toEqual([
      expect.objectContaining({ currency: "USD", totalMinor: 132_575 }),
      expect.objectContaining({ currency: "LRD", totalMinor: 30_000_000 }),
    ]);
    const html = await (
      await call(`/exporter-payment-services?${range}`, { headers: { Cookie: cookies.get("exporter")! } })
    ).text();
    expect(html.replaceAll("<!-- -->", "")).toContain("Total USD: US$ 1,325.75");
    expect(html).toContain("Payments are recorded, not executed, by the platform");
    const bStatement = (await read(await as("exporterB", `/api/exporter/statement?${range}`))) as unknown as {
      lines: unknown[];
    };
    expect(bStatement.lines).toEqual([]);
    expect((await as("exporter", "/api/exporter/statement?from=2026-05-01&to=2026-04-01")).status).toBe(400);
  });
});

describe("role matrix", () => {
  const STAFF = ["dg", "ddgots", "ddgaf", "office_admin", "system_administrator"];
  const RULES: [string, string[], (role: string) => Promise<Response>][] = [
    [
      "GET /api/exporter/inspection-requests",
      ["exporter", "warehouse_inspector", "port_inspector", ...STAFF],
      (r) => as(r, "/api/exporter/inspection-requests"),
    ],
    [
      "POST /api/exporter/inspection-requests",
      ["exporter"],
      (r) =>
        as(r, "/api/exporter/inspection-requests", "POST", {
          kind: "port",
          subjectCode: "SHP-2026-999999",
          preferredDate: today,
        }),
    ],
    [
      "POST /api/exporter/inspection-requests/{id}/schedule",
      ["warehouse_inspector", "port_inspector"],
      (r) => as(r, "/api/exporter/inspection-requests/nope/schedule", "POST", { scheduledFor: today }),
    ],
    ["GET /api/exporter/certificates", ["exporter"], (r) => as(r, "/api/exporter/certificates")],
    [
      "GET /api/exporter/stock-payments",
      ["exporter", "dg", "ddgaf", "office_admin"],
      (r) => as(r, "/api/exporter/stock-payments"),
    ],
    ["POST /api/exporter/stock-payments", ["exporter"], (r) => as(r, "/api/exporter/stock-payments", "POST", {})],
    [
      "GET /api/exporter/statement.csv",
      ["exporter"],
      (r) => as(r, `/api/exporter/statement.csv?from=${today}&to=${today}`),
    ],
  ];
  for (const [name, allowed, send] of RULES)
    it(name, async () => {
      for (const role of ROLES) {
        const res = await send(role);
        if (allowed.includes(role)) expect(res.status, role).not.toBe(403);
        else expect(res.status, role).toBe(403);
      }
    });

  it("the three pages: the exporter gets them, other roles a 403 page", async () => {
    for (const path of ["/exporter/inspections", "/exporter/certificates", "/exporter-payment-services"])
      for (const role of ROLES) {
        const res = await call(path, { headers: { Cookie: cookies.get(role)! } });
        expect(res.status, `${path} as ${role}`).toBe(role === "exporter" ? 200 : 403);
      }
  });
});
