import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { sanitizeHtml, slugify } from "./sanitize";

describe("sanitizeHtml", () => {
  it("keeps the allowed tags and drops attributes", () => {
    expect(sanitizeHtml('<p class="x" onclick="evil()">Hi <strong>there</strong></p>')).toBe("<p>Hi <strong>there</strong></p>");
    expect(sanitizeHtml("<ul><li>One</li><li>Two</li></ul>")).toBe("<ul><li>One</li><li>Two</li></ul>");
  });
  it("escapes scripts, handlers and unknown tags as text", () => {
    expect(sanitizeHtml("<script>alert(1)</script>")).toBe("alert(1)");
    expect(sanitizeHtml('<img src=x onerror="alert(1)">ok')).toBe("ok");
    expect(sanitizeHtml("a < b & c")).toBe("a &lt; b &amp; c");
  });
  it("keeps safe links only", () => {
    expect(sanitizeHtml('<a href="https://example.com/x">x</a>')).toBe('<a href="https://example.com/x" rel="noopener noreferrer">x</a>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeHtml('<a href="//evil.example">x</a>')).toBe("<a>x</a>");
  });
  it("closes what it opened and ignores stray closing tags", () => {
    expect(sanitizeHtml("<p><strong>open")).toBe("<p><strong>open</strong></p>");
    expect(sanitizeHtml("text</p></div>")).toBe("text");
  });
  it("puts the catalog's headings at the level the page asks for (an FAQ under an h2 is h3)", () => {
    expect(sanitizeHtml("<h4>Q?</h4><p>A.</p>")).toBe("<h4>Q?</h4><p>A.</p>");
    expect(sanitizeHtml("<h4>Q?</h4><p>A.</p>", { headingLevel: 3 })).toBe("<h3>Q?</h3><p>A.</p>");
    expect(sanitizeHtml("<h4>open", { headingLevel: 3 })).toBe("<h3>open</h3>");
  });
  it("keeps existing entities", () => {
    expect(sanitizeHtml("Tom &amp; Jerry &#39;")).toBe("Tom &amp; Jerry &#39;");
  });
  it("never lets a raw tag through, whatever the input", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const out = sanitizeHtml(s);
        expect(out).not.toMatch(/<(?!\/?(p|ul|ol|li|strong|em|b|i|h4|br|a)[ >])/);
      }),
    );
  });
});

describe("slugs", () => {
  it("makes URL slugs", () => {
    expect(slugify("BrightSmile PPO Essential — Dental!")).toBe("brightsmile-ppo-essential-dental");
    expect(slugify("Atención Médica")).toBe("atencion-medica");
  });
});
