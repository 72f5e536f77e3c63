/** The suffix of every page title of the platform. */
export const PLATFORM_SUFFIX = "Liberia Agricultural Traceability";

/** "<title> — Liberia Agricultural Traceability" */
export const pageTitle = (title: string, suffix = PLATFORM_SUFFIX) => `${title} — ${suffix}`;

type MetaTag = { title: string } | { name: string; content: string };

/**
 * The route `meta` of a page: its title with the platform suffix and, unless `index` is true,
 * the `noindex` robots meta (signed-in and per-record pages must stay out of search engines).
 */
export function pageMeta(
  title: string,
  { index = false, suffix, extra = [] }: { index?: boolean; suffix?: string; extra?: MetaTag[] } = {},
): MetaTag[] {
  return [{ title: pageTitle(title, suffix) }, ...extra, ...(index ? [] : [{ name: "robots", content: "noindex" }])];
}
