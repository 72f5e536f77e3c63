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
type Refusal = {
  ok: false;
  status: number;
  message: string;
  errors?: ApiErrors;
  warnings?: RuleFindings;
  retryAfter?: number;
};

/**
 * The one adapter from a service result to a response: a refusal becomes the error shape with
 * its status (its warnings after the errors, its wait as `Retry-After`), a success
 * `{ ok: true, value }` the success shape with `status` (200 by default).
 */
export function reply<T extends object>(
  c: Context,
  result: { ok: true; value: T } | Refusal,
  status: ContentfulStatusCode = 200,
) {
  if (result.ok) return success(c, result.value, status);
  if (result.retryAfter) c.header("Retry-After", String(result.retryAfter));
  const refused = result.status as ContentfulStatusCode;
  if (!result.warnings) return apiError(c, refused, result.message, result.errors);
  const { message, errors, warnings } = result;
  return c.json({ success: false as const, message, ...(errors ? { errors } : {}), warnings }, refused);
}

/**
 * A file for the signed-in caller only (never in a shared cache): `inline` opens it in the
 * browser, `attachment` saves it as `filename`. `headers` adds to them or replaces them, e.g. an
 * `ETag` with `Cache-Control: private, no-cache` for a file the browser may keep and revalidate.
 */
export function privateFile(
  body: BodyInit | null,
  contentType: string,
  disposition: "inline" | "attachment",
  filename: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `${disposition}; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      ...headers,
    },
  });
}

/** Beside `privateFile` for a file someone uploaded: the browser neither sniffs it nor runs anything in it. */
export const UPLOADED_FILE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
} as const;
