/**
 * Runs after `remix vite:build`: writes a Brotli (.br) and a gzip (.gz) copy beside every
 * fingerprinted script and stylesheet in build/client/assets, compressed once at their
 * strongest, so the server sends them without compressing anything per request.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { PRECOMPRESSED_TYPES } from "../app/.server/platform/precompressed";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = path.join(root, "build/client/assets");
let files = 0;
let raw = 0;
let br = 0;
for (const name of fs.readdirSync(dir)) {
  if (!PRECOMPRESSED_TYPES.has(path.extname(name))) continue;
  const file = path.join(dir, name);
  const body = fs.readFileSync(file);
  const brotli = zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  files += 1;
  raw += body.length;
  br += brotli.length;
}
console.log(`precompressed ${files} assets: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`);
