/**
 * A portal's name in the page's language (issue 26 #8: portal names stayed English on Spanish
 * pages). A portal without a Spanish name shows its English one.
 */
import type { Locale } from "./locale";

export interface NamedPortal {
  id: number;
  code: string;
  name: string;
  name_es?: string | null;
}

export function portalName(portal: Pick<NamedPortal, "name" | "name_es">, locale: Locale): string {
  return locale === "es" && portal.name_es ? portal.name_es : portal.name;
}

/** A portal as a choice in a form: its id, its name in the page's language and its code. */
export function portalOption(portal: NamedPortal, locale: Locale) {
  return { value: String(portal.id), label: `${portalName(portal, locale)} (${portal.code})` };
}
