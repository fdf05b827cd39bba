/**
 * Field encryption (AES-256-GCM) for SSNs, bank account numbers and health answers,
 * and keyed hashing (HMAC-SHA-256) for one-time codes, link tokens and lookups.
 * Ciphertext format: `v1.<iv>.<tag>.<data>`, each part base64url.
 *
 * Key rotation: the cipher holds a list of keys, newest first (ENCRYPTION_KEYS). It encrypts and
 * hashes with the newest, and opens a value with whichever key sealed it (GCM's tag tells a wrong
 * key apart). `scripts/rotate-keys.ts` re-encrypts the stored values with the newest key; hashes
 * cannot be redone, so lookups try the hash of every key (`hashes`) until the old key is dropped.
 */
import crypto from "node:crypto";

const SEALED = Symbol.for("benefit-store.sealed-value-error");

/**
 * A sealed value that none of the configured keys opens (or that is not a sealed value).
 *
 * Recognised by a brand, not by its class: the server (server.ts, the scripts) and the Remix build
 * each load their own copy of this module, so the cipher the server creates throws the server's
 * class while the pages check against the build's — a plain `instanceof` was false there, and a
 * value sealed with another key answered 500 instead of the 409 page (issue 23).
 */
export class SealedValueError extends Error {
  readonly [SEALED] = true;
  constructor(reason: string) {
    super(`sealed value could not be opened: ${reason}`);
    this.name = "SealedValueError";
  }
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[SEALED] === true;
  }
}

export interface Cipher {
  /** Seals with the newest key. */
  encrypt(plain: string): string;
  /** Opens with any configured key; throws SealedValueError when none does. */
  decrypt(sealed: string): string;
  encryptJson(value: unknown): string;
  decryptJson<T>(sealed: string): T;
  /** Which key opens this value: 0 the newest, 1 the next…; -1 when none does. */
  keyIndexOf(sealed: string): number;
  /** Keyed hash with the newest key: equal inputs give equal outputs, nothing can be read back. */
  hash(value: string): string;
  /** The keyed hash under every configured key, newest first (for lookups of older hashes). */
  hashes(value: string): string[];
  /** How many keys the cipher holds. */
  readonly keyCount: number;
}

interface KeySet {
  enc: Buffer;
  mac: Buffer;
}

function deriveKeys(key: Buffer): KeySet {
  if (key.length !== 32) throw new Error("encryption key must be 32 bytes");
  // Separate subkeys so the hashing key is never the encryption key.
  return {
    enc: Buffer.from(crypto.hkdfSync("sha256", key, Buffer.alloc(0), "field-encryption", 32)),
    mac: Buffer.from(crypto.hkdfSync("sha256", key, Buffer.alloc(0), "keyed-hash", 32)),
  };
}

/** `keys`: one key, or every key newest first. */
export function createCipher(keys: Buffer | readonly Buffer[]): Cipher {
  const list = (Array.isArray(keys) ? keys : [keys]) as readonly Buffer[];
  if (!list.length) throw new Error("at least one encryption key is needed");
  const sets = list.map(deriveKeys);
  const newest = sets[0]!;

  function encrypt(plain: string) {
    const iv = crypto.randomBytes(12);
    const c = crypto.createCipheriv("aes-256-gcm", newest.enc, iv);
    const data = Buffer.concat([c.update(plain, "utf8"), c.final()]);
    return ["v1", iv.toString("base64url"), c.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
  }
  function open(sealed: string): { plain: string; index: number } {
    const [version, iv, tag, data] = typeof sealed === "string" ? sealed.split(".") : [];
    if (version !== "v1" || !iv || !tag || data === undefined) throw new SealedValueError("not a sealed value");
    // exactly what encrypt writes: a 12-byte IV and a full 16-byte tag (a truncated tag is easier to forge)
    const ivBytes = Buffer.from(iv, "base64url");
    const tagBytes = Buffer.from(tag, "base64url");
    if (ivBytes.length !== 12 || tagBytes.length !== 16) throw new SealedValueError("not a sealed value");
    for (const [index, set] of sets.entries()) {
      try {
        const d = crypto.createDecipheriv("aes-256-gcm", set.enc, ivBytes, { authTagLength: 16 });
        d.setAuthTag(tagBytes);
        return { plain: Buffer.concat([d.update(Buffer.from(data, "base64url")), d.final()]).toString("utf8"), index };
      } catch {
        // not this key (or tampered): try the next
      }
    }
    throw new SealedValueError(sets.length > 1 ? `none of the ${sets.length} keys opens it` : "the key does not open it");
  }
  const hashWith = (set: KeySet, value: string) => crypto.createHmac("sha256", set.mac).update(value).digest("base64url");
  return {
    encrypt,
    decrypt: (sealed) => open(sealed).plain,
    encryptJson: (value) => encrypt(JSON.stringify(value)),
    decryptJson: <T>(sealed: string) => JSON.parse(open(sealed).plain) as T,
    keyIndexOf(sealed) {
      try {
        return open(sealed).index;
      } catch {
        return -1;
      }
    },
    hash: (value) => hashWith(newest, value),
    hashes: (value) => sets.map((set) => hashWith(set, value)),
    keyCount: sets.length,
  };
}

/** The first lookup that finds something, trying each key's hash of the value (newest first). */
export async function findByAnyHash<T>(
  cipher: Pick<Cipher, "hashes">,
  value: string,
  find: (hash: string) => Promise<T | null | undefined>,
): Promise<T | undefined> {
  for (const hash of cipher.hashes(value)) {
    const found = await find(hash);
    if (found) return found;
  }
  return undefined;
}

/** Whether `stored` is the keyed hash of `value` under any configured key (timing-safe). */
export function matchesAnyHash(cipher: Pick<Cipher, "hashes">, value: string, stored: string | null | undefined): boolean {
  if (typeof stored !== "string") return false;
  let match = false;
  for (const hash of cipher.hashes(value)) if (timingSafeEqualStrings(hash, stored)) match = true;
  return match;
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
