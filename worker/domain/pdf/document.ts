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

/** What a PDF's document information says: the platform is always its producer, in English. */
export type PdfInfo = {
  title: string;
  subject: string;
  author: string;
  keywords: string[];
  /** The program that made it: the platform unless said otherwise. */
  creator?: string;
  /** Creation and modification date: the content's own date, so the same content gives the same bytes. */
  date: Date;
};

/** Sets the document information (title shown in the viewer's title bar). */
export function setPdfInfo(doc: PDFDocument, info: PdfInfo): void {
  doc.setTitle(info.title, { showInWindowTitleBar: true });
  doc.setSubject(info.subject);
  doc.setAuthor(info.author);
  doc.setKeywords(info.keywords);
  doc.setCreator(info.creator ?? "LACRA traceability platform");
  doc.setProducer("pdf-lib");
  doc.setLanguage("en");
  doc.setCreationDate(info.date);
  doc.setModificationDate(info.date);
}

/**
 * Saves in one go: no yielding to the event loop between objects (pdf-lib's default is a
 * `setTimeout` every 50 objects), for the same reason.
 */
export function savePdf(doc: PDFDocument) {
  return doc.save({ objectsPerTick: Number.POSITIVE_INFINITY });
}
