import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipFilled, plainFilled, spliceTemplate } from "./spliced-gzip";

const page = (nonce: string, token: string, id: string) =>
  `<!DOCTYPE html><html><head><meta name="request-id" content="${id}"/><script nonce="${nonce}">1</script></head>` +
  `<body>${"<p>plan card, priced: $12.34/month</p>".repeat(500)}<input type="hidden" name="csrf" value="${token}"/>` +
  `<script nonce="${nonce}">window.__ctx={"csrf":"${token}","name":"Peña ✓"}</script>${nonce}${token}</body></html>`;

describe("a document compressed once, filled per response", () => {
  const markers = ["NONCE+/abc==", "TOKEN.value-1", "0123abcd"];
  const template = spliceTemplate(page(...(markers as [string, string, string])), markers)!;

  it("gunzips to exactly the page with the response's own values", () => {
    const values = ["n0nce/Other+==", "another.token_value", "feedbeef"];
    const gz = gzipFilled(template, values);
    expect(zlib.gunzipSync(gz).toString("utf8")).toBe(page(values[0], values[1], values[2]));
    expect(plainFilled(template, values).toString("utf8")).toBe(page(values[0], values[1], values[2]));
    // still compressed: the repeated cards deflate
    expect(gz.length).toBeLessThan(Buffer.byteLength(page(values[0], values[1], values[2])) / 10);
  });

  it("cuts at every occurrence, including values side by side and at the ends", () => {
    const t = spliceTemplate("AB-A-BA", ["A", "B"])!;
    expect(t.holes).toEqual([0, 1, 0, 1, 0]);
    expect(zlib.gunzipSync(gzipFilled(t, ["xx", "ü"])).toString("utf8")).toBe("xxü-xx-üxx");
    expect(zlib.gunzipSync(gzipFilled(t, ["", ""])).toString("utf8")).toBe("--");
  });

  it("matches the longer of two overlapping markers whole", () => {
    const t = spliceTemplate("[abc][ab]", ["ab", "abc"])!;
    expect(plainFilled(t, ["1", "2"]).toString()).toBe("[2][1]");
    expect(zlib.gunzipSync(gzipFilled(t, ["1", "2"])).toString()).toBe("[2][1]");
  });

  it("refuses an empty marker", () => {
    expect(spliceTemplate("abc", ["", "b"])).toBeNull();
  });
});
