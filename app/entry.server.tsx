import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { inlineScripts, pageCsp, scriptHash } from "#worker/http/security-headers";

export const streamTimeout = 5_000;

/**
 * Renders the whole document before answering so the CSP can list the hash of
 * every inline script actually on the page (see worker/http/security-headers.ts).
 * Pages are small; a complete document also serves 2G clients better than a
 * long-lived stream that a flaky connection can cut halfway.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  let status = responseStatusCode;
  let shellRendered = false;
  const stream = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
    signal: AbortSignal.timeout(streamTimeout + 1000),
    // Every Suspense boundary is written in place, never outlined and moved by a script: the page is
    // read whole after allReady, and must be whole with JavaScript off.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error: unknown) {
      status = 500;
      if (shellRendered) console.error(error);
    },
  });
  shellRendered = true;
  await stream.allReady;

  const html = await new Response(stream).text();
  const hashes = await Promise.all(inlineScripts(html).map(scriptHash));
  // Only pages that declare themselves public (Cache-Control: public) may be stored anywhere.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-store");
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Security-Policy", pageCsp(hashes));
  return new Response(html, { headers: responseHeaders, status });
}
