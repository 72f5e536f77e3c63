/**
 * The page path a loader or action runs for. Client navigations fetch `/<path>.data`
 * (and `/_root.data` for `/`), so the raw request URL is not the page's path.
 */
export function routePath(request: Request): string {
  const { pathname } = new URL(request.url);
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}
