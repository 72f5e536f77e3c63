/**
 * Edge caching of public pages with the Workers Cache API (ADR 002: / and /portals carry
 * no per-user data, so they are served with headers that let the edge cache them).
 *
 * A Worker's own responses are not cached by Cloudflare's CDN; `caches.default` is the way
 * to keep them in the data centre that served them. Only what a route itself marks
 * `Cache-Control: public` (and that sets no cookie) is stored, keyed by URL and build
 * version so a deploy never serves HTML pointing at the previous build's assets.
 */
export async function withEdgeCache(
  request: Request,
  ctx: Pick<ExecutionContext, "waitUntil">,
  buildVersion: string,
  render: () => Promise<Response>,
): Promise<Response> {
  const cacheable =
    (request.method === "GET" || request.method === "HEAD") &&
    !request.headers.has("Authorization") &&
    typeof caches !== "undefined";
  if (!cacheable) return privateByDefault(await render());

  const key = new URL(request.url);
  key.searchParams.set("__build", buildVersion);
  const cacheKey = new Request(key.toString(), { method: "GET" });
  const cache = (caches as unknown as { default: Cache }).default;

  const hit = await cache.match(cacheKey);
  if (hit) {
    const copy = new Response(hit.body, hit);
    copy.headers.set("X-Edge-Cache", "HIT");
    return copy;
  }

  const response = privateByDefault(await render());
  const control = response.headers.get("Cache-Control") ?? "";
  if (
    request.method === "GET" &&
    response.status === 200 &&
    /\bpublic\b/.test(control) &&
    !response.headers.has("Set-Cookie")
  ) {
    ctx.waitUntil(cache.put(cacheKey, response.clone()));
    response.headers.set("X-Edge-Cache", "MISS");
  }
  return response;
}

/** Anything that did not declare itself public (pages, loader data, redirects) is private. */
function privateByDefault(response: Response) {
  if (!response.headers.has("Cache-Control")) {
    try {
      response.headers.set("Cache-Control", "private, no-store");
    } catch {
      const copy = new Response(response.body, response);
      copy.headers.set("Cache-Control", "private, no-store");
      return copy;
    }
  }
  return response;
}
