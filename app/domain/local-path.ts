/**
 * Where a redirect taken from input (a `next=` or `redirectTo=` value) may send the browser: a
 * path on this site, nothing else. The value is parsed as the browser would parse a Location
 * header (WHATWG URL, against this site's origin) and kept only if the origin is unchanged, so
 * `//evil.example`, `/\evil.example`, `https://evil.example` and what a browser strips or
 * rewrites (`/<TAB>/evil.example`: browsers drop tabs and newlines from URLs) cannot leave the
 * site. Control characters — raw or percent-encoded, even twice — are refused outright: no page
 * of this site sends them, and a CR/LF in a Location header cannot be sent at all.
 */

export type LocalPath = { ok: true; path: string } | { ok: false; reason: "control" | "offsite" };

const ORIGIN = "http://this-site.invalid";

/** Any character below U+0020, or U+007F (DEL). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
/** A percent-encoded control character (%00-%1F, %7F). */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

/** Decodes %XX sequences (tolerant of a lone %, unlike decodeURIComponent), up to three rounds. */
function decodings(value: string): string[] {
  const out = [value];
  let current = value;
  for (let round = 0; round < 3 && /%[0-9a-f]{2}/i.test(current); round++) {
    current = current.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    out.push(current);
  }
  return out;
}

export function hasControlCharacter(value: string): boolean {
  return decodings(value).some((v) => CONTROL.test(v) || ENCODED_CONTROL.test(v));
}

/**
 * The path (with its query and fragment) to redirect to, or why not. `value` must start with one
 * "/" followed by something other than "/" or "\" (or be "/" alone).
 */
export function localPath(value: string): LocalPath {
  if (hasControlCharacter(value)) return { ok: false, reason: "control" };
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return { ok: false, reason: "offsite" };
  // A backslash anywhere in the path, as typed or encoded, is never one of ours (browsers read "\" as "/").
  if (decodings(value).some((v) => v.split(/[?#]/, 1)[0]!.includes("\\"))) return { ok: false, reason: "offsite" };
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return { ok: false, reason: "offsite" };
  }
  if (url.origin !== ORIGIN) return { ok: false, reason: "offsite" };
  const path = url.pathname + url.search + url.hash;
  if (!path.startsWith("/") || path.startsWith("//")) return { ok: false, reason: "offsite" };
  return { ok: true, path };
}
