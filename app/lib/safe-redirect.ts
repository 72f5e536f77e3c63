/** Any origin that cannot be a real site: a path resolved against it stays on it only if same-origin. */
const BASE = "https://platform.invalid";

/**
 * Where a sign-in may send the user back to: a same-origin path, judged as a browser would
 * read it. Browsers drop tab, CR and LF from URLs and read `\` as `/`, so
 * `/\t/evil.example` or `/\evil.example` would be followed to another site: any control character
 * or backslash is refused outright, and the value must parse to a path on our own origin.
 * Answers the normalised path (path, query and fragment), or null.
 *
 * The answer itself is judged again after normalisation: `/.//evil.example`, `/a/..//x` and
 * `/%2e//x` all resolve to the path `//x`, which a browser reads as another host. So the normalised
 * path must not start with `//` or `/\`, and must read back to itself (a fixed point).
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
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isPlainPath(path) ? path : null;
}

/** A path that stays on this origin however it is read again: one leading `/`, never `//` or `/\`. */
function isPlainPath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here.
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return false;
  try {
    const again = new URL(path, BASE);
    return again.origin === BASE && `${again.pathname}${again.search}${again.hash}` === path;
  } catch {
    return false;
  }
}
