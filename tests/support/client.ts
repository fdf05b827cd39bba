/**
 * Calls route loaders and actions the way Remix does, with a cookie jar and the CSRF
 * token a real page would carry, so integration tests exercise the same checks users meet.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { Services } from "~/.server/services";
import { forRequest } from "~/.server/platform/request-memo";
import { CLIENT_KEY_HEADER, clientKey } from "~/.server/platform/client-key";

type Loader = (args: LoaderFunctionArgs) => unknown;
type Action = (args: ActionFunctionArgs) => unknown;

export interface RouteResult {
  status: number;
  headers: Headers;
  /** redirect target, if any */
  location: string | null;
  /** parsed JSON body (loader data, action data) */
  data: any;
}

const BASE = "http://localhost:3000";

export class TestClient {
  private jar = new Map<string, string>();
  clientIp = "203.0.113.10";
  /** the browser's User-Agent (a verified session belongs to one browser) */
  userAgent = "TestBrowser/1.0";
  private requests = 0;
  constructor(
    private readonly services: Services,
    private readonly host = "localhost:3000",
  ) {}

  cookieHeader() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private absorb(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  setCookie(name: string, value: string) {
    this.jar.set(name, value);
  }
  clearCookies() {
    this.jar.clear();
  }

  /** Builds a request as the browser would send it. */
  request(path: string, init: { method?: string; body?: URLSearchParams; headers?: Record<string, string> } = {}) {
    const headers = new Headers({
      host: this.host,
      cookie: this.cookieHeader(),
      "user-agent": this.userAgent,
      "x-request-id": `test-${++this.requests}`,
      [CLIENT_KEY_HEADER]: clientKey(this.services, this.clientIp),
      ...init.headers,
    });
    if (init.body) headers.set("content-type", "application/x-www-form-urlencoded");
    return new Request(new URL(path, BASE), { method: init.method ?? "GET", headers, body: init.body });
  }

  private context(method = "GET") {
    return { services: forRequest(this.services, method), nonce: "test-nonce", requestId: "test-request", clientIp: this.clientIp };
  }

  /** The load context Remix hands every loader and action (for tests that render pages). */
  loadContext() {
    return this.context();
  }

  private async settle(run: () => unknown): Promise<RouteResult> {
    let out: unknown;
    try {
      out = await run();
    } catch (thrown) {
      out = thrown;
    }
    if (out instanceof Response) {
      this.absorb(out.headers);
      const text = await out.text();
      let data: unknown = text;
      try {
        data = text ? JSON.parse(text) : null;
      } catch {
        /* plain text */
      }
      return { status: out.status, headers: out.headers, location: out.headers.get("location"), data };
    }
    if (out instanceof Error) throw out;
    return { status: 200, headers: new Headers(), location: null, data: out };
  }

  async load(loader: Loader, path: string, params: Record<string, string> = {}) {
    return this.settle(() => loader({ request: this.request(path), params, context: this.context() }));
  }

  /**
   * A document request as Remix serves it: every matched route's loader at once, with one
   * request and one load context (as the server's getLoadContext makes one per request).
   */
  async document(loaders: Loader[], path: string, params: Record<string, string> = {}) {
    const request = this.request(path);
    const context = this.context();
    const results: RouteResult[] = [];
    // one request, as Remix has it: the jar is read once, then every loader runs at once
    const outs = await Promise.all(loaders.map((loader) => this.settle(() => loader({ request: request.clone(), params, context }))));
    results.push(...outs);
    return results;
  }

  /** The session as the server would read it from this client's cookies. */
  async session() {
    return (await this.services.sessions.read(this.request("/"), { touch: false, allowEnded: true })).all();
  }

  /** Puts values into this client's session (as an earlier step of a journey would have). */
  async setSession(values: Record<string, unknown>) {
    const session = await this.services.sessions.read(this.request("/"));
    for (const [k, v] of Object.entries(values)) session.set(k as never, v as never);
    this.absorb(new Headers({ "set-cookie": await this.services.sessions.commit(session) }));
  }

  /** A CSRF token with its cookie in the jar, as the root loader hands out. */
  async csrfToken() {
    const [token, cookie] = await this.services.csrf.commitToken(this.request("/"));
    if (cookie) this.absorb(new Headers({ "set-cookie": cookie }));
    return token;
  }

  /** Posts a body exactly as given (any content type, or none), for tests of malformed posts. */
  async send(
    action: Action,
    path: string,
    body: BodyInit | null,
    options: { contentType?: string | null; params?: Record<string, string> } = {},
  ) {
    const headers = new Headers({
      host: this.host,
      cookie: this.cookieHeader(),
      "user-agent": this.userAgent,
      [CLIENT_KEY_HEADER]: clientKey(this.services, this.clientIp),
    });
    if (options.contentType) headers.set("content-type", options.contentType);
    const request = new Request(new URL(path, BASE), { method: "POST", headers, body });
    if (options.contentType === null) request.headers.delete("content-type");
    return this.settle(() => action({ request, params: options.params ?? {}, context: this.context("POST") }));
  }

  /** Posts a multipart form with files (an upload) as the browser sends it: CSRF token, cookies, User-Agent. */
  async upload(
    action: Action,
    path: string,
    fields: Record<string, string>,
    files: Record<string, { name: string; type: string; bytes: Uint8Array | string }>,
    options: { params?: Record<string, string> } = {},
  ) {
    const form = new FormData();
    const token = await this.csrfToken();
    form.set("csrf", token);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const [k, f] of Object.entries(files)) form.append(k, new File([f.bytes], f.name, { type: f.type }));
    const headers = this.request(path).headers;
    const request = new Request(new URL(path, BASE), { method: "POST", headers, body: form });
    return this.settle(() => action({ request, params: options.params ?? {}, context: this.context("POST") }));
  }

  async submit(
    action: Action,
    path: string,
    fields: Record<string, string | string[]>,
    options: { params?: Record<string, string>; csrf?: string | null; headers?: Record<string, string> } = {},
  ) {
    const body = new URLSearchParams();
    const token = options.csrf === undefined ? await this.csrfToken() : options.csrf;
    if (token) body.set("csrf", token);
    for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
    return this.settle(() =>
      action({
        request: this.request(path, { method: "POST", body, headers: options.headers }),
        params: options.params ?? {},
        context: this.context("POST"),
      }),
    );
  }
}
