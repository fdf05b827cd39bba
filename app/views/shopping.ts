/**
 * What the server sends the shopping screens (plans, plan page, cart) about the visitor's
 * quote and selection. Types only: `.server` builds these, components show them.
 */

/** What the filter bar and the Basic Details form show for an enrollment. */
export interface FilterSummary {
  zip: string;
  state: string | null;
  gender: number | null;
  smoker: number | null;
  tier: string | null;
  /** the translation key naming the tier here (IC is 'Member + 1 Child' with a premier plan in the cart) */
  tierLabelKey: string | null;
  /** MM/DD/YYYY */
  dob: string;
  spouseDob: string;
  childCount: number;
  annualIncome: number | null;
  workingHours: number | null;
  category: string | null;
}

/** The selected group (with code), the member (existing member) and the portal (with code). */
export interface SelectionBanner {
  group: { name: string; code: string } | null;
  portal: { name: string; code: string } | null;
  member: { name: string } | null;
  /** where "Current Member" in the breadcrumb leads: the rep's or the group's member list */
  membersHref: string | null;
}

/** What a quote form starts with (the saved quote, or a rep's quote carried through the portal chooser). */
export interface QuoteDefaults {
  zip?: string;
  dob?: string;
  gender?: number | null;
  spouseDob?: string;
  childCount?: number;
  smoker?: number | null;
  category?: string | null;
}
