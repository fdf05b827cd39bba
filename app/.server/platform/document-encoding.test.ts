import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodeDocument } from "./document-encoding";

const page = Buffer.from(`<!DOCTYPE html><html><body>${"<p>Dental plan, $25.95/month — aquí</p>".repeat(200)}</body></html>`);

describe("a page encoded for the browser", () => {
  it("is Brotli when accepted, else gzip, else as it is; and decodes to the page", () => {
    const br = encodeDocument(page, "gzip, deflate, br");
    expect(br.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).equals(page)).toBe(true);
    const gz = encodeDocument(page, "gzip");
    expect(gz.encoding).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).equals(page)).toBe(true);
    expect(encodeDocument(page, "br;q=0, gzip").encoding).toBe("gzip");
    expect(encodeDocument(page, null)).toEqual({ body: page, encoding: null });
    expect(encodeDocument(page, "identity").encoding).toBeNull();
  });

  it("leaves a small page as it is", () => {
    expect(encodeDocument(Buffer.from("<p>hi</p>"), "br").encoding).toBeNull();
  });
});
