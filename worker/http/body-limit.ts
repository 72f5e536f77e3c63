import type { Context, MiddlewareHandler } from "hono";

/**
 * The bytes of a request body, read only up to `maxBytes`: null as soon as a byte more arrives,
 * and the rest is never read (cancelled). A declared `Content-Length` over the limit is refused
 * before reading anything; a chunked body (no length) is counted as it streams in, so a 40 MiB
 * upload costs at most the limit, never the whole body (docs/decisions/015-unread-request-bodies.md).
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(0);
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body.cancel().catch(() => {});
    return null;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The request again with its body read within `maxBytes` (parsers read it as before); null when larger. */
export async function requestWithin(request: Request, maxBytes: number): Promise<Request | null> {
  if (!request.body) return request;
  const bytes = await readBodyWithin(request, maxBytes);
  return bytes && new Request(request, { body: bytes });
}

/** The submitted form, read within `maxBytes`; null when the body is larger (nothing past the limit is read). */
export async function formWithin(request: Request, maxBytes: number): Promise<FormData | null> {
  const within = await requestWithin(request, maxBytes);
  return (await within?.formData()) ?? null;
}

/** Hono middleware: the body read within `maxBytes` before the handler, or `tooLarge` answers. */
export function bodyWithin(maxBytes: number, tooLarge: (c: Context) => Response): MiddlewareHandler {
  return async (c, next) => {
    if (!c.req.raw.body) return next();
    const within = await requestWithin(c.req.raw, maxBytes);
    if (!within) return tooLarge(c);
    c.req.raw = within;
    await next();
  };
}
