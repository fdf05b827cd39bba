/**
 * Random values for every response (request id, CSP nonce), drawn from a pool refilled 8 KB at a
 * time: each `crypto.randomBytes` call for a few bytes costs a system call (~20 µs on this
 * machine's kind, a measurable share of a cached page), one call for 8 KB serves hundreds of
 * responses. The bytes come from the same CSPRNG and each is handed out once.
 */
import crypto from "node:crypto";

const POOL_BYTES = 8192;
let pool = Buffer.alloc(0);
let offset = 0;

/** `size` fresh random bytes (a copy: the pool is never shared). */
export function randomBytes(size: number): Buffer {
  if (size > POOL_BYTES) return crypto.randomBytes(size);
  if (offset + size > pool.length) {
    pool = crypto.randomBytes(POOL_BYTES);
    offset = 0;
  }
  const out = Buffer.from(pool.subarray(offset, offset + size));
  pool.fill(0, offset, offset + size);
  offset += size;
  return out;
}
