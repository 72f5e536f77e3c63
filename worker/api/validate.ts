/**
 * Request validation of /api: middleware built on the zod contracts (worker/contracts) with
 * `@hono/zod-validator` and ONE hook, so every refusal has the one error shape:
 * 400 `{ success: false, message, errors }`, `message` being the first field message unless the
 * route names one. Bodies must be JSON (415 otherwise, 400 when malformed); the size limit is
 * checked before (worker/api/index.ts). Handlers read the result with `c.req.valid("json" | "query")`.
 */
import { zValidator } from "@hono/zod-validator";
import type { Context, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { fieldErrors, firstMessage } from "../contracts/field-errors";
import { jsonDepthExceeds } from "../domain/written-decimals";
import { apiError } from "./reply";
import { tag } from "./route-meta";

/** The one validation hook: a failed parse becomes the error shape. */
const hook =
  (message?: string) => (result: { success: boolean; error?: Pick<z.core.$ZodError, "issues"> }, c: Context) => {
    if (result.success || !result.error) return;
    const errors = fieldErrors(result.error);
    return apiError(c, 400, message ?? firstMessage(errors), errors);
  };

/** Deepest nesting of arrays and objects any /api JSON body may have (plot bodies: 20, ADR 010). */
export const MAX_BODY_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `Request body is nested too deeply (more than ${MAX_BODY_DEPTH} levels of arrays or objects)`;

/**
 * The refusal of a body that is not JSON (415), nested too deeply or not well-formed (400);
 * undefined when it is. The depth is counted on the text, before any parser recurses.
 */
async function refuseNonJson(c: Context): Promise<Response | undefined> {
  if (!/^application\/json\b/i.test(c.req.header("Content-Type") ?? "")) {
    return apiError(c, 415, "Content-Type must be application/json");
  }
  try {
    if (jsonDepthExceeds(await c.req.text(), MAX_BODY_DEPTH)) {
      return apiError(c, 400, TOO_DEEP_MESSAGE, [{ rule: "too-deep", message: TOO_DEEP_MESSAGE }]);
    }
    await c.req.json(); // kept by Hono for the validator and the handler
  } catch {
    return apiError(c, 400, "Request body is not valid JSON");
  }
}

/** A JSON body, whatever its fields (the sign-in endpoints validate their own, docs/product.md §3). */
export const jsonRequest: MiddlewareHandler = async (c, next) => (await refuseNonJson(c)) ?? next();

/** The JSON body, validated by `schema` (a `null` body counts as `{}`). */
export function body<S extends z.ZodType>(schema: S, message?: string) {
  const validate = zValidator("json", schema, hook(message), {
    // `never`: zod-validator types the result per zod major, which a generic S leaves open.
    validationFunction: (s, value) => s.safeParseAsync(value ?? {}) as never,
  });
  const middleware = (async (c, next) => (await refuseNonJson(c)) ?? validate(c, next)) as typeof validate;
  return tag(middleware, { body: schema });
}

/** The query string, validated by `schema` (a repeated parameter counts once, its first value). */
export function query<S extends z.ZodType>(schema: S, message?: string) {
  const validate = zValidator("query", schema, hook(message), {
    validationFunction: (s, value) =>
      s.safeParseAsync(
        Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])),
      ) as never,
  });
  return tag(validate, { query: schema });
}
