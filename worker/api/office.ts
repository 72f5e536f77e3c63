import { Hono } from "hono";
import { DocumentStepSchema, RegisterDocumentSchema, RegisterQuerySchema } from "../contracts/office";
import { attachFile } from "../services/office/attach-file";
import { documentFor, fileFor, listRegister, registerCounts } from "../services/office/read-register";
import { registerDocument } from "../services/office/register-document";
import { stepDocument } from "../services/office/step-document";
import type { AttachmentInput } from "../services/platform/attachments";
import { uploadLimit } from "./body-limits";
import { type ApiEnv, requirePermission, serviceDeps } from "./middleware";
import { apiError, paged, privateFile, reply, UPLOADED_FILE_HEADERS } from "./reply";
import { describe } from "./route-meta";
import { body, query } from "./validate";

/**
 * /api/office (ADR 025): the office's document and correspondence register. Office
 * administrators work their own department's queue; the executives read every queue. Another
 * department's document answers 404, as an unknown one.
 */
export const officeApi = new Hono<ApiEnv>()
  .get(
    "/documents",
    requirePermission("readOfficeRegister"),
    describe("One page of a department's work queue (an office administrator: always their own department)"),
    query(RegisterQuerySchema),
    async (c) => {
      const result = await listRegister(c.req.valid("query"), serviceDeps(c));
      if (!result.ok) return reply(c, result);
      const { items, page, pageSize, total } = result.value;
      return paged(c, "documents", items, { page, pageSize, total });
    },
  )
  .get(
    "/queues",
    requirePermission("readOfficeRegister"),
    describe("Documents per department and status"),
    async (c) => {
      const result = await registerCounts(serviceDeps(c));
      return result.ok ? reply(c, { ok: true, value: { queues: result.value } }) : reply(c, result);
    },
  )
  .post(
    "/documents",
    requirePermission("manageOfficeRegister"),
    describe("Register a letter, licence file or inspection report in my department (reference generated)", {
      201: "The document's id and reference",
    }),
    body(RegisterDocumentSchema),
    async (c) => reply(c, await registerDocument(c.req.valid("json"), serviceDeps(c)), 201),
  )
  .get(
    "/documents/:id",
    requirePermission("readOfficeRegister"),
    describe("A register document with its files and the staff it may be assigned to", { 404: "Not in my queue" }),
    async (c) => reply(c, await documentFor(c.req.param("id"), serviceDeps(c))),
  )
  .post(
    "/documents/:id/steps",
    requirePermission("manageOfficeRegister"),
    describe("Move a document on: assign (with assigneeId), start or close (by its assignee)", {
      200: "The new status and version",
    }),
    body(DocumentStepSchema),
    async (c) => reply(c, await stepDocument(c.req.param("id"), c.req.valid("json"), serviceDeps(c))),
  )
  .post(
    "/documents/:id/files",
    requirePermission("manageOfficeRegister"),
    describe("Attach a file (multipart field `attachment`: PDF, JPEG or PNG by its contents, at most 5 MB)", {
      201: "The stored file",
    }),
    uploadLimit("officeFiles"),
    async (c) => {
      if (!/^multipart\/form-data/i.test(c.req.header("Content-Type") ?? ""))
        return apiError(c, 415, "Content-Type must be multipart/form-data");
      const form = await c.req.formData();
      const file = form.get("attachment");
      const input: AttachmentInput | undefined =
        file instanceof File && file.size > 0
          ? { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name }
          : undefined;
      return reply(c, await attachFile(c.req.param("id"), input, serviceDeps(c)), 201);
    },
  )
  .get(
    "/documents/:id/files/:fileId",
    requirePermission("readOfficeRegister"),
    describe("A file of a register document (who may read the document only)", { 200: "The file" }),
    async (c) => {
      const result = await fileFor(c.req.param("id"), c.req.param("fileId"), serviceDeps(c));
      if (!result.ok) return reply(c, result);
      const { body: stream, fileName, contentType, sizeBytes } = result.value;
      const disposition = contentType === "application/pdf" ? "attachment" : "inline";
      return privateFile(stream, contentType, disposition, fileName, {
        "Content-Length": String(sizeBytes),
        ...UPLOADED_FILE_HEADERS,
      });
    },
  );
