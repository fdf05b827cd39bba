/**
 * Remix behind Express, without @remix-run/express's per-request copies (issue 24, ADR 019).
 *
 * The package's adapter built a Fetch `Request` for every request (a second one was built for
 * GET /plans by the page cache's middleware), parsed the URL twice, put two listeners on the
 * response, copied every response header through Express' `res.append`, and sent a rendered page
 * by reading the `Response`'s body stream chunk by chunk into the socket. Here:
 *
 * - the Fetch request is made once per request and shared by whoever needs it
 *   (`fetchRequest(req, res)`): the plans-page cache's key and Remix see the same object;
 * - its signal aborts when the connection closes before the response is complete, as before;
 * - a page rendered by entry.server (one buffer, already compressed) is handed over beside its
 *   `Response` (`loadContext.document`) and written with one `res.end(body)`; any other response
 *   (loader data, redirects, resources, a HEAD's empty body) is streamed as the package did;
 * - response headers are set with the same meaning as `res.append`: a header the server set
 *   before (security headers, X-Request-Id) is joined, `Cache-Control` replaces the server's
 *   `no-store` default (server.ts), each `Set-Cookie` is its own header, `Content-Type` gets its
 *   charset as Express would add it.
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import {
  createReadableStreamFromReadable,
  createRequestHandler as createRemixHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";

/** A page entry.server rendered: the `Response` it resolved with and that response's body. */
export interface RenderedDocument {
  response: Response;
  body: Uint8Array;
}
/** Where entry.server leaves the page it rendered for the adapter to send (one per request). */
export interface DocumentSlot {
  rendered?: RenderedDocument;
}

const REQUEST = Symbol("fetchRequest");
type WithFetchRequest = ExpressResponse & { [REQUEST]?: Request };

function portOf(hostHeader: string | undefined) {
  if (!hostHeader) return NaN;
  const colon = hostHeader.lastIndexOf(":");
  return colon < 0 || hostHeader.endsWith("]") ? NaN : Number.parseInt(hostHeader.slice(colon + 1), 10);
}

/**
 * The Fetch API request for this Express request, made once: same URL as @remix-run/express made
 * it (Express' protocol and hostname, which respect "trust proxy"; the port of X-Forwarded-Host
 * or Host; the original URL), the headers, a body stream for anything but GET and HEAD, and a
 * signal that aborts when the connection closes before the response finished.
 */
export function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const own = res as WithFetchRequest;
  const made = own[REQUEST];
  if (made) return made;
  const forwardedPort = portOf(req.headers["x-forwarded-host"] as string | undefined);
  const hostPort = portOf(req.headers.host);
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : "";
  const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
  const headers = new Headers();
  const raw = req.headers;
  for (const name in raw) {
    const value = raw[name];
    if (value === undefined || value === "") continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  // new URL() both validates it and normalises it as the package's adapter did (url.href)
  const request = new Request(new URL(url).href, init);
  own[REQUEST] = request;
  return request;
}

const CHARSET = /;\s*charset\s*=/i;
/** The headers of a Remix response onto Express' response, with `res.append`'s meaning (see above). */
export function copyHeaders(res: ExpressResponse, headers: Headers) {
  for (const [name, value] of headers) {
    if (name === "set-cookie") continue;
    if (name === "cache-control") {
      res.setHeader(name, value);
      continue;
    }
    const before = res.getHeader(name);
    if (before === undefined) {
      if (name === "content-type" && !CHARSET.test(value)) res.set(name, value);
      else res.setHeader(name, value);
    } else res.setHeader(name, (Array.isArray(before) ? before : [String(before)]).concat(value));
  }
  const cookies = headers.getSetCookie();
  if (cookies.length) {
    const before = res.getHeader("set-cookie");
    res.setHeader("Set-Cookie", before === undefined ? cookies : (Array.isArray(before) ? before : [String(before)]).concat(cookies));
  }
}

/** Express middleware that answers with Remix: `getLoadContext` gets the shared Fetch request too. */
export function remixHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}) {
  const handle = createRemixHandler(options.build, options.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const request = fetchRequest(req, res);
      const document: DocumentSlot = {};
      const context = options.getLoadContext(req, res);
      context.document = document;
      const response = await handle(request, context);
      res.statusMessage = response.statusText;
      res.status(response.status);
      copyHeaders(res, response.headers);
      const rendered = document.rendered;
      if (rendered && rendered.response === response) {
        res.end(rendered.body);
      } else if (response.body) {
        await writeReadableStreamToWritable(response.body, res);
      } else {
        res.end();
      }
    } catch (error) {
      next(error);
    }
  };
}
