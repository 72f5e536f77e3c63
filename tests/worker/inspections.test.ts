/** Dispatch to a warehouse, quality inspection graded on the server, rejection, port inspection. */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api as batchApi, buy, one, rows, seedAndSignIn, step, who } from "./batches-fixtures";
import { bearer, call, postForm } from "./helpers";
import { csrfOf } from "./html";
import { GOOD_COCOA, PORT_RECORD, sendToWarehouse } from "./inspections-fixtures";

// biome-ignore lint/suspicious/noExplicitAny: reply bodies are read field by field
const read = async (res: Response): Promise<any> => res.json();

beforeAll(seedAndSignIn);

function api(path: string, as: keyof typeof who, body?: unknown) {
  return bearer(who[as].token, `/api/inspections${path}`, body === undefined ? "GET" : "POST", body);
}

/** A purchase sent to the signed-in warehouse inspector and received there. */
async function atWarehouse(over: Record<string, unknown> = {}) {
  const batch = await buy(over);
  await sendToWarehouse(batch.batchCode, 1000, "Gbarnga warehouse");
  return batch;
}

describe("warehouse inspection", () => {
  it("computes the grade on the server with the criterion that decided it, and stores it once per submission", async () => {
    const b = await atWarehouse();
    const submissionId = crypto.randomUUID();
    const body = { ...GOOD_COCOA, moisturePercent: 8.0, grade: "A+", submissionId };
    const res = await api(`/warehouse/${b.batchCode}`, "warehouse", body);
    const out = await read(res);
    expect(res.status).toBe(201);
    // 8.0 % moisture is above LACRA's 7.5 %: grade D, set by moisture — whatever the client says.
    expect(out.inspection.grade).toBe("D");
    expect(JSON.parse(out.inspection.decidingCriteria)).toEqual(["Moisture: 8.0 %"]);
    expect(out.inspection.moistureTenthPct).toBe(80);
    const stored = await one<{ status: string; grade: string }>("SELECT status, grade FROM batches WHERE id = ?", b.id);
    expect(stored).toEqual({ status: "warehouse_inspected", grade: "D" });
    const again = await api(`/warehouse/${b.batchCode}`, "warehouse", body);
    expect(again.status).toBe(200);
    expect((await rows("SELECT id FROM batch_inspections WHERE batch_id = ?", b.id)).length).toBe(1);
    const notice = await one<{ kind: string; title: string }>(
      "SELECT kind, title FROM notifications WHERE user_id = ? AND subject_id = ? ORDER BY created_at DESC",
      who.buyer.account.id,
      b.batchCode,
    );
    expect(notice).toEqual({ kind: "batch_inspected", title: `Batch ${b.batchCode} passed inspection: grade D` });
  });

  it("grades A+ when every criterion is in the premium band, and names a cut-test criterion when it decides", async () => {
    const premium = await atWarehouse();
    const a = await read(
      await api(`/warehouse/${premium.batchCode}`, "warehouse", {
        ...GOOD_COCOA,
        mouldyPercent: 0.5,
        moisturePercent: 6.8,
        beanCountPer100g: 90,
      }),
    );
    expect(a.inspection.grade).toBe("A+");
    const slaty = await atWarehouse();
    const c = await read(await api(`/warehouse/${slaty.batchCode}`, "warehouse", { ...GOOD_COCOA, slatyPercent: 6 }));
    expect(c.inspection.grade).toBe("C");
    expect(JSON.parse(c.inspection.decidingCriteria)).toEqual(["Slaty beans (cut test): 6.0 %"]);
  });

  it("asks for the missing measurements by field", async () => {
    const b = await atWarehouse();
    const res = await api(`/warehouse/${b.batchCode}`, "warehouse", { moisturePercent: 7 });
    const out = await read(res);
    expect(res.status).toBe(400);
    expect(out.errors.beanCountPer100g).toEqual(["Enter the bean count per 100 g, a whole number like 98"]);
    expect(out.errors.smokyBeans).toEqual(["Say whether smoky beans were found"]);
  });

  it("rejects a failing batch (grade F): it cannot move on, and the buyer is told why", async () => {
    const b = await atWarehouse();
    const smoky = { ...GOOD_COCOA, smokyBeans: "yes" };
    const noDisposition = await api(`/warehouse/${b.batchCode}`, "warehouse", smoky);
    expect(noDisposition.status).toBe(400);
    expect((await read(noDisposition)).errors.disposition[0]).toMatch(/returned to the buyer or destroyed/);
    const res = await api(`/warehouse/${b.batchCode}`, "warehouse", { ...smoky, disposition: "returned_to_buyer" });
    const out = await read(res);
    expect(res.status).toBe(201);
    expect(out.batch.status).toBe("rejected");
    expect(out.inspection.rejectionReason).toBe("Failed quality inspection: Grade F — set by Smoky beans: found");
    const refused = "This batch was rejected at inspection: it cannot move on";
    for (const [as, path, body] of [
      ["warehouse", "/transfer", step("warehouse_inspected", 1000)],
      ["warehouse", "/split", { weights: [500, 400] }],
      ["ddgots", "/compliance", { decision: "mark_compliant" }],
      ["ddgots", "/compliance", { decision: "recheck" }],
      ["port", "/transfer", step("port_inspected", 1000)],
    ] as const) {
      const r = await batchApi(`/${b.batchCode}${path}`, as, body);
      expect(r.status, `${as} ${path}`).toBe(409);
      expect((await read(r)).message).toContain(refused);
    }
    const merge = await batchApi("/merge", "warehouse", { batchCodes: [b.batchCode, (await atWarehouse()).batchCode] });
    expect(merge.status).toBe(409);
    expect((await read(merge)).message).toContain(refused);
    const port = await api(`/port/${b.batchCode}`, "port", {
      port: "Freeport",
      containerNumber: "MSCU1234567",
      sealNumber: "SL123",
      decision: "sign_off",
    });
    expect(port.status).toBe(409);
    const notice = await one<{ kind: string; body: string }>(
      "SELECT kind, body FROM notifications WHERE user_id = ? AND subject_id = ? AND kind = 'batch_rejected'",
      who.buyer.account.id,
      b.batchCode,
    );
    expect(notice.body).toContain("Smoky beans: found");
    expect(notice.body).toContain("Returned to the buyer");
    const page = await call(`/batches/${b.batchCode}`, { headers: { Cookie: who.buyer.cookie } });
    expect(await page.text()).toContain("Rejected at inspection");
  });

  it("refuses another warehouse's batch (IDOR) and a buyer's dispatch of a batch they do not hold", async () => {
    await env.DB.prepare(
      "INSERT INTO users (id, login_id, login_id_normalized, role, first_name, last_name, password_hash) VALUES ('wh-2', 'WH-OTHER', 'WH-OTHER', 'warehouse_inspector', 'Other', 'Warehouse', 'x')",
    ).run();
    const b = await buy();
    expect((await api(`/dispatch/${b.batchCode}`, "buyer", { warehouseInspectorId: "wh-2" })).status).toBe(201);
    const receive = await api(`/warehouse/${b.batchCode}/receive`, "warehouse", {
      weightKg: 1000,
      location: "Gbarnga",
    });
    expect(receive.status).toBe(404);
    const generic = await batchApi(`/${b.batchCode}/transfer`, "warehouse", step("warehouse_received", 1000));
    expect(generic.status).toBe(404);
    const inspect = await api(`/warehouse/${b.batchCode}`, "warehouse", GOOD_COCOA);
    expect(inspect.status).toBe(404);
    const queue = await read(await api("/intake", "warehouse"));
    expect(queue.batches.map((q: { batchCode: string }) => q.batchCode)).not.toContain(b.batchCode);
    // The dispatch target must be a warehouse inspector; the port inspector cannot dispatch.
    expect((await api(`/dispatch/${b.batchCode}`, "buyer", { warehouseInspectorId: who.port.account.id })).status).toBe(
      400,
    );
    expect((await api(`/dispatch/${b.batchCode}`, "port", { warehouseInspectorId: "wh-2" })).status).toBe(403);
  });

  it("keeps the measurements the quality certificate prints (PDF bytes: tests/unit/inspection-certificates.test.ts)", async () => {
    const b = await atWarehouse();
    await api(`/warehouse/${b.batchCode}`, "warehouse", { ...GOOD_COCOA, moisturePercent: 7.4, beanCountPer100g: 104 });
    const res = await bearer(who.warehouse.token, `/api/certificates/quality/batch/${b.batchCode}`, "POST");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
  });
});

describe("port inspection", () => {
  const record = (over: Record<string, unknown> = {}) => ({ ...PORT_RECORD, ...over });

  it("a refusal holds the batch until a later inspection signs it off; the record is stored once per submission", async () => {
    const b = await atWarehouse();
    await api(`/warehouse/${b.batchCode}`, "warehouse", GOOD_COCOA);
    const submissionId = crypto.randomUUID();
    const refusal = record({ decision: "refuse", refusalReason: "Live weevils found in two bags", submissionId });
    expect((await api(`/port/${b.batchCode}`, "port", refusal)).status).toBe(201);
    expect((await api(`/port/${b.batchCode}`, "port", refusal)).status).toBe(200);
    expect((await rows("SELECT id FROM port_inspections WHERE batch_id = ?", b.id)).length).toBe(1);
    const moveOn = await batchApi(`/${b.batchCode}/transfer`, "port", step("port_inspected", 1000));
    expect(moveOn.status).toBe(409);
    expect((await read(moveOn)).message).toContain("held at port inspection (Live weevils found in two bags)");
    const certify = await batchApi(`/${b.batchCode}/compliance`, "ddgots", { decision: "mark_compliant" });
    expect(certify.status).toBe(409);
    const queue = await read(await api("/port", "port"));
    const item = queue.batches.find((q: { batchCode: string }) => q.batchCode === b.batchCode);
    expect(item.blockers.map((x: { code: string }) => x.code)).toEqual(
      expect.arrayContaining(["port_refused", "dds_missing"]),
    );
    const signed = await api(`/port/${b.batchCode}`, "port", record());
    expect(signed.status).toBe(201);
    expect((await read(signed)).batch.status).toBe("port_inspected");
  });

  it("issues the phytosanitary certificate of a signed-off batch", async () => {
    const b = await atWarehouse();
    await api(`/warehouse/${b.batchCode}`, "warehouse", GOOD_COCOA);
    await api(`/port/${b.batchCode}`, "port", record({ containerNumber: "TGHU7654321" }));
    const res = await bearer(who.port.token, `/api/certificates/phytosanitary/batch/${b.batchCode}`, "POST");
    expect(res.status).toBe(200);
  });
});

// The offline outbox (ADR 027) resends an inspection form to the PAGE action; it answers
// the receipt (the inspection's id) or the refusal in headers, and a resend stores nothing new.
describe("the inspection pages answer the outbox", () => {
  const page = (as: "warehouse" | "port", code: string) => `/${as}-inspector-dashboard/inspect/${code}`;
  async function pageForm(as: "warehouse" | "port", code: string, fields: Record<string, unknown>) {
    const html = await (await call(page(as, code), { headers: { Cookie: who[as].cookie } })).text();
    const form = new FormData();
    form.set("csrf", csrfOf(html));
    for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
    return form;
  }
  const send = (as: "warehouse" | "port", code: string, form: FormData) =>
    postForm(page(as, code), who[as].cookie, form, { "X-Outbox": "1" });
  const counts = async (batchId: string) => ({
    quality: (await rows("SELECT id FROM batch_inspections WHERE batch_id = ?", batchId)).length,
    port: (await rows("SELECT id FROM port_inspections WHERE batch_id = ?", batchId)).length,
    custody: (await rows("SELECT id FROM custody_events WHERE batch_id = ?", batchId)).length,
  });
  /**
   * Sends the page's form twice, as the outbox resends: first 201 with the stored row's id
   * (`table`) as receipt, then 200 with the same receipt and nothing more stored.
   */
  async function storedOnce(
    as: "warehouse" | "port",
    b: { id: string; batchCode: string },
    fields: object,
    table: string,
  ) {
    const form = await pageForm(as, b.batchCode, { ...fields, submissionId: crypto.randomUUID() });
    const first = await send(as, b.batchCode, form);
    expect(first.status).toBe(201);
    const receipt = first.headers.get("X-Outbox-Receipt");
    expect(receipt).toBe((await one<{ id: string }>(`SELECT id FROM ${table} WHERE batch_id = ?`, b.id)).id);
    const before = await counts(b.id);
    const again = await send(as, b.batchCode, form);
    expect(again.status).toBe(200);
    expect(again.headers.get("X-Outbox-Receipt")).toBe(receipt);
    expect(await counts(b.id)).toEqual(before);
  }

  it("warehouse: a resend returns the same receipt and stores one inspection; a refusal names the field", async () => {
    const b = await atWarehouse();
    const refused = await send(
      "warehouse",
      b.batchCode,
      await pageForm("warehouse", b.batchCode, { moisturePercent: 7 }),
    );
    expect(refused.status).toBe(400);
    expect(refused.headers.get("X-Outbox-Receipt")).toBeNull();
    const detail = JSON.parse(decodeURIComponent(refused.headers.get("X-Outbox-Error")!));
    expect(detail.fieldErrors.smokyBeans).toEqual(["Say whether smoky beans were found"]);

    await storedOnce("warehouse", b, GOOD_COCOA, "batch_inspections");
  });

  it("port: a resend returns the same receipt and stores one inspection; a refusal names the field", async () => {
    const b = await atWarehouse();
    await api(`/warehouse/${b.batchCode}`, "warehouse", GOOD_COCOA);
    const fields = {
      port: "Freeport of Monrovia",
      containerNumber: "MSCU7654321",
      sealNumber: "SL-12345",
      decision: "sign_off",
    };
    const refused = await send(
      "port",
      b.batchCode,
      await pageForm("port", b.batchCode, { ...fields, containerNumber: "" }),
    );
    expect(refused.status).toBe(400);
    const detail = JSON.parse(decodeURIComponent(refused.headers.get("X-Outbox-Error")!));
    expect(Object.keys(detail.fieldErrors)).toContain("containerNumber");

    await storedOnce("port", b, fields, "port_inspections");
  });
});
