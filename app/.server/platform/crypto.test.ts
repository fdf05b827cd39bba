import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { createCipher, findByAnyHash, matchesAnyHash, randomDigits, randomToken, SealedValueError } from "./crypto";

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

  it("refuses a truncated tag or an IV of another length (only what encrypt writes opens)", () => {
    const [v, iv, tag, data] = cipher.encrypt("123-45-6789").split(".");
    const short = Buffer.from(tag!, "base64url").subarray(0, 4).toString("base64url");
    expect(() => cipher.decrypt([v, iv, short, data].join("."))).toThrow(SealedValueError);
    const longIv = Buffer.concat([Buffer.from(iv!, "base64url"), Buffer.alloc(4)]).toString("base64url");
    expect(() => cipher.decrypt([v, longIv, tag, data].join("."))).toThrow(SealedValueError);
  });

  it("hashes with a key: stable, and different from another key's hash", () => {
    expect(cipher.hash("123456")).toBe(cipher.hash("123456"));
    expect(cipher.hash("123456")).not.toBe(createCipher(Buffer.alloc(32, 2)).hash("123456"));
    expect(cipher.hash("123456")).not.toContain("123456");
  });
});

describe("key rotation", () => {
  const OLD = Buffer.alloc(32, 1);
  const NEW = Buffer.alloc(32, 9);
  const before = createCipher(OLD);
  const rotated = createCipher([NEW, OLD]);

  it("opens what the old key sealed, and seals with the newest", () => {
    const old = before.encrypt("123-45-6789");
    expect(rotated.decrypt(old)).toBe("123-45-6789");
    expect(rotated.keyIndexOf(old)).toBe(1);
    const fresh = rotated.encrypt("123-45-6789");
    expect(rotated.keyIndexOf(fresh)).toBe(0);
    expect(createCipher(NEW).decrypt(fresh)).toBe("123-45-6789");
    expect(() => before.decrypt(fresh)).toThrow(SealedValueError);
    expect(rotated.decryptJson(before.encryptJson({ ssn: "1" }))).toEqual({ ssn: "1" });
  });

  it("a value no configured key opens is a SealedValueError (never a crash elsewhere)", () => {
    const foreign = createCipher(Buffer.alloc(32, 5)).encrypt("x");
    expect(() => rotated.decrypt(foreign)).toThrow(SealedValueError);
    expect(() => rotated.decrypt("garbage")).toThrow(SealedValueError);
    expect(() => rotated.decrypt("v1.a.b")).toThrow(SealedValueError);
    expect(rotated.keyIndexOf(foreign)).toBe(-1);
    expect(rotated.keyIndexOf("")).toBe(-1);
  });

  it("hashes with the newest key and recognises every key's hash", () => {
    expect(rotated.hash("123456")).toBe(createCipher(NEW).hash("123456"));
    expect(rotated.hashes("123456")).toEqual([createCipher(NEW).hash("123456"), before.hash("123456")]);
    expect(matchesAnyHash(rotated, "123456", before.hash("123456"))).toBe(true);
    expect(matchesAnyHash(rotated, "123456", createCipher(Buffer.alloc(32, 5)).hash("123456"))).toBe(false);
    expect(matchesAnyHash(rotated, "123456", null)).toBe(false);
  });

  it("finds a row stored under an older key's hash", async () => {
    const rows = new Map([[before.hash("token"), "row"]]);
    expect(await findByAnyHash(rotated, "token", async (h) => rows.get(h))).toBe("row");
    expect(await findByAnyHash(createCipher(NEW), "token", async (h) => rows.get(h))).toBeUndefined();
  });

  it("needs at least one 32-byte key", () => {
    expect(() => createCipher([])).toThrow();
    expect(() => createCipher([NEW, Buffer.alloc(16)])).toThrow(/32 bytes/);
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

describe("SealedValueError across copies of this module (issue 23)", () => {
  it("is recognised when thrown by another copy: the server and the Remix build each load their own", async () => {
    // a query makes Vite load the file again as a separate module, with its own class
    const another = "./crypto.ts?another-copy";
    const copy = (await import(/* @vite-ignore */ another)) as typeof import("./crypto");
    const { SealedValueError: Mine, createCipher: mine } = await import("./crypto");
    expect(copy.SealedValueError).not.toBe(Mine);
    const sealed = mine(Buffer.alloc(32, 1)).encrypt("123456789");
    let thrown: unknown;
    try {
      copy.createCipher(Buffer.alloc(32, 2)).decrypt(sealed);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(copy.SealedValueError);
    expect(thrown instanceof Mine).toBe(true);
    expect(new Error("x") instanceof Mine).toBe(false);
    expect({ name: "SealedValueError" } instanceof Mine).toBe(false);
  });
});
