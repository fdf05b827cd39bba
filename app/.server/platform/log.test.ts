import { describe, it, expect } from "vitest";
import { createLogger, redact } from "./log";

describe("logger", () => {
  it("redacts personal and secret fields by name, at any depth", () => {
    const lines: string[] = [];
    const log = createLogger("info", (l) => lines.push(l));
    log.info("saved", { ssn: "123456789", nested: { email: "a@b.c", bank_account: "000123" }, path: "/cart", status: 200 });
    const line = lines.join("\n");
    expect(line).not.toContain("123456789");
    expect(line).not.toContain("a@b.c");
    expect(line).not.toContain("000123");
    expect(line).toContain('"path":"/cart"');
    expect(line).toContain('"status":200');
  });
  it("respects the level", () => {
    const lines: string[] = [];
    createLogger("warn", (l) => lines.push(l)).info("quiet");
    expect(lines).toHaveLength(0);
  });
  it("leaves plain values alone", () => {
    expect(redact(5)).toBe(5);
    expect(redact({ kind: "quote" })).toEqual({ kind: "quote" });
  });
});
