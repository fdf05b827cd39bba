/**
 * React 18.3's streaming renderer can write a stray NUL byte (U+0000) where a 2 KB chunk ends
 * next to a multi-byte character (facebook/react#31134): the HTML validator found one in "aquí"
 * on a Spanish page. HTML never holds U+0000, and in UTF-8 only U+0000 has a 0x00 byte, so the
 * page (collected into one buffer before it is sent) drops every 0x00 byte.
 */
export function withoutNulBytes(page: Buffer): Buffer {
  return page.includes(0) ? Buffer.from(page.filter((b) => b !== 0)) : page;
}

/**
 * A page rendered in one synchronous pass (`renderToString`) as the streaming renderer would have
 * written it, or `null` when one pass did not finish it (issue 24, ADR 031). React marks a Suspense
 * boundary it could not complete — something in it suspended or threw — with `<!--$!-->` ("render
 * this in the browser"); the streaming renderer would have waited for it, or reported the error,
 * so such a page is rendered again by it. Before an `<html>` root the streaming renderer writes
 * the doctype itself and `renderToString` does not. Text and attributes are escaped by React; HTML
 * a page sets itself (a card's drawn part) holding the mark would only cost a second render.
 */
export function completedInOnePass(html: string): string | null {
  if (html.includes("<!--$!-->")) return null;
  return html.startsWith("<html") ? `<!DOCTYPE html>${html}` : html;
}
