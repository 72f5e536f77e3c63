import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { apiError } from "./reply";

export { apiError } from "./reply";

/** Answers every uncaught error as JSON: never a stack trace, never HTML. */
export function onApiError(error: Error, c: Context) {
  if (error instanceof HTTPException) {
    return apiError(c, error.status as ContentfulStatusCode, error.message || "Request failed");
  }
  console.error("Unhandled API error", c.req.method, c.req.path, error);
  return apiError(c, 500, "Internal server error");
}

export function onApiNotFound(c: Context) {
  return apiError(c, 404, `No API endpoint at ${c.req.method} ${c.req.path}`);
}
