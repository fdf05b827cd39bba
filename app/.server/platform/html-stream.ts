/**
 * React 18.3's streaming renderer can write a stray NUL byte (U+0000) where a 2 KB chunk ends
 * next to a multi-byte character (facebook/react#31134): the HTML validator found one in "aquí"
 * on a Spanish page. HTML never holds U+0000, and in UTF-8 only U+0000 has a 0x00 byte, so the
 * page's stream drops every 0x00 byte.
 */
import { Transform } from "node:stream";

export function withoutNulBytes(): Transform {
  return new Transform({
    transform(chunk: Uint8Array, _encoding, done) {
      done(null, chunk.includes(0) ? Buffer.from(chunk.filter((b) => b !== 0)) : chunk);
    },
  });
}
