/**
 * Image bytes built by hand for the photo tests: a real 8×8 baseline JPEG, an
 * EXIF block with GPS coordinates, and helpers to add segments and trailing data.
 */
export const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
export const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
export const u32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
export const segment = (marker: number, body: number[]) => [0xff, marker, ...u16(body.length + 2), ...body];
export const text = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);

/** An 8×8 grey baseline JPEG: one component, one MCU whose DC difference is 0 and then EOB. */
export const JFIF = segment(0xe0, [...ascii("JFIF"), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
export const DQT = segment(0xdb, [0x00, ...Array(64).fill(1)]);
export const SOF0 = segment(0xc0, [8, ...u16(8), ...u16(8), 1, 1, 0x11, 0]);
// One code of length 1 in each table: DC category 0, AC end-of-block.
export const DHT = segment(0xc4, [0x00, 1, ...Array(15).fill(0), 0x00, 0x10, 1, ...Array(15).fill(0), 0x00]);
export const SOS = segment(0xda, [1, 1, 0x00, 0, 63, 0]);
export const SCAN = [0b0011_1111]; // "0" (DC 0) "0" (EOB), padded with ones
export const JPEG = [0xff, 0xd8, ...JFIF, ...DQT, ...SOF0, ...DHT, ...SOS, ...SCAN, 0xff, 0xd9];

/** EXIF (big-endian TIFF) with a GPS IFD: 6°30'N 9°15'W, as a phone camera writes it. */
export function exifWithGps(): number[] {
  const tiff: number[] = [...ascii("MM"), 0, 42, ...u32(8)];
  // IFD0 at 8: one entry, GPSInfo (0x8825, LONG) → GPS IFD at 26.
  tiff.push(...u16(1), ...u16(0x8825), ...u16(4), ...u32(1), ...u32(26), ...u32(0));
  // GPS IFD at 26: LatitudeRef "N", Latitude (3 RATIONAL at 80), LongitudeRef "W", Longitude (at 104).
  tiff.push(...u16(4));
  tiff.push(...u16(1), ...u16(2), ...u32(2), ...ascii("N"), 0, 0, 0);
  tiff.push(...u16(2), ...u16(5), ...u32(3), ...u32(80));
  tiff.push(...u16(3), ...u16(2), ...u32(2), ...ascii("W"), 0, 0, 0);
  tiff.push(...u16(4), ...u16(5), ...u32(3), ...u32(104));
  tiff.push(...u32(0));
  if (tiff.length !== 80) throw new Error("GPS values must start at offset 80");
  tiff.push(...u32(6), ...u32(1), ...u32(30), ...u32(1), ...u32(0), ...u32(1));
  tiff.push(...u32(9), ...u32(1), ...u32(15), ...u32(1), ...u32(0), ...u32(1));
  return segment(0xe1, [...ascii("Exif"), 0, 0, ...tiff]);
}

export const withSegments = (extra: number[], tail: number[] = []) =>
  Uint8Array.from([0xff, 0xd8, ...JFIF, ...extra, ...DQT, ...SOF0, ...DHT, ...SOS, ...SCAN, 0xff, 0xd9, ...tail]);
