/**
 * The chain of custody of a purchased batch, step by step (split from batches.test.ts, which
 * covers the purchase itself): each step only in order and only by its role, with its event, audit
 * row and holder.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { insertCustodyEvent, updateBatch } from "#db/queries/batches";
import { api, type Batch, buy, json, one, rows, seedAndSignIn, step, type who } from "./batches-fixtures";

let chain: Batch;

beforeAll(async () => {
  await seedAndSignIn();
  chain = await buy();
});

describe("the chain of custody, step by step", () => {
  it("refuses a skipped step or the wrong role at every stage, and records each right step", async () => {
    const code = chain.batchCode;
    const transfer = (as: keyof typeof who, body: unknown) => api(`/${code}/transfer`, as, body);
    /** Each step in turn, by whom, is refused with this status and message. */
    const refused = async (...steps: [keyof typeof who, unknown, number, string][]) => {
      for (const [as, stepBody, status, message] of steps) {
        const res = await transfer(as, stepBody);
        const body = await json(res);
        expect(res.status, body.message).toBe(status);
        expect(body.message).toBe(message);
      }
    };
    /** The reply's body, once it is checked to be a success. */
    const accepted = async (res: Response) => {
      const body = await json(res);
      expect(res.status, body.message).toBe(200);
      return body;
    };

    // The exporter may not see a batch still with the buyer, so acting on it answers
    // 404 like reading it (it used to reveal the stage: 409 "…with the buyer…" / 403).
    await refused(
      ["exporter", step("exported", 1000), 404, `No batch with code ${code}`],
      ["exporter", step("warehouse_received", 1000), 404, `No batch with code ${code}`],
      [
        "warehouse",
        step("exported", 1000),
        409,
        "A batch with the buyer cannot go straight to export: it must pass warehouse intake first",
      ],
      [
        "buyer",
        step("warehouse_received", 1000),
        403,
        "Only a Warehouse Inspector can record warehouse intake (you are signed in as Agricultural Buyer)",
      ],
      [
        "dg",
        step("warehouse_received", 1000),
        403,
        "Only a Warehouse Inspector can record warehouse intake (you are signed in as Director General)",
      ],
      [
        "warehouse",
        step("warehouse_received", 1100, { weightInKg: 1100 }),
        400,
        "Weight in (1,100 kg) cannot exceed the batch's recorded weight (1,000 kg): produce cannot be added to a batch — merge batches instead",
      ],
    );

    let body = await accepted(
      await transfer(
        "warehouse",
        step("warehouse_received", 990, { latitude: 6.997001, longitude: -9.471002, note: "12 bags" }),
      ),
    );
    expect(body.batch).toMatchObject({
      status: "warehouse_received",
      weightKg: 990,
      holderId: "demo-warehouse-inspector",
    });

    await refused(
      [
        "warehouse",
        step("port_inspected", 990),
        409,
        "A batch at the warehouse cannot go straight to port inspection: it must pass warehouse inspection first",
      ],
      [
        "warehouse",
        step("warehouse_received", 990),
        409,
        "This batch has already passed warehouse intake: custody only moves forward",
      ],
    );

    body = await accepted(
      await transfer("warehouse", step("warehouse_inspected", 985, { weightInKg: 990, grade: "A+" })),
    );
    expect(body.batch).toMatchObject({ status: "warehouse_inspected", weightKg: 985, grade: "A+" });

    // Still hidden from the exporter at the warehouse (404 like the read).
    await refused(
      ["exporter", step("exported", 985), 404, `No batch with code ${code}`],
      [
        "port",
        step("exported", 985),
        409,
        "A batch at the warehouse cannot go straight to export: it must pass port inspection first",
      ],
      [
        "warehouse",
        step("port_inspected", 985),
        403,
        "Only a Port Inspector can record port inspection (you are signed in as Warehouse Inspector)",
      ],
    );

    body = await accepted(await transfer("port", step("port_inspected", 900, { location: "Freeport of Monrovia" })));
    expect((body.custodyEvent as { note: string }).note).toBe(
      "Weight loss of 8.6% (85 kg) since the last custody point exceeds 5%: check for spillage, theft or moisture loss",
    );

    // Export needs a batch marked EUDR-compliant.
    await refused([
      "exporter",
      step("exported", 900, { location: "Freeport of Monrovia" }),
      409,
      "Only an EUDR-compliant batch can be shipped for export. Every origin plot has valid geometry and a low deforestation risk",
    ]);
    expect((await api(`/${code}/compliance`, "buyer", {})).status).toBe(403);
    expect((await api(`/${code}/compliance`, "exporter", {})).status).toBe(403);
    // The decision is explicit (an empty body no longer certifies).
    body = await accepted(await api(`/${code}/compliance`, "port", { decision: "mark_compliant" }));
    expect(body.batch).toMatchObject({ complianceStatus: "compliant" });
    expect(body.batch.complianceReason).toBe(
      "Marked EUDR-compliant by the Port Inspector: every origin plot has valid geometry and a low deforestation risk",
    );

    await refused([
      "port",
      step("exported", 900),
      403,
      "Only a Licensed Exporter can record export (you are signed in as Port Inspector)",
    ]);
    body = await accepted(
      await transfer(
        "exporter",
        step("exported", 900, { location: "Freeport of Monrovia", latitude: 6.345678, longitude: -10.801234 }),
      ),
    );
    expect(body.batch).toMatchObject({ status: "exported", holderId: "demo-exporter", weightKg: 900 });
    await refused([
      "exporter",
      step("exported", 900),
      409,
      "This batch has been exported: its chain of custody is complete",
    ]);

    const events = await rows<{
      from_status: string;
      to_status: string;
      actor_role: string;
      weight_in_g: number | null;
      weight_out_g: number;
      location: string;
    }>(
      "SELECT from_status, to_status, actor_role, weight_in_g, weight_out_g, location FROM custody_events WHERE batch_id = ? ORDER BY occurred_at, id",
      chain.id,
    );
    expect(events).toEqual([
      {
        from_status: "harvested",
        to_status: "purchased",
        actor_role: "buyer",
        weight_in_g: null,
        weight_out_g: 1000000,
        location: "Gbarnga market",
      },
      {
        from_status: "purchased",
        to_status: "warehouse_received",
        actor_role: "warehouse_inspector",
        weight_in_g: 1000000,
        weight_out_g: 990000,
        location: "Gbarnga warehouse",
      },
      {
        from_status: "warehouse_received",
        to_status: "warehouse_inspected",
        actor_role: "warehouse_inspector",
        weight_in_g: 990000,
        weight_out_g: 985000,
        location: "Gbarnga warehouse",
      },
      {
        from_status: "warehouse_inspected",
        to_status: "port_inspected",
        actor_role: "port_inspector",
        weight_in_g: 985000,
        weight_out_g: 900000,
        location: "Freeport of Monrovia",
      },
      {
        from_status: "port_inspected",
        to_status: "exported",
        actor_role: "exporter",
        weight_in_g: 900000,
        weight_out_g: 900000,
        location: "Freeport of Monrovia",
      },
    ]);
    const audit = await rows<{ action: string; actor_role: string; before: string | null; after: string }>(
      "SELECT action, actor_role, before, after FROM audit_log WHERE entity_type = 'batch' AND entity_id = ? ORDER BY id",
      code,
    );
    expect(audit.map((a) => [a.action, a.actor_role])).toEqual([
      ["batch.purchase", "buyer"],
      ["batch.warehouse_received", "warehouse_inspector"],
      ["batch.warehouse_inspected", "warehouse_inspector"],
      ["batch.port_inspected", "port_inspector"],
      ["batch.mark_compliant", "port_inspector"],
      ["batch.exported", "exporter"],
    ]);
    const exportAudit = audit[5]!;
    expect(JSON.parse(exportAudit.before!)).toMatchObject({
      status: "port_inspected",
      holderId: "demo-port-inspector",
    });
    expect(JSON.parse(exportAudit.after)).toMatchObject({
      status: "exported",
      holderId: "demo-exporter",
      custody: { toStatus: "exported", latitude: 6.345678 },
    });
  });

  it("records a step once when two people submit it at the same moment", async () => {
    const b = await buy({ plotCodes: ["PLT-000001-02"], weightKg: 8 });
    const results = await Promise.all(
      [1, 2].map(() => api(`/${b.batchCode}/transfer`, "warehouse", step("warehouse_received", 8))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = await json(results.find((r) => r.status === 409)!);
    expect([
      "Someone else changed this batch a moment ago: reload it and check before trying again",
      "This batch has already passed warehouse intake: custody only moves forward",
    ]).toContain(loser.message);
    expect((await one<{ n: number }>("SELECT COUNT(*) AS n FROM custody_events WHERE batch_id = ?", b.id)).n).toBe(2);
    expect((await one<{ n: number }>("SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ?", b.batchCode)).n).toBe(
      2,
    );
  });

  it("a write prepared from a stale read changes nothing (guarded update + custody event)", async () => {
    const b = await buy({ plotCodes: ["PLT-000001-02"], weightKg: 7 });
    // Someone splits the batch after our read of status "purchased"...
    await env.DB.prepare("UPDATE batches SET status = 'split' WHERE id = ?").bind(b.id).run();
    const db = database(env.DB);
    const stale = db.batch([
      updateBatch(db, b.id, { status: "warehouse_received", weightG: 7000 }, "purchased"),
      insertCustodyEvent(db, {
        id: `${b.id}:warehouse_received`,
        batchId: b.id,
        fromStatus: "purchased",
        toStatus: "warehouse_received",
        actorId: "x",
        actorRole: "warehouse_inspector",
        occurredAt: new Date().toISOString(),
      }),
    ]);
    await expect(stale).rejects.toThrow(/NOT NULL constraint failed: custody_events\.batch_id/);
    expect((await one<{ status: string }>("SELECT status FROM batches WHERE id = ?", b.id)).status).toBe("split");
    expect((await one<{ n: number }>("SELECT COUNT(*) AS n FROM custody_events WHERE batch_id = ?", b.id)).n).toBe(1);
  });

  it("lets only the exporter who shipped it record the EU buyer's DDS numbers", async () => {
    const code = chain.batchCode;
    expect(
      (await api(`/${code}/dds`, "buyer", { ddsReference: "25LRXQ4K3P5581", ddsVerification: "KYRPJKI6" })).status,
    ).toBe(403);
    const bad = await api(`/${code}/dds`, "exporter", { ddsReference: "<b>", ddsVerification: "KYRPJKI6" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors?.ddsReference).toEqual([
      "Enter the DDS reference number given by the EU information system (6 to 40 letters, digits, - or /)",
    ]);
    const notShipped = await buy({ plotCodes: ["PLT-000001-02"], weightKg: 5 });
    const early = await api(`/${notShipped.batchCode}/dds`, "exporter", {
      ddsReference: "25LRXQ4K3P5581",
      ddsVerification: "KYRPJKI6",
    });
    // A batch the exporter may not see (still with the buyer) answers 404 like the read.
    expect(early.status).toBe(404);
    expect((await json(early)).message).toBe(`No batch with code ${notShipped.batchCode}`);

    const res = await api(`/${code}/dds`, "exporter", { ddsReference: "25lrxq4k3p5581", ddsVerification: "kyrpjki6" });
    const body = await json(res);
    expect(res.status, body.message).toBe(200);
    expect(body.batch).toMatchObject({ ddsReference: "25LRXQ4K3P5581", ddsVerification: "KYRPJKI6" });
    const stored = await one<{ dds_reference: string; dds_verification: string }>(
      "SELECT dds_reference, dds_verification FROM batches WHERE id = ?",
      chain.id,
    );
    expect(stored).toEqual({ dds_reference: "25LRXQ4K3P5581", dds_verification: "KYRPJKI6" });
    const audit = await one<{ before: string; after: string }>(
      "SELECT before, after FROM audit_log WHERE entity_id = ? AND action = 'batch.record_dds'",
      code,
    );
    expect(JSON.parse(audit.before)).toMatchObject({ ddsReference: null });
    expect(JSON.parse(audit.after)).toMatchObject({ ddsReference: "25LRXQ4K3P5581", ddsVerification: "KYRPJKI6" });
  });
});
