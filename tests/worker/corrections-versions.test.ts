/**
 * Corrections as versions, never overwrites (ADR 031): DDS numbers corrected by the
 * exporter and a warehouse inspection corrected by its inspector (the grade computed again), each
 * with who, when and why, the audit row and both versions on the batch page. Split from
 * corrections.test.ts.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, buy, buyAndExport, seedAndSignIn, who } from "./batches-fixtures";
import { records, send, versionsTable } from "./corrections-fixtures";
import { bearer, count, one, rows } from "./helpers";
import { pageText } from "./html";
import { GOOD_COCOA, sendToWarehouse } from "./inspections-fixtures";

beforeAll(seedAndSignIn, 60_000);

describe("correcting DDS numbers (a new version, never an overwrite)", () => {
  let code: string;
  let batchId: string;
  const dds = (as: keyof typeof who, body: Record<string, unknown>) =>
    send(api(`/${code}/dds`, as, body) as Promise<Response>);
  const versionsOfDds = () =>
    rows<{
      version: number;
      kind: string;
      data: string;
      reason: string | null;
      corrects_id: string | null;
      id: string;
    }>(
      "SELECT id, version, kind, data, reason, corrects_id FROM record_versions WHERE record_type = 'batch_dds' AND record_id = ? ORDER BY version",
      batchId,
    );

  beforeAll(async () => {
    const b = await buyAndExport();
    code = b.batchCode;
    batchId = b.id;
  }, 60_000);

  it("the first recording is version 1, as recorded", async () => {
    const versions = await versionsOfDds();
    expect(versions.map((v) => [v.version, v.kind])).toEqual([[1, "original"]]);
    expect(JSON.parse(versions[0]!.data)).toEqual({ ddsReference: "25LRXQ4K3P5581", ddsVerification: "KYRPJKI6" });
  });

  it("refuses changed numbers without a reason of 10 characters, and anyone but the exporter", async () => {
    const short = await dds("exporter", {
      ddsReference: "25LRXQ4K3P9999",
      ddsVerification: "KYRPJKI6",
      reason: "typo",
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(
      "DDS numbers are already recorded: give the reason for changing them (at least 10 characters)",
    );
    expect((short.body.errors as Record<string, string[]>).reason).toEqual([
      "Give the reason for the correction (at least 10 characters)",
    ]);
    const buyer = await dds("buyer", {
      ddsReference: "25LRXQ4K3P9999",
      ddsVerification: "KYRPJKI6",
      reason: "The operator re-filed the statement",
    });
    expect(buyer.status).toBe(403);
    expect((await versionsOfDds()).length).toBe(1);
    expect(await one<{ r: string }>("SELECT dds_reference AS r FROM batches WHERE id = ?", batchId)).toEqual({
      r: "25LRXQ4K3P5581",
    });
    // The same numbers again change nothing and need no reason.
    expect((await dds("exporter", { ddsReference: "25LRXQ4K3P5581", ddsVerification: "KYRPJKI6" })).status).toBe(200);
    expect((await versionsOfDds()).length).toBe(1);
  });

  it("keeps both versions, with who, when and why, the audit row and the batch page showing them", async () => {
    const res = await dds("exporter", {
      ddsReference: "25lrxq4k3p9999",
      ddsVerification: "kyrpjki6",
      reason: "The operator re-filed the statement",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ version: 2 });
    const versions = await versionsOfDds();
    expect(versions.map((v) => [v.version, v.kind, v.reason])).toEqual([
      [1, "original", null],
      [2, "correction", "The operator re-filed the statement"],
    ]);
    expect(versions[1]!.corrects_id).toBe(versions[0]!.id);
    expect(JSON.parse(versions[1]!.data)).toEqual({ ddsReference: "25LRXQ4K3P9999", ddsVerification: "KYRPJKI6" });
    const audit = await one<{ before: string; after: string }>(
      "SELECT before, after FROM audit_log WHERE entity_id = ? AND action = 'batch.record_dds' ORDER BY id DESC LIMIT 1",
      code,
    );
    expect(JSON.parse(audit.before)).toMatchObject({ ddsReference: "25LRXQ4K3P5581" });
    expect(JSON.parse(audit.after)).toMatchObject({
      ddsReference: "25LRXQ4K3P9999",
      version: 2,
      reason: "The operator re-filed the statement",
    });
    const html = await pageText(`/batches/${code}`, who.exporter.cookie);
    const table = versionsTable(html);
    expect(table).toContain("DDS numbers · 1 · As recorded · DDS 25LRXQ4K3P5581 / KYRPJKI6");
    expect(table).toContain("DDS numbers · 2 · Correction · DDS 25LRXQ4K3P9999 / KYRPJKI6");
    expect(table).toContain("Reason: The operator re-filed the statement");
    // The page's DDS form now asks for the reason (JavaScript off).
    expect(html).toContain("Reason for changing them");
  });
});

describe("correcting a warehouse inspection (the grade computed again)", () => {
  let code: string;
  let batchId: string;
  const inspections = (path: string, as: keyof typeof who, body: unknown) =>
    bearer(who[as].token, `/api/inspections${path}`, "POST", body);
  const fix = (as: keyof typeof who, body: unknown) => send(records(`/${code}/inspection/corrections`, as, body));

  beforeAll(async () => {
    const b = await buy({ plotCodes: ["PLT-000001-02"], weightKg: 20, harvestDate: "2026-04-02" });
    code = b.batchCode;
    batchId = b.id;
    await sendToWarehouse(code, 20);
    // 8.0 % moisture (misread): grade D.
    const inspected = await inspections(`/warehouse/${code}`, "warehouse", { ...GOOD_COCOA, moisturePercent: 8.0 });
    expect(inspected.status).toBe(201);
  }, 60_000);

  it("refuses a short reason, someone who did not inspect it, a role that corrects nothing, and a change of outcome", async () => {
    const short = await fix("warehouse", { moisturePercent: 7.2, reason: "meter" });
    expect(short.status).toBe(400);
    expect((short.body.errors as Record<string, string[]>).reason).toEqual([
      "Give the reason for the correction (at least 10 characters)",
    ]);
    const buyer = await fix("buyer", { moisturePercent: 7.2, reason: "The moisture meter was misread" });
    expect(buyer.status).toBe(403);
    expect(buyer.body.message).toBe("You can only correct records you recorded yourself");
    expect((await fix("exporter", { moisturePercent: 7.2, reason: "The moisture meter was misread" })).status).toBe(
      403,
    );
    const reject = await fix("warehouse", { moisturePercent: 25, reason: "The moisture meter was misread" });
    expect(reject.status).toBe(409);
    expect(reject.body.message).toBe(
      "The corrected measurements would change the outcome (pass or rejection): void the inspection step and record it again",
    );
    expect((await one<{ grade: string }>("SELECT grade FROM batches WHERE id = ?", batchId)).grade).toBe("D");
  });

  it("keeps both versions, computes the grade again and the batch takes it; the page shows both", async () => {
    const res = await fix("warehouse", {
      moisturePercent: 7.2,
      reason: "The moisture meter was misread",
      baseVersion: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ version: 2 });
    const grade = res.body.grade as string;
    expect(grade).not.toBe("D");
    expect((await one<{ grade: string }>("SELECT grade FROM batches WHERE id = ?", batchId)).grade).toBe(grade);
    expect(
      await one<{ grade: string; m: number }>(
        "SELECT grade, moisture_tenth_pct AS m FROM batch_inspections WHERE batch_id = ?",
        batchId,
      ),
    ).toEqual({ grade, m: 72 });
    const versions = await rows<{ version: number; kind: string; data: string; reason: string | null }>(
      "SELECT version, kind, data, reason FROM record_versions WHERE record_type = 'batch_inspection' AND batch_id = ? ORDER BY version",
      batchId,
    );
    expect(versions.map((v) => [v.version, v.kind, v.reason])).toEqual([
      [1, "original", null],
      [2, "correction", "The moisture meter was misread"],
    ]);
    expect(JSON.parse(versions[0]!.data)).toMatchObject({ moistureTenthPct: 80, grade: "D" });
    expect(JSON.parse(versions[1]!.data)).toMatchObject({ moistureTenthPct: 72, grade });
    expect(
      await count(
        "SELECT count(*) AS n FROM audit_log WHERE action = 'batch_inspection.correct' AND entity_id = ?",
        code,
      ),
    ).toBe(1);
    const html = await pageText(`/batches/${code}`, who.warehouse.cookie);
    const table = versionsTable(html);
    expect(table).toContain("Warehouse inspection · 1 · As recorded · moisture 8.0 % · grade D");
    expect(table).toContain(`Warehouse inspection · 2 · Correction · moisture 7.2 % · grade ${grade}`);
    expect(table).toContain("Reason: The moisture meter was misread");
    expect(html).toContain('name="intent" value="correct_inspection"');
  });

  it("is refused once the batch is exported", async () => {
    await env.DB.prepare("UPDATE batches SET status = 'exported' WHERE id = ?").bind(batchId).run();
    const res = await fix("ddgots", { moisturePercent: 7.0, reason: "Measured again at the port" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("The batch has been exported or shipped: its records can no longer be corrected");
  });
});
