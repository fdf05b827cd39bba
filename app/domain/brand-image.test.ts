import { describe, expect, it } from "vitest";
import { BRAND_IMAGE_MAX_BYTES, brandImagePath, checkBrandImage, parseBrandImageName, sniffImageType } from "./brand-image";

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const png = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], "IHDR");
const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], "JFIF");
const webp = bytes("RIFF", [36, 0, 0, 0], "WEBPVP8 ");

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
