/** Any origin that cannot be a real site: a path resolved against it stays on it only if same-origin. */
const BASE = "https://platform.invalid";

/**
 * Where a sign-in may send the user back to: a same-origin path, judged as a browser would
 * read it (issue 11 F1/F10). Browsers drop tab, CR and LF from URLs and read `\` as `/`, so
 * `/\t/evil.example` or `/\evil.example` would be followed to another site: any control character
 * or backslash is refused outright, and the value must parse to a path on our own origin.
 * Answers the normalised path (path, query and fragment), or null.
 */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
