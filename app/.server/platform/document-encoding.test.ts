import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodeDocument, encodeDocumentAsync } from "./document-encoding";

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

  it("off the event loop gives the same bytes as in one synchronous call", async () => {
    // 90 bytes (sent as it is), 3.4, 8.6, 23 and 53 KB (the store sends 26–58 KB pages), varied
    const pages = [1, 60, 150, 400, 900].map((n) =>
      Buffer.from(
        `<!DOCTYPE html><html><body>${Array.from({ length: n }, (_, i) => `<li data-i="${i}">Plan ${i * 7919} · $${(i * 3.17).toFixed(2)}/mes — aquí</li>`).join("")}</body></html>`,
      ),
    );
    for (const p of [page, ...pages])
      for (const accept of ["gzip, deflate, br", "gzip", "br;q=0, gzip", "identity", null]) {
        const sync = encodeDocument(p, accept);
        const async = await encodeDocumentAsync(p, accept);
        expect(async.encoding).toBe(sync.encoding);
        expect(async.body.equals(sync.body)).toBe(true);
      }
    expect(await encodeDocumentAsync(Buffer.from("<p>hi</p>"), "br")).toEqual({ body: Buffer.from("<p>hi</p>"), encoding: null });
  });

  it("off the event loop lets the loop run while it compresses", async () => {
    const big = Buffer.concat(Array.from({ length: 40 }, () => page));
    for (const accept of ["br", "gzip"]) {
      const order: string[] = [];
      const encoded = encodeDocumentAsync(big, accept).then(() => order.push("encoded"));
      setImmediate(() => order.push("loop turned"));
      await encoded;
      await new Promise((resolve) => setImmediate(resolve));
      expect(order).toEqual(["loop turned", "encoded"]);
    }
  });
});
