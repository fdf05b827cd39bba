import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { checkPng, SCREENSHOT_MAX_HEIGHT, SCREENSHOT_MAX_WIDTH } from "./png";

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(2))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("checkPng", () => {
  it("reads a real PNG's dimensions", () => {
    expect(checkPng(png(900, 66))).toEqual({ ok: true, width: 900, height: 66 });
    expect(checkPng(png(SCREENSHOT_MAX_WIDTH, SCREENSHOT_MAX_HEIGHT)).ok).toBe(true);
  });
  it("refuses dimensions out of bounds", () => {
    for (const [w, h] of [
      [0, 10],
      [10, 0],
      [SCREENSHOT_MAX_WIDTH + 1, 10],
      [10, SCREENSHOT_MAX_HEIGHT + 1],
      [0xffffffff, 1],
    ])
      expect(checkPng(png(w!, h!))).toEqual({ ok: false, reason: "dimensions" });
  });
  it("refuses what is not a PNG: no signature, no IHDR first, no IEND at the end, too short", () => {
    const good = png(10, 10);
    expect(checkPng(Buffer.from("GIF89a" + "x".repeat(100)))).toEqual({ ok: false, reason: "not-png" });
    const noIhdr = Buffer.from(good);
    noIhdr.write("IDAT", 12, "ascii");
    expect(checkPng(noIhdr).ok).toBe(false);
    expect(checkPng(Buffer.concat([good, Buffer.from("trailing")])).ok).toBe(false);
    expect(checkPng(good.subarray(0, 30)).ok).toBe(false);
    expect(checkPng(new Uint8Array()).ok).toBe(false);
  });
});
