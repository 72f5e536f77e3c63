/**
 * Creating and saving a PDF for a Worker: the embedded DejaVu fonts (subset), a plain glyph
 * lookup instead of fontkit shaping, synchronous subsetting and a save in one go, so building a
 * PDF schedules no timers that could run inside another request of the isolate
 * (sync-font-subset.ts).
 */
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont } from "pdf-lib";
import { pdfFonts } from "./fonts";
import { syncFontSubsetting } from "./sync-font-subset";

/**
 * pdf-lib measures and encodes every string through fontkit's full OpenType shaping
 * (`font.layout`), about 0.5 ms per call — seconds for a many-plot certificate, too slow for a
 * Worker. Latin text with precomposed letters (all Liberian names and places, incl. ɛ ɔ ŋ é)
 * needs no shaping: a plain character-to-glyph lookup gives the same glyphs, and pdf-lib
 * ignores shaping positions anyway. So the embedded font's `layout` is replaced with that
 * lookup (pdf-lib 1.17.1 internals; if they change, the slow path still works).
 */
export function plainGlyphMapping(font: PDFFont) {
  const fk = (
    font as unknown as { embedder?: { font?: { glyphsForString?: (s: string) => unknown[]; layout?: unknown } } }
  ).embedder?.font;
  if (fk && typeof fk.glyphsForString === "function") {
    const lookup = fk.glyphsForString.bind(fk);
    fk.layout = (text: string) => ({ glyphs: lookup(text) });
  }
}

/**
 * A new PDF with the embedded DejaVu fonts (subset), set up for Workers: a plain glyph lookup
 * (no fontkit shaping cost) and synchronous subsetting, so building a PDF schedules no timers
 * that could run inside another request of the isolate (sync-font-subset.ts).
 */
export async function newPdfDocument() {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const bytes = pdfFonts();
  const fonts = {
    regular: await doc.embedFont(bytes.regular, { subset: true }),
    bold: await doc.embedFont(bytes.bold, { subset: true }),
  };
  for (const font of [fonts.regular, fonts.bold]) {
    plainGlyphMapping(font);
    syncFontSubsetting(font);
  }
  return { doc, fonts };
}

/**
 * Saves in one go: no yielding to the event loop between objects (pdf-lib's default is a
 * `setTimeout` every 50 objects), for the same reason.
 */
export function savePdf(doc: PDFDocument) {
  return doc.save({ objectsPerTick: Number.POSITIVE_INFINITY });
}
