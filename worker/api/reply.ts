/**
 * The reply shapes of /api (docs/architecture.md "API"): one success shape, one error shape and
 * one paging shape, and `reply`, the one adapter from a service `Result` to a JSON response.
 * - success: `{ success: true, ...payload }`
 * - error: `{ success: false, message, errors? }` (`errors`: messages per field, or rule findings)
 * - list: `{ success: true, <items>: [...], page, pageSize, total, pageCount }`
 * The sign-in endpoints answer the exact replies of docs/product.md §3 instead (worker/services/auth/login-portals.ts).
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { FieldErrors, RuleFindings } from "../services/result";

export type ApiErrors = FieldErrors | RuleFindings;
export type ApiError = { success: false; message: string; errors?: ApiErrors };

/** The error shape, with its status. */
export function apiError(c: Context, status: ContentfulStatusCode, message: string, errors?: ApiErrors) {
  const body: ApiError = errors ? { success: false, message, errors } : { success: false, message };
  return c.json(body, status);
}

/** The success shape: `payload`'s fields next to `success: true`. */
export function success<T extends object>(c: Context, payload: T, status: ContentfulStatusCode = 200) {
  return c.json({ success: true as const, ...payload }, status);
}

/** Where a list stands: which page, how many per page, how many in all. */
export type Paging = { page: number; pageSize: number; total: number };

/** The paging shape: `{ success: true, [key]: items, page, pageSize, total, pageCount }`. */
export function paged<K extends string, T>(c: Context, key: K, items: T[], { page, pageSize, total }: Paging) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return c.json({ success: true as const, ...({ [key]: items } as Record<K, T[]>), page, pageSize, total, pageCount });
}

/** A refusal, as every service answers it (worker/services/result.ts `Failure`). */
type Refusal = { ok: false; status: number; message: string; errors?: ApiErrors };

/**
 * The one adapter from a service result to a response: a refusal becomes the error shape with
 * its status, a success `{ ok: true, value }` the success shape with `status` (200 by default).
 */
export function reply<T extends object>(
  c: Context,
  result: { ok: true; value: T } | Refusal,
  status: ContentfulStatusCode = 200,
) {
  if (!result.ok) return apiError(c, result.status as ContentfulStatusCode, result.message, result.errors);
  return success(c, result.value, status);
}

/**
 * A file for the signed-in caller only (never cached): `inline` opens it in the browser,
 * `attachment` saves it as `filename`.
 */
export function privateFile(
  body: BodyInit,
  contentType: string,
  disposition: "inline" | "attachment",
  filename: string,
): Response {
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `${disposition}; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
