// Draws the app icons (PNG) used by the web app manifest. Run once: node scripts/make-icons.mjs
// Pixels are computed directly (green disc, blue ring, pale leaf) and written as PNG with zlib.
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x / size, y / size);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
// Maskable icons keep the motif inside the central 80% safe zone.
function icon(u, v) {
  const dx = u - 0.5,
    dy = v - 0.5,
    d = Math.hypot(dx, dy);
  // leaf: ellipse rotated 45°
  const rx = (dx + dy) / Math.SQRT2,
    ry = (dy - dx) / Math.SQRT2;
  const leaf = (rx / 0.2) ** 2 + (ry / 0.1) ** 2 <= 1;
  const vein = Math.abs(ry) < 0.008 && Math.abs(rx) < 0.19;
  if (leaf && !vein) return [254, 249, 195, 255];
  if (d < 0.3) return [21, 128, 61, 255];
  if (d < 0.36) return [0, 40, 104, 255];
  return [20, 83, 45, 255];
}
for (const size of [192, 512]) writeFileSync(`public/icons/icon-${size}.png`, png(size, icon));
console.log("icons written");
