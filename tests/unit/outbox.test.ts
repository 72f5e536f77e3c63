import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import { noteOnlineSession, OFFLINE_SESSION_TEXT, OFFLINE_SIGN_IN_DAYS, offlineSignIn } from "#app/lib/offline-session";
import {
  counts,
  enqueue,
  fieldsOf,
  fixLinkOf,
  flush,
  formDataOf,
  getRecord,
  listRecords,
  OUTBOX_TEXT,
  outcomeOf,
  resetOutboxDbForTests,
  type SendDeps,
} from "#app/lib/outbox";
import { ERROR_HEADER, RECEIPT_HEADER } from "#app/lib/outbox-light";
import { MemoryStorage } from "./memory-storage";

/** A fake server that stores each submissionId once and answers its id, like the page actions. */
function fakeServer() {
  const stored = new Map<string, string>();
  const seen: FormData[] = [];
  let failNext = 0;
  let refuse: ((form: FormData) => string | null) | null = null;
  const fetch = (async (_url: string, init?: RequestInit) => {
    const form = init?.body as FormData;
    seen.push(form);
    if (failNext > 0) {
      failNext--;
      // Half the cuts happen after the server stored the record: the resend must not duplicate.
      if (failNext % 2 === 0) store(form);
      throw new TypeError("Failed to fetch");
    }
    const why = refuse?.(form);
    if (why)
      return new Response("<html>", {
        status: 400,
        headers: {
          [ERROR_HEADER]: encodeURIComponent(JSON.stringify({ message: why, fieldErrors: { coordinates: [why] } })),
        },
      });
    return new Response("<html>", { status: 201, headers: { [RECEIPT_HEADER]: store(form) } });
  }) as unknown as typeof globalThis.fetch;
  function store(form: FormData) {
    const id = String(form.get("submissionId"));
    if (!stored.has(id)) stored.set(id, `FRM${String(stored.size + 1).padStart(6, "0")}`);
    return stored.get(id)!;
  }
  return {
    stored,
    seen,
    cut: (n: number) => {
      failNext = n;
    },
    refuseWhen: (fn: typeof refuse) => {
      refuse = fn;
    },
    deps: (over: Partial<SendDeps> = {}): SendDeps => ({
      fetch,
      csrf: async () => ({ token: "fresh-token", loginId: "AGT-0001" }),
      ...over,
    }),
  };
}

function farmerForm(name: string) {
  const form = new FormData();
  form.set("csrf", "old-token");
  form.set("firstName", name);
  form.append("crops", "Cocoa");
  form.append("crops", "Coffee");
  form.set("photo", new File([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], "face.jpg", { type: "image/jpeg" }));
  return form;
}

async function queue(name: string, id = crypto.randomUUID()) {
  return enqueue({
    submissionId: id,
    kind: "farmer",
    label: `Farmer ${name}`,
    url: "/onboard-farmer",
    fields: [...fieldsOf(farmerForm(name)), ["submissionId", id]],
    owner: "AGT-0001",
  });
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetOutboxDbForTests();
});

describe("the outbox keeps a record whole until the server's receipt", () => {
  it("stores every field, repeated fields and the photo as a blob", async () => {
    const record = await queue("Mary");
    const back = formDataOf((await getRecord(record.submissionId))!.fields);
    expect(back.getAll("crops")).toEqual(["Cocoa", "Coffee"]);
    const photo = back.get("photo") as File;
    expect(photo.name).toBe("face.jpg");
    expect([...new Uint8Array(await photo.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 1, 2, 3]);
  });

  it("sends with the session of the moment, and keeps only the receipt afterwards", async () => {
    const server = fakeServer();
    const record = await queue("Mary");
    const report = await flush(server.deps());
    expect(report.sent).toBe(1);
    expect(server.seen[0]!.get("csrf")).toBe("fresh-token");
    const sent = (await getRecord(record.submissionId))!;
    expect(sent.status).toBe("sent");
    expect(sent.receipt).toBe("FRM000001");
    expect(sent.fields).toEqual([]);
  });

  it("a cut connection leaves the record waiting; resends never duplicate on the server", async () => {
    const server = fakeServer();
    for (let i = 0; i < 10; i++) await queue(`Farmer${i}`);
    let flushes = 0;
    server.cut(25);
    while ((await counts()).waiting > 0 && flushes < 100) {
      await flush(server.deps());
      flushes++;
    }
    const c = await counts();
    expect(c).toMatchObject({ waiting: 0, sending: 0, failed: 0, sent: 10 });
    expect(server.stored.size).toBe(10);
    const receipts = (await listRecords()).map((r) => r.receipt);
    expect(new Set(receipts).size).toBe(10);
  });

  it("a refusal comes back onto the record, which stays until corrected and resent", async () => {
    const server = fakeServer();
    server.refuseWhen((form) => (form.get("firstName") === "Bad" ? "The boundary crosses itself" : null));
    const record = await queue("Bad");
    await flush(server.deps());
    let stored = (await getRecord(record.submissionId))!;
    expect(stored.status).toBe("failed");
    expect(stored.reason).toBe("The boundary crosses itself");
    expect(stored.fieldErrors).toEqual({ coordinates: ["The boundary crosses itself"] });
    expect(stored.fields.length).toBeGreaterThan(0);
    // Another flush does not resend it unchanged.
    await flush(server.deps());
    expect(server.seen).toHaveLength(1);
    // Corrected under the same submissionId: sent once.
    await enqueue({ ...stored, fields: fieldsOf(farmerForm("Good")).concat([["submissionId", record.submissionId]]) });
    await flush(server.deps());
    stored = (await getRecord(record.submissionId))!;
    expect(stored.status).toBe("sent");
    expect(server.stored.size).toBe(1);
  });

  it("signed out: every record stays waiting with the reason", async () => {
    const server = fakeServer();
    const record = await queue("Mary");
    const report = await flush(server.deps({ csrf: async () => null }));
    expect(report.signedOut).toBe(OUTBOX_TEXT.signIn);
    expect((await getRecord(record.submissionId))!).toMatchObject({ status: "waiting", reason: OUTBOX_TEXT.signIn });
    expect(server.seen).toHaveLength(0);
  });

  it("account deactivated meanwhile: nothing is sent, every record stays with that reason", async () => {
    const server = fakeServer();
    const record = await queue("Mary");
    const report = await flush(server.deps({ csrf: async () => ({ signedOut: OUTBOX_TEXT.deactivated }) }));
    expect(report.signedOut).toBe(
      "Your account has been deactivated. Your records are kept on this phone; ask your supervisor.",
    );
    const kept = (await getRecord(record.submissionId))!;
    expect(kept).toMatchObject({ status: "waiting", reason: OUTBOX_TEXT.deactivated });
    expect(kept.fields.length).toBeGreaterThan(0);
    expect(server.seen).toHaveLength(0);
  });

  it("a page that answers 'deactivated' mid-send: the record stays, with the reason, and sends the proof", async () => {
    const record = await queue("Mary");
    const sent: Headers[] = [];
    const detail = encodeURIComponent(JSON.stringify({ code: "account_deactivated", message: "x" }));
    const report = await flush({
      fetch: (async (_url: string, init?: RequestInit) => {
        sent.push(new Headers(init?.headers));
        return new Response(null, { status: 401, headers: { [ERROR_HEADER]: detail } });
      }) as unknown as typeof fetch,
      csrf: async () => ({ token: "t", loginId: "AGT-0001" }),
      proof: (loginId) => (loginId === "AGT-0001" ? "the-proof" : null),
    });
    expect(report.signedOut).toBe(OUTBOX_TEXT.deactivated);
    expect(sent[0]!.get("X-Outbox-Proof")).toBe("the-proof");
    expect((await getRecord(record.submissionId))!).toMatchObject({
      status: "waiting",
      reason: OUTBOX_TEXT.deactivated,
    });
  });

  it("another person's session does not send this person's records", async () => {
    const server = fakeServer();
    await queue("Mary");
    await flush(server.deps({ csrf: async () => ({ token: "t", loginId: "AGT-0002" }) }));
    expect(server.seen).toHaveLength(0);
    expect((await counts()).waiting).toBe(1);
  });
});

describe("what a page's answer means", () => {
  const headers = (status: number, h: Record<string, string>) => new Response(null, { status, headers: h });
  it("reads a receipt, a refusal, a conflict and a server error", () => {
    expect(outcomeOf(headers(201, { [RECEIPT_HEADER]: "FRM000009" }))).toEqual({ kind: "sent", receipt: "FRM000009" });
    expect(outcomeOf(headers(400, {})).kind).toBe("failed");
    const conflict = { server: { version: "3" }, mine: { version: "2" } };
    const detail = encodeURIComponent(JSON.stringify({ message: "Changed", conflict }));
    expect(outcomeOf(headers(409, { [ERROR_HEADER]: detail }))).toEqual({
      kind: "conflict",
      reason: "Changed",
      conflict,
    });
    expect(outcomeOf(headers(503, {})).kind).toBe("retry");
    expect(outcomeOf(headers(429, {})).kind).toBe("retry");
    expect(outcomeOf(headers(403, {})).kind).toBe("signed-out");
    // A refusal with its reason (e.g. the 48-hour rule of a correction) stays on the record as failed.
    const late = encodeURIComponent(JSON.stringify({ message: "Recorded more than 48 hours ago: ask a supervisor" }));
    expect(outcomeOf(headers(403, { [ERROR_HEADER]: late }))).toMatchObject({
      kind: "failed",
      reason: "Recorded more than 48 hours ago: ask a supervisor",
    });
    expect(outcomeOf(headers(401, {}))).toEqual({ kind: "signed-out", reason: OUTBOX_TEXT.signIn });
  });
});

describe("offline sign-in window", () => {
  it(`lets the person who signed in online here work offline for ${OFFLINE_SIGN_IN_DAYS} days, no longer`, () => {
    const day = 24 * 60 * 60 * 1000;
    const storage = new MemoryStorage();
    noteOnlineSession("AGT-0001", 0, storage);
    expect(offlineSignIn("AGT-0001", 6 * day, storage)).toEqual({ ok: true });
    expect(offlineSignIn("AGT-0001", 8 * day, storage)).toEqual({ ok: false, reason: OFFLINE_SESSION_TEXT.expired });
    expect(offlineSignIn("AGT-0002", day, storage)).toEqual({ ok: false, reason: OFFLINE_SESSION_TEXT.notHere });
  });
});

describe("correcting a failed record", () => {
  it("reopens its form at the page it came from, or where the form needs more (the buyer's looked-up farmer)", () => {
    expect(fixLinkOf({ url: "/land-plot-details/p1/visit", submissionId: "a b" })).toBe(
      "/land-plot-details/p1/visit?outbox=a%20b",
    );
    expect(
      fixLinkOf({
        url: "/agricultural-buyer-dashboard",
        fixUrl: "/agricultural-buyer-dashboard?farmer=FRM000001",
        submissionId: "s1",
      }),
    ).toBe("/agricultural-buyer-dashboard?farmer=FRM000001&outbox=s1");
  });
});
