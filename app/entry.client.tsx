import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import Backend from "i18next-http-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig } from "~/i18n";
import { RequestInfoProvider } from "~/components/RequestInfo";

declare const __LOCALES_VERSION__: string;

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(Backend)
    .init({
      ...i18nConfig,
      lng: document.documentElement.lang || "en",
      ns: getInitialNamespaces(),
      backend: { loadPath: `/locales/{{lng}}/{{ns}}.json?v=${__LOCALES_VERSION__}` },
    });
  const requestId = document.querySelector<HTMLMetaElement>('meta[name="request-id"]')?.content ?? "";
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18next}>
          <RequestInfoProvider value={{ nonce: "", requestId }}>
            <RemixBrowser />
          </RequestInfoProvider>
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

hydrate();
