/**
 * Reading a posted form: size-capped, CSRF-checked. Every action starts here, so a forged,
 * cross-site or oversized POST never reaches a domain rule.
 */
import { CSRFError } from "remix-utils/csrf/server";
import type { Services } from "./services";

export const MAX_FORM_BYTES = 256 * 1024;

export class FormTooLargeError extends Error {}

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

/** Responds 413 / 403 / 400 as a thrown Response, which the error boundary shows clearly. */
export async function readForm(request: Request, services: Services, options: { maxBytes?: number } = {}): Promise<FormData> {
  let form: FormData;
  try {
    const body = await readCapped(request, options.maxBytes ?? MAX_FORM_BYTES);
    form = await new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch (error) {
    if (error instanceof FormTooLargeError) throw new Response("form too large", { status: 413, statusText: "too-large" });
    throw new Response("bad form", { status: 400, statusText: "bad-form" });
  }
  form = safeFields(form);
  try {
    await services.csrf.validate(form, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) {
      services.log.warn("csrf rejected", { reason: error.code, path: new URL(request.url).pathname });
      throw new Response("csrf", { status: 403, statusText: "csrf" });
    }
    throw error;
  }
  return form;
}

/**
 * remix-validated-form turns field names into nested objects without a guard: a name such as
 * `x.__proto__.polluted` would write into Object.prototype for the whole process, and
 * `a[99999999].b` would build a huge array. Such names never come from our forms; they are dropped.
 */
export function safeFields(form: FormData): FormData {
  const out = new FormData();
  for (const [name, value] of form.entries()) {
    if (name.length > 120) continue;
    const segments = name.split(/[.[\]]+/).filter(Boolean);
    if (segments.some((s) => s === "__proto__" || s === "constructor" || s === "prototype")) continue;
    if (segments.some((s) => /^\d{3,}$/.test(s))) continue;
    out.append(name, value);
  }
  return out;
}

/** A form value as a trimmed string ('' when absent or a file). */
export function field(form: FormData, name: string, maxLength = 500): string {
  const v = form.get(name);
  return typeof v === "string" ? v.trim().slice(0, maxLength) : "";
}
