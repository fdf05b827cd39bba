/**
 * An XLSX is a ZIP: a few kilobytes can inflate to gigabytes (a "zip bomb"), and ExcelJS (through
 * JSZip) inflates every entry whole into memory before anything else looks at it. So a workbook is
 * measured first: its central directory read, every entry inflated by Node's zlib with a hard output
 * limit (`maxOutputLength`), so a size the directory lies about is caught too. Nothing is kept.
 */
import { inflateRawSync } from "node:zlib";

export class ZipLimitError extends Error {}

export interface ZipLimits {
  /** the entries' inflated sizes added up */
  maxUncompressedBytes: number;
  maxEntries: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/** One entry of an archive: where its data starts and how it is stored (0: stored, 8: deflated). */
export interface ZipEntry {
  name: string;
  method: number;
  start: number;
  compressed: number;
}

/** The archive's entries from its central directory; throws ZipLimitError when malformed or past `maxEntries`. */
export function zipEntries(bytes: Uint8Array, limits: Pick<ZipLimits, "maxEntries">): ZipEntry[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--)
    if (buf.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  if (end < 0) throw new ZipLimitError("not a ZIP archive");
  const entries = buf.readUInt16LE(end + 10);
  const directoryOffset = buf.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff) throw new ZipLimitError("ZIP64 archives are not read");
  if (entries > limits.maxEntries) throw new ZipLimitError(`more than ${limits.maxEntries} entries`);
  const out: ZipEntry[] = [];
  let at = directoryOffset;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipLimitError("a damaged ZIP directory");
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString("utf8", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL_HEADER) throw new ZipLimitError("a damaged ZIP entry");
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (compressed === 0xffffffff || start + compressed > buf.length) throw new ZipLimitError("a damaged ZIP entry");
    if (method !== 0 && method !== 8) throw new ZipLimitError("a ZIP entry compressed in an unknown way");
    out.push({ name, method, start, compressed });
  }
  return out;
}

/** Throws ZipLimitError when the archive is malformed or inflates past the limits; returns the inflated total. */
export function checkZipWithin(bytes: Uint8Array, limits: ZipLimits): number {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (const { method, start, compressed } of zipEntries(bytes, limits)) {
    const budget = limits.maxUncompressedBytes - total;
    if (method === 0) total += compressed;
    else {
      try {
        total += inflateRawSync(buf.subarray(start, start + compressed), { maxOutputLength: Math.max(1, budget) }).length;
      } catch (error) {
        if (error instanceof RangeError || (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE")
          throw new ZipLimitError(`inflates past ${limits.maxUncompressedBytes} bytes`);
        throw new ZipLimitError("a damaged ZIP entry");
      }
    }
    if (total > limits.maxUncompressedBytes) throw new ZipLimitError(`inflates past ${limits.maxUncompressedBytes} bytes`);
  }
  return total;
}
