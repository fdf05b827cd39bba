import { describe, expect, it } from "vitest";
import { withoutNulBytes } from "./html-stream";

describe("the page", () => {
  it("drops the stray NUL bytes React 18 can leave at a chunk boundary, and nothing else", () => {
    const enc = new TextEncoder();
    const chunks = [enc.encode("<p>no se puede cambiar aqu"), Uint8Array.of(0), enc.encode("í.</p>"), enc.encode("ok \u00e9\u4e2d")];
    const out = withoutNulBytes(Buffer.concat(chunks)).toString("utf8");
    expect(out).toBe("<p>no se puede cambiar aquí.</p>ok é中");
    expect(out).not.toContain("\u0000");
  });

  it("gives back the same buffer when there is nothing to drop", () => {
    const page = Buffer.from("<p>sin nada</p>");
    expect(withoutNulBytes(page)).toBe(page);
  });
});
