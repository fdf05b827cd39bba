/**
 * The production server: Express 4 in front of Remix. It owns what crosses every request:
 * compression, security headers with a per-response CSP nonce, caching of fingerprinted
 * assets, a request log without PII, /healthz, cross-site POST rejection, body limits and
 * a graceful shutdown. `tsx server.ts --dev` serves the app through Vite instead of the build;
 * in production it runs compiled, `node build/server.js` (scripts/build-server.ts), not through tsx.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express, { type NextFunction, type Request, type Response } from "express";
import compression from "compression";
import type { ServerBuild } from "@remix-run/node";
import { sql } from "kysely";
import { configOrExit, openMigratedStore, seedIfEmpty } from "./app/.server/boot";
import { createServices } from "./app/.server/services";
import { createLogger, loggablePath } from "./app/.server/platform/log";
import { startWorkers } from "./app/.server/jobs/workers";
import { servePrecompressed } from "./app/.server/platform/precompressed";
import { forRequest } from "./app/.server/platform/request-memo";
import { idleCollector } from "./app/.server/platform/idle-collect";
import { randomBytes } from "./app/.server/platform/random";
import { CLIENT_KEY_HEADER, clientKey } from "./app/.server/platform/client-key";
import { PAGE_BROTLI_PARAMS, PAGE_GZIP_LEVEL } from "./app/.server/platform/document-encoding";
import { plansPageFromCache } from "./app/.server/store/plans-page";
import type { PageCapture } from "./app/.server/platform/document-cache";
import { fetchRequest, remixHandler } from "./app/.server/platform/remix-adapter";

const dev = process.argv.includes("--dev");
// The project directory: this file's own, or its parent when run compiled as build/server.js.
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.basename(here) === "build" && fs.existsSync(path.join(here, "server.js")) ? path.dirname(here) : here;
const config = configOrExit();
// The built app always renders with React's production build. The configuration was read above
// with the NODE_ENV the process was given: NODE_ENV=production is what makes it demand real secrets
// and SMTP; without it, the dev outbox is still never served to other machines (config.ts).
if (!dev) process.env.NODE_ENV = "production";
const log = createLogger(config.logLevel);
if (config.usingDevSecrets)
  log.warn(
    `using development secrets: listening on loopback only (${config.host}); set SESSION_SECRET and ENCRYPTION_KEY to serve other machines`,
  );
for (const warning of config.warnings) log.warn(warning);

const store = await openMigratedStore(config, log);
if (config.seedOnStart) await seedIfEmpty(store, config, log);
const services = createServices(config, store, { log });

const app = express();
app.disable("x-powered-by");
if (config.trustProxy) app.set("trust proxy", 1);

// One full garbage collection when the server falls quiet after a burst (platform/idle-collect.ts):
// the burst's garbage would otherwise stay resident while nothing allocates.
const idle = dev ? undefined : idleCollector();
if (idle) {
  app.use((_req: Request, res: Response, next: NextFunction) => {
    idle.begin();
    res.once("close", idle.end);
    next();
  });
}

// Request id and a log line per request: method, path (tokens masked, never the query), status, time.
app.use((req: Request, res: Response, next: NextFunction) => {
  const started = process.hrtime.bigint();
  const requestId = randomBytes(8).toString("hex");
  res.locals.requestId = requestId;
  res.setHeader("X-Request-Id", requestId);
  // The app reads it from the request (the audit trail records it); whatever a client sent is replaced.
  req.headers["x-request-id"] = requestId;
  // The client, as the keyed hash the limits count by (never the address): on the request for the
  // audit trail, on the log line; whatever a client sent under that name is replaced too.
  const client = clientKey(services, req.ip);
  req.headers[CLIENT_KEY_HEADER] = client;
  // Read now: a mounted middleware (/assets) rewrites req.url while it handles the request.
  const pathname = req.path;
  // Server-Timing: the server's time from here to the moment the headers go out. Documents and
  // action responses are complete by then (a page is rendered into one buffer before it is
  // sent; an action answers with a redirect), so this is the request's server time. Set inside
  // writeHead, the one door every response's headers pass through (an implicit header too).
  if (!pathname.startsWith("/assets/")) {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (!res.headersSent) {
        const cache = res.locals.pageCache ? `, cache;desc=${res.locals.pageCache as string}` : "";
        res.setHeader("Server-Timing", `total;dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(1)}${cache}`);
      }
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as typeof res.writeHead;
  }
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (pathname.startsWith("/assets/") && res.statusCode < 400) return;
    log.info("request", {
      method: req.method,
      path: loggablePath(pathname),
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
      requestId,
      client,
    });
  });
  next();
});

// Pages are compressed by entry.server.tsx in one call (platform/document-encoding.ts) and the
// plans page comes compressed from its cache: this compresses what is left (loader data for
// client navigation, refusal pages). Brotli gets a window sized for pages (2^18 = 256 KB, not
// the 4 MB default) at a moderate quality. Scripts and stylesheets were compressed at build
// time and are sent as they are (servePrecompressed).
// A body already encoded (every page, a kept plans page) is left alone at once: the filter runs
// first, before the type lookup (compressible's mime-db match) and the Vary parse the middleware
// would do only to find "already encoded" (issue 24, ADR 031; entry.server set Vary itself).
app.use(
  compression({
    filter: (req, res) => !res.getHeader("Content-Encoding") && compression.filter(req, res),
    brotli: { params: PAGE_BROTLI_PARAMS },
    level: PAGE_GZIP_LEVEL,
    memLevel: 8,
  }),
);

// Security headers. The nonce lets exactly our inline scripts and the brand style run.
app.use((req: Request, res: Response, next: NextFunction) => {
  const nonce = randomBytes(16).toString("base64");
  res.locals.nonce = nonce;
  const directives = [
    "default-src 'self'",
    dev ? `script-src 'self' 'nonce-${nonce}' 'unsafe-inline'` : `script-src 'self' 'nonce-${nonce}'`,
    dev ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    // style attributes only (the e-mail preview is laid out with them); never <style> or scripts
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ];
  if (req.secure) directives.push("upgrade-insecure-requests");
  res.setHeader("Content-Security-Policy", directives.join("; "));
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Referrer-Policy", "same-origin");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  next();
});

app.get("/healthz", async (_req, res) => {
  try {
    await sql`select 1`.execute(store.db);
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok", database: store.dialect });
  } catch {
    res.status(503).json({ status: "unavailable" });
  }
});

// Cross-site POSTs never reach an action: Sec-Fetch-Site or Origin must say same origin.
const MAX_BODY_BYTES = 1024 * 1024;
// The console's uploads (brand images, catalog files) are larger: each /admin route caps its own
// body (readForm's maxBytes, read as a stream and cut off there), after the operator's session
// and role are checked, so nobody signed out gets a large body read.
const MAX_ADMIN_BODY_BYTES = 64 * 1024 * 1024;
function refusal(res: Response, status: number, en: string, es: string) {
  res
    .status(status)
    .type("html")
    .setHeader("Cache-Control", "no-store")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status}</title></head>` +
        `<body><main><h1>${en}</h1><p lang="es">${es}</p><p><a href="/">Back to Homepage</a> · <a href="/" lang="es">Volver a la página de inicio</a></p></main></body></html>`,
    );
}
// The store's pages and forms use GET, HEAD and POST only (no CORS: OPTIONS is not answered
// either). Anything else is a 405 with the methods allowed: a request line in the log, not an error.
const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST"]);
app.use((req: Request, res: Response, next: NextFunction) => {
  if (ALLOWED_METHODS.has(req.method)) return next();
  res.setHeader("Allow", "GET, HEAD, POST");
  if (req.method === "OPTIONS") return res.status(405).setHeader("Cache-Control", "no-store").end();
  return refusal(res, 405, "This address does not accept that kind of request.", "Esta dirección no acepta ese tipo de solicitud.");
});
app.use((req: Request, res: Response, next: NextFunction) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const site = req.get("sec-fetch-site");
  const origin = req.get("origin");
  const ownOrigin = `${req.protocol}://${req.get("host")}`;
  const crossSite = (site && site !== "same-origin" && site !== "none") || (origin !== undefined && origin !== ownOrigin);
  if (crossSite) {
    log.warn("cross-site request refused", {
      method: req.method,
      path: loggablePath(req.path),
      requestId: res.locals.requestId,
      client: req.headers[CLIENT_KEY_HEADER],
    });
    return refusal(
      res,
      403,
      "This form could not be accepted: it was sent from another site.",
      "No pudimos aceptar este formulario: se envió desde otro sitio.",
    );
  }
  if (Number(req.get("content-length") ?? 0) > (req.path.startsWith("/admin/") ? MAX_ADMIN_BODY_BYTES : MAX_BODY_BYTES)) {
    return refusal(res, 413, "That was too much information.", "Demasiada información.");
  }
  next();
});

let build: () => Promise<ServerBuild>;
if (dev) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true }, root }));
  app.use(vite.middlewares);
  build = () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
} else {
  app.use("/assets", servePrecompressed(path.join(root, "build/client/assets")));
  app.use("/assets", express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y", index: false }));
  // Public files (favicon, locales, brand images) live under a few top-level names: only a path
  // starting with one of them is looked for on disk, instead of a stat() for every page request.
  const publicDir = path.join(root, "build/client");
  const publicNames = new Set(fs.existsSync(publicDir) ? fs.readdirSync(publicDir).filter((name) => name !== "assets") : []);
  const servePublic = express.static(publicDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (publicNames.has(req.path.split("/", 2)[1] ?? "") ? servePublic(req, res, next) : next()));
  const serverBuild = (await import(path.join(root, "build/server/index.js"))) as ServerBuild;
  build = async () => serverBuild;
}

app.use((_req, res, next) => {
  // Pages carry personal data: never cached by browsers or proxies.
  res.setHeader("Cache-Control", "no-store");
  // A response that says its own caching (Remix's route manifest, public and immutable for one
  // build; the ZIP and routing-number lookups) replaces this default instead of joining it: the
  // Remix adapter appends headers, which would send "no-store, …, immutable".
  const append = res.append.bind(res);
  res.append = (field: string, value?: string[] | string) => {
    if (field.toLowerCase() === "cache-control" && value !== undefined) {
      res.setHeader("Cache-Control", value);
      return res;
    }
    return append(field, value);
  };
  next();
});

// GET /plans is rendered once per set of inputs and shared (ADR 014): a hit is sent from the
// cache with this response's nonce, request id and CSRF token; a miss is rendered by Remix below
// and offered to the cache.
if (!dev) {
  app.get("/plans", async (req: Request, res: Response, next: NextFunction) => {
    try {
      const answer = await plansPageFromCache(services, fetchRequest(req, res), {
        nonce: res.locals.nonce as string,
        requestId: res.locals.requestId as string,
        gzip: Boolean(req.acceptsEncodings("gzip")) && req.acceptsEncodings("gzip", "identity") === "gzip",
        fresh: /no-cache/i.test(req.get("cache-control") ?? "") || /no-cache/i.test(req.get("pragma") ?? ""),
      });
      res.locals.pageCache = answer.kind;
      if (answer.kind === "miss") res.locals.pageCapture = answer.capture;
      if (answer.kind !== "hit") return next();
      res.status(200);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
      res.setHeader("Vary", "Accept-Encoding");
      if (answer.encoding) res.setHeader("Content-Encoding", answer.encoding);
      res.setHeader("Content-Length", String(answer.body.length));
      res.end(answer.body);
    } catch (error) {
      next(error);
    }
  });
}

app.all(
  "*",
  remixHandler({
    build: dev ? build : await build(),
    mode: dev ? "development" : "production",
    getLoadContext: (req, res) => ({
      services: forRequest(services, req.method),
      nonce: res.locals.nonce as string,
      requestId: res.locals.requestId as string,
      clientIp: req.ip,
      pageCapture: res.locals.pageCapture as PageCapture | undefined,
      // a document (Remix's client navigations ask for loader data with ?_data=): see views/plans.ts ListedCard
      listedCards: req.method === "GET" && !("_data" in req.query) ? new Map() : undefined,
    }),
  }),
);

// Delivers the outbox (mail and text messages) and runs the quote reminders on their schedule (ADR 010).
const workers = await startWorkers(services, { reminders: config.reminders.enabled, carrierFeed: config.carrierFeed.enabled });

const server = app.listen(config.port, config.host, () => {
  log.info("listening", { url: `http://localhost:${config.port}`, host: config.host, database: store.dialect, env: config.env, dev });
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info("shutting down", { signal });
  const force = setTimeout(() => {
    log.error("forced exit after 10s");
    process.exit(1);
  }, 10_000);
  force.unref();
  idle?.stop();
  server.close(async () => {
    await workers
      .stop()
      .catch((error) => log.error("stopping the workers failed", { reason: error instanceof Error ? error.message : "unknown" }));
    await store.close();
    log.info("stopped");
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
