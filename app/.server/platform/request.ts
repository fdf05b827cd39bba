/**
 * Reading a posted form: size-capped, CSRF-checked. Every action starts here, so a forged,
 * cross-site or oversized POST never reaches a domain rule.
 */
import { loggablePath } from "./log";
import { CSRFError } from "remix-utils/csrf/server";
import type { Services } from "../services";
import { resources } from "./i18n";
import { withoutControlCharacters } from "~/domain/control-characters";

export const MAX_FORM_BYTES = 256 * 1024;

export class FormTooLargeError extends Error {}

type ErrorCopy = (typeof resources)["en"]["common"]["errorPage"];
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * A refused form as a thrown Response. Page routes show it through the error boundary (by its
 * status and statusText); resource routes (/language, /logout…) send the body itself, so the body
 * is a small page that says the same, in English and Spanish.
 */
export function formRefusal(status: number, statusText: string, pick: (copy: ErrorCopy) => { title: string; lines: string[] }) {
  const part = (lng: "en" | "es") => {
    const copy = resources[lng].common;
    const { title, lines } = pick(copy.errorPage);
    return {
      title,
      html: [
        `<h${lng === "en" ? 1 : 2}>${esc(title)}</h${lng === "en" ? 1 : 2}>`,
        ...[...lines, copy.errorPage.nothingSaved].map((l) => `<p>${esc(l)}</p>`),
      ].join(""),
    };
  };
  const en = part("en");
  const es = part("es");
  const body =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(en.title)}</title></head>` +
    `<body><main>${en.html}<div lang="es">${es.html}</div><p><a href="/">${esc(resources.en.common.notFound.backHome)}</a> · <a href="/" lang="es">${esc(resources.es.common.notFound.backHome)}</a></p></main></body></html>`;
  return new Response(body, { status, statusText, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

async function readCapped(request: Request, limit: number) {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw new FormTooLargeError();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new FormTooLargeError();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/** The bodies a form can send: urlencoded (the default) and multipart (file fields). */
const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * Responds 415 / 413 / 400 / 403 as a thrown Response, which the error boundary shows clearly:
 * a body that is not a form, one too large, one that cannot be read or whose field names clash
 * (see formShapeProblem), one without a valid CSRF token. Nothing has been read or written yet.
 */
export async function readForm(request: Request, services: Services, options: { maxBytes?: number } = {}): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? "")) {
    throw formRefusal(415, "not-a-form", (e) => ({ title: e.notAForm.title, lines: [e.notAForm.body] }));
  }
  let form: FormData;
  try {
    const body = await readCapped(request, options.maxBytes ?? MAX_FORM_BYTES);
    form = await new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch (error) {
    if (error instanceof FormTooLargeError)
      throw formRefusal(413, "too-large", (e) => ({ title: e.tooLarge.title, lines: [e.tooLarge.body] }));
    throw formRefusal(400, "bad-form", (e) => ({ title: e.badRequest.title, lines: [e.badRequest.body] }));
  }
  form = safeFields(form);
  const problem = formShapeProblem([...form.keys()]);
  if (problem) {
    services.log.warn("malformed form refused", { problem, path: loggablePath(new URL(request.url).pathname) });
    throw formRefusal(400, "malformed-form", (e) => ({
      title: e.badRequest.title,
      lines: [e.badRequest.malformedHint, e.badRequest.body],
    }));
  }
  try {
    await services.csrf.validate(form, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) {
      services.log.warn("csrf rejected", { reason: error.code, path: loggablePath(new URL(request.url).pathname) });
      throw formRefusal(403, "csrf", (e) => ({ title: e.forbidden.title, lines: [e.forbidden.body, e.forbidden.csrfHint] }));
    }
    throw error;
  }
  return form;
}

/**
 * remix-validated-form turns field names into nested objects without a guard: a name such as
 * `x.__proto__.polluted` would write into Object.prototype for the whole process, and
 * `a[99999999].b` would build a huge array. Such names never come from our forms; they are dropped.
 * Control characters (a NUL pasted from a PDF) are taken out of text values: no field wants them,
 * and PostgreSQL cannot store a NUL.
 */
export function safeFields(form: FormData): FormData {
  const out = new FormData();
  for (const [name, value] of form.entries()) {
    if (name.length > 120) continue;
    const segments = name.split(/[.[\]]+/).filter(Boolean);
    if (segments.some((s) => s === "__proto__" || s === "constructor" || s === "prototype")) continue;
    if (segments.some((s) => /^\d{3,}$/.test(s))) continue;
    out.append(name, typeof value === "string" ? withoutControlCharacters(value) : value);
  }
  return out;
}

/**
 * A field name as remix-validated-form splits it (its stringToPathArray): `a.b[0][c]` is
 * ["a", "b", 0, "c"]; `a[]` is ["a", "[]"].
 */
export function fieldPath(name: string): Array<string | number> {
  if (name.length === 0) return [];
  const match = /^\[(.+?)\](.*)$/.exec(name) ?? /^\.?([^.[\]]+)(.*)$/.exec(name);
  if (!match) return [name];
  const [, key, rest] = match;
  return [/^\d+$/.test(key) ? Number(key) : key, ...fieldPath(rest)];
}

interface PathNode {
  /** the field name that ends here */
  name?: string;
  children: Map<string, PathNode>;
  indexes: boolean;
  keys: boolean;
}

/**
 * Why these field names cannot become one object, or null when they can. remix-validated-form
 * builds the object by walking each name's path; it throws ("Cannot create property '[]' on
 * string") or silently drops a value when one name is also the start of another (`a` beside
 * `a[]`, `a[b]` or `a.b`), when two names reach the same place (`a` and `.a`), when a list is
 * also used as an object (`a[0]` beside `a.b`, where `a.length` would even throw), or when a
 * name walks into a built-in property (`x.toString.y`). No form of ours sends such names.
 */
export function formShapeProblem(names: Iterable<string>): string | null {
  const root: PathNode = { children: new Map(), indexes: false, keys: false };
  for (const name of new Set(names)) {
    if (/[\u0000-\u001f\u007f]/.test(name)) return `control character in a field name`;
    const path = fieldPath(name);
    let node = root;
    for (const [i, segment] of path.entries()) {
      if (typeof segment === "string" && segment in Object.prototype) return `"${name}" uses a built-in name`;
      if (node.name !== undefined) return `"${node.name}" is both a value and the start of "${name}"`;
      if (typeof segment === "number") node.indexes = true;
      else node.keys = true;
      // (the top is always an object: `0` beside `a` is fine there)
      if (node !== root && node.indexes && node.keys) return `"${name}" uses a list as an object`;
      const key = String(segment);
      let next = node.children.get(key);
      if (!next) node.children.set(key, (next = { children: new Map(), indexes: false, keys: false }));
      node = next;
      if (i === path.length - 1) {
        if (node.children.size) return `"${name}" is both a value and the start of another field`;
        if (node.name !== undefined) return `"${node.name}" and "${name}" are the same field`;
        node.name = name;
      }
    }
  }
  return null;
}

/** A form value as a trimmed string ('' when absent or a file). */
export function field(form: FormData, name: string, maxLength = 500): string {
  const v = form.get(name);
  return typeof v === "string" ? v.trim().slice(0, maxLength) : "";
}
