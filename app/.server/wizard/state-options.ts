/**
 * The state lists of the address forms (contact, employer, billing): every code the ZIP table
 * knows (50 states, DC, territories, Armed Forces), named in the visitor's language
 * (address.stateNames.* in the translations).
 */
import { US_STATES } from "../adapters/data/zip3-states";
import { resources } from "../platform/i18n";
import { localeOf } from "~/domain/locale";

export function stateOptions(locale: string): Array<{ value: string; label: string }> {
  const names: Record<string, string> = resources[localeOf(locale)].common.address.stateNames;
  return US_STATES.map((s) => ({ value: s.abbrev, label: names[s.abbrev] ?? s.name }));
}
