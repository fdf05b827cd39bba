import { describe, expect, it } from "vitest";
import { isImageLink, isSafeLink } from "./admin";

describe("a brand image link in the console", () => {
  it("is a path on this site to a PNG, JPEG, WebP or SVG image", () => {
    expect(isImageLink("/brand/reps/jane-carter.svg")).toBe(true);
    expect(isImageLink("/brand-images/abc.png?v=2")).toBe(true);
    expect(isImageLink("/brand/x.JPEG")).toBe(true);
  });

  it("is never another site's address (the CSP would not show it; it would tell that site who visits)", () => {
    expect(isImageLink("https://cdn.example.com/logo.png")).toBe(false);
    expect(isImageLink("//cdn.example.com/logo.png")).toBe(false);
    expect(isImageLink("javascript:alert(1)//x.png")).toBe(false);
    expect(isImageLink("/brand/logo.gif")).toBe(false);
  });
});

describe("isSafeLink", () => {
  it("takes a path on this site or an https address", () => {
    for (const ok of ["/plans", "/brand/logo.png", "/a?b=c#d", "https://example.com/x"]) expect(isSafeLink(ok), ok).toBe(true);
  });
  it("refuses another site in a path's clothes: //host, /\\host (browsers read it as //host), and javascript:", () => {
    for (const bad of ["//evil.example", "/\\evil.example", "/\\/evil.example", "/a\\b", "javascript:alert(1)", "http://x.example", "/a b"])
      expect(isSafeLink(bad), bad).toBe(false);
  });
});
