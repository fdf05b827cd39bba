/**
 * The wizard's step list (enrollment-wizard §2.2): the dynamic tabs that apply to the cart's
 * plans and the enrollment type, only the required ones, in order (order values 0–10).
 */
export const TAB_SCREENS = {
  primary_info: "personal-info",
  contact_info: "contact-info",
  employer_info: "employer-info",
  beneficiary_info: "beneficiary-info",
  primary_health_info: "health-questions",
  dependent_info: "dependent-information",
  review_info: "review-confirm",
  agreement_info: "agreement-signature",
  billing_info: "billing-information",
} as const;

export type TabName = keyof typeof TAB_SCREENS;
export type StepScreen = (typeof TAB_SCREENS)[TabName];

/** Every tab, in the spec's order. */
export const TAB_NAMES = Object.keys(TAB_SCREENS) as TabName[];

export function isTabName(value: unknown): value is TabName {
  return typeof value === "string" && Object.hasOwn(TAB_SCREENS, value);
}

export interface TabRow {
  plan_id: number | null;
  enroll_type: string | null;
  tab_name: string;
  required: number;
  sort_order: number;
}

/**
 * A tab is in the list when a row for it applies (every plan, or a plan in the cart; every
 * enroll type, or this one) and says required. Its order is the lowest such row's order.
 * Dependents are asked only when the tier covers someone besides the member.
 */
export function buildStepList(
  rows: readonly TabRow[],
  cart: { planIds: readonly number[]; enrollType: string | null; tier: string | null },
): TabName[] {
  const order = new Map<TabName, number>();
  for (const r of rows) {
    if (!isTabName(r.tab_name) || r.required !== 1) continue;
    if (r.plan_id !== null && !cart.planIds.includes(r.plan_id)) continue;
    if (r.enroll_type !== null && r.enroll_type !== cart.enrollType) continue;
    if (r.sort_order < 0 || r.sort_order > 10) continue;
    const seen = order.get(r.tab_name);
    if (seen === undefined || r.sort_order < seen) order.set(r.tab_name, r.sort_order);
  }
  if (!cart.tier || cart.tier === "IO") order.delete("dependent_info");
  // Scan the order values 0 to 10, as the spec says; ties keep the spec's tab order.
  const list: TabName[] = [];
  for (let o = 0; o <= 10; o++) for (const name of TAB_NAMES) if (order.get(name) === o) list.push(name);
  return list;
}

export function screenOf(tab: TabName): StepScreen {
  return TAB_SCREENS[tab];
}

export function tabOfScreen(screen: string): TabName | null {
  const hit = (Object.entries(TAB_SCREENS) as Array<[TabName, string]>).find(([, s]) => s === screen);
  return hit ? hit[0] : null;
}
