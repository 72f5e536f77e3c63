/**
 * Who may start a conversation with whom (docs/messages.md "Who may write to whom"): an exporter
 * and a buyer write to each other only once they trade (a batch the buyer bought in a shipment or
 * order of the exporter, an offer on the other's lot); the regulator's office writes to any
 * exporter or buyer. A login ID that exists but may not be reached answers exactly as one that does
 * not exist — same status, same message, no name — on the API and on the page's form, so nobody
 * lists the buyers and reads their names by guessing IDs.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sessionAs } from "./factories";
import { bearer, call, ORIGIN, one, tradeTogether } from "./helpers";
import { csrfOf, decodeHtml } from "./html";

type Who = Awaited<ReturnType<typeof sessionAs>>;
let exporter: Who;
let buyer: Who;
let office: Who;
let buyerName: string;

beforeAll(async () => {
  exporter = await sessionAs("exporter");
  buyer = await sessionAs("buyer");
  office = await sessionAs("office_admin");
  const row = await one<{ first_name: string; last_name: string }>(
    "SELECT first_name, last_name FROM users WHERE id = ?",
    buyer.account.id,
  );
  buyerName = `${row.first_name} ${row.last_name}`;
}, 60_000);

const hello = (from: Who, loginId: string) =>
  bearer(from.token, "/api/messages/threads", "POST", { to: "person", loginId, subject: "Hello", body: "Hi there" });
/** The answer with the login ID asked for taken out, so two answers compare. */
const shape = async (res: Response, loginId: string) => ({
  status: res.status,
  body: (await res.text()).replaceAll(loginId, "<id>"),
});

/** The exporter's new-thread form (JavaScript off) to `loginId`: status and page text. */
async function formTo(loginId: string) {
  const page = await call("/exporter/messages", { headers: { Cookie: exporter.cookie } });
  const form = new FormData();
  for (const [k, v] of Object.entries({
    csrf: csrfOf(await page.text()),
    to: "person",
    loginId,
    subject: "Hello",
    body: "Hi there",
  }))
    form.set(k, v);
  const res = await call("/exporter/messages", {
    method: "POST",
    headers: { Cookie: exporter.cookie, Origin: ORIGIN },
    body: form,
  });
  return { status: res.status, text: decodeHtml(await res.text()), location: res.headers.get("location") };
}

describe("before they trade", () => {
  it("the API answers a real buyer's ID exactly as an unknown one, without a name", async () => {
    const unknown = await shape(await hello(exporter, "BUY-9999"), "BUY-9999");
    expect(unknown.status).toBe(404);
    const real = await shape(await hello(exporter, buyer.account.loginId), buyer.account.loginId);
    expect(real).toEqual(unknown);
    expect(real.body).not.toContain(buyer.account.lastName);
    // The buyer's side alike: the exporter's ID is not reachable either.
    const back = await shape(await hello(buyer, exporter.account.loginId), exporter.account.loginId);
    expect(back).toEqual(await shape(await hello(buyer, "EXP-0000-999"), "EXP-0000-999"));
    expect(back.status).toBe(404);
  });

  it("the page's form answers alike too, and names nobody", async () => {
    const unknown = await formTo("BUY-9999");
    const real = await formTo(buyer.account.loginId);
    expect(unknown.status).toBe(404);
    expect(real.status).toBe(404);
    expect(real.text).toContain(`No agricultural buyer you trade with has login ID ${buyer.account.loginId}`);
    expect(real.text.replaceAll(buyer.account.loginId, "<id>")).toBe(unknown.text.replaceAll("BUY-9999", "<id>"));
    expect(real.text).not.toContain(buyerName);
  });

  it("the regulator's office writes to any exporter or buyer, as before", async () => {
    const res = await hello(office, buyer.account.loginId);
    expect(res.status).toBe(201);
  });
});

describe("once they trade", () => {
  beforeAll(() => tradeTogether(buyer.account.id, exporter.account.id));

  it("each may start a thread with the other, by API and by the form", async () => {
    expect((await hello(exporter, buyer.account.loginId)).status).toBe(201);
    expect((await hello(buyer, exporter.account.loginId)).status).toBe(201);
    const sent = await formTo(buyer.account.loginId.toLowerCase());
    expect(sent.status).toBe(302);
    expect(sent.location).toMatch(/^\/exporter\/messages\/[0-9a-f-]{36}\?sent=1$/);
  });
});
