import { call } from "./helpers";

/** Page HTML as text to search: React's text separators removed and the escaped characters back. */
export const decodeHtml = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");

/** The CSRF token a page's forms carry (asserted present). */
export const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1]!;

/**
 * The page at `path` as the signed-in `cookie` sees it (without one: as a signed-out visitor), as
 * text to search (see decodeHtml).
 */
export const pageText = async (path: string, cookie?: string) =>
  decodeHtml(await (await call(path, cookie === undefined ? undefined : { headers: { Cookie: cookie } })).text());
