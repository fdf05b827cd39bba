import { describe, it, expect } from "vitest";
import { createLogger, loggablePath, redact } from "./log";

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
  it("writes nothing deeper than it checks names (an SSN six levels down is not logged)", () => {
    const lines: string[] = [];
    const log = createLogger("info", (l) => lines.push(l));
    log.info("deep", { a: { b: { c: { d: { e: { ssn: "123456789" }, list: [{ email: "a@b.c" }] } } } }, status: 200 });
    const line = lines.join("\n");
    expect(line).not.toContain("123456789");
    expect(line).not.toContain("a@b.c");
    expect(line).toContain("[nested]");
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
  it("masks every link token in a request path, the member benefit store's too", () => {
    const member = "9.1893456000.AbCdEfGhIjKlMnOpQrStUv";
    expect(loggablePath(`/member-benefit-store/${member}/IO`)).toBe("/member-benefit-store/[token]/IO");
    expect(loggablePath("/quote/abcdefghijklmnopqrstuvwxyz0123456789")).toBe("/quote/[token]");
    expect(loggablePath("/direct-continue/tok/cmV2aWV3")).toBe("/direct-continue/[token]/cmV2aWV3");
    expect(loggablePath("/sign/tok")).toBe("/sign/[token]");
    expect(loggablePath("/cart")).toBe("/cart");
  });
  it("masks them in any letter case (the routes match any case) and an invitation's", () => {
    expect(loggablePath("/QUOTE/abcdefghijklmnopqrstuvwxyz0123456789")).toBe("/QUOTE/[token]");
    expect(loggablePath("/Direct-Continue/tok/cmV2aWV3")).toBe("/Direct-Continue/[token]/cmV2aWV3");
    expect(loggablePath("/invitation/abcdefghijklmnopqrstuvwxyz")).toBe("/invitation/[token]");
    expect(loggablePath("/enrollment-status/abcdefghijklmnopqrstuvwxyz")).toBe("/enrollment-status/[token]");
  });
  it("redacts every query value but a harmless key's: a console search's name, e-mail or phone never reaches a log line", () => {
    expect(loggablePath("/agent-select-member?q=Ana%20Lopez&page=2")).toBe("/agent-select-member?q=[redacted]&page=2");
    expect(loggablePath("/group-roster?search=ana%40example.com&sort=name&lng=es")).toBe(
      "/group-roster?search=[redacted]&sort=name&lng=es",
    );
    expect(loggablePath("/group-progress?name=Ana+Lopez&phone=5550100&email=a@b.c&type=dental")).toBe(
      "/group-progress?name=[redacted]&phone=[redacted]&email=[redacted]&type=dental",
    );
    // a harmless key with a value that is not a plain word is redacted too; a key alone stays
    expect(loggablePath("/plans?type=Ana%20Lopez&compare")).toBe("/plans?type=[redacted]&compare");
    // a path to come back to carries its own query: redacted whole
    expect(loggablePath("/admin?next=%2Fadmin%2Faudit%3Fq%3DAna")).toBe("/admin?next=[redacted]");
    expect(loggablePath("/quote/abcdefghijklmnopqrstuvwxyz?q=Ana#top")).toBe("/quote/[token]?q=[redacted]");
    expect(loggablePath("/cart")).toBe("/cart");
  });
  it("a logged path or address carries no query value, whoever wrote the line", () => {
    const lines: string[] = [];
    const log = createLogger("info", (l) => lines.push(l));
    log.warn("refused", {
      path: "/group-select-member?q=Ana+Lopez&page=3",
      url: "http://localhost:3400/agent-select-member?q=Ana&type=dental",
    });
    const line = lines.join("\n");
    expect(line).not.toContain("Ana");
    expect(line).toContain('"path":"/group-select-member?q=[redacted]&page=3"');
    expect(line).toContain('"url":"http://localhost:3400/agent-select-member?q=[redacted]&type=dental"');
  });
});
