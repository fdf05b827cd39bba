/**
 * A rendered page compressed for the browser, once (ADR 014).
 *
 * The page is complete in one buffer before it is sent (entry.server.tsx), so it is compressed
 * in one call: Brotli at quality 2 with a 2^18 window (pages are ~25–60 KB; the default 4 MB
 * window is memory no page uses), else gzip level 6. The server calls `encodeDocumentAsync`: the
 * same encoder with the same parameters (the same bytes: document-encoding.test.ts), run on
 * libuv's thread pool so the event loop renders the next page meanwhile (ADR 031, eighth round).
 * Issue 16 had found the compression middleware's streaming encoders on the pool growing
 * resident memory burst after burst (glibc's per-thread arenas); that was one encoder per
 * response fed in React's small chunks through a stream. One call per whole page on the pool
 * was measured with `npm run bench:memory` before it was taken: resting memory stayed flat
 * (ADR 031, eighth round). `encodeDocument` is the same on the calling thread.
 */
import zlib from "node:zlib";
import { pickEncoding, type Encoding } from "./precompressed";

/**
 * Brotli for pages: quality 2, a 2^18 (256 KB) window, text mode (also the compression middleware's).
 * Quality 3 instead of 4 (issue 24, ADR 019): on the store's pages (/plans 58 KB, a plan page
 * 37 KB, the cart 26 KB) it took ~45% less CPU for ~5% more bytes (~0.5 KB a page). Quality 2
 * instead of 3 (ADR 031, fifth round), measured in-process on this build's pages (400 calls
 * each): /plans 54 KB 0.27 → 0.18 ms, 10.46 → 10.65 KB; /plans?type=dental 0.14 → 0.10 ms,
 * 7.72 → 7.81 KB; the cart 0.13 → 0.11 ms, 7.70 → 7.79 KB — 20–30% less CPU for 1–2% more
 * bytes. Quality 1 would halve it again but adds 8–9% (≈ 0.8 KB on /plans).
 */
export const PAGE_BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
};
/** gzip level for pages (also the compression middleware's). */
export const PAGE_GZIP_LEVEL = 6;
/** Below this a page is sent as it is: compression would not pay for itself. */
const MIN_BYTES = 1024;

/** How a page is sent: the encoding chosen for it (or none) and the zlib options for it. */
function plan(page: Buffer, acceptEncoding: string | null) {
  return page.byteLength < MIN_BYTES ? null : pickEncoding(acceptEncoding ?? undefined, { br: true, gzip: true });
}
const brotliOptions = (page: Buffer): zlib.BrotliOptions => ({
  params: { ...PAGE_BROTLI_PARAMS, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.byteLength },
});
const gzipOptions: zlib.ZlibOptions = { level: PAGE_GZIP_LEVEL };

export function encodeDocument(page: Buffer, acceptEncoding: string | null): { body: Buffer; encoding: Encoding | null } {
  const encoding = plan(page, acceptEncoding);
  if (encoding === "br") return { body: zlib.brotliCompressSync(page, brotliOptions(page)), encoding };
  if (encoding === "gzip") return { body: zlib.gzipSync(page, gzipOptions), encoding };
  return { body: page, encoding: null };
}

/**
 * The same bytes as `encodeDocument` (same encoder, same parameters, one call), compressed on
 * libuv's thread pool so the event loop renders the next page meanwhile (issue 24, ADR 031
 * eighth round).
 */
export function encodeDocumentAsync(page: Buffer, acceptEncoding: string | null): Promise<{ body: Buffer; encoding: Encoding | null }> {
  const encoding = plan(page, acceptEncoding);
  if (encoding === null) return Promise.resolve({ body: page, encoding: null });
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, body: Buffer) => (error ? reject(error) : resolve({ body, encoding }));
    if (encoding === "br") zlib.brotliCompress(page, brotliOptions(page), done);
    else zlib.gzip(page, gzipOptions, done);
  });
}
