import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isStoreFailure } from "#db/errors";
import { apiError } from "./reply";

export { apiError } from "./reply";

/** What the person is told when D1, KV or R2 failed under their request (docs/fault-injection.md). */
export const STORE_BUSY_MESSAGE =
  "The service is busy and could not finish your request. Please try again in a moment.";

/**
 * Answers every uncaught error as JSON: never a stack trace, never HTML. A store that failed
 * (overloaded, timed out, unavailable) is a 503 the person can retry: every write path is one
 * batch or safely resumable, and a resend with the same submissionId is recorded once.
 */
export function onApiError(error: Error, c: Context) {
  if (error instanceof HTTPException) {
    return apiError(c, error.status as ContentfulStatusCode, error.message || "Request failed");
  }
  console.error("Unhandled API error", c.req.method, c.req.path, error);
  if (isStoreFailure(error)) {
    c.header("Retry-After", "5");
    c.header("Cache-Control", "no-store");
    return apiError(c, 503, STORE_BUSY_MESSAGE);
  }
  return apiError(c, 500, "Internal server error");
}

export function onApiNotFound(c: Context) {
  return apiError(c, 404, `No API endpoint at ${c.req.method} ${c.req.path}`);
}
