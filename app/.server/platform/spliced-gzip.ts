/**
 * A document compressed once and sent many times with a few values of its own per response (a
 * CSP nonce, a request id, a CSRF token): the parts between the values are deflated once, each
 * ending on a byte boundary (a sync flush, not the final block); a response is those parts with
 * its own values between them as stored (uncompressed) deflate blocks, a final empty block, and
 * the gzip header and trailer (CRC-32 and length of what it holds). Concatenating independently
 * compressed parts this way is valid deflate (RFC 1951: blocks are self-contained once the
 * stream is byte-aligned; back-references only reach into a part's own data), so any gzip
 * reader gets exactly the filled-in document. Filling costs a CRC over the page (tens of
 * microseconds), not a compression (a millisecond and more for a 130 KB page).
 */
import zlib from "node:zlib";

export interface SplicedTemplate {
  /** the document's text between the holes (holes.length + 1 parts) */
  readonly parts: readonly Buffer[];
  /** each part deflated once, sync-flushed (empty for an empty part) */
  readonly deflated: readonly Buffer[];
  /** which value goes in each hole (an index into the marker list) */
  readonly holes: readonly number[];
  /** bytes kept: for a cache's size bound */
  readonly bytes: number;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** A final, empty stored block: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const MAX_STORED = 0xffff;

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Cuts `html` at every occurrence of the markers (non-empty, per-request values as rendered) and
 * deflates the parts between them. Returns null when a marker is empty.
 */
export function spliceTemplate(html: string, markers: readonly string[], level = 9): SplicedTemplate | null {
  if (markers.some((m) => m.length === 0 || Buffer.byteLength(m) > MAX_STORED)) return null;
  // Longest first: a marker that contains another is matched whole.
  const order = markers.map((m, i) => [m, i] as const).sort((a, b) => b[0].length - a[0].length);
  const index = new Map(order.map(([m, i]) => [m, i]));
  const pieces = html.split(new RegExp(`(${order.map(([m]) => escapeRegExp(m)).join("|")})`));
  const parts: Buffer[] = [];
  const holes: number[] = [];
  for (let i = 0; i < pieces.length; i++) {
    if (i % 2 === 0) parts.push(Buffer.from(pieces[i], "utf8"));
    else holes.push(index.get(pieces[i])!);
  }
  const deflated = parts.map((p) =>
    p.length ? zlib.deflateRawSync(p, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH }) : Buffer.alloc(0),
  );
  const bytes = parts.reduce((n, p) => n + p.length, 0) + deflated.reduce((n, d) => n + d.length, 0);
  return { parts, deflated, holes, bytes };
}

/** A stored deflate block holding `data` (≤ 65,535 bytes), not final. */
function storedBlock(data: Buffer) {
  const len = data.length;
  const header = Buffer.from([0x00, len & 0xff, len >>> 8, ~len & 0xff, (~len >>> 8) & 0xff]);
  return [header, data];
}

/** The document with these values in its holes, gzip-encoded. */
export function gzipFilled(t: SplicedTemplate, values: readonly string[]): Buffer {
  const encoded = values.map((v) => Buffer.from(v, "utf8"));
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (let i = 0; i < t.parts.length; i++) {
    const part = t.parts[i];
    if (part.length) {
      chunks.push(t.deflated[i]);
      crc = zlib.crc32(part, crc);
      size += part.length;
    }
    if (i < t.holes.length) {
      const value = encoded[t.holes[i]];
      if (value.length > MAX_STORED) throw new RangeError("a value of a spliced document is longer than a stored block");
      if (value.length) {
        chunks.push(...storedBlock(value));
        crc = zlib.crc32(value, crc);
        size += value.length;
      }
    }
  }
  chunks.push(FINAL_BLOCK);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(trailer);
  return Buffer.concat(chunks);
}

/** The document with these values in its holes, uncompressed. */
export function plainFilled(t: SplicedTemplate, values: readonly string[]): Buffer {
  const chunks: Buffer[] = [];
  for (let i = 0; i < t.parts.length; i++) {
    chunks.push(t.parts[i]);
    if (i < t.holes.length) chunks.push(Buffer.from(values[t.holes[i]], "utf8"));
  }
  return Buffer.concat(chunks);
}
