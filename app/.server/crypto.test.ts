import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { createCipher, randomDigits, randomToken } from "./crypto";

const cipher = createCipher(Buffer.alloc(32, 1));

describe("field encryption", () => {
  it("round-trips any text and never contains it", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200 }), (plain) => {
        const sealed = cipher.encrypt(plain);
        expect(cipher.decrypt(sealed)).toBe(plain);
        if (plain.length >= 4) expect(sealed.includes(plain)).toBe(false);
      }),
    );
  });

  it("gives a different ciphertext each time (random IV)", () => {
    expect(cipher.encrypt("123456789")).not.toBe(cipher.encrypt("123456789"));
  });

  it("rejects a tampered or foreign ciphertext", () => {
    const sealed = cipher.encrypt("123-45-6789");
    const parts = sealed.split(".");
    const flipped = parts[3][0] === "A" ? "B" + parts[3].slice(1) : "A" + parts[3].slice(1);
    expect(() => cipher.decrypt([parts[0], parts[1], parts[2], flipped].join("."))).toThrow();
    expect(() => createCipher(Buffer.alloc(32, 2)).decrypt(sealed)).toThrow();
    expect(() => cipher.decrypt("plain")).toThrow();
  });

  it("hashes with a key: stable, and different from another key's hash", () => {
    expect(cipher.hash("123456")).toBe(cipher.hash("123456"));
    expect(cipher.hash("123456")).not.toBe(createCipher(Buffer.alloc(32, 2)).hash("123456"));
    expect(cipher.hash("123456")).not.toContain("123456");
  });
});

describe("random codes", () => {
  it("makes 6-digit codes of digits only", () => {
    for (let i = 0; i < 200; i++) expect(randomDigits(6)).toMatch(/^\d{6}$/);
  });
  it("makes unguessable url-safe tokens", () => {
    const t = randomToken();
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(t);
  });
});
