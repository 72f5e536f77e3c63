/**
 * Reading generated PDFs back as a person or a scanner would (poppler-utils): the selectable text
 * (pdftotext) and a page's pixels (pdftoppm). `.ci/run` installs poppler-utils; without it the
 * tests that need it are skipped with a warning.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decode as decodePng } from "fast-png";
import { afterAll } from "vitest";
import { PAGE } from "#worker/domain/pdf/theme";

function hasTool(name: string): boolean {
  try {
    execFileSync(name, ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export const POPPLER = hasTool("pdftotext") && hasTool("pdftoppm");
if (!POPPLER)
  console.warn(
    "poppler-utils (pdftotext, pdftoppm) missing: PDF text and pixel checks are SKIPPED; install with `apt-get install -y poppler-utils`",
  );

const dir = mkdtempSync(join(tmpdir(), "pdf-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;

/** Writes the bytes to a temporary .pdf file and returns its path. */
export function savePdfFile(bytes: Uint8Array): string {
  const file = join(dir, `doc-${++fileNo}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

/** The text a reader can select and search, whitespace collapsed (lines wrap anywhere). */
export function pdfText(bytes: Uint8Array): string {
  return execFileSync("pdftotext", ["-enc", "UTF-8", savePdfFile(bytes), "-"], { encoding: "utf8" })
    .normalize("NFC")
    .replace(/\s+/g, " ");
}

/** The text of each page, laid out as printed. */
export function pageTexts(bytes: Uint8Array): string[] {
  return execFileSync("pdftotext", ["-enc", "UTF-8", "-layout", savePdfFile(bytes), "-"], { encoding: "utf8" })
    .split("\f")
    .filter((p) => p.trim());
}

/**
 * Page `page` (1-based) rendered at 144 dpi; `rgbAt` and `darkAt` take PDF points (origin at the
 * bottom left, as pdf-lib draws).
 */
export function rasterise(bytes: Uint8Array, page = 1) {
  const file = savePdfFile(bytes);
  const out = file.replace(/\.pdf$/, "");
  execFileSync("pdftoppm", ["-r", "144", "-f", String(page), "-l", String(page), "-png", "-singlefile", file, out]);
  const png = decodePng(readFileSync(`${out}.png`));
  const scale = 144 / 72;
  const rgbAt = (xPt: number, yPt: number): [number, number, number] => {
    const i = (Math.round((PAGE.height - yPt) * scale) * png.width + Math.round(xPt * scale)) * png.channels;
    return png.channels >= 3
      ? [Number(png.data[i]), Number(png.data[i + 1]), Number(png.data[i + 2])]
      : [Number(png.data[i]), Number(png.data[i]), Number(png.data[i])];
  };
  const darkAt = (xPt: number, yPt: number) => rgbAt(xPt, yPt).reduce((a, b) => a + b, 0) / 3 < 128;
  return { png, rgbAt, darkAt };
}

/** The QR code's modules as a scanner sees them on page 1, and whether its quiet zone is light. */
export function qrFromPixels(
  bytes: Uint8Array,
  qr: { x: number; y: number; size: number; modules: number; quiet: number },
) {
  const { darkAt } = rasterise(bytes, 1);
  const m = qr.size / (qr.modules + 2 * qr.quiet);
  const top = qr.y + qr.size;
  const modules = Array.from({ length: qr.modules }, (_, r) =>
    Array.from({ length: qr.modules }, (_, c) =>
      darkAt(qr.x + (qr.quiet + c + 0.5) * m, top - (qr.quiet + r + 0.5) * m),
    ),
  );
  let quietZoneLight = true;
  for (let k = 0; k < qr.modules + 2 * qr.quiet; k++) {
    // The outermost ring of the quiet zone must be light all round.
    const points = [
      [qr.x + (k + 0.5) * m, top - 0.5 * m],
      [qr.x + (k + 0.5) * m, qr.y + 0.5 * m],
      [qr.x + 0.5 * m, top - (k + 0.5) * m],
      [qr.x + qr.size - 0.5 * m, top - (k + 0.5) * m],
    ];
    if (points.some(([x, y]) => darkAt(x!, y!))) quietZoneLight = false;
  }
  return { modules, quietZoneLight };
}
