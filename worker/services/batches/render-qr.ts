/**
 * QR images of a batch's public trace address, as SVG (sharp at any size, a few KB)
 * and PNG (for labels printed from software that cannot place SVG). Medium error correction
 * survives the scuffs of a sack label.
 */
import { encode as encodePng } from "fast-png";
import { encode, renderSVG } from "uqr";

const QUIET_ZONE = 4;

/** The absolute address a batch's QR code points to. */
export function traceUrl(origin: string, batchCode: string) {
  return `${origin}/qr/${encodeURIComponent(batchCode)}`;
}

export function qrSvg(text: string): string {
  return renderSVG(text, { ecc: "M", border: QUIET_ZONE });
}

/** 8-bit greyscale PNG, `scale` pixels per module (default 8: ~300 px for a batch URL). */
export function qrPng(text: string, scale = 8): Uint8Array<ArrayBuffer> {
  const qr = encode(text, { ecc: "M", border: QUIET_ZONE });
  const size = qr.size * scale;
  const pixels = new Uint8Array(size * size).fill(255);
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        pixels.fill(0, (y * scale + dy) * size + x * scale, (y * scale + dy) * size + (x + 1) * scale);
    });
  });
  return new Uint8Array(encodePng({ width: size, height: size, data: pixels, depth: 8, channels: 1 }));
}
