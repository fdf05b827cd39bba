/**
 * React 18.3's streaming renderer can write a stray NUL byte (U+0000) where a 2 KB chunk ends
 * next to a multi-byte character (facebook/react#31134): the HTML validator found one in "aquí"
 * on a Spanish page. HTML never holds U+0000, and in UTF-8 only U+0000 has a 0x00 byte, so the
 * page (collected into one buffer before it is sent) drops every 0x00 byte.
 */
export function withoutNulBytes(page: Buffer): Buffer {
  return page.includes(0) ? Buffer.from(page.filter((b) => b !== 0)) : page;
}
