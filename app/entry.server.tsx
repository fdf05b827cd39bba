import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { createInstance, type i18n as I18n } from "i18next";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "~/i18n-react";
import { i18nConfig, isLocale } from "~/i18n";
import { resources } from "~/.server/platform/i18n";
import { createTranslationMemo, type TranslationMemo } from "~/.server/platform/i18n-memo";
import { completedInOnePass, withoutNulBytes } from "~/.server/platform/html-stream";
import { encodeDocumentAsync } from "~/.server/platform/document-encoding";
import { loggablePath } from "~/.server/platform/log";
import { RequestInfoProvider } from "~/components/RequestInfo";
import { keptCardBody } from "~/.server/store/card-html";
import { planCardBodyHtml } from "~/components/plan-card-html";
import { loadLazyParts } from "~/components/LazyPart";
import { BuildRemixServer } from "~/.server/platform/remix-server";

/** A plan card's drawn part, kept per shared priced card and language (issue 24, ADR 019). */
const cardBodyHtml = keptCardBody(planCardBodyHtml);

const ABORT_DELAY = 10_000;

/**
 * Renders still running, each with the moment it is given up. One watchdog (unref'd, running only
 * while renders are in flight) aborts the overdue ones, instead of a timer set and cleared for
 * every page; a render leaves the set as soon as it ends, so nothing of it is kept.
 */
const rendering = new Map<() => void, number>();
let watchdog: ReturnType<typeof setInterval> | null = null;
function watch(abort: () => void) {
  rendering.set(abort, Date.now() + ABORT_DELAY + 1000);
  watchdog ??= setInterval(() => {
    const now = Date.now();
    for (const [stop, deadline] of rendering) {
      if (deadline <= now) {
        rendering.delete(stop);
        stop();
      }
    }
    if (rendering.size === 0 && watchdog) {
      clearInterval(watchdog);
      watchdog = null;
    }
  }, 1000);
  watchdog.unref?.();
  return () => rendering.delete(abort);
}

// One initialised i18next per server; each request gets a cheap clone fixed to its language.
// Constant strings (no values) are looked up once per server: see i18n-memo.ts.
let base: Promise<{ instance: I18n; memo: TranslationMemo }> | null = null;
function baseInstance() {
  base ??= (async () => {
    const instance = createInstance();
    await instance.use(initReactI18next).init({ ...i18nConfig, lng: "en", resources });
    return { instance, memo: createTranslationMemo(instance) };
  })();
  return base;
}

/**
 * One clone per language, made on its first page and shared by every render in that language
 * after it (issue 24: a clone, its logger and its language change per request were ~1.5% of a
 * fresh page). A render only reads from it: the language is fixed, the resources are all loaded.
 */
const perLanguage = new Map<string, Promise<I18n>>();
function languageInstance(lng: string) {
  let made = perLanguage.get(lng);
  if (!made) {
    made = (async () => {
      const { instance: shared, memo } = await baseInstance();
      const instance = memo.wrap(shared.cloneInstance({ lng }));
      await instance.changeLanguage(lng);
      return instance;
    })();
    made.catch(() => perLanguage.delete(lng));
    perLanguage.set(lng, made);
  }
  return made;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { services, nonce } = loadContext;
  const requestId = responseHeaders.get("x-request-id") ?? loadContext.requestId ?? "";
  const detected = await services.i18n.getLocale(request);
  const lng = isLocale(detected) ? detected : "en";
  const instance = await languageInstance(lng);
  // The parts the browser loads lazily (closed dialogs) render here at once: their modules are in (components/LazyPart.tsx)
  await loadLazyParts();

  const app = (
    <I18nextProvider i18n={instance}>
      <RequestInfoProvider value={{ nonce, requestId, listedCards: loadContext.listedCards, cardBodyHtml }}>
        <BuildRemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </RequestInfoProvider>
    </I18nextProvider>
  );

  /** The finished page: headers, the page cache's offer, one compression, the Response. */
  async function respond(page: Buffer, didError: boolean) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    responseHeaders.set("Content-Language", lng);
    const status = didError ? 500 : responseStatusCode;
    // A route without an action answers a POST with 405; say what it does take.
    if (status === 405 && !responseHeaders.has("Allow"))
      responseHeaders.set("Allow", request.method === "POST" ? "GET, HEAD" : "GET, HEAD, POST");
    loadContext.pageCapture?.offer(page, status, responseHeaders);
    // compressed here, in one call (the compression middleware leaves an encoded body alone), on
    // libuv's thread pool: the event loop renders the next page meanwhile (ADR 031, eighth round)
    const { body, encoding } = await encodeDocumentAsync(page, request.headers.get("Accept-Encoding"));
    if (encoding) responseHeaders.set("Content-Encoding", encoding);
    responseHeaders.append("Vary", "Accept-Encoding");
    responseHeaders.set("Content-Length", String(body.byteLength));
    // Behind the server's adapter (platform/remix-adapter.ts) the page goes beside the
    // Response and is sent in one write; elsewhere (tests calling the handler) inside it.
    const slot = loadContext.document;
    const response = new Response(slot ? null : body, { headers: responseHeaders, status });
    if (slot) slot.rendered = { response, body };
    return response;
  }

  // A page is rendered in one synchronous pass to a string (issue 24, ADR 031): nothing on the
  // server suspends (lazy parts are loaded before, React.lazy parts render after hydration only),
  // and the streaming renderer spent ~6% of a fresh /plans encoding each of its thousands of small
  // strings into 2 KB byte chunks, then the chunks were written through a stream and concatenated.
  // When a boundary did not complete in one pass (`<!--$!-->`, React's "render this in the
  // browser" mark: something suspended or threw inside a Suspense boundary) or the render threw,
  // the page is rendered again by the streaming renderer, which waits for everything and reports
  // errors (status 500, the log) exactly as before.
  let page: string | null = null;
  try {
    page = completedInOnePass(renderToString(app));
  } catch {
    page = null;
  }
  if (page !== null) return respond(Buffer.from(page, "utf8"), false);

  return new Promise<Response>((resolve, reject) => {
    let didError = false;
    // Unwatched as soon as the render ends, so no request leaves its render behind.
    let finished = () => {};
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      // Wait for everything: pages are complete HTML for readers without JavaScript. The
      // document is then collected into one buffer and handed on in one write: the compressor
      // works once on the whole page instead of flushing after each of React's ~2 KB chunks.
      onAllReady() {
        const chunks: Buffer[] = [];
        // emitClose off: React listens for the destination's 'close' and would end it a second
        // time, building an ERR_STREAM_ALREADY_FINISHED error (and its stack) on every page
        const sink = new Writable({
          emitClose: false,
          write(chunk: Buffer | string, _encoding, callback) {
            chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
            callback();
          },
          final(callback) {
            finished();
            resolve(respond(withoutNulBytes(Buffer.concat(chunks)), didError));
            callback();
          },
        });
        sink.on("error", (error) => {
          finished();
          reject(error);
        });
        pipe(sink);
      },
      onShellError(error: unknown) {
        finished();
        reject(error);
      },
      onError(error: unknown) {
        didError = true;
        services.log.error("render error", { requestId, reason: error instanceof Error ? error.message : "unknown" });
      },
    });
    finished = watch(abort);
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const services = context?.services;
  // Remix's own refusals (405: a method the route has no handler for; 404) are answers, not
  // faults: the request line already says what happened.
  if (isRouteErrorResponse(error) && error.status < 500) {
    services?.log.info("request refused", {
      requestId: context.requestId,
      method: request.method,
      path: loggablePath(new URL(request.url).pathname),
      status: error.status,
    });
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  if (services)
    services.log.error("unhandled error", {
      requestId: context.requestId,
      path: loggablePath(new URL(request.url).pathname),
      reason: message,
      stack,
    });
  else console.error(error);
};
