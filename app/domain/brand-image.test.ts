import { describe, expect, it } from "vitest";
import {
  BRAND_IMAGE_MAX_BYTES,
  brandImagePath,
  checkBrandImage,
  imageDimensions,
  parseBrandImageName,
  sniffImageType,
} from "./brand-image";

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const pngOf = (w: number, h: number) =>
  bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], "IHDR", u32(w), u32(h), [8, 6, 0, 0, 0]);
const png = pngOf(120, 40);
/** SOI, an APP0 segment, then SOF0 with height and width */
const jpegOf = (w: number, h: number) =>
  bytes(
    [0xff, 0xd8, 0xff, 0xe0, 0, 16],
    "JFIF",
    [0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
    [0xff, 0xc0, 0, 17, 8, h >> 8, h & 255, w >> 8, w & 255, 3],
  );
const jpeg = jpegOf(64, 48);
/** VP8X: the canvas width and height minus one, 24-bit little-endian */
const webpOf = (w: number, h: number) =>
  bytes(
    "RIFF",
    [36, 0, 0, 0],
    "WEBPVP8X",
    [10, 0, 0, 0, 0, 0, 0, 0],
    [(w - 1) & 255, ((w - 1) >> 8) & 255, (w - 1) >> 16],
    [(h - 1) & 255, ((h - 1) >> 8) & 255, (h - 1) >> 16],
  );
const webp = webpOf(300, 100);

describe("brand images by their magic bytes", () => {
  it("knows PNG, JPEG and WebP from their first bytes", () => {
    expect(sniffImageType(png)).toBe("png");
    expect(sniffImageType(jpeg)).toBe("jpeg");
    expect(sniffImageType(webp)).toBe("webp");
  });

  it("refuses SVG, GIF, HTML, a RIFF that is not WebP (WAV), a truncated PNG signature and nothing", () => {
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(bytes("GIF89a"))).toBeNull();
    expect(sniffImageType(bytes("<html><script>"))).toBeNull();
    expect(sniffImageType(bytes("RIFF", [36, 0, 0, 0], "WAVEfmt "))).toBeNull();
    expect(sniffImageType(png.slice(0, 7))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it("checks emptiness, the size cap (inclusive) and the type, in that order", () => {
    expect(checkBrandImage(new Uint8Array())).toEqual({ ok: false, problem: "empty" });
    const atCap = new Uint8Array(BRAND_IMAGE_MAX_BYTES);
    atCap.set(png);
    expect(checkBrandImage(atCap)).toEqual({ ok: true, type: "png" });
    const over = new Uint8Array(BRAND_IMAGE_MAX_BYTES + 1);
    over.set(png);
    expect(checkBrandImage(over)).toEqual({ ok: false, problem: "tooLarge" });
    expect(checkBrandImage(bytes("GIF89a"))).toEqual({ ok: false, problem: "type" });
    expect(checkBrandImage(jpeg, 4)).toEqual({ ok: false, problem: "tooLarge" });
  });

  it("reads each type's declared size and refuses more than 4000 pixels a side, or a header without one", () => {
    expect(imageDimensions(png, "png")).toEqual({ width: 120, height: 40 });
    expect(imageDimensions(jpeg, "jpeg")).toEqual({ width: 64, height: 48 });
    expect(imageDimensions(webp, "webp")).toEqual({ width: 300, height: 100 });
    expect(checkBrandImage(pngOf(4000, 4000))).toEqual({ ok: true, type: "png" });
    expect(checkBrandImage(pngOf(50_000, 50_000))).toEqual({ ok: false, problem: "dimensions" });
    expect(checkBrandImage(jpegOf(4001, 10))).toEqual({ ok: false, problem: "dimensions" });
    expect(checkBrandImage(webpOf(10, 16_000))).toEqual({ ok: false, problem: "dimensions" });
    expect(checkBrandImage(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], "JFIF"))).toEqual({ ok: false, problem: "type" });
  });

  it("a stored image's path round-trips; anything else is not one of ours", () => {
    const sha = "a".repeat(64);
    expect(brandImagePath(sha, "jpeg")).toBe(`/brand-images/${sha}.jpg`);
    expect(parseBrandImageName(`${sha}.jpg`)).toEqual({ sha256: sha, type: "jpeg" });
    expect(parseBrandImageName(`${sha}.webp`)).toEqual({ sha256: sha, type: "webp" });
    expect(parseBrandImageName(`${sha}.svg`)).toBeNull();
    expect(parseBrandImageName(`${"A".repeat(64)}.png`)).toBeNull();
    expect(parseBrandImageName(`../${sha}.png`)).toBeNull();
  });
});
