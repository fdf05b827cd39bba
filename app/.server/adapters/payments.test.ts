import { describe, expect, it } from "vitest";
import { createCipher } from "../platform/crypto";
import { createLocalGateway, DECLINED_TEST_CARDS, type CardDetails } from "./payments";

const cipher = createCipher(Buffer.alloc(32, 7));
const now = () => new Date("2031-06-15T12:00:00Z");
const gateway = createLocalGateway(cipher, { now });
const VISA: CardDetails = {
  number: "4111 1111 1111 1111",
  expMonth: 6,
  expYear: 2031,
  securityCode: "123",
  name: "Ana Lopez",
  zip: "75201",
};

describe("local card processor simulator", () => {
  it("turns a good card into a token, the brand and the last four", async () => {
    const out = await gateway.tokenizeCard(VISA);
    expect(out).toMatchObject({ ok: true, brand: "visa", last4: "1111" });
    if (!out.ok) throw new Error("declined");
    expect(out.token).toMatch(/^tok_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{16}$/);
    expect(out.token).not.toContain("4111111111111111");
    expect(gateway.isLocalToken(out.token)).toBe(true);
  });

  it("gives a new, unrelated token every time (nothing is derived from or kept of the card)", async () => {
    const a = await gateway.tokenizeCard(VISA);
    const b = await gateway.tokenizeCard(VISA);
    if (!a.ok || !b.ok) throw new Error("declined");
    expect(a.token).not.toBe(b.token);
    // the simulator is a bag of functions: no state to hold a card in
    expect(Object.values(gateway).every((v) => typeof v === "function")).toBe(true);
  });

  it("knows the brands", async () => {
    const cases: Array<[string, string, string]> = [
      ["5555555555554444", "123", "mastercard"],
      ["2223003122003222", "123", "mastercard"],
      ["378282246310005", "1234", "amex"],
      ["6011111111111117", "123", "discover"],
      ["3530111333300000", "123", "card"],
    ];
    for (const [number, securityCode, brand] of cases)
      expect(await gateway.tokenizeCard({ ...VISA, number, securityCode })).toMatchObject({ ok: true, brand, last4: number.slice(-4) });
  });

  it.each([
    ["a bad Luhn check", { number: "4111111111111112" }],
    ["too short", { number: "411111111111" }],
    ["letters", { number: "4111abcd11111111" }],
    ["an expired card", { expMonth: 5, expYear: 2031 }],
    ["last year's card", { expMonth: 12, expYear: 2030 }],
    ["month 13", { expMonth: 13 }],
    ["a 4-digit code on a Visa", { securityCode: "1234" }],
    ["a 3-digit code on an Amex", { number: "378282246310005", securityCode: "123" }],
    ["a code with letters", { securityCode: "12a" }],
  ])("refuses %s as invalid", async (_what, change) => {
    expect(await gateway.tokenizeCard({ ...VISA, ...change })).toEqual({ ok: false, reason: "invalid" });
  });

  it("declines the sandbox decline cards", async () => {
    for (const number of DECLINED_TEST_CARDS)
      expect(await gateway.tokenizeCard({ ...VISA, number })).toEqual({ ok: false, reason: "declined" });
  });

  it("tells its own tokens from forged ones", async () => {
    const out = await gateway.tokenizeCard(VISA);
    if (!out.ok) throw new Error("declined");
    expect(gateway.isLocalToken(out.token.slice(0, -1) + (out.token.endsWith("A") ? "B" : "A"))).toBe(false);
    expect(gateway.isLocalToken("tok_4111111111111111")).toBe(false);
    expect(createLocalGateway(createCipher(Buffer.alloc(32, 8)), { now }).isLocalToken(out.token)).toBe(false);
  });
});
