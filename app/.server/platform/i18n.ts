import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { i18nConfig, supportedLngs, fallbackLng } from "~/i18n";
import en from "../../../public/locales/en/common.json";
import es from "../../../public/locales/es/common.json";

export const resources = { en: { common: en }, es: { common: es } };

export function createI18n(secure: boolean) {
  const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", secure, httpOnly: true, maxAge: 60 * 60 * 24 * 365 });
  const i18n = new RemixI18Next({
    detection: {
      supportedLanguages: [...supportedLngs],
      fallbackLanguage: fallbackLng,
      cookie: languageCookie,
      searchParamKey: "lng",
      order: ["searchParams", "cookie", "header"],
    },
    i18next: { ...i18nConfig, resources },
  });
  return { i18n, languageCookie };
}
