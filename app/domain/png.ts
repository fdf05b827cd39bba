/**
 * What a step screenshot must be (issue 23): a real PNG — its signature, an IHDR chunk first with
 * a width and height in bounds, and the IEND chunk at the end — drawn by the wizard's
 * StepScreenshot (900 px wide, 26 px a line). Anything else is refused before it is stored.
 */

export const SCREENSHOT_MAX_WIDTH = 2000;
export const SCREENSHOT_MAX_HEIGHT = 8000;

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IEND = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

export type PngCheck = { ok: true; width: number; height: number } | { ok: false; reason: "not-png" | "dimensions" };

const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;

export function checkPng(bytes: Uint8Array): PngCheck {
  if (bytes.length < SIGNATURE.length + 25 + IEND.length) return { ok: false, reason: "not-png" };
  if (SIGNATURE.some((v, i) => bytes[i] !== v)) return { ok: false, reason: "not-png" };
  // The first chunk: length 13, type "IHDR", then width and height.
  if (u32(bytes, 8) !== 13 || String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return { ok: false, reason: "not-png" };
  const tail = bytes.subarray(bytes.length - IEND.length);
  if (IEND.some((v, i) => tail[i] !== v)) return { ok: false, reason: "not-png" };
  const width = u32(bytes, 16);
  const height = u32(bytes, 20);
  if (width < 1 || height < 1 || width > SCREENSHOT_MAX_WIDTH || height > SCREENSHOT_MAX_HEIGHT) return { ok: false, reason: "dimensions" };
  return { ok: true, width, height };
}
