/**
 * CSRF defence for every state-changing request (OWASP CSRF cheat sheet, "verifying origin"):
 * a browser-sent Origin (or, failing that, Referer) must be this site. Requests with neither
 * are non-browser clients (the API with a Bearer token) or very old browsers, which the
 * SameSite=Lax cookie and the per-session form token (app/lib/auth.server.ts) still cover.
 */
export function crossSiteWrite(request: Request): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return false;
  const origin = request.headers.get("Origin");
  const source = origin ?? request.headers.get("Referer");
  if (origin === "null") return true;
  if (!source) return false;
  try {
    return new URL(source).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}
