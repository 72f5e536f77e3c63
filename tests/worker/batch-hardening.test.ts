/**
 * Hardening of the batches: each test failed before its fix.
 * - a farmer's view of a batch shared with a neighbour names only the farmer's own plots;
 * - only DDGOTS (from the warehouse inspection on) and the port inspector (at the port) certify;
 * - a compliance decision is explicit, and a wrong certification is revoked with a reason;
 * - transfer, split, merge and DDS answer 404 like the read for a batch the user may not see;
 * - the purchase helper returns only what a purchase needs, and is rate-limited per buyer.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { farmerStatements, type Pos, plotStatements } from "./batches-fixtures";
import { sessionAs } from "./factories";
import { bearer, call } from "./helpers";
import { issueLicence } from "./licence-fixtures";

const FARMERS = [
  { id: "h-1", farmerId: "FRM000001", first: "Korto", last: "Gbowee", county: "Bong County", userId: "demo-farmer" },
  { id: "h-10", farmerId: "FRM000010", first: "Musu", last: "Tarpehwolo", county: "Gbarpolu County", userId: null },
];
const PLOTS = [
  { id: "hp-1", code: "PLT-000001-01", farmer: "FRM000001", ha: 1, risk: "low", sw: [-9.472311, 6.995412] as Pos },
  { id: "hp-2", code: "PLT-000001-02", farmer: "FRM000001", ha: 1, risk: "low", sw: [-9.468842, 6.991127] as Pos },
  { id: "hp-10", code: "PLT-000010-01", farmer: "FRM000010", ha: 7.25, risk: "high", sw: [-10.1, 7.4] as Pos },
];

type Who = "buyer" | "warehouse" | "port" | "exporter" | "ddgots" | "dg" | "ddgaf" | "office" | "sysadmin" | "farmer";
let who: Record<Who, { token: string; cookie: string; account: { id: string } }>;

function api(path: string, as: Who, body?: unknown) {
  return bearer(who[as].token, `/api/batches${path}`, body === undefined ? "GET" : "POST", body);
}
const page = (path: string, as: Who) => call(path, { headers: { Cookie: who[as].cookie } });
type Json = { success: boolean; message?: string; errors?: Record<string, string[]>; [k: string]: unknown };
const json = async (res: Response) => (await res.json()) as Json;

async function buy(farmerIds: string[], plotCodes: string[], weightKg = 100) {
  const res = await api("", "buyer", {
    farmerIds,
    plotCodes,
    commodity: "Cocoa",
    weightKg,
    grade: "A",
    harvestDate: "2026-01-10",
    location: "Gbarnga market",
  });
  const body = await json(res);
  expect(res.status, body.message).toBe(201);
  return (body.batch as { batchCode: string }).batchCode;
}
const step = (toStatus: string, weightOutKg = 100) => ({ toStatus, weightOutKg, location: "Gbarnga warehouse" });

beforeAll(async () => {
  await env.DB.batch([
    ...farmerStatements(FARMERS.map((f) => ({ ...f, nationalId: `LR-NID-${f.id}` }))),
    ...plotStatements(
      PLOTS.map((p) => ({
        ...p,
        crop: "Cocoa",
        valid: "valid",
        county: FARMERS.find((f) => f.farmerId === p.farmer)!.county,
      })),
    ),
  ]);
  who = {
    buyer: await sessionAs("buyer"),
    warehouse: await sessionAs("warehouse_inspector"),
    port: await sessionAs("port_inspector"),
    exporter: await sessionAs("exporter"),
    ddgots: await sessionAs("ddgots"),
    dg: await sessionAs("dg"),
    ddgaf: await sessionAs("ddgaf"),
    office: await sessionAs("office_admin"),
    sysadmin: await sessionAs("system_administrator"),
    farmer: await sessionAs("farmer"),
  };
  // The buyer and exporter trade: licences issued through the services (ADR 029).
  await issueLicence("buyer");
  await issueLicence("exporter");
});

describe("a farmer's view of a batch shared with a neighbour", () => {
  it("names only the farmer's own plots, with a neutral line for the others, and no user ids — API, list and page", async () => {
    const code = await buy(["FRM000001", "FRM000010"], ["PLT-000001-01", "PLT-000010-01"]);
    // Staff still see the full reason.
    const staff = await json(await api(`/${code}`, "dg"));
    expect((staff.batch as { complianceReason: string }).complianceReason).toBe(
      "Not EUDR-compliant: high deforestation risk on PLT-000010-01",
    );

    const res = await api(`/${code}`, "farmer");
    expect(res.status).toBe(200);
    const text = await res.text();
    const view = JSON.parse(text) as {
      batch: Record<string, unknown>;
      eligibility: { verdict: string; reason: string };
      origins: { plotCode: string }[];
      hiddenOrigins: number;
      custody: { actorId: string | null }[];
    };
    expect(text).not.toContain("PLT-000010-01");
    expect(text).not.toContain("7.25");
    expect(text).not.toContain("8.25"); // the total hectares of all origins (volume note)
    expect(text).not.toContain(who.buyer.account.id);
    expect(view.batch).not.toHaveProperty("holderId");
    expect(view.batch).not.toHaveProperty("createdBy");
    expect(view.batch.volumeNote).toBeNull();
    expect(view.batch.complianceStatus).toBe("non_compliant");
    expect(view.eligibility).toEqual({
      verdict: "non_compliant",
      reason:
        "Every one of your origin plots has valid geometry and a low deforestation risk; 1 other origin is not eligible",
    });
    expect(view.batch.complianceReason).toBe(view.eligibility.reason);
    expect(view.origins.map((o) => o.plotCode)).toEqual(["PLT-000001-01"]);
    expect(view.hiddenOrigins).toBe(1);
    expect(view.custody.every((e) => e.actorId === null)).toBe(true);

    const list = await (await api("", "farmer")).text();
    expect(list).toContain(code);
    expect(list).not.toContain("PLT-000010-01");
    expect(list).not.toContain(who.buyer.account.id);

    const html = await (await page(`/batches/${code}`, "farmer")).text();
    expect(html).toContain("PLT-000001-01");
    expect(html).toContain("1 other origin is not eligible");
    expect(html).not.toContain("PLT-000010-01");
    expect(html).not.toContain("Tarpehwolo");
    expect(html).not.toContain(who.buyer.account.id);
  });
});

describe("who certifies, and at which stage", () => {
  it("only DDGOTS and the port inspector may decide; never while the batch is with the buyer", async () => {
    const certifiable = await buy(["FRM000001"], ["PLT-000001-02"]);
    const mark = { decision: "mark_compliant" };
    for (const as of ["dg", "ddgaf", "office", "sysadmin", "buyer", "warehouse", "exporter"] as const)
      expect((await api(`/${certifiable}/compliance`, as, mark)).status, as).toBe(403);

    let res = await api(`/${certifiable}/compliance`, "port", mark);
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(
      "A batch with the buyer cannot be marked EUDR-compliant yet: it must pass port inspection first",
    );
    res = await api(`/${certifiable}/compliance`, "ddgots", mark);
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(
      "A batch with the buyer cannot be marked EUDR-compliant yet: it must pass warehouse inspection first",
    );
    expect(
      ((await json(await api(`/${certifiable}`, "ddgots"))).actions as Record<string, boolean>).markCompliant,
    ).toBe(false);

    expect((await api(`/${certifiable}/transfer`, "warehouse", step("warehouse_received"))).status).toBe(200);
    expect((await api(`/${certifiable}/compliance`, "ddgots", mark)).status).toBe(409);
    expect((await api(`/${certifiable}/transfer`, "warehouse", step("warehouse_inspected"))).status).toBe(200);
    // At the warehouse the port inspector has not inspected it yet.
    res = await api(`/${certifiable}/compliance`, "port", mark);
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(
      "A batch at the warehouse cannot be marked EUDR-compliant yet: it must pass port inspection first",
    );
    expect(
      ((await json(await api(`/${certifiable}`, "ddgots"))).actions as Record<string, boolean>).markCompliant,
    ).toBe(true);
    res = await api(`/${certifiable}/compliance`, "ddgots", mark);
    const body = await json(res);
    expect(res.status, body.message).toBe(200);
    expect(body.batch).toMatchObject({
      complianceStatus: "compliant",
      complianceReason:
        "Marked EUDR-compliant by the Deputy Director General for Operations & Technical Services: every origin plot has valid geometry and a low deforestation risk",
    });
  });
});

describe("explicit decisions and an audited revocation", () => {
  /** A batch DDGOTS certified EUDR-compliant at the warehouse. */
  let certifiable: string;
  beforeAll(async () => {
    certifiable = await buy(["FRM000001"], ["PLT-000001-02"]);
    expect((await api(`/${certifiable}/transfer`, "warehouse", step("warehouse_received"))).status).toBe(200);
    expect((await api(`/${certifiable}/transfer`, "warehouse", step("warehouse_inspected"))).status).toBe(200);
    const marked = await api(`/${certifiable}/compliance`, "ddgots", { decision: "mark_compliant" });
    expect(marked.status).toBe(200);
  });

  it("an empty body is refused with a clear message and certifies nothing", async () => {
    const code = await buy(["FRM000001"], ["PLT-000001-01"]);
    for (const as of ["ddgots", "port"] as const) {
      const res = await api(`/${code}/compliance`, as, {});
      expect(res.status).toBe(400);
      const body = await json(res);
      expect(body.message).toBe(
        "Choose what to do: mark_compliant, recheck or revoke_compliance (the decision is never assumed)",
      );
      expect(body.errors).toHaveProperty("decision");
    }
    const row = await env.DB.prepare("SELECT compliance_status FROM batches WHERE batch_code = ?")
      .bind(code)
      .first<{ compliance_status: string }>();
    expect(row!.compliance_status).toBe("pending");
  });

  it("a wrong certification is revoked with a reason: held for review, with its audit row", async () => {
    let res = await api(`/${certifiable}/compliance`, "ddgots", { decision: "revoke_compliance" });
    expect(res.status).toBe(400);
    expect((await json(res)).errors).toEqual({
      reason: ["Give the reason for revoking the certification (at least 10 characters)"],
    });
    res = await api(`/${certifiable}/compliance`, "ddgots", { decision: "revoke_compliance", reason: "too short" });
    expect(res.status).toBe(400);
    expect(
      (await api(`/${certifiable}/compliance`, "buyer", { decision: "revoke_compliance", reason: "x".repeat(20) }))
        .status,
    ).toBe(403);
    // The port inspector revokes only at the port; this batch is at the warehouse.
    expect(
      (await api(`/${certifiable}/compliance`, "port", { decision: "revoke_compliance", reason: "x".repeat(20) }))
        .status,
    ).toBe(403);

    const reason = "Field visit found recent clearing next to PLT-000001-02";
    res = await api(`/${certifiable}/compliance`, "ddgots", { decision: "revoke_compliance", reason });
    const body = await json(res);
    expect(res.status, body.message).toBe(200);
    expect(body.batch).toMatchObject({
      complianceStatus: "held_for_review",
      complianceReason: `Held for review: EUDR certification revoked by the Deputy Director General for Operations & Technical Services — ${reason}`,
    });
    const audit = await env.DB.prepare(
      "SELECT actor_role, before, after FROM audit_log WHERE action = 'batch.compliance_revoke' AND entity_id = ?",
    )
      .bind(certifiable)
      .all<{ actor_role: string; before: string; after: string }>();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]!.actor_role).toBe("ddgots");
    expect(JSON.parse(audit.results[0]!.before)).toMatchObject({ complianceStatus: "compliant" });
    expect(JSON.parse(audit.results[0]!.after)).toMatchObject({
      complianceStatus: "held_for_review",
      revokeReason: reason,
    });
    // Nothing left to revoke; export is refused until it is certified again.
    res = await api(`/${certifiable}/compliance`, "ddgots", { decision: "revoke_compliance", reason });
    expect(res.status).toBe(409);
  });
});

describe("actions on a batch the user may not see answer 404 like the read", () => {
  it("transfer, split, merge and DDS reveal neither existence nor stage", async () => {
    const code = await buy(["FRM000001"], ["PLT-000001-01"]);
    const other = await buy(["FRM000001"], ["PLT-000001-02"]);
    const read = await api(`/${code}`, "exporter");
    expect(read.status).toBe(404);
    const expected = await read.json();
    expect(expected).toEqual({ success: false, message: `No batch with code ${code}` });

    const attempts: [Who, string, unknown][] = [
      ["exporter", `/${code}/transfer`, step("exported")],
      ["exporter", `/${code}/split`, { weights: [50, 50] }],
      ["exporter", `/${code}/dds`, { ddsReference: "EU-DDS-123456", ddsVerification: "ABCD1234" }],
    ];
    for (const [as, path, body] of attempts) {
      const res = await api(path, as, body);
      expect(res.status, `${as} ${path}`).toBe(404);
      expect(await res.json()).toEqual(expected);
    }
    // A farmer reading a batch not theirs gets the same answer as when acting on it.
    const farmerOnly = await buy(["FRM000010"], ["PLT-000010-01"]);
    const farmerRead = await api(`/${farmerOnly}`, "farmer");
    expect(farmerRead.status).toBe(404);
    const farmerAct = await api(`/${farmerOnly}/split`, "farmer", { weights: [50, 50] });
    expect(farmerAct.status).toBe(404);
    expect(await farmerAct.json()).toEqual(await farmerRead.json());

    const merge = await api("/merge", "exporter", { batchCodes: [code, other] });
    expect(merge.status).toBe(404);
    expect(await merge.json()).toEqual({ success: false, message: `No batch with code ${code}, ${other}` });
  });
});

describe("the purchase helper", () => {
  it("returns the farmer's initials and plots with what they can still supply — no name, county, phone or risk details", async () => {
    let res = await api("/purchase-lookup?farmerId=frm000010", "buyer");
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(JSON.parse(text)).toEqual({
      success: true,
      farmer: {
        farmerId: "FRM000010",
        initials: "M. T.",
        cropYear: expect.stringMatching(/^\d{4}\/\d{2}$/),
        plots: [
          {
            plotCode: "PLT-000010-01",
            crop: "Cocoa",
            eligible: false,
            canStillSupplyKg: null,
            canStillSupplyG: null,
            // Why, in plain words — never the risk evidence.
            reason: "Not eligible: its deforestation risk is not low",
          },
        ],
      },
    });
    for (const secret of ["Musu", "Tarpehwolo", "Gbarpolu", "high", "7.25", "phone"])
      expect(text).not.toContain(secret);

    res = await api("/purchase-lookup?farmerId=FRM000001", "buyer");
    const { farmer } = (await res.json()) as { farmer: { plots: { eligible: boolean; canStillSupplyKg: number }[] } };
    expect(farmer.plots).toHaveLength(2);
    expect(farmer.plots.every((p) => p.eligible && p.canStillSupplyKg > 0)).toBe(true);

    expect((await api("/purchase-lookup?farmerId=FRM999999", "buyer")).status).toBe(404);
    expect((await api("/purchase-lookup?farmerId=nope", "buyer")).status).toBe(400);
    expect((await api("/purchase-lookup?farmerId=FRM000001", "dg")).status).toBe(403);

    const html = await (await page("/batches?farmer=FRM000010", "buyer")).text();
    expect(html).toContain("M. T.");
    expect(html).toContain("Not eligible for EUDR export");
    // (The county may appear in the buyer's own batch list: they bought from it above.)
    for (const secret of ["Musu", "Tarpehwolo", "High risk"]) expect(html).not.toContain(secret);
  });

  it("is rate-limited per buyer: 30 lookups per 10 minutes, page and API together, then 429 JSON", async () => {
    let limited: Response | null = null;
    let allowed = 0;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await api(`/purchase-lookup?farmerId=FRM0000${i % 2 ? "01" : "10"}`, "buyer");
      if (res.status === 429) limited = res;
      else {
        expect(res.status).toBe(200);
        allowed++;
      }
    }
    // The previous test used 4: three API lookups that passed validation (found or not) and one page.
    expect(allowed).toBe(30 - 4);
    expect(limited).not.toBeNull();
    expect(limited!.headers.get("content-type")).toMatch(/application\/json/);
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited!.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many farmer lookups: at most 30 every 10 minutes\./),
    });
    const blocked = await page("/batches?farmer=FRM000001", "buyer");
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many farmer lookups");
  });
});
