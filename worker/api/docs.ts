import type { Context } from "hono";
import type { RouterRoute } from "hono/types";
import { buildOpenApi, type OpenApiDocument } from "./openapi";

/** The document never changes while a Worker version runs: built once, with its ETag. */
let cached: Promise<{ document: OpenApiDocument; text: string; etag: string }> | undefined;

/** The OpenAPI document and its ETag (a hash of its text). */
export function openApiDocument(routes: RouterRoute[]) {
  cached ??= (async () => {
    const document = buildOpenApi(routes);
    const text = JSON.stringify(document);
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
    const hex = [...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
    return { document, text, etag: `"${hex}"` };
  })();
  return cached;
}

/** GET /api/docs: cacheable JSON, 304 when the client's copy is current. */
export async function openApiResponse(c: Context, routes: RouterRoute[]) {
  const { text, etag } = await openApiDocument(routes);
  const headers = { ETag: etag, "Cache-Control": "public, max-age=3600, stale-while-revalidate=86400" };
  const match = c.req.header("If-None-Match");
  if (match?.split(",").some((t) => t.trim().replace(/^W\//, "") === etag)) return c.body(null, 304, headers);
  return c.body(text, 200, { ...headers, "Content-Type": "application/json; charset=utf-8" });
}
