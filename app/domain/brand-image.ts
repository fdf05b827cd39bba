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

export type BrandImageCheck = { ok: true; type: BrandImageType } | { ok: false; problem: "empty" | "tooLarge" | "type" };

/** Whether an uploaded file can be a brand image: not empty, at most the cap, PNG/JPEG/WebP by its bytes. */
export function checkBrandImage(bytes: Uint8Array, maxBytes = BRAND_IMAGE_MAX_BYTES): BrandImageCheck {
  if (bytes.length === 0) return { ok: false, problem: "empty" };
  if (bytes.length > maxBytes) return { ok: false, problem: "tooLarge" };
  const type = sniffImageType(bytes);
  return type ? { ok: true, type } : { ok: false, problem: "type" };
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
