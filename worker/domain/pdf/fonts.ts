/**
 * DejaVu Sans (regular and bold) as bytes, for embedding in certificates and reports. DejaVu covers the
 * Latin letters Liberian names and places are written with, including the African reference
 * alphabet letters of Kpelle, Bassa, Loma or Vai orthographies (ɛ, ɔ, ŋ, ɓ, ɗ) and French
 * accents (é, ë, ï), which the 14 standard PDF fonts (WinAnsi only) cannot show.
 *
 * `?inline` makes Vite put each file into the bundle as a base64 `data:` URL string, in every
 * environment: the Worker build (Cloudflare Vite plugin), the workerd test pool and the Node
 * unit tests. Only the PDF code paths (certificates, reports) import this module, so only they
 * carry the ~2 MB of base64 (1.4 MB of TTF).
 */
import regularUrl from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf?inline";
import boldUrl from "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?inline";

export type FontBytes = { regular: Uint8Array; bold: Uint8Array };

function decodeDataUrl(url: string): Uint8Array {
  const comma = url.indexOf(",");
  if (!url.startsWith("data:") || comma < 0 || !url.slice(0, comma).endsWith(";base64")) {
    throw new Error("Certificate font was not inlined as a base64 data URL");
  }
  const binary = atob(url.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

let cached: FontBytes | undefined;

/** The font files, decoded once per isolate (decoding 1.4 MB costs a few milliseconds). */
export function pdfFonts(): FontBytes {
  cached ??= { regular: decodeDataUrl(regularUrl), bold: decodeDataUrl(boldUrl) };
  return cached;
}
