/**
 * Corrections of a port (phytosanitary) inspection (ADR 031): the port inspector who
 * recorded it within 48 hours, DDGOTS or an office administrator after; a new version beside the
 * old one with who, when and why and the audit row; a changed decision signs the batch off or
 * holds it; the phytosanitary certificate whose printed data changed is superseded; refused once
 * the batch is exported; both versions on the port inspection page and the batch page.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api as batchApi, buy, seedAndSignIn, step, who } from "./batches-fixtures";
import { correctAfterShortReason, issueBatchCertificate, records, send, versionsTable } from "./corrections-fixtures";
import { bearer, count, one, postForm, rows } from "./helpers";
import { csrfOf, pageText } from "./html";
import { GOOD_COCOA, PORT_RECORD, sendToWarehouse } from "./inspections-fixtures";

beforeAll(seedAndSignIn, 60_000);

const fix = (code: string, as: keyof typeof who, body: unknown) =>
  send(records(`/${code}/port-inspection/corrections`, as, body));

/** A purchase inspected at the warehouse and then at the port with `port` (a sign-off by default). */
async function portInspected(port: Record<string, unknown> = {}) {
  const b = await buy({ plotCodes: ["PLT-000001-02"], weightKg: 25, harvestDate: "2026-04-03" });
  const inspections = (path: string, as: keyof typeof who, body: unknown) =>
    send(bearer(who[as].token, `/api/inspections${path}`, "POST", body));
  await sendToWarehouse(b.batchCode, 25);
  expect((await inspections(`/warehouse/${b.batchCode}`, "warehouse", GOOD_COCOA)).status).toBe(201);
  const recorded = await inspections(`/port/${b.batchCode}`, "port", { ...PORT_RECORD, ...port });
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
  return b;
}
const batchRow = (id: string) =>
  one<{ status: string; holder_id: string }>("SELECT status, holder_id FROM batches WHERE id = ?", id);
/** The batch's port custody steps that still stand, or that were voided. */
const portSteps = (batchId: string, which: "standing" | "voided") =>
  count(
    `SELECT count(*) AS n FROM custody_events WHERE batch_id = ? AND to_status = 'port_inspected' AND voided_at IS ${which === "voided" ? "NOT NULL" : "NULL"}`,
    batchId,
  );
const versionsOf = (batchId: string) =>
  rows<{ id: string; version: number; kind: string; data: string; reason: string | null; corrects_id: string | null }>(
    "SELECT id, version, kind, data, reason, corrects_id FROM record_versions WHERE record_type = 'port_inspection' AND batch_id = ? ORDER BY version",
    batchId,
  );

describe("correcting a port inspection's findings", () => {
  let code: string;
  let batchId: string;
  let certificate: string;

  beforeAll(async () => {
    const b = await portInspected();
    code = b.batchCode;
    batchId = b.id;
    certificate = await issueBatchCertificate("phytosanitary", code, who.port.token);
  }, 60_000);

  it("refuses a reason under 10 characters, a role that corrects nothing, and someone who did not record it", async () => {
    const short = await fix(code, "port", { ...PORT_RECORD, containerNumber: "MSCU7654321", reason: "typo" });
    expect(short.status).toBe(400);
    expect((short.body.errors as Record<string, string[]>).reason).toEqual([
      "Give the reason for the correction (at least 10 characters)",
    ]);
    const exporter = await fix(code, "exporter", { ...PORT_RECORD, reason: "The container number was misread" });
    expect(exporter.status).toBe(403);
    const buyer = await fix(code, "buyer", {
      ...PORT_RECORD,
      containerNumber: "MSCU7654321",
      reason: "The container number was misread",
    });
    expect(buyer.status).toBe(403);
    expect(buyer.body.message).toBe("You can only correct records you recorded yourself");
    expect(await versionsOf(batchId)).toEqual([]);
  });

  it("keeps both versions with who, when and why, writes the audit row and supersedes the certificate", async () => {
    const res = await fix(code, "port", {
      ...PORT_RECORD,
      containerNumber: "mscu7654321",
      treatment: "",
      treatmentChemical: "",
      fumigationCertificateRef: "",
      reason: "The container number was misread and no fumigation was done",
      baseVersion: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ version: 2, outcome: "signed_off", status: "port_inspected" });
    expect(
      await one("SELECT container_number AS c, treatment AS t FROM port_inspections WHERE batch_id = ?", batchId),
    ).toEqual({ c: "MSCU7654321", t: null });
    const versions = await versionsOf(batchId);
    expect(versions.map((v) => [v.version, v.kind, v.reason])).toEqual([
      [1, "original", null],
      [2, "correction", "The container number was misread and no fumigation was done"],
    ]);
    expect(versions[1]!.corrects_id).toBe(versions[0]!.id);
    expect(JSON.parse(versions[0]!.data)).toMatchObject({ containerNumber: "MSCU1234567", treatment: "Fumigation" });
    expect(JSON.parse(versions[1]!.data)).toMatchObject({ containerNumber: "MSCU7654321", treatment: null });
    const audit = await one<{ actor_id: string; before: string; after: string }>(
      "SELECT actor_id, before, after FROM audit_log WHERE action = 'port_inspection.correct' AND entity_id = ?",
      code,
    );
    expect(audit.actor_id).toBe(who.port.account.id);
    expect(JSON.parse(audit.before)).toMatchObject({ containerNumber: "MSCU1234567", version: 1 });
    expect(JSON.parse(audit.after)).toMatchObject({ containerNumber: "MSCU7654321", version: 2 });
    // The phytosanitary certificate printed the old container and treatment: a new version supersedes it.
    expect(res.body.certificates).toEqual([{ from: certificate, to: expect.any(String) }]);
    expect(
      await one<{ status: string }>("SELECT status FROM certificates WHERE certificate_number = ?", certificate),
    ).toEqual({ status: "superseded" });
    const stale = await fix(code, "port", { ...PORT_RECORD, reason: "Based on what I saw first", baseVersion: 1 });
    expect(stale.status).toBe(409);
  });

  it("the port inspection page and the batch page show both versions; the page corrects with JavaScript off", async () => {
    const path = `/port-inspector-dashboard/inspect/${code}`;
    const page = await pageText(path, who.port.cookie);
    const list = page.slice(page.indexOf('data-testid="port-versions"'));
    expect(list).toContain("1 · As recorded");
    expect(list).toContain("container MSCU1234567");
    expect(list).toContain("2 · Correction");
    expect(list).toContain("container MSCU7654321");
    expect(list).toContain("treatment (blank)");
    expect(list).toContain("Reason: The container number was misread and no fumigation was done");
    expect(page).toContain('name="intent" value="correct_port"');
    const csrf = csrfOf(page);
    const send = (fields: [string, string][]) =>
      postForm(path, who.port.cookie, [
        ["csrf", csrf],
        ["intent", "correct_port"],
        ["baseVersion", "2"],
        ["port", "Freeport of Monrovia"],
        ["containerNumber", "MSCU7654321"],
        ["decision", "sign_off"],
        ...fields,
      ]);
    const done = await correctAfterShortReason(
      send,
      ["sealNumber", "SL-11111"],
      "Seal number copied from the wrong container",
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`${path}?corrected=3`);
    const after = await pageText(`${path}?corrected=3`, who.port.cookie);
    expect(after).toContain("Correction recorded.");
    expect(after).toContain("3 · Correction");
    const batchPage = await pageText(`/batches/${code}`, who.buyer.cookie);
    const table = versionsTable(batchPage);
    expect(table).toContain("Port inspection · 1 · As recorded · Signed off");
    expect(table).toContain("Port inspection · 3 · Correction · Signed off");
    expect(table).toContain("seal SL-11111");
  });
});

describe("correcting a port inspection's decision", () => {
  it("a refusal corrected to a sign-off lets the batch on; a sign-off corrected to a refusal holds it again", async () => {
    const b = await portInspected({ decision: "refuse", refusalReason: "Live weevils found in two bags" });
    expect(await batchRow(b.id)).toMatchObject({ status: "warehouse_inspected" });
    const signed = await fix(b.batchCode, "port", {
      ...PORT_RECORD,
      reason: "The weevils were in a neighbouring container",
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(await batchRow(b.id)).toEqual({ status: "port_inspected", holder_id: who.port.account.id });
    expect(await portSteps(b.id, "standing")).toBe(1);

    const held = await fix(b.batchCode, "port", {
      ...PORT_RECORD,
      decision: "refuse",
      refusalReason: "Live weevils found in two bags after all",
      reason: "The first correction was made on the wrong batch",
    });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body).toMatchObject({ outcome: "refused", status: "warehouse_inspected", version: 3 });
    expect((await batchRow(b.id)).status).toBe("warehouse_inspected");
    expect(await portSteps(b.id, "voided")).toBe(1);
    // The port hold applies again: the batch cannot move on.
    const moveOn = await batchApi(`/${b.batchCode}/transfer`, "port", step("port_inspected", 25));
    expect(moveOn.status).toBe(409);
    expect(((await moveOn.json()) as { message: string }).message).toContain(
      "held at port inspection (Live weevils found in two bags after all)",
    );
    // The buyer was told each time the decision changed.
    expect(
      await count(
        "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND subject_id = ? AND title LIKE '%corrected%'",
        who.buyer.account.id,
        b.batchCode,
      ),
    ).toBe(2);
    // A refusal needs its reason, as when recording.
    const noReason = await fix(b.batchCode, "port", {
      ...PORT_RECORD,
      decision: "refuse",
      reason: "Recorded as a sign-off by mistake",
    });
    expect(noReason.status).toBe(400);
    expect((noReason.body.errors as Record<string, string[]>).refusalReason).toEqual([
      "Give the reason for refusing (at least 10 characters)",
    ]);
  });
});

describe("who may correct a port inspection, and until when", () => {
  let code: string;
  let batchId: string;
  beforeAll(async () => {
    const b = await portInspected();
    code = b.batchCode;
    batchId = b.id;
  }, 60_000);
  /** A correction of the seal number only, by `as`. */
  const fixSeal = (as: keyof typeof who, sealNumber: string, reason = "The seal number was misread") =>
    fix(code, as, { ...PORT_RECORD, sealNumber, reason });

  it("another inspector's record is refused; a supervisor corrects it", async () => {
    await env.DB.prepare("UPDATE port_inspections SET inspector_id = 'someone-else' WHERE batch_id = ?")
      .bind(batchId)
      .run();
    const theirs = await fixSeal("port", "SL-22222");
    expect(theirs.status).toBe(403);
    expect(theirs.body.message).toBe("You can only correct records you recorded yourself");
    const supervisor = await fixSeal("ddgots", "SL-22222");
    expect(supervisor.status, JSON.stringify(supervisor.body)).toBe(200);
  });

  it("after 48 hours only a supervisor corrects it", async () => {
    const old = new Date(Date.now() - 72 * 3_600_000).toISOString();
    await env.DB.prepare("UPDATE port_inspections SET inspector_id = ?, created_at = ? WHERE batch_id = ?")
      .bind(who.port.account.id, old, batchId)
      .run();
    const late = await fixSeal("port", "SL-33333");
    expect(late.status).toBe(403);
    expect(late.body.message).toMatch(/more than 48 hours ago: ask a supervisor/);
    const supervisor = await fixSeal("ddgots", "SL-33333");
    expect(supervisor.status).toBe(200);
  });

  it("nobody corrects it once the batch is exported", async () => {
    await env.DB.prepare("UPDATE batches SET status = 'exported' WHERE id = ?").bind(batchId).run();
    const res = await fixSeal("ddgots", "SL-44444", "Measured again at the quay");
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("The batch has been exported: its port inspection can no longer be corrected");
    expect(await count("SELECT count(*) AS n FROM record_versions WHERE batch_id = ?", batchId)).toBe(3);
  });
});
