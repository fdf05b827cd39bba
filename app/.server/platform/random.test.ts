import { describe, expect, it } from "vitest";
import { randomBytes } from "./random";

describe("random bytes from the pool", () => {
  it("never hands out the same bytes twice, across refills", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) seen.add(randomBytes(16).toString("hex"));
    expect(seen.size).toBe(5000);
    expect(randomBytes(8)).toHaveLength(8);
    expect(randomBytes(10_000)).toHaveLength(10_000);
  });
  it("gives a copy the caller may keep", () => {
    const a = randomBytes(16);
    const copy = Buffer.from(a);
    for (let i = 0; i < 1000; i++) randomBytes(16);
    expect(a.equals(copy)).toBe(true);
  });
});
