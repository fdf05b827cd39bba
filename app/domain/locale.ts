/**
 * The store's language for whatever names one (the i18n detector's answer, a cookie, `<html lang>`):
 * the one place that maps a loose value to a Locale (the copies of `=== "es" ? "es" : "en"` it replaces, issue 25).
 */
import { fallbackLng, isLocale, type Locale } from "~/i18n";

export type { Locale };

/** Spanish when the value says exactly "es", English otherwise. */
export function localeOf(value: unknown): Locale {
  return isLocale(value) ? value : fallbackLng;
}
