import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance, type i18n as I18n } from "i18next";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig, isLocale } from "~/i18n";
import { resources } from "~/.server/platform/i18n";
import { withoutNulBytes } from "~/.server/platform/html-stream";
import { RequestInfoProvider } from "~/components/RequestInfo";

const ABORT_DELAY = 10_000;

// One initialised i18next per server; each request gets a cheap clone fixed to its language.
let base: Promise<I18n> | null = null;
function baseInstance() {
  base ??= (async () => {
    const instance = createInstance();
    await instance.use(initReactI18next).init({ ...i18nConfig, lng: "en", resources });
    return instance;
  })();
  return base;
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
  const instance = (await baseInstance()).cloneInstance({ lng });
  await instance.changeLanguage(lng);

  return new Promise<Response>((resolve, reject) => {
    let didError = false;
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={instance}>
        <RequestInfoProvider value={{ nonce, requestId }}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </RequestInfoProvider>
      </I18nextProvider>,
      {
        nonce,
        // Wait for everything: pages are complete HTML for readers without JavaScript.
        onAllReady() {
          const body = withoutNulBytes();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Content-Language", lng);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: didError ? 500 : responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          didError = true;
          services.log.error("render error", { requestId, reason: error instanceof Error ? error.message : "unknown" });
        },
      },
    );
    setTimeout(abort, ABORT_DELAY + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const services = context?.services;
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  if (services) services.log.error("unhandled error", { requestId: context.requestId, path: new URL(request.url).pathname, reason: message, stack });
  else console.error(error);
};
