/**
 * Font subsetting without timers, for PDFs built in a Worker.
 *
 * pdf-lib writes an embedded font subset through fontkit's `subset.encodeStream()`, a Node-style
 * Readable whose work and events are scheduled with a bundled `process.nextTick` shim — a
 * module-wide queue drained by `setTimeout(0)`. In a Worker isolate that serves several
 * requests at once, that queue is shared: one request's font encoding can run inside another
 * request's timer, and the waiting build then continues in the wrong request ("Cannot perform
 * I/O on behalf of a different request"), or never, if the timer's request has ended. A report
 * built in `waitUntil` met exactly this.
 *
 * `syncFontSubsetting(font)` replaces the embedder's `serializeFont` with a synchronous encode
 * into a byte collector that speaks the same writer interface as restructure's EncodeStream
 * (the numeric writers, writeBuffer, writeString, fill, pos). The bytes are identical
 * (tests/unit/report-render.test.ts compares them); if pdf-lib's internals change, nothing is
 * replaced and the original path still works.
 */
import type { PDFFont } from "pdf-lib";

type Subset = { encode(stream: unknown): void; encodeStream(): unknown };
type Embedder = { subset?: Subset; serializeFont?: () => Promise<Uint8Array> };

/** The writer interface fontkit's table encoders call (restructure EncodeStream), collecting bytes. */
export class ByteCollector {
  pos = 0;
  private readonly parts: Uint8Array[] = [];
  private buffer = new Uint8Array(65536);
  private view = new DataView(this.buffer.buffer);
  private offset = 0;

  private ensure(bytes: number) {
    if (this.offset + bytes > this.buffer.length) this.flush();
  }
  private advance(bytes: number) {
    this.offset += bytes;
    this.pos += bytes;
  }
  flush() {
    if (this.offset > 0) {
      this.parts.push(this.buffer.slice(0, this.offset));
      this.offset = 0;
    }
  }
  writeBuffer(bytes: Uint8Array) {
    this.flush();
    this.parts.push(Uint8Array.from(bytes));
    this.pos += bytes.length;
  }
  writeString(value: string, encoding = "ascii") {
    if (encoding === "utf8") return this.writeBuffer(new TextEncoder().encode(value));
    if (encoding === "ascii" || encoding === "latin1" || encoding === "binary")
      return this.writeBuffer(Uint8Array.from(value, (c) => c.charCodeAt(0) & 0xff));
    if (encoding === "utf16le" || encoding === "ucs2" || encoding === "utf16be") {
      const out = new Uint8Array(value.length * 2);
      const dv = new DataView(out.buffer);
      for (let i = 0; i < value.length; i++) dv.setUint16(i * 2, value.charCodeAt(i), encoding !== "utf16be");
      return this.writeBuffer(out);
    }
    throw new Error(`Unsupported string encoding for a font subset: ${encoding}`);
  }
  fill(value: number, length: number) {
    this.writeBuffer(new Uint8Array(length).fill(value));
  }
  end() {
    this.flush();
  }
  /** Everything written, as one array. */
  bytes(): Uint8Array {
    this.flush();
    const out = new Uint8Array(this.parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }

  writeUInt8(v: number) {
    this.ensure(1);
    this.view.setUint8(this.offset, v);
    this.advance(1);
  }
  writeInt8(v: number) {
    this.ensure(1);
    this.view.setInt8(this.offset, v);
    this.advance(1);
  }
  writeUInt16BE(v: number) {
    this.ensure(2);
    this.view.setUint16(this.offset, v, false);
    this.advance(2);
  }
  writeUInt16LE(v: number) {
    this.ensure(2);
    this.view.setUint16(this.offset, v, true);
    this.advance(2);
  }
  writeInt16BE(v: number) {
    this.ensure(2);
    this.view.setInt16(this.offset, v, false);
    this.advance(2);
  }
  writeInt16LE(v: number) {
    this.ensure(2);
    this.view.setInt16(this.offset, v, true);
    this.advance(2);
  }
  writeUInt24BE(v: number) {
    this.ensure(3);
    this.view.setUint8(this.offset, (v >>> 16) & 0xff);
    this.view.setUint16(this.offset + 1, v & 0xffff, false);
    this.advance(3);
  }
  writeUInt24LE(v: number) {
    this.ensure(3);
    this.view.setUint16(this.offset, v & 0xffff, true);
    this.view.setUint8(this.offset + 2, (v >>> 16) & 0xff);
    this.advance(3);
  }
  writeInt24BE(v: number) {
    this.writeUInt24BE(v >= 0 ? v : v + 0x1000000);
  }
  writeInt24LE(v: number) {
    this.writeUInt24LE(v >= 0 ? v : v + 0x1000000);
  }
  writeUInt32BE(v: number) {
    this.ensure(4);
    this.view.setUint32(this.offset, v, false);
    this.advance(4);
  }
  writeUInt32LE(v: number) {
    this.ensure(4);
    this.view.setUint32(this.offset, v, true);
    this.advance(4);
  }
  writeInt32BE(v: number) {
    this.ensure(4);
    this.view.setInt32(this.offset, v, false);
    this.advance(4);
  }
  writeInt32LE(v: number) {
    this.ensure(4);
    this.view.setInt32(this.offset, v, true);
    this.advance(4);
  }
  writeFloatBE(v: number) {
    this.ensure(4);
    this.view.setFloat32(this.offset, v, false);
    this.advance(4);
  }
  writeFloatLE(v: number) {
    this.ensure(4);
    this.view.setFloat32(this.offset, v, true);
    this.advance(4);
  }
  writeDoubleBE(v: number) {
    this.ensure(8);
    this.view.setFloat64(this.offset, v, false);
    this.advance(8);
  }
  writeDoubleLE(v: number) {
    this.ensure(8);
    this.view.setFloat64(this.offset, v, true);
    this.advance(8);
  }
}

/** Encodes the subset of `font` synchronously; null when the font is not a fontkit subset. */
export function encodeSubsetNow(font: PDFFont): Uint8Array | null {
  const embedder = (font as unknown as { embedder?: Embedder }).embedder;
  const subset = embedder?.subset;
  if (!subset || typeof subset.encode !== "function") return null;
  const out = new ByteCollector();
  subset.encode(out);
  out.end();
  return out.bytes();
}

/** Makes `font`'s subset serialise without fontkit's timer-driven stream (see above). */
export function syncFontSubsetting(font: PDFFont): void {
  const embedder = (font as unknown as { embedder?: Embedder }).embedder;
  if (!embedder?.subset || typeof embedder.subset.encode !== "function" || typeof embedder.serializeFont !== "function")
    return;
  embedder.serializeFont = async () => encodeSubsetNow(font)!;
}
