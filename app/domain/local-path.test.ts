import { describe, expect, it } from "vitest";
import { hasControlCharacter, localPath } from "./local-path";

describe("localPath: a redirect target taken from input stays on this site", () => {
  it.each([
    ["/", "/"],
    ["/plans", "/plans"],
    ["/plans?category=dental&page=2", "/plans?category=dental&page=2"],
    ["/plan/12/Smile%20Plus?dialog=quote#top", "/plan/12/Smile%20Plus?dialog=quote#top"],
    ["/cart?next=//evil.example", "/cart?next=//evil.example"],
    ["/a/../plans", "/plans"],
  ])("keeps the path %s", (value, path) => {
    expect(localPath(value)).toEqual({ ok: true, path });
  });

  it.each([
    "//evil.example",
    "//evil.example/plans",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "/%5Cevil.example",
    "/%255Cevil.example",
    "https://evil.example/",
    "http://localhost:3000/plans",
    "javascript:alert(1)",
    "evil.example",
    "plans",
    "///evil.example",
    "/ /evil.example".replace(" ", "\\"),
  ])("refuses %j as off-site", (value) => {
    expect(localPath(value)).toEqual({ ok: false, reason: "offsite" });
  });

  it.each([
    "/\t/evil.example",
    "/%09/evil.example",
    "/%0d%0aSet-Cookie:%20x=1",
    "/\r\nSet-Cookie: x=1",
    "/\n/evil.example",
    "/plans\u0000",
    "/plans%00",
    "/plans%7f",
    "/plans\u007f",
    "/%250d%250a",
    "/%25250a",
    "/plans?q=%0A",
    "\t//evil.example",
  ])("refuses %j for its control character", (value) => {
    expect(localPath(value)).toEqual({ ok: false, reason: "control" });
    expect(hasControlCharacter(value)).toBe(true);
  });

  it("a lone or malformed percent sign is not a control character", () => {
    expect(hasControlCharacter("/plans?q=100%")).toBe(false);
    expect(localPath("/plans?q=100%")).toMatchObject({ ok: true });
    expect(hasControlCharacter("/plans?q=%zz")).toBe(false);
  });
});
