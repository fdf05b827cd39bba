/**
 * Security review (record generation from typed text): an agreement text comes from the catalog,
 * typed by people. A numeric character reference naming no character (&#99999999;, a surrogate, a
 * control) made String.fromCodePoint throw a RangeError while the record was built, so the record
 * of every enrollment with that agreement failed (a 500 at completion and on every download).
 */
import { describe, expect, it } from "vitest";
import { htmlToText } from "./enrollment-record";

describe("htmlToText with numeric references that name no character", () => {
  it("replaces them with U+FFFD instead of throwing", () => {
    expect(htmlToText("<p>a &#99999999; b</p>")).toBe("a \ufffd b");
    expect(htmlToText("&#1114112;")).toBe("\ufffd");
    expect(htmlToText("x&#55296;y")).toBe("x\ufffdy");
    expect(htmlToText("x&#0;y&#27;z")).toBe("x\ufffdy\ufffdz");
  });
  it("still reads the ones that do, decimal and hexadecimal", () => {
    expect(htmlToText("caf&#233; &#x00E9;&#X1F600;")).toBe("café é😀");
  });
});
