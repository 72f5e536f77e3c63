import { rgb } from "pdf-lib";
import { encode } from "uqr";
import type { Layout } from "./layout";
import { WHITE } from "./theme";

/**
 * The QR code of `text` with its 4-module quiet zone, `size` points wide, top-left at
 * (x, top). Dark modules are drawn as filled squares (runs merged per row). Returns the matrix.
 */
export function drawQr(
  l: Layout,
  text: string,
  x: number,
  top: number,
  size: number,
): { modules: number; quiet: number; data: boolean[][] } {
  const qr = encode(text, { ecc: "M", border: 0 });
  const quiet = 4;
  const n = qr.size;
  const m = size / (n + 2 * quiet);
  l.page.drawRectangle({ x, y: top - size, width: size, height: size, color: WHITE });
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!qr.data[r]![c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && qr.data[r]![c]) c++;
      // A hair of overlap between neighbouring squares avoids white seams in viewers.
      l.page.drawRectangle({
        x: x + (quiet + start) * m,
        y: top - (quiet + r + 1) * m - 0.02,
        width: (c - start) * m + 0.02,
        height: m + 0.04,
        color: rgb(0, 0, 0),
      });
    }
  }
  l.boxes.push({ page: l.pageIndex, kind: "qr", x, y: top - size, width: size, height: size, text });
  return { modules: n, quiet, data: qr.data };
}
