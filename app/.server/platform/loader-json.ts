/**
 * `json()` for loaders and actions, as Remix's (same arguments, same `TypedResponse`), without
 * the loader data's round trip through bytes on a page (issue 24, ADR 019).
 *
 * Remix's `json()` turns the data into a JSON string and that into bytes at once; for a document
 * the router reads the bytes back (`response.json()`: decode, parse) to hand the data to React,
 * and Remix then turns it into JSON a third time for `window.__remixContext`. Only that last one
 * reaches the browser. This Response keeps the data instead: its body is written only when it
 * is read (loader data for a client navigation, `?_data=`, an action's JSON, a test), and its
 * `json()` gives a **copy** of the data as `JSON.parse(JSON.stringify(data))` would — new plain
 * objects and arrays, so nothing the render does can reach an object a loader shared (a cached
 * listing, a catalog row), and the server renders what the browser will hydrate from. A value
 * JSON does not carry as it is (a `Date`, `undefined`, a class instance, `NaN`, a `toJSON`…)
 * sends the data through the JSON round trip as before.
 */
import type { TypedResponse } from "@remix-run/node";

const encoder = new TextEncoder();
const MAX_DEPTH = 100;
const NOT_EXACT = Symbol("not JSON-exact");

/**
 * A copy of `value` equal to `JSON.parse(JSON.stringify(value))`, or NOT_EXACT when JSON would
 * change it (then the caller does the round trip). Only plain objects (prototype Object or
 * null, no symbol keys), dense arrays, strings, finite numbers other than −0, booleans and null.
 */
function copyExact(value: unknown, depth: number): unknown {
  if (value === null) return null;
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0) ? value : NOT_EXACT;
    case "object": {
      if (depth > MAX_DEPTH) return NOT_EXACT;
      if (Array.isArray(value)) {
        const out = new Array(value.length);
        for (let i = 0; i < value.length; i++) {
          if (!(i in value)) return NOT_EXACT;
          const item = copyExact(value[i], depth + 1);
          if (item === NOT_EXACT) return NOT_EXACT;
          out[i] = item;
        }
        return out;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return NOT_EXACT;
      if (Object.getOwnPropertySymbols(value).length) return NOT_EXACT;
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        if (key === "toJSON" || key === "__proto__") return NOT_EXACT;
        const item = copyExact((value as Record<string, unknown>)[key], depth + 1);
        if (item === NOT_EXACT) return NOT_EXACT;
        out[key] = item;
      }
      return out;
    }
    default:
      // undefined, functions, symbols, bigint: JSON drops, nulls or refuses them
      return NOT_EXACT;
  }
}

/** What `JSON.parse(JSON.stringify(data))` gives, without the JSON text when it can. */
export function jsonCopy(data: unknown): unknown {
  const copy = copyExact(data, 0);
  if (copy !== NOT_EXACT) return copy;
  const text = JSON.stringify(data);
  return text === undefined ? null : JSON.parse(text);
}

/** The JSON text of `data` as bytes, in a stream that writes it when it is first read. */
function lazyBody(data: unknown) {
  // highWaterMark 0: nothing is pulled (no JSON written) until a reader asks
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(encoder.encode(JSON.stringify(data)));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * A JSON response whose body is made when someone reads `body` (the adapter sending loader data
 * for a client navigation, a test): the Fetch `Response` is made without one, since a body
 * stream costs as much as the rest of the Response, and a page's loader data is never sent as
 * it is (the router reads it with `json()`).
 */
class LoaderDataResponse extends Response {
  readonly #data: unknown;
  #body: ReadableStream<Uint8Array> | null | undefined;
  constructor(data: unknown, init: ResponseInit, headers: Headers) {
    super(null, { ...init, headers });
    this.#data = data;
  }

  override get body(): ReadableStream<Uint8Array> | null {
    if (this.#body === undefined) this.#body = this.#data === undefined ? null : lazyBody(this.#data);
    return this.#body;
  }

  override get bodyUsed(): boolean {
    return this.#body ? this.#body.locked : false;
  }

  override async json(): Promise<unknown> {
    if (this.bodyUsed) throw new TypeError("Body is unusable: Body has already been read");
    this.#body = null;
    return jsonCopy(this.#data);
  }

  override async text(): Promise<string> {
    if (this.bodyUsed) throw new TypeError("Body is unusable: Body has already been read");
    this.#body = null;
    return JSON.stringify(this.#data) ?? "";
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = encoder.encode(await this.text());
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  override clone(): Response {
    if (this.bodyUsed) throw new TypeError("Response.clone: Body has already been consumed.");
    return new LoaderDataResponse(this.#data, { status: this.status, statusText: this.statusText }, new Headers(this.headers));
  }
}

/** Remix's `json()`: `application/json` data with the status and headers of `init`. */
export function json<Data>(data: Data, init: number | ResponseInit = {}): TypedResponse<Data> {
  const responseInit = typeof init === "number" ? { status: init } : init;
  const headers = new Headers(responseInit.headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json; charset=utf-8");
  return new LoaderDataResponse(data, responseInit, headers) as TypedResponse<Data>;
}
