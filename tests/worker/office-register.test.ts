/**
 * The office's document register (ADR 025): registering (unique generated references),
 * the work-queue transitions with their audit rows, department scoping (another department's id
 * answers 404), read-only executives, other roles refused, and attachments checked by their
 * bytes and size — through /api/office and through the portal pages with JavaScript off.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { isStaleDocument, requireChangedStatement, updateDocumentStatement } from "#db/queries/office";
import { auditEntry } from "#worker/services/platform/audit";
import { ascii } from "../unit/photo-fixtures";
import { once, sessionAs, userWithSession } from "./factories";
import { call, count, one, postForm } from "./helpers";
import { csrfOf, decodeHtml, pageText } from "./html";

type Who = { cookie: string; token: string; id: string };
const who: Record<string, Who> = {};

async function addOfficeAdmin(id: string, loginId: string, department: string) {
  const { cookie, token } = await userWithSession({ id, loginId, role: "office_admin", lastName: loginId, department });
  who[id] = { token, cookie, id };
}

beforeAll(async () => {
  for (const role of ["office_admin", "dg", "exporter", "monitoring_observer", "ddgots"]) {
    const s = await sessionAs(role);
    who[role] = { cookie: s.cookie, token: s.token, id: s.account.id };
  }
  await addOfficeAdmin("office-2", "office.colleague", "office_admin");
  await addOfficeAdmin("archive-1", "archive.keeper", "archive_services");
}, 60_000);

const api = (w: string, path: string, init: RequestInit = {}) =>
  call(path, { ...init, headers: { Authorization: `Bearer ${who[w]!.token}`, ...(init.headers ?? {}) } });
const postJson = (w: string, path: string, body: unknown) =>
  api(w, path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const upload = (w: string, path: string, bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.set("attachment", new File([bytes.slice().buffer as ArrayBuffer], name, { type: "application/pdf" }));
  return api(w, path, { method: "POST", body: form });
};
const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;
const PDF = new Uint8Array(ascii("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"));
const year = new Date().getUTCFullYear();

/** The office's first two incoming letters, registered (the first and second references of the year). */
const letters = once(async () => {
  const a = await postJson("office_admin", "/api/office/documents", {
    kind: "incoming_letter",
    title: "Letter from the Ministry of Agriculture",
    counterparty: "Ministry of Agriculture",
    department: "archive_services", // ignored: my department is taken from my account
  });
  expect(a.status).toBe(201);
  const first = await json<{ id: string; reference: string }>(a);
  const b = await postJson("office_admin", "/api/office/documents", {
    kind: "incoming_letter",
    title: "Second letter",
  });
  expect(b.status).toBe(201);
  return { first, second: await json<{ id: string; reference: string }>(b) };
});

/** A new report registered in the office's queue (received): its id. */
async function registerReport(title: string) {
  const res = await postJson("office_admin", "/api/office/documents", { kind: "inspection_report", title });
  expect(res.status).toBe(201);
  return (await json<{ id: string }>(res)).id;
}

describe("/api/office: register and work queue", () => {
  it("registers in my own department with a generated, unique reference and an audit row in the same batch", async () => {
    const { first, second } = await letters();
    expect(first.reference).toBe(`LACRA-IN-${year}-000001`);
    expect(second.reference).toBe(`LACRA-IN-${year}-000002`);
    const docId = first.id;
    expect(await one("SELECT department, status FROM office_documents WHERE id = ?", docId)).toEqual({
      department: "office_admin",
      status: "received",
    });
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'office_document.register' AND entity_id = ? AND actor_id = ?",
        docId,
        who.office_admin!.id,
      ),
    ).toBe(1);
  });

  it("refuses a bad form with field messages", async () => {
    const res = await postJson("office_admin", "/api/office/documents", { kind: "memo", title: "x" });
    expect(res.status).toBe(400);
    const body = await json<{ errors: Record<string, string[]> }>(res);
    expect(body.errors.kind).toEqual(["Choose the kind of document"]);
    expect(body.errors.title).toEqual(["Enter a title of 3 to 200 characters"]);
  });

  it("moves received → assigned → in progress → closed, each step with its audit row; order and assignee are enforced", async () => {
    const docId = await registerReport("Report to work through");
    const step = (w: string, body: unknown) => postJson(w, `/api/office/documents/${docId}/steps`, body);
    // Start before assignment: 409 naming the missing step.
    const early = await step("office_admin", { step: "start" });
    expect(early.status).toBe(409);
    expect((await json<{ message: string }>(early)).message).toBe(
      "Assign the document first: work starts once it is assigned",
    );
    // The assignee must be an office administrator of the document's department.
    const wrong = await step("office_admin", { step: "assign", assigneeId: "archive-1" });
    expect(wrong.status).toBe(400);
    expect((await step("office_admin", { step: "assign", assigneeId: "office-2", baseVersion: 1 })).status).toBe(200);
    // Only the assignee starts and closes.
    const notMine = await step("office_admin", { step: "start" });
    expect(notMine.status).toBe(403);
    expect((await json<{ message: string }>(notMine)).message).toBe("Only the person it is assigned to can do this");
    // A step based on an old version is refused.
    expect((await step("office-2", { step: "start", baseVersion: 1 })).status).toBe(409);
    expect((await step("office-2", { step: "start", baseVersion: 2 })).status).toBe(200);
    expect((await step("office-2", { step: "close" })).status).toBe(200);
    expect((await step("office-2", { step: "close" })).status).toBe(409);
    expect(await one("SELECT status, assignee_id AS a, version FROM office_documents WHERE id = ?", docId)).toEqual({
      status: "closed",
      a: "office-2",
      version: 4,
    });
    const actions = (
      await env.DB.prepare("SELECT action FROM audit_log WHERE entity_id = ? ORDER BY id")
        .bind(docId)
        .all<{ action: string }>()
    ).results.map((r) => r.action);
    expect(actions).toEqual([
      "office_document.register",
      "office_document.assign",
      "office_document.start",
      "office_document.close",
    ]);
  });

  it("a step whose guarded update finds a newer version fails as one batch: no change, no audit row", async () => {
    // A document at version 2 (assigned): an update guarded by version 1 finds a newer one.
    const docId = await registerReport("Report assigned once");
    const assign = { step: "assign", assigneeId: "office-2", baseVersion: 1 };
    expect((await postJson("office_admin", `/api/office/documents/${docId}/steps`, assign)).status).toBe(200);
    const db = database(env.DB);
    const audits = await count("SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ?", docId);
    const error = await db
      .batch([
        updateDocumentStatement(db, docId, 1, { status: "received", assigneeId: null, updatedAt: "2026-01-01" }),
        requireChangedStatement(db, docId),
        auditEntry(db, { id: "x", role: "office_admin" }, "office_document.assign", "office_document", docId, null, {}),
      ])
      .catch((e: unknown) => e);
    expect(isStaleDocument(error)).toBe(true);
    expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ?", docId)).toBe(audits);
    expect(await one("SELECT status, title FROM office_documents WHERE id = ?", docId)).toEqual({
      status: "assigned",
      title: "Report assigned once",
    });
  });

  it("IDOR: another department's administrator gets 404 for the document, its steps and files, and lists only their own queue", async () => {
    const docId = (await letters()).first.id;
    expect((await api("archive-1", `/api/office/documents/${docId}`)).status).toBe(404);
    expect(
      (await postJson("archive-1", `/api/office/documents/${docId}/steps`, { step: "assign", assigneeId: "archive-1" }))
        .status,
    ).toBe(404);
    expect((await upload("archive-1", `/api/office/documents/${docId}/files`, PDF, "x.pdf")).status).toBe(404);
    const list = await json<{ documents: { id: string }[]; total: number }>(
      await api("archive-1", "/api/office/documents?department=office_admin"),
    );
    expect(list.total).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM office_documents WHERE department = 'office_admin'")).toBeGreaterThan(
      0,
    );
  });

  it("executives read every queue but change nothing; other roles are refused", async () => {
    const docId = (await letters()).first.id;
    const list = await json<{ documents: { id: string }[]; total: number }>(await api("dg", "/api/office/documents"));
    expect(list.total).toBe(await count("SELECT COUNT(*) AS n FROM office_documents"));
    expect((await api("dg", `/api/office/documents/${docId}`)).status).toBe(200);
    expect(
      (await postJson("dg", "/api/office/documents", { kind: "incoming_letter", title: "From the DG" })).status,
    ).toBe(403);
    expect((await postJson("ddgots", `/api/office/documents/${docId}/steps`, { step: "close" })).status).toBe(403);
    for (const role of ["exporter", "monitoring_observer"]) {
      expect((await api(role, "/api/office/documents")).status).toBe(403);
      expect((await api(role, `/api/office/documents/${docId}`)).status).toBe(403);
    }
    expect((await call("/api/office/documents")).status).toBe(401);
  });
});

describe("attachments", () => {
  let openId = "";
  beforeAll(async () => {
    openId = (
      await json<{ id: string }>(
        await postJson("office_admin", "/api/office/documents", { kind: "inspection_report", title: "Port report" }),
      )
    ).id;
  });

  it("stores a real PDF privately in R2 and serves it only to readers of the document", async () => {
    const res = await upload("office_admin", `/api/office/documents/${openId}/files`, PDF, "report.pdf");
    expect(res.status).toBe(201);
    const file = await json<{ id: string; fileName: string; sizeBytes: number }>(res);
    expect(file).toMatchObject({ fileName: "report.pdf", sizeBytes: PDF.length });
    const row = await one<{ r2_key: string }>("SELECT r2_key FROM office_document_files WHERE id = ?", file.id);
    expect(await env.CERTS.get(row.r2_key)).not.toBeNull();
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'office_document.attach' AND entity_id = ?",
        openId,
      ),
    ).toBe(1);
    const got = await api("office_admin", `/api/office/documents/${openId}/files/${file.id}`);
    expect(got.status).toBe(200);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PDF);
    expect((await api("archive-1", `/api/office/documents/${openId}/files/${file.id}`)).status).toBe(404);
  });

  it("accepts a file of the advertised 5 MB (the /api-wide 1 MiB limit does not cut it first)", async () => {
    const five = new Uint8Array(5 * 1024 * 1024);
    five.set(PDF);
    five.set(ascii("%%EOF\n"), five.length - 6);
    const res = await upload("office_admin", `/api/office/documents/${openId}/files`, five, "five-mb.pdf");
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ fileName: "five-mb.pdf", sizeBytes: five.length });
  });

  it("refuses a file whose bytes are not PDF/JPEG/PNG, and one over 5 MB, storing nothing", async () => {
    const before = await count("SELECT COUNT(*) AS n FROM office_document_files");
    const fake = await upload(
      "office_admin",
      `/api/office/documents/${openId}/files`,
      new Uint8Array(ascii("MZ not a pdf")),
      "letter.pdf",
    );
    expect(fake.status).toBe(415);
    expect((await json<{ message: string }>(fake)).message).toBe(
      "Attach a PDF, JPEG or PNG file: the contents of this file are none of these (its name is not enough)",
    );
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(PDF.subarray(0, 9));
    const large = await upload("office_admin", `/api/office/documents/${openId}/files`, big, "big.pdf");
    expect(large.status).toBe(413);
    expect(await count("SELECT COUNT(*) AS n FROM office_document_files")).toBe(before);
  });
});

describe("the office portals (pages, JavaScript off)", () => {
  it("office administrator: register by plain form POST, then see it in the queue with its reference", async () => {
    const page = await call("/office-administration-portal", { headers: { Cookie: who.office_admin!.cookie } });
    expect(page.status).toBe(200);
    const html = decodeHtml(await page.text());
    const csrf = csrfOf(html);
    const body = new URLSearchParams({ csrf, intent: "register", kind: "outgoing_letter", title: "x" });
    const bad = await postForm("/office-administration-portal", who.office_admin!.cookie, body);
    expect(bad.status).toBe(400);
    const badHtml = decodeHtml(await bad.text());
    expect(badHtml).toContain("Enter a title of 3 to 200 characters");
    expect(badHtml).toContain('value="x"'); // what was typed is kept
    body.set("title", "Reply to the Ministry");
    const good = await postForm("/office-administration-portal", who.office_admin!.cookie, body);
    expect(good.status).toBe(302);
    expect(good.headers.get("location")).toBe(
      `/office-administration-portal?registered=LACRA-OUT-${year}-000001#register`,
    );
    const after = decodeHtml(
      await (
        await call("/office-administration-portal?status=received", { headers: { Cookie: who.office_admin!.cookie } })
      ).text(),
    );
    expect(after).toContain(`LACRA-OUT-${year}-000001`);
    expect(after).toContain("Reply to the Ministry");
  });

  it("the regulatory portal shares the module: DDGOTS reads it without forms; an exporter gets 403; another department's document page is 404", async () => {
    const docId = (await letters()).first.id;
    const html = await pageText("/regulatory-portal-classic", who.ddgots!.cookie);
    expect(html).toContain('data-testid="register-table"');
    expect(html).toContain('data-testid="read-only"');
    expect(html).not.toContain('name="intent" value="register"');
    expect((await call("/regulatory-portal-classic", { headers: { Cookie: who.exporter!.cookie } })).status).toBe(403);
    expect((await call("/office-administration-portal", { headers: { Cookie: who.exporter!.cookie } })).status).toBe(
      403,
    );
    expect(
      (
        await call(`/office-administration-portal/documents/${docId}`, {
          headers: { Cookie: who["archive-1"]!.cookie },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(`/office-administration-portal/documents/${docId}`, {
          headers: { Cookie: who.office_admin!.cookie },
        })
      ).status,
    ).toBe(200);
  });
});
