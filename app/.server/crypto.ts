/**
 * Field encryption (AES-256-GCM) for SSNs, bank account numbers and health answers,
 * and keyed hashing (HMAC-SHA-256) for one-time codes, link tokens and lookups.
 * Ciphertext format: `v1.<iv>.<tag>.<data>`, each part base64url.
 */
import crypto from "node:crypto";

export interface Cipher {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  encryptJson(value: unknown): string;
  decryptJson<T>(sealed: string): T;
  /** Keyed hash: equal inputs give equal outputs, nothing can be read back. */
  hash(value: string): string;
}

export function createCipher(key: Buffer): Cipher {
  if (key.length !== 32) throw new Error("encryption key must be 32 bytes");
  // Separate subkeys so the hashing key is never the encryption key.
  const encKey = Buffer.from(crypto.hkdfSync("sha256", key, Buffer.alloc(0), "field-encryption", 32));
  const macKey = Buffer.from(crypto.hkdfSync("sha256", key, Buffer.alloc(0), "keyed-hash", 32));

  function encrypt(plain: string) {
    const iv = crypto.randomBytes(12);
    const c = crypto.createCipheriv("aes-256-gcm", encKey, iv);
    const data = Buffer.concat([c.update(plain, "utf8"), c.final()]);
    return ["v1", iv.toString("base64url"), c.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
  }
  function decrypt(sealed: string) {
    const [version, iv, tag, data] = sealed.split(".");
    if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("not a sealed value");
    const d = crypto.createDecipheriv("aes-256-gcm", encKey, Buffer.from(iv, "base64url"));
    d.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([d.update(Buffer.from(data, "base64url")), d.final()]).toString("utf8");
  }
  return {
    encrypt,
    decrypt,
    encryptJson: (value) => encrypt(JSON.stringify(value)),
    decryptJson: <T>(sealed: string) => JSON.parse(decrypt(sealed)) as T,
    hash: (value) => crypto.createHmac("sha256", macKey).update(value).digest("base64url"),
  };
}

/** An unguessable token for links (resume, quote, direct-continue): 32 random bytes. */
export function randomToken(bytes = 32) {
  return crypto.randomBytes(bytes).toString("base64url");
}

/** A numeric code of `digits` digits from a secure source, without modulo bias. */
export function randomDigits(digits: number) {
  let out = "";
  while (out.length < digits) out += crypto.randomInt(0, 10).toString();
  return out;
}

export function timingSafeEqualStrings(a: string, b: string) {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}
