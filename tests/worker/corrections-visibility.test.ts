/**
 * Corrections tell nobody about a batch they may not read (ADR 031, the visibility rule of
 * worker/services/batches/read-batches.ts): a second buyer who never handled another buyer's batch
 * gets, on every correction route (API and the batch page's forms), the very 404 a batch that does
 * not exist gets, whatever stage the batch has reached. Batch codes are sequential, so any other
 * answer would list every batch and how far it has got.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, buy, buyAndExport, portReadyBatch, seedAndSignIn, step, who } from "./batches-fixtures";
import { sessionForLogin } from "./factories";
import { bearer, postForm } from "./helpers";
import { csrfOf, decodeHtml, pageText } from "./html";

const NO_SUCH = "LR-COC-2026-999999";
const REASON = "Entered for the wrong batch";

/** Each correction route and a body that would pass its validation. */
const ROUTES: [path: string, body: Record<string, unknown>][] = [
  ["purchase/corrections", { weightKg: 12, reason: REASON }],
  ["custody/void", { toStatus: "warehouse_received", reason: REASON }],
  ["custody/void", { toStatus: "warehouse_inspected", reason: REASON }],
  ["custody/void", { toStatus: "port_inspected", reason: REASON }],
  ["custody/void", { toStatus: "purchased", reason: REASON }],
  ["inspection/corrections", { moisturePercent: 7, reason: REASON }],
  [
    "port-inspection/corrections",
    {
      port: "Freeport of Monrovia",
      containerNumber: "MSCU1234567",
      sealNumber: "SL-99881",
      decision: "refuse",
      refusalReason: "Live insects in the sample",
      reason: REASON,
    },
  ],
];
/** The batch page's correction forms (JavaScript off) and their fields. */
const FORMS: [intent: string, fields: [string, string][]][] = [
  ["correct_purchase", [["weightKg", "12"]]],
  ["void_step", [["toStatus", "warehouse_received"]]],
  ["void_step", [["toStatus", "warehouse_inspected"]]],
  ["correct_inspection", [["moisturePercent", "7"]]],
];

let second: { token: string; cookie: string };
/** Buyer BUY-0001's batches at each stage, by stage. */
const stages: Record<string, string> = {};

beforeAll(async () => {
  await seedAndSignIn();
  second = await sessionForLogin("BUY-0002");
  const t = (code: string, by: "warehouse" | "port", body: unknown) => api(`/${code}/transfer`, by, body);
  stages.purchased = (await buy({ weightKg: 20 })).batchCode;
  stages.warehouse_received = (await buy({ weightKg: 21 })).batchCode;
  expect((await t(stages.warehouse_received, "warehouse", step("warehouse_received", 21))).status).toBe(200);
  stages.warehouse_inspected = (await portReadyBatch({}, 22, false)).batchCode;
  stages.port_inspected = (await portReadyBatch({}, 23)).batchCode;
  stages.exported = (await buyAndExport()).batchCode;
}, 120_000);

/** An answer with the batch code taken out, so two batches' answers compare. */
const shape = async (res: Response, code: string) => ({
  status: res.status,
  body: (await res.text()).replaceAll(code, "<code>"),
});

describe("a second buyer's corrections of another buyer's batch", () => {
  it("the API answers every route exactly as for a batch that does not exist, at every stage", async () => {
    for (const [path, body] of ROUTES) {
      const send = (code: string) => bearer(second.token, `/api/records/batches/${code}/${path}`, "POST", body);
      const none = await shape(await send(NO_SUCH), NO_SUCH);
      expect(none.status).toBe(404);
      expect(JSON.parse(none.body)).toEqual({ success: false, message: "No batch with code <code>" });
      for (const [stage, code] of Object.entries(stages))
        expect(await shape(await send(code), code), `${path} ${JSON.stringify(body)} at ${stage}`).toEqual(none);
    }
  });

  it("the batch page's forms answer alike too (JavaScript off)", async () => {
    const csrf = csrfOf(await pageText("/agricultural-buyer-dashboard", second.cookie));
    for (const [intent, fields] of FORMS) {
      const post = async (code: string) => {
        const res = await postForm(`/batches/${code}`, second.cookie, [
          ["csrf", csrf],
          ["intent", intent],
          ["reason", REASON],
          ...fields,
        ]);
        return { status: res.status, text: decodeHtml(await res.text()).replaceAll(code, "<code>") };
      };
      const none = await post(NO_SUCH);
      expect(none.status).toBe(404);
      expect(none.text).toContain("No batch with code <code>");
      for (const [stage, code] of Object.entries(stages)) {
        const got = await post(code);
        expect(got.status, `${intent} at ${stage}`).toBe(404);
        expect(got.text, `${intent} at ${stage}`).toContain("No batch with code <code>");
        expect(got.text, `${intent} at ${stage}`).not.toMatch(/only correct records|is recorded for batch|exported/);
      }
    }
  });

  it("the buyer who bought it still gets the real answer", async () => {
    const own = await bearer(who.buyer.token, `/api/records/batches/${stages.exported}/purchase/corrections`, "POST", {
      weightKg: 12,
      reason: REASON,
    });
    expect(own.status).toBe(409);
    expect(((await own.json()) as { message: string }).message).toBe(
      "The batch has been exported or shipped: its records can no longer be corrected",
    );
  });
});
