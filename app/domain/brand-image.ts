/**
 * A brand image an operator uploads (a rep's logo or banner, issue 27): its type is read from
 * its first bytes (the file's name and the browser's declared type prove nothing), and only
 * the raster types every browser shows are taken — PNG, JPEG, WebP. SVG is refused: it can carry
 * script. The size is capped so a page never pulls a camera original.
 */

export const BRAND_IMAGE_MAX_BYTES = 1024 * 1024;

export type BrandImageType = "png" | "jpeg" | "webp";

export const BRAND_IMAGE_CONTENT_TYPES: Record<BrandImageType, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type its magic bytes say, or null. */
export function sniffImageType(bytes: Uint8Array): BrandImageType | null {
  if (startsWith(bytes, PNG)) return "png";
  // JPEG: SOI then the start of a marker segment
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  // WebP: a RIFF container of form type WEBP
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

/**
 * The widest and tallest a brand image may be. A small file can still declare 50,000 × 50,000
 * pixels and make every visitor's browser decode billions of bytes on the rep's landing page.
 */
export const BRAND_IMAGE_MAX_PIXELS_PER_SIDE = 4000;

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + ((b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);

/** Width and height as the image's own header declares them (PNG IHDR, JPEG SOFn, WebP VP8/VP8L/VP8X), or null. */
export function imageDimensions(bytes: Uint8Array, type: BrandImageType): { width: number; height: number } | null {
  if (type === "png") {
    if (bytes.length < 24 || !startsWith(bytes, ascii("IHDR"), 12)) return null;
    return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
  }
  if (type === "jpeg") {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1]!;
      if (marker === 0xff) {
        i++;
        continue;
      }
      // start of frame (SOF0–SOF15, not DHT, JPG or DAC): precision, height, width
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { height: u16be(bytes, i + 5), width: u16be(bytes, i + 7) };
      if (marker === 0xd9 || marker === 0xda) return null;
      i += 2 + u16be(bytes, i + 2);
    }
    return null;
  }
  if (bytes.length < 30) return null;
  if (startsWith(bytes, ascii("VP8 "), 12)) return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  if (startsWith(bytes, ascii("VP8L"), 12)) {
    const [b0, b1, b2, b3] = [bytes[21]!, bytes[22]!, bytes[23]!, bytes[24]!];
    return { width: 1 + (b0 | ((b1 & 0x3f) << 8)), height: 1 + ((b1 >> 6) | (b2 << 2) | ((b3 & 0x0f) << 10)) };
  }
  if (startsWith(bytes, ascii("VP8X"), 12)) return { width: 1 + u24le(bytes, 24), height: 1 + u24le(bytes, 27) };
  return null;
}

export type BrandImageCheck = { ok: true; type: BrandImageType } | { ok: false; problem: "empty" | "tooLarge" | "type" | "dimensions" };

/**
 * Whether an uploaded file can be a brand image: not empty, at most the cap, PNG/JPEG/WebP by its
 * bytes, with a header that says its size, at most 4000 pixels a side.
 */
export function checkBrandImage(bytes: Uint8Array, maxBytes = BRAND_IMAGE_MAX_BYTES): BrandImageCheck {
  if (bytes.length === 0) return { ok: false, problem: "empty" };
  if (bytes.length > maxBytes) return { ok: false, problem: "tooLarge" };
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, problem: "type" };
  const size = imageDimensions(bytes, type);
  if (!size || size.width === 0 || size.height === 0) return { ok: false, problem: "type" };
  if (size.width > BRAND_IMAGE_MAX_PIXELS_PER_SIDE || size.height > BRAND_IMAGE_MAX_PIXELS_PER_SIDE)
    return { ok: false, problem: "dimensions" };
  return { ok: true, type };
}

/** The path a stored image is served at: its content hash and extension (immutable: a new image is a new path). */
export function brandImagePath(sha256: string, type: BrandImageType) {
  return `/brand-images/${sha256}.${type === "jpeg" ? "jpg" : type}`;
}

/** The hash and type of a served path's last segment, or null when it is not one of ours. */
export function parseBrandImageName(name: string): { sha256: string; type: BrandImageType } | null {
  const m = /^([0-9a-f]{64})\.(png|jpg|webp)$/.exec(name);
  if (!m) return null;
  return { sha256: m[1], type: m[2] === "jpg" ? "jpeg" : (m[2] as BrandImageType) };
}
