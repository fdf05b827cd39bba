import { describe, expect, it } from "vitest";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { withoutNulBytes } from "./html-stream";

describe("the page stream", () => {
  it("drops the stray NUL bytes React 18 can leave at a chunk boundary, and nothing else", async () => {
    const enc = new TextEncoder();
    const chunks = [enc.encode("<p>no se puede cambiar aqu"), Uint8Array.of(0), enc.encode("í.</p>"), enc.encode("ok \u00e9\u4e2d")];
    const out = await text(Readable.from(chunks).pipe(withoutNulBytes()));
    expect(out).toBe("<p>no se puede cambiar aquí.</p>ok é中");
    expect(out).not.toContain("\u0000");
  });
});
