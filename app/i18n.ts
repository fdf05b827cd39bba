/** i18next settings shared by the server and the browser. */
export const supportedLngs = ["en", "es"] as const;
export type Locale = (typeof supportedLngs)[number];
export const fallbackLng: Locale = "en";
export const defaultNS = "common";

export const i18nConfig = {
  supportedLngs: [...supportedLngs],
  fallbackLng,
  defaultNS,
  ns: [defaultNS],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (supportedLngs as readonly string[]).includes(value);
}
