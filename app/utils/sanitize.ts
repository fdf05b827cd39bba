/**
 * Catalog HTML (plan short texts, descriptions) is shown as HTML, but only a small set of
 * tags survives: p, ul, ol, li, strong, em, b, i, h4, br, and a with a safe href. Every
 * attribute but href is dropped; everything else is escaped as text.
 */
const ALLOWED = new Set(["p", "ul", "ol", "li", "strong", "em", "b", "i", "h4", "br", "a"]);
const TAG = /<\/?([a-zA-Z][a-zA-Z0-9]*)\b([^<>]*)>/g;

function escapeText(text: string) {
  return text
    .replace(/&(?!(#\d{1,6}|#x[0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});)/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function safeHref(attrs: string) {
  const m = /\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
  const href = (m?.[2] ?? m?.[3] ?? m?.[4] ?? "").trim();
  if (/^https:\/\/[^\s"'<>]+$/i.test(href) || /^\/(?!\/)[^\s"'<>]*$/.test(href) || /^mailto:[^\s"'<>]+$/i.test(href)) return href;
  return null;
}

/**
 * `headingLevel`: the level the catalog's headings (h4) take on the page, so that they come
 * right under the page's own heading (a plan's FAQ under "About this plan", an h2, is h3).
 */
export function sanitizeHtml(input: string | null | undefined, { headingLevel = 4 }: { headingLevel?: 3 | 4 | 5 | 6 } = {}): string {
  if (!input) return "";
  let out = "";
  let last = 0;
  const open: string[] = [];
  for (const m of input.matchAll(TAG)) {
    out += escapeText(input.slice(last, m.index));
    last = (m.index ?? 0) + m[0].length;
    const name = m[1].toLowerCase();
    const closing = m[0].startsWith("</");
    if (!ALLOWED.has(name)) continue;
    if (name === "br") {
      if (!closing) out += "<br>";
      continue;
    }
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${tagOut(open.pop()!)}>`;
      continue;
    }
    if (name === "a") {
      const href = safeHref(m[2]);
      out += href ? `<a href="${escapeText(href)}" rel="noopener noreferrer">` : "<a>";
    } else out += `<${tagOut(name)}>`;
    open.push(name);
  }
  out += escapeText(input.slice(last));
  while (open.length) out += `</${tagOut(open.pop()!)}>`;
  return out;

  function tagOut(name: string) {
    return name === "h4" ? `h${headingLevel}` : name;
  }
}

export function slugify(text: string) {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "plan"
  );
}
