/**
 * Security headers for every response (OWASP Secure Headers).
 *
 * Pages get a Content-Security-Policy whose script-src lists the SHA-256 hash of
 * each inline script the page really contains (React Router's hydration data),
 * never 'unsafe-inline' and never a per-response nonce: the same HTML always
 * yields the same header, so public pages stay cacheable at the edge.
 */

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** Returns the distinct inline script bodies of an HTML document, in order. */
export function inlineScripts(html: string): string[] {
  const seen = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? "";
    if (body.length > 0) seen.add(body);
  }
  return [...seen];
}

/** CSP source expression ('sha256-…') for one inline script body. */
export async function scriptHash(body: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
  let binary = "";
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return `'sha256-${btoa(binary)}'`;
}

/** The page policy; `scriptHashes` are the allowed inline scripts. */
export function pageCsp(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    // Inline style attributes are used by UI primitives (positioning); scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    // OpenStreetMap tiles behind the plot drawing map (/create-land-plot).
    "img-src 'self' data: blob: https://tile.openstreetmap.org",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "upgrade-insecure-requests",
  ].join("; ");
}

/** For JSON, PDFs and anything that is not a page: nothing may run or embed it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const COMMON: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Permissions-Policy": "camera=(self), geolocation=(self), microphone=(), payment=(), usb=()",
};

/**
 * Returns `response` with the common security headers set, and a CSP if it has
 * none yet (`fallbackCsp`). Copies the response when its headers are immutable.
 */
export function withSecurityHeaders(response: Response, fallbackCsp: string = API_CSP): Response {
  let res = response;
  try {
    res.headers.set("X-Content-Type-Options", "nosniff");
  } catch {
    res = new Response(response.body, response);
  }
  for (const [name, value] of Object.entries(COMMON)) res.headers.set(name, value);
  if (!res.headers.has("Content-Security-Policy")) res.headers.set("Content-Security-Policy", fallbackCsp);
  return res;
}
