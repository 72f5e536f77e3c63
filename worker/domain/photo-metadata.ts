/**
 * Farmers' photos are stored only as clean images. Workers have no image codecs,
 * so a photo is not re-encoded: its container is parsed strictly and re-assembled from the parts
 * that draw the picture, which drops hidden data.
 *
 * - JPEG (SOI FF D8): a sequence of marker segments up to each scan (SOS), the entropy-coded data
 *   of the scan, and EOI. APP1–APP15 (EXIF with GPS, XMP, ICC, Photoshop…) and COM segments are
 *   dropped; APP0 is kept only as a bare JFIF header (no thumbnail). Nothing after EOI is kept.
 * - PNG: the signature and chunks with valid CRCs, IHDR first, up to IEND; only the chunks that
 *   draw the picture are kept (no tEXt/iTXt/zTXt/eXIf/tIME or private chunks).
 * - WebP: the RIFF container with its image chunks only (no EXIF/XMP/ICCP), flags updated.
 *
 * Anything that does not parse as the type its first bytes announce is refused (null): a
 * JPEG/HTML polyglot keeps no HTML in a comment or after EOI. Bytes inside the compressed image
 * data cannot be checked without decoding; the photo is always served with its real type and
 * `X-Content-Type-Options: nosniff`, so a browser never reads it as a page.
 */

export const PHOTO_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];
export type CleanPhoto = { bytes: Uint8Array; contentType: PhotoContentType };

/** The photo re-assembled without metadata or trailing data, or null when it is not a clean image. */
export function cleanPhoto(input: Uint8Array): CleanPhoto | null {
  try {
    if (input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) {
      const bytes = cleanJpeg(input);
      return bytes && { bytes, contentType: "image/jpeg" };
    }
    if (startsWith(input, 0, PNG_SIGNATURE)) {
      const bytes = cleanPng(input);
      return bytes && { bytes, contentType: "image/png" };
    }
    if (startsWith(input, 0, ascii("RIFF")) && startsWith(input, 8, ascii("WEBP"))) {
      const bytes = cleanWebp(input);
      return bytes && { bytes, contentType: "image/webp" };
    }
  } catch {
    // Reading past the end of a truncated file: not an image.
  }
  return null;
}

function ascii(s: string): number[] {
  return [...s].map((c) => c.charCodeAt(0));
}
function startsWith(b: Uint8Array, at: number, bytes: number[]): boolean {
  return bytes.every((x, i) => b[at + i] === x);
}
function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// ── JPEG ─────────────────────────────────────────────────────────────────────────────────────

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
const APP0 = 0xe0;
/** SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
/** Segments that carry no picture data and may hide anything: APP1–APP15 and COM. */
const isDropped = (m: number) => (m >= 0xe1 && m <= 0xef) || m === COM;

function cleanJpeg(b: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [Uint8Array.of(0xff, SOI)];
  let pos = 2;
  let frame = false;
  let scans = 0;
  for (;;) {
    if (b[pos] !== 0xff) return null;
    while (b[pos] === 0xff) pos++; // fill bytes
    const marker = b[pos++];
    if (marker === undefined || pos > b.length) return null;
    if (marker === EOI) {
      if (!scans) return null;
      parts.push(Uint8Array.of(0xff, EOI));
      return concat(parts); // anything after EOI is dropped
    }
    // Standalone markers outside a scan (RSTn, TEM, a second SOI) have no place here.
    if (marker === 0x00 || marker === SOI || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) return null;
    if (pos + 2 > b.length) return null;
    const length = (b[pos]! << 8) | b[pos + 1]!;
    if (length < 2 || pos + length > b.length) return null;
    const segment = b.subarray(pos - 2, pos + length);
    pos += length;
    if (marker === APP0) {
      const jfif = jfifHeader(segment);
      if (jfif) parts.push(jfif);
      continue;
    }
    if (isDropped(marker)) continue;
    if (isSof(marker)) frame = true;
    parts.push(segment);
    if (marker !== SOS) continue;
    if (!frame) return null;
    // Entropy-coded data: runs until a marker other than a stuffed 00 or a restart marker.
    const start = pos;
    for (;;) {
      if (pos + 1 >= b.length) return null; // no EOI: truncated
      if (b[pos] === 0xff) {
        const next = b[pos + 1]!;
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) pos += 2;
        else if (next === 0xff) pos += 1;
        else break;
      } else pos++;
    }
    parts.push(b.subarray(start, pos));
    scans++;
  }
}

/** APP0 as a bare JFIF header (version, units, density; no thumbnail), or null if not JFIF. */
function jfifHeader(segment: Uint8Array): Uint8Array | null {
  // FF E0, length, "JFIF\0", version (2), units (1), density (4), thumbnail size (2).
  if (segment.length < 18 || !startsWith(segment, 4, [...ascii("JFIF"), 0])) return null;
  const out = segment.slice(0, 18);
  out[2] = 0;
  out[3] = 16;
  out[16] = 0;
  out[17] = 0;
  return out;
}

// ── PNG ──────────────────────────────────────────────────────────────────────────────────────

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The chunks that draw the picture (critical ones and colour/transparency information). */
const PNG_KEPT = new Set([
  "IHDR",
  "PLTE",
  "IDAT",
  "IEND",
  "tRNS",
  "cHRM",
  "gAMA",
  "iCCP",
  "sBIT",
  "sRGB",
  "bKGD",
  "pHYs",
]);

let crcTable: Uint32Array | null = null;
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function cleanPng(b: Uint8Array): Uint8Array | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const parts: Uint8Array[] = [Uint8Array.from(PNG_SIGNATURE)];
  let pos = 8;
  let first = true;
  let idat = false;
  for (;;) {
    if (pos + 12 > b.length) return null;
    const length = view.getUint32(pos);
    if (length > b.length - pos - 12) return null;
    const typeBytes = b.subarray(pos + 4, pos + 8);
    const type = String.fromCharCode(...typeBytes);
    if (!/^[A-Za-z]{4}$/.test(type)) return null;
    const end = pos + 12 + length;
    if (crc32(b.subarray(pos + 4, pos + 8 + length)) !== view.getUint32(pos + 8 + length)) return null;
    if (first && (type !== "IHDR" || length !== 13)) return null;
    first = false;
    if (type === "IDAT") idat = true;
    // An unknown critical chunk (upper-case first letter) means the picture cannot be drawn without it.
    if (!PNG_KEPT.has(type) && type.charCodeAt(0) < 0x61) return null;
    if (PNG_KEPT.has(type)) parts.push(b.subarray(pos, end));
    pos = end;
    if (type === "IEND") return idat ? concat(parts) : null; // nothing after IEND is kept
  }
}

// ── WebP ─────────────────────────────────────────────────────────────────────────────────────

const WEBP_KEPT = new Set(["VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ANMF"]);

function cleanWebp(b: Uint8Array): Uint8Array | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const riffSize = view.getUint32(4, true);
  if (riffSize < 4 || riffSize + 8 > b.length) return null;
  const end = 8 + riffSize; // nothing after the RIFF container is kept
  const parts: Uint8Array[] = [];
  let pos = 12;
  let image = false;
  let first = true;
  while (pos < end) {
    if (pos + 8 > end) return null;
    const type = String.fromCharCode(...b.subarray(pos, pos + 4));
    const size = view.getUint32(pos + 4, true);
    const next = pos + 8 + size + (size % 2);
    if (pos + 8 + size > end) return null;
    if (first && type !== "VP8 " && type !== "VP8L" && type !== "VP8X") return null;
    first = false;
    if (type === "VP8 " || type === "VP8L" || type === "ANMF") image = true;
    if (WEBP_KEPT.has(type)) {
      const chunk = b.slice(pos, Math.min(next, end));
      // VP8X flags: no ICC profile (0x20), EXIF (0x08) or XMP (0x04) any more.
      if (type === "VP8X" && size >= 1) chunk[8] = chunk[8]! & ~(0x20 | 0x08 | 0x04);
      parts.push(chunk);
    }
    pos = next;
  }
  if (!image) return null;
  const body = concat(parts);
  const header = new Uint8Array(12);
  header.set(ascii("RIFF"), 0);
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  header.set(ascii("WEBP"), 8);
  return concat([header, body]);
}
