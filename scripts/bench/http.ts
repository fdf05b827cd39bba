/**
 * Minimal HTTP client helpers for the benchmark, built on node:http only: one request
 * function returning the whole body, a cookie jar that behaves like a browser's for a single
 * origin, and the few HTML-scraping helpers the script needs (attributes, forms, links).
 */
import http from "node:http";

export type Response = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
};

export type Target = {
  /** Address the socket connects to (the server listens on 127.0.0.1). */
  host: string;
  port: number;
  /** Origin the browser believes it is on: sent as Host and, for POSTs, Origin. */
  origin: string;
};

/** One request, whole body buffered (no decompression: ask for identity to read HTML). */
export function request(
  target: Target,
  method: string,
  path: string,
  options: { headers?: http.OutgoingHttpHeaders; body?: string | Buffer; agent?: http.Agent; timeoutMs?: number } = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { Host: new URL(target.origin).host, ...options.headers };
    if (options.body !== undefined) headers["Content-Length"] = Buffer.byteLength(options.body);
    const req = http.request({ host: target.host, port: target.port, method, path, headers, agent: options.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on("error", reject);
    req.end(options.body);
  });
}

/** Cookies for one origin: updated from Set-Cookie, serialised for the Cookie header. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Applies every Set-Cookie of a response (a cookie with Max-Age=0 or an empty value is removed). */
  update(headers: http.IncomingHttpHeaders) {
    for (const line of headers["set-cookie"] ?? []) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  names() {
    return [...this.cookies.keys()];
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** Decodes the few entities React emits in attribute values. */
export function decodeEntities(text: string) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Attributes of one start tag's inner text (`name="value"` pairs and bare names). */
export function attributes(tagInner: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of tagInner.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs[m[1].toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attrs;
}

/** Every `<tag …>` start tag in the HTML with its attributes, in document order. */
export function startTags(html: string, tag: string) {
  const re = new RegExp(`<${tag}\\b([^>]*)>`, "gi");
  return [...html.matchAll(re)].map((m) => ({ index: m.index ?? 0, attrs: attributes(m[1]) }));
}

/**
 * The form with the given id: its action and the values of its hidden inputs (csrf…).
 * Returns undefined when the page has no such form.
 */
export function findForm(html: string, id: string) {
  const form = startTags(html, "form").find((f) => f.attrs.id === id);
  if (!form) return undefined;
  const end = html.indexOf("</form>", form.index);
  const inner = html.slice(form.index, end === -1 ? undefined : end);
  const fields: Record<string, string> = {};
  for (const input of startTags(inner, "input")) {
    if (input.attrs.name && input.attrs.value !== undefined) fields[input.attrs.name] = input.attrs.value;
  }
  return { action: form.attrs.action ?? "", fields };
}

/** Text of HTML with its tags removed and whitespace collapsed. */
const textOf = (html: string) =>
  decodeEntities(html.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();

/**
 * What a browser would send for a form of the page: the form with the given id, or the first
 * one with a submit button whose text is `button` (that button is the submitter). Fields are the
 * form's successful controls as rendered: inputs with a value (radios and checkboxes only when
 * checked), selects (the selected option, else the first), textareas, and the submitter's
 * name=value. Returns undefined when the page has no such form.
 */
export function browserForm(html: string, match: { id?: string; button?: string }) {
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const attrs = attributes(m[1]);
    const inner = m[2];
    const buttons = [...inner.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/gi)].map((b) => ({
      attrs: attributes(b[1]),
      text: textOf(b[2]),
    }));
    const submitter = match.button ? buttons.find((b) => b.text === match.button && (b.attrs.type ?? "submit") === "submit") : undefined;
    if (match.id ? attrs.id !== match.id : !submitter) continue;
    const fields: [string, string][] = [];
    for (const input of startTags(inner, "input")) {
      const a = input.attrs;
      const type = (a.type ?? "text").toLowerCase();
      if (!a.name || "disabled" in a || ["submit", "button", "image", "reset", "file"].includes(type)) continue;
      if ((type === "radio" || type === "checkbox") && !("checked" in a)) continue;
      fields.push([a.name, a.value ?? (type === "radio" || type === "checkbox" ? "on" : "")]);
    }
    for (const s of inner.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
      const a = attributes(s[1]);
      if (!a.name || "disabled" in a) continue;
      const options = startTags(s[2], "option").map((o) => o.attrs);
      const chosen = options.find((o) => "selected" in o) ?? options[0];
      if (chosen) fields.push([a.name, chosen.value ?? ""]);
    }
    for (const t of inner.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/gi)) {
      const a = attributes(t[1]);
      if (a.name && !("disabled" in a)) fields.push([a.name, decodeEntities(t[2])]);
    }
    if (submitter?.attrs.name) fields.push([submitter.attrs.name, submitter.attrs.value ?? ""]);
    return { action: attrs.action ?? "", method: (attrs.method ?? "get").toLowerCase(), fields };
  }
  return undefined;
}

/** Form fields with some values replaced (or added), as an application/x-www-form-urlencoded body. */
export function formBody(fields: [string, string][], values: Record<string, string> = {}) {
  const params = new URLSearchParams();
  const replaced = new Set<string>();
  for (const [name, value] of fields) {
    if (name in values) {
      if (!replaced.has(name)) params.append(name, values[name]);
      replaced.add(name);
    } else params.append(name, value);
  }
  for (const [name, value] of Object.entries(values)) if (!replaced.has(name)) params.append(name, value);
  return params.toString();
}
