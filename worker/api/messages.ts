/**
 * Messages (docs/messages.md), mounted at /api/messages. Bodies are JSON, or
 * multipart/form-data with the same fields and an optional `attachment` file (PDF, JPEG or PNG,
 * at most 5 MB; its type is read from its bytes). Every service checks that the caller is a
 * participant: someone else's thread or attachment answers 404, as an unknown one.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { z } from "zod";
import { fieldErrors, firstMessage } from "../contracts/field-errors";
import { NewThreadSchema, ReplySchema, ThreadListQuerySchema } from "../contracts/messages";
import { jsonDepthExceeds } from "../domain/written-decimals";
import type { AttachmentInput } from "../services/messages/message-common";
import { listThreads, markThreadRead, openThread, readAttachment } from "../services/messages/read-threads";
import { sendMessage } from "../services/messages/send-message";
import { startThread } from "../services/messages/start-thread";
import { uploadLimit } from "./body-limits";
import { type ApiEnv, requirePermission, serviceDeps } from "./middleware";
import { apiError, privateFile, reply, success, UPLOADED_FILE_HEADERS } from "./reply";
import { describe, tag } from "./route-meta";
import { MAX_BODY_DEPTH, query, TOO_DEEP_MESSAGE } from "./validate";

type Parsed<T> = { ok: true; value: T; attachment?: AttachmentInput } | { ok: false; response: Response };

/** The body as JSON or multipart, validated by `schema`; the multipart `attachment` file kept aside. */
async function messageBody<S extends z.ZodType>(c: Context<ApiEnv>, schema: S): Promise<Parsed<z.infer<S>>> {
  const type = c.req.header("Content-Type") ?? "";
  let fields: unknown;
  let attachment: AttachmentInput | undefined;
  if (/^multipart\/form-data/i.test(type)) {
    const form = await c.req.formData();
    const file = form.get("attachment");
    fields = Object.fromEntries([...form.entries()].filter(([k, v]) => k !== "attachment" && typeof v === "string"));
    if (file instanceof File && file.size > 0) {
      attachment = { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name };
    }
  } else if (/^application\/json\b/i.test(type)) {
    const raw = await c.req.text();
    if (raw.length > 1024 * 1024) {
      return { ok: false, response: apiError(c, 413, "Request body too large (limit 1 MiB)") };
    }
    // The depth is counted on the text, before any parser recurses (as worker/api/validate.ts).
    if (jsonDepthExceeds(raw, MAX_BODY_DEPTH)) {
      return {
        ok: false,
        response: apiError(c, 400, TOO_DEEP_MESSAGE, [{ rule: "too-deep", message: TOO_DEEP_MESSAGE }]),
      };
    }
    try {
      fields = JSON.parse(raw);
    } catch {
      return { ok: false, response: apiError(c, 400, "Request body is not valid JSON") };
    }
  } else {
    return {
      ok: false,
      response: apiError(c, 415, "Content-Type must be application/json or multipart/form-data"),
    };
  }
  const parsed = schema.safeParse(fields ?? {});
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { ok: false, response: apiError(c, 400, firstMessage(errors), errors) };
  }
  return { ok: true, value: parsed.data, ...(attachment ? { attachment } : {}) };
}

/** Documents the body for /api/docs (the handler reads it itself: JSON or multipart). */
const documented = (schema: z.ZodType): MiddlewareHandler => tag((_c, next) => next(), { body: schema });

export const messagesApi = new Hono<ApiEnv>()
  .use(requirePermission("sendMessages"))
  .get(
    "/threads",
    describe("My conversations, newest first, each with its unread count, and my total unread (paged)"),
    query(ThreadListQuerySchema),
    async (c) => {
      const result = await listThreads({ page: c.req.valid("query").page }, serviceDeps(c));
      if (!result.ok) return reply(c, result);
      c.header("Cache-Control", "private, no-store");
      // The paging shape, plus the total unread over every conversation.
      const { threads, totalUnread, page, pageSize, total } = result.value;
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      return success(c, { threads, page, pageSize, total, pageCount, totalUnread });
    },
  )
  .post(
    "/threads",
    describe(
      "Start a conversation: `to` office (with `department`) or person (with `loginId`); JSON, or multipart with an `attachment` (PDF, JPEG, PNG, ≤ 5 MB)",
      { 201: "The new thread and its first message" },
    ),
    uploadLimit("messages"),
    documented(NewThreadSchema),
    async (c) => {
      const parsed = await messageBody(c, NewThreadSchema);
      if (!parsed.ok) return parsed.response;
      const result = await startThread(
        { ...parsed.value, ...(parsed.attachment ? { attachment: parsed.attachment } : {}) },
        serviceDeps(c),
      );
      return reply(c, result, 201);
    },
  )
  .get(
    "/threads/:id",
    describe("One conversation, oldest message first (participants only); does not mark it read"),
    async (c) => {
      const result = await openThread({ threadId: c.req.param("id"), markRead: false }, serviceDeps(c));
      c.header("Cache-Control", "private, no-store");
      return reply(c, result);
    },
  )
  .post(
    "/threads/:id/messages",
    describe("Answer in a conversation (participants only); JSON, or multipart with an `attachment`", {
      201: "The new message",
    }),
    uploadLimit("messages"),
    documented(ReplySchema),
    async (c) => {
      const parsed = await messageBody(c, ReplySchema);
      if (!parsed.ok) return parsed.response;
      const result = await sendMessage(
        {
          threadId: c.req.param("id"),
          body: parsed.value.body,
          ...(parsed.attachment ? { attachment: parsed.attachment } : {}),
        },
        serviceDeps(c),
      );
      return reply(c, result, 201);
    },
  )
  .post("/threads/:id/read", describe("Mark a conversation read for me (participants only)"), async (c) =>
    reply(c, await markThreadRead({ threadId: c.req.param("id") }, serviceDeps(c))),
  )
  .get(
    "/attachments/:id",
    describe("An attachment's file (participants of its conversation only)", { 200: "The file" }),
    async (c) => {
      const result = await readAttachment({ attachmentId: c.req.param("id") }, serviceDeps(c));
      if (!result.ok) return reply(c, result);
      const { object, fileName, contentType } = result.value;
      // Images are shown inline (re-assembled without metadata); a PDF is always a download.
      const disposition = contentType === "application/pdf" ? "attachment" : "inline";
      return privateFile(object.body, contentType, disposition, fileName, {
        "Content-Length": String(object.size),
        ...UPLOADED_FILE_HEADERS,
      });
    },
  );
