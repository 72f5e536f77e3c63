/**
 * How large a request body /api reads. Every body is read as it streams in and refused at the
 * first byte past its limit, with or without `Content-Length` (worker/http/body-limit.ts). Upload
 * routes have their own limit, applied after their guard, so an anonymous caller cannot make the
 * Worker read 30 MiB; every other body is limited to 1 MiB before anything else runs
 * (docs/decisions/034-quotas-and-upload-limits.md).
 */
import type { MiddlewareHandler } from "hono";
import { ATTACHMENT_MESSAGES, MESSAGE_LIMITS } from "../domain/messages";
import { bodyWithin } from "../http/body-limit";
import { MAX_PRICE_FILE_BYTES } from "../services/market/import-prices";
import { MAX_IMPORT_BYTES } from "../services/registry/bulk-import";
import { apiError } from "./reply";

/** Every body but the uploads below. */
export const API_BODY_BYTES = 1024 * 1024;

/** Each upload route: its path, the most it reads (the file plus the form's text and framing), its refusal. */
export const UPLOADS = {
  imports: {
    path: /^\/api\/imports\/?$/,
    maxBytes: MAX_IMPORT_BYTES + 64 * 1024,
    message: "The file is too large (limit 30 MiB): split it into several files",
  },
  messages: {
    path: /^\/api\/messages\/threads(\/[^/]+\/messages)?\/?$/,
    maxBytes: MESSAGE_LIMITS.attachmentBytes + 256 * 1024,
    message: ATTACHMENT_MESSAGES.tooLarge,
  },
  officeFiles: {
    path: /^\/api\/office\/documents\/[^/]+\/files\/?$/,
    maxBytes: MESSAGE_LIMITS.attachmentBytes + 64 * 1024,
    message: ATTACHMENT_MESSAGES.tooLarge,
  },
  prices: {
    path: /^\/api\/market\/prices\/import\/?$/,
    maxBytes: MAX_PRICE_FILE_BYTES + 64 * 1024,
    message: "The file is too large (limit 1 MiB)",
  },
} as const;

/** An upload route's own limit, placed after its guard. */
export const uploadLimit = (name: keyof typeof UPLOADS): MiddlewareHandler =>
  bodyWithin(UPLOADS[name].maxBytes, (c) => apiError(c, 413, UPLOADS[name].message));

const defaultLimit = bodyWithin(API_BODY_BYTES, (c) => apiError(c, 413, "Request body too large (limit 1 MiB)"));

/** The 1 MiB limit of every /api body except a POST to an upload route (which applies its own). */
export const apiBodyLimit: MiddlewareHandler = (c, next) =>
  c.req.method === "POST" && Object.values(UPLOADS).some((u) => u.path.test(c.req.path))
    ? next()
    : defaultLimit(c, next);
