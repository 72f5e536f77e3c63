/**
 * Photos keep no hidden data: a real baseline JPEG built here byte by byte, with
 * an EXIF block carrying GPS coordinates, a JPEG/HTML polyglot, PNG text chunks and WebP EXIF.
 */
import { describe, expect, it } from "vitest";
import { cleanPhoto } from "#worker/domain/photo-metadata";

import {
  ascii,
  DHT,
  DQT,
  exifWithGps,
  JFIF,
  JPEG,
  SCAN,
  SOS,
  segment,
  text,
  u32,
  withSegments,
} from "./photo-fixtures";

describe("cleanPhoto: JPEG", () => {
  it("a clean JPEG is kept byte for byte", () => {
    const clean = cleanPhoto(Uint8Array.from(JPEG));
    expect(clean?.contentType).toBe("image/jpeg");
    expect(clean?.bytes).toEqual(Uint8Array.from(JPEG));
  });

  it("drops EXIF with GPS coordinates (and XMP, ICC, comments) and keeps the picture", () => {
    const xmp = segment(0xe1, [...ascii("http://ns.adobe.com/xap/1.0/"), 0, ...ascii("<x:xmpmeta/>")]);
    const icc = segment(0xe2, [...ascii("ICC_PROFILE"), 0, 1, 1]);
    const input = withSegments([...exifWithGps(), ...xmp, ...icc, ...segment(0xfe, ascii("Taken in Gbarnga"))]);
    expect(text(input)).toContain("Exif");
    const clean = cleanPhoto(input)!;
    expect(clean.contentType).toBe("image/jpeg");
    expect(clean.bytes).toEqual(Uint8Array.from(JPEG));
    for (const hidden of ["Exif", "xmpmeta", "ICC_PROFILE", "Gbarnga"]) expect(text(clean.bytes)).not.toContain(hidden);
  });

  it("a JPEG/HTML polyglot keeps no HTML: comments and whatever follows EOI are dropped", () => {
    const html = ascii("<html><body><script>alert(document.cookie)</script></body></html>");
    const input = withSegments(segment(0xfe, html), html);
    const clean = cleanPhoto(input)!;
    expect(clean.bytes).toEqual(Uint8Array.from(JPEG));
    expect(text(clean.bytes)).not.toContain("<script");
    expect([...clean.bytes.slice(-2)]).toEqual([0xff, 0xd9]);
  });

  it("drops an APP0 thumbnail, keeping the bare JFIF header", () => {
    const app0 = segment(0xe0, [...ascii("JFIF"), 0, 1, 1, 0, 0, 1, 0, 1, 1, 1, 0xaa, 0xbb, 0xcc]);
    const input = Uint8Array.from([0xff, 0xd8, ...app0, ...JPEG.slice(2 + JFIF.length)]);
    expect(cleanPhoto(input)?.bytes).toEqual(Uint8Array.from(JPEG));
  });

  it("refuses what does not parse as a JPEG", () => {
    const html = ascii("<html><script>alert(1)</script></html>");
    for (const bad of [
      [0xff, 0xd8, 0xff], // nothing after SOI
      [0xff, 0xd8, 0xff, ...html], // HTML where segments belong
      JPEG.slice(0, -2), // no EOI
      [0xff, 0xd8, ...DQT, ...DHT, ...SOS, ...SCAN, 0xff, 0xd9], // a scan without a frame
      [0xff, 0xd8, ...JFIF, 0xff, 0xd9], // no image at all
      [0xff, 0xd8, 0xff, 0xdb, 0x40, 0x00, 1, 2], // a segment longer than the file
    ]) {
      expect(cleanPhoto(Uint8Array.from(bad))).toBeNull();
    }
    expect(cleanPhoto(Uint8Array.from(html))).toBeNull();
  });
});

// ── PNG ──────────────────────────────────────────────────────────────────────────────────────

function crc32(bytes: number[]): number {
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
const chunk = (type: string, data: number[]) => [
  ...u32(data.length),
  ...ascii(type),
  ...data,
  ...u32(crc32([...ascii(type), ...data])),
];
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = chunk("IHDR", [...u32(1), ...u32(1), 8, 0, 0, 0, 0]);
// zlib stream of one filtered grey pixel (filter 0, value 0).
const IDAT = chunk("IDAT", [0x78, 0x01, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]);
const IEND = chunk("IEND", []);
const PNG = [...SIGNATURE, ...IHDR, ...IDAT, ...IEND];

describe("cleanPhoto: PNG", () => {
  it("drops text, EXIF and time chunks and anything after IEND", () => {
    const input = Uint8Array.from([
      ...SIGNATURE,
      ...IHDR,
      ...chunk("tEXt", [...ascii("Comment"), 0, ...ascii("<script>alert(1)</script>")]),
      ...chunk("eXIf", [...ascii("MM"), 0, 42, ...u32(8)]),
      ...chunk("tIME", [7, 234, 1, 1, 0, 0, 0]),
      ...IDAT,
      ...chunk("iTXt", [...ascii("GPS"), 0, 0, 0, 0, 0, ...ascii("6.5 N 9.2 W")]),
      ...IEND,
      ...ascii("<html>trailing</html>"),
    ]);
    const clean = cleanPhoto(input)!;
    expect(clean.contentType).toBe("image/png");
    expect(clean.bytes).toEqual(Uint8Array.from(PNG));
  });

  it("refuses a broken checksum, a missing IHDR or IEND", () => {
    const broken = [...PNG];
    broken[SIGNATURE.length + 10] = broken[SIGNATURE.length + 10]! ^ 1;
    expect(cleanPhoto(Uint8Array.from(broken))).toBeNull();
    expect(cleanPhoto(Uint8Array.from([...SIGNATURE, ...IDAT, ...IEND]))).toBeNull();
    expect(cleanPhoto(Uint8Array.from([...SIGNATURE, ...IHDR, ...IDAT]))).toBeNull();
  });
});

// ── WebP ─────────────────────────────────────────────────────────────────────────────────────

const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const riffChunk = (type: string, data: number[]) => [
  ...ascii(type),
  ...le32(data.length),
  ...data,
  ...(data.length % 2 ? [0] : []),
];
const riff = (chunks: number[], tail: number[] = []) =>
  Uint8Array.from([...ascii("RIFF"), ...le32(chunks.length + 4), ...ascii("WEBP"), ...chunks, ...tail]);

describe("cleanPhoto: WebP", () => {
  it("drops EXIF and XMP chunks, clears their flags, and drops trailing data", () => {
    const vp8l = riffChunk("VP8L", [0x2f, 0, 0, 0, 0, 0x07]);
    const vp8x = (flags: number) => riffChunk("VP8X", [flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const input = riff(
      [...vp8x(0x08 | 0x04), ...vp8l, ...riffChunk("EXIF", ascii("MM GPS 6.5N")), ...riffChunk("XMP ", ascii("<x/>"))],
      ascii("<html>"),
    );
    const clean = cleanPhoto(input)!;
    expect(clean.contentType).toBe("image/webp");
    expect(clean.bytes).toEqual(riff([...vp8x(0), ...vp8l]));
  });

  it("refuses a container without an image", () => {
    expect(cleanPhoto(riff(riffChunk("EXIF", ascii("GPS"))))).toBeNull();
  });
});
