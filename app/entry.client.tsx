import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { initPageStrings, loadAllStrings } from "~/i18n-react";
import { RequestInfoProvider } from "~/components/RequestInfo";
import { preloadLazyParts } from "~/components/LazyPart";
import { localeOf } from "~/domain/locale";

declare const __LOCALES_VERSION__: string;

// The strings this page uses came with it (ADR 013), at the end of <body>: hydration waits for no
// fetch, only for the document to be parsed (Remix's module script is async and can run earlier).
// A part the server rendered but the browser loads lazily (an open dialog) is loaded first, so
// hydration finds its code (components/LazyPart.tsx).
async function hydrate() {
  // first: the idle fetch of the whole namespace (below) adds to these strings, never before them
  initPageStrings();
  await preloadLazyParts();
  const requestId = document.querySelector<HTMLMetaElement>('meta[name="request-id"]')?.content ?? "";
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RequestInfoProvider value={{ nonce: "", requestId }}>
          <RemixBrowser />
        </RequestInfoProvider>
      </StrictMode>,
    );
  });
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => void hydrate(), { once: true });
else void hydrate();

// The rest of the page language's strings (other screens, messages shown on input), once the page is idle.
const lng = localeOf(document.documentElement.lang);
const later = (run: () => void) =>
  "requestIdleCallback" in window ? window.requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200);
later(() => void loadAllStrings(`/locales/${lng}/common.json?v=${__LOCALES_VERSION__}`));
