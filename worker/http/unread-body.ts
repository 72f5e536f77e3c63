import type { MiddlewareHandler } from "hono";

/** Bodies larger than this are cancelled rather than read to the end (the body limits refuse them anyway). */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

/**
 * Reads to the end any request body the handler answered without reading (a refused content
 * type, a failed guard, a 404), so the connection stays in step for the next request on it.
 * Local serving (Miniflare behind Vite or wrangler) otherwise answers a later request on the
 * same keep-alive connection with a 500 "fetch failed" page (docs/decisions/015-unread-request-bodies.md).
 */
export const drainUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  const request = c.req.raw;
  if (!request.body || request.bodyUsed) return;
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > DRAIN_LIMIT_BYTES) {
    await request.body.cancel().catch(() => {});
    return;
  }
  const reader = request.body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.byteLength;
      if (read > DRAIN_LIMIT_BYTES) {
        await reader.cancel();
        break;
      }
    }
  } catch {
    // The client went away: nothing left to keep in step.
  }
};
