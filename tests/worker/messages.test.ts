/**
 * Messages (docs/messages.md): only participants read, post and download (ids changed
 * in the URL or body are refused); unread counts rise on a new message and fall to zero on read;
 * each message notifies the other side; attachments are checked by their bytes; a thread to an
 * office department reaches every office administrator of that department and no other.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#worker/auth/roles";
import { ascii, exifWithGps, text, withSegments } from "../unit/photo-fixtures";
import { sessionAs, userWithSession } from "./factories";
import { call, count, ORIGIN, rows, tradeTogether } from "./helpers";
import { csrfOf } from "./html";

type Who = { cookie: string; token: string; id: string };
const who: Record<string, Who> = {};

/** An account of this file only, with a session (tests/worker/factories.ts). */
async function addUser(id: string, loginId: string, role: Role, department: string | null): Promise<Who> {
  const { cookie, token } = await userWithSession({ id, loginId, role, lastName: loginId, department });
  return { cookie, token, id };
}

beforeAll(async () => {
  for (const role of ["exporter", "buyer", "office_admin", "farmer"]) {
    const s = await sessionAs(role);
    who[role] = { cookie: s.cookie, token: s.token, id: s.account.id };
  }
  // The exporter and the buyer trade (only trade partners start threads with each other).
  await tradeTogether(who.buyer!.id, who.exporter!.id);
  who.exporterB = await addUser("exp-b", "EXP-OTHER-B", "exporter", null);
  who.office2 = await addUser("office-2", "office.second", "office_admin", "office_admin");
  who.archive = await addUser("archive-1", "archive.clerk", "office_admin", "archive_services");
}, 60_000);

const api = (w: string, path: string, init: RequestInit = {}) =>
  call(path, { ...init, headers: { Authorization: `Bearer ${who[w]!.token}`, ...(init.headers ?? {}) } });
const postJson = (w: string, path: string, body: unknown) =>
  api(w, path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const postForm = (
  w: string,
  path: string,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string; type: string },
) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file)
    form.set("attachment", new File([file.bytes.slice().buffer as ArrayBuffer], file.name, { type: file.type }));
  return api(w, path, { method: "POST", body: form });
};
const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;
type ThreadList = { threads: { id: string; unread: number; subject: string; with: string[] }[]; totalUnread: number };
const list = async (w: string) => json<ThreadList>(await api(w, "/api/messages/threads"));

const PDF = new Uint8Array(ascii("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"));
const JPEG_WITH_GPS = withSegments(exifWithGps());

/** The exporter's new thread to the office administrators' department (answered 201). */
async function startOfficeThread() {
  const res = await postJson("exporter", "/api/messages/threads", {
    to: "office",
    department: "office_admin",
    subject: "Export permit for shipment SHP-1",
    reference: "SHP-1",
    body: "Please confirm the documents you need.",
  });
  expect(res.status).toBe(201);
  return (await json<{ threadId: string }>(res)).threadId;
}

/** The office thread the attachment and IDOR tests write in. */
let officeThread = "";
beforeAll(async () => {
  officeThread = await startOfficeThread();
});
/** Posts a message with one attached file to the office thread, as `w`. */
const sendFile = (w: string, body: string, file: { bytes: Uint8Array; name: string; type: string }) =>
  postForm(w, `/api/messages/threads/${officeThread}/messages`, { body }, file);

describe("a thread to the regulator's office", () => {
  it("reaches every office administrator of the chosen department, with a notice and audit rows", async () => {
    const thread = await startOfficeThread();
    for (const w of ["office_admin", "office2"]) {
      const mine = await list(w);
      expect(
        mine.threads.map((t) => t.id),
        w,
      ).toContain(thread);
      expect(mine.threads.find((t) => t.id === thread)!.unread).toBe(1);
      expect(mine.totalUnread).toBeGreaterThanOrEqual(1);
      const notices = await rows<{ kind: string; link: string; title: string }>(
        "SELECT kind, link, title FROM notifications WHERE user_id = ? AND subject_id = ?",
        who[w]!.id,
        thread,
      );
      expect(notices).toEqual([
        {
          kind: "message_received",
          link: `/messages/${thread}`,
          title: "New message: Export permit for shipment SHP-1",
        },
      ]);
    }
    // Another department's administrator neither sees nor is told.
    expect((await list("archive")).threads.map((t) => t.id)).not.toContain(thread);
    expect((await api("archive", `/api/messages/threads/${thread}`)).status).toBe(404);
    expect(await count("SELECT COUNT(*) AS n FROM notifications WHERE user_id = 'archive-1'")).toBe(0);
    // The sender gets no notice of their own message.
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND subject_id = ?",
        who.exporter!.id,
        thread,
      ),
    ).toBe(0);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'message_thread.create' AND entity_id = ?",
        thread,
      ),
    ).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'message.send' AND after LIKE ?", `%${thread}%`),
    ).toBe(1);
  });

  it("unread counts rise on a reply and fall to zero when read", async () => {
    const thread = await startOfficeThread();
    const before = (await list("exporter")).totalUnread;
    const replied = await postJson("office_admin", `/api/messages/threads/${thread}/messages`, {
      body: "Send the phytosanitary certificate.",
    });
    expect(replied.status).toBe(201);
    let mine = await list("exporter");
    expect(mine.threads.find((t) => t.id === thread)!.unread).toBe(1);
    expect(mine.totalUnread).toBe(before + 1);
    expect(mine.threads.find((t) => t.id === thread)!.with).toEqual(["Office Administration (regulator's office)"]);
    const notice = await rows<{ link: string }>(
      "SELECT link FROM notifications WHERE user_id = ? AND subject_id = ?",
      who.exporter!.id,
      thread,
    );
    expect(notice).toEqual([{ link: `/exporter/messages/${thread}` }]);
    // The colleague in the department has both unread: the exporter's message and the reply.
    expect((await list("office2")).threads.find((t) => t.id === thread)!.unread).toBe(2);
    expect((await postJson("exporter", `/api/messages/threads/${thread}/read`, {})).status).toBe(200);
    mine = await list("exporter");
    expect(mine.threads.find((t) => t.id === thread)!.unread).toBe(0);
    expect(mine.totalUnread).toBe(before);
    // Read markers are per person: office2's count is untouched by the exporter's reading.
    expect((await list("office2")).threads.find((t) => t.id === thread)!.unread).toBe(2);
  });
});

describe("participants only (IDOR)", () => {
  it("exporter B cannot read, post in, mark or download from exporter A's thread", async () => {
    const sent = await sendFile("exporter", "The file.", { bytes: PDF, name: "permit.pdf", type: "application/pdf" });
    expect(sent.status).toBe(201);
    const { attachmentId } = await json<{ attachmentId: string }>(sent);
    expect((await api("office2", `/api/messages/attachments/${attachmentId}`)).status).toBe(200);

    expect((await list("exporterB")).threads.map((t) => t.id)).not.toContain(officeThread);
    const read = await api("exporterB", `/api/messages/threads/${officeThread}`);
    expect(read.status).toBe(404);
    expect((await json<{ message: string }>(read)).message).toBe("No such conversation, or you are not part of it");
    const post = await postJson("exporterB", `/api/messages/threads/${officeThread}/messages`, { body: "Let me in" });
    expect(post.status).toBe(404);
    expect((await postJson("exporterB", `/api/messages/threads/${officeThread}/read`, {})).status).toBe(404);
    expect((await api("exporterB", `/api/messages/attachments/${attachmentId}`)).status).toBe(404);
    expect(
      await count("SELECT COUNT(*) AS n FROM messages WHERE thread_id = ? AND sender_id = 'exp-b'", officeThread),
    ).toBe(0);
    // The pages refuse the same ids.
    const page = await call(`/exporter/messages/${officeThread}`, { headers: { Cookie: who.exporterB!.cookie } });
    expect(page.status).toBe(404);
    // A role without messages is refused before any lookup.
    expect((await api("farmer", `/api/messages/threads/${officeThread}`)).status).toBe(403);
  });
});

describe("attachments", () => {
  it("stores a photo without its EXIF GPS and serves it to participants only", async () => {
    const res = await sendFile("office_admin", "Photo of the seal", {
      bytes: JPEG_WITH_GPS,
      name: "seal photo.jpeg",
      type: "image/jpeg",
    });
    expect(res.status).toBe(201);
    const { attachmentId } = await json<{ attachmentId: string }>(res);
    const file = await api("exporter", `/api/messages/attachments/${attachmentId}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(bytes[0]).toBe(0xff);
    expect(text(bytes)).not.toContain("Exif");
    expect(file.headers.get("content-disposition")).toBe('inline; filename="seal photo.jpg"');
  });

  it("refuses a file whose bytes are not PDF, JPEG or PNG, and one over 5 MB, with clear messages", async () => {
    const fake = await sendFile("exporter", "x", {
      bytes: new Uint8Array(ascii("<html><script>alert(1)</script></html>")),
      name: "invoice.pdf",
      type: "application/pdf",
    });
    expect(fake.status).toBe(415);
    expect(await json(fake)).toMatchObject({
      success: false,
      message: "Attach a PDF, JPEG or PNG file: the contents of this file are none of these (its name is not enough)",
      errors: {
        attachment: [
          "Attach a PDF, JPEG or PNG file: the contents of this file are none of these (its name is not enough)",
        ],
      },
    });
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PDF);
    big.set(ascii("%%EOF\n"), big.length - 6);
    const tooBig = await sendFile("exporter", "x", { bytes: big, name: "big.pdf", type: "application/pdf" });
    expect(tooBig.status).toBe(413);
    expect((await json<{ message: string }>(tooBig)).message).toBe(
      "The attached file is too large: an attachment may be at most 5 MB",
    );
    expect(await count("SELECT COUNT(*) AS n FROM messages WHERE thread_id = ? AND body = 'x'", officeThread)).toBe(0);
  });
});

describe("exporter ↔ buyer", () => {
  it("a thread by the buyer's login ID; unknown IDs and the wrong role are refused with the same message", async () => {
    const buyerLogin = (await rows<{ login_id: string }>("SELECT login_id FROM users WHERE id = ?", who.buyer!.id))[0]!
      .login_id;
    const res = await postJson("exporter", "/api/messages/threads", {
      to: "person",
      loginId: buyerLogin.toLowerCase(),
      subject: "Order ORD-7 delivery",
      body: "When can you deliver?",
    });
    expect(res.status).toBe(201);
    const { threadId } = await json<{ threadId: string }>(res);
    expect((await list("buyer")).threads.find((t) => t.id === threadId)!.unread).toBe(1);
    expect((await postJson("buyer", `/api/messages/threads/${threadId}/messages`, { body: "Friday." })).status).toBe(
      201,
    );
    expect((await api("exporterB", `/api/messages/threads/${threadId}`)).status).toBe(404);
    // The buyer cannot see the exporter's office thread.
    expect((await api("buyer", `/api/messages/threads/${officeThread}`)).status).toBe(404);

    // A new thread from the exporter to the person with `loginId`.
    const hello = (loginId: string) =>
      postJson("exporter", "/api/messages/threads", { to: "person", loginId, subject: "Hello", body: "Hi" });
    const unknown = await hello("NOBODY-1");
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({
      message: "No agricultural buyer you trade with has login ID NOBODY-1",
    });
    const otherExporter = await hello("EXP-OTHER-B");
    expect(otherExporter.status).toBe(404);
    const blank = await postJson("exporter", "/api/messages/threads", { to: "office", subject: "Hi", body: "" });
    expect(blank.status).toBe(400);
    expect((await json<{ errors: Record<string, string[]> }>(blank)).errors).toMatchObject({
      department: ["Choose the department of the regulator's office"],
      subject: ["Enter a subject (3 to 120 characters)"],
      body: ["Write your message (at most 4000 characters)"],
    });
  });
});

describe("the pages, JavaScript off", () => {
  const pageCsrf = async (path: string, cookie: string) => {
    const page = await call(path, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    return csrfOf(await page.text());
  };
  const postPage = (path: string, cookie: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return call(path, { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN }, body: form });
  };

  it("a refused new thread keeps what was typed; a good one redirects to the thread, which marks it read", async () => {
    const cookie = who.exporter!.cookie;
    const csrf = await pageCsrf("/exporter/messages", cookie);
    const bad = await postPage("/exporter/messages", cookie, {
      csrf,
      to: "office",
      department: "",
      subject: "Licence renewal",
      body: "My typed words",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Choose the department of the regulator&#x27;s office");
    expect(html).toContain("My typed words");
    expect(html).toContain('value="Licence renewal"');

    const good = await postPage("/exporter/messages", cookie, {
      csrf,
      to: "office",
      department: "office_admin",
      subject: "Licence renewal",
      body: "My typed words",
    });
    expect(good.status).toBe(302);
    const location = good.headers.get("location")!;
    expect(location).toMatch(/^\/exporter\/messages\/[0-9a-f-]{36}\?sent=1$/);
    const threadId = location.split("/")[3]!.split("?")[0]!;
    const officePage = await call(`/messages/${threadId}`, { headers: { Cookie: who.office_admin!.cookie } });
    expect(officePage.status).toBe(200);
    expect(await officePage.text()).toContain("My typed words");
    expect((await list("office_admin")).threads.find((t) => t.id === threadId)!.unread).toBe(0);
    expect((await list("office2")).threads.find((t) => t.id === threadId)!.unread).toBe(1);
  });

  it("/exporter/messages is the exporter's; buyers and office administrators use /messages; others get 403", async () => {
    for (const w of ["buyer", "office_admin"]) {
      expect((await call("/exporter/messages", { headers: { Cookie: who[w]!.cookie } })).status, w).toBe(403);
      expect((await call("/messages", { headers: { Cookie: who[w]!.cookie } })).status, w).toBe(200);
    }
    expect((await call("/messages", { headers: { Cookie: who.farmer!.cookie } })).status).toBe(403);
    expect((await call("/exporter/messages")).status).toBe(302);
  });
});
