import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The one error shape of the API (STYLE.md): `{ success: false, message, errors? }`. */
/** `errors`: messages per field (forms), or a list of rule findings (e.g. `[{ rule, message }]`). */
export type ApiErrors = Record<string, string[]> | ReadonlyArray<Record<string, unknown>>;
export type ApiError = { success: false; message: string; errors?: ApiErrors };

export function apiError(c: Context, status: ContentfulStatusCode, message: string, errors?: ApiErrors) {
  const body: ApiError = errors ? { success: false, message, errors } : { success: false, message };
  return c.json(body, status);
}

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
