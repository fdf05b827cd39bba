/**
 * The wizard's step list (enrollment-wizard §2.2): the dynamic tabs that apply to the cart's
 * plans and the enrollment type, only the required ones, in order (order values 0–10).
 */

/** A field's default definition: [name, required (1 = shown), read-only, optional]. */
export type FieldDefault = readonly [field: string, required: 0 | 1, readOnly?: 0 | 1, optional?: 0 | 1];

/**
 * What a tab is by default, declared once per tab (issue 25): its page (/enrollment/<screen>),
 * its order and whether every cart gets it (the store-wide `wizard_tabs` row), and its fields'
 * definitions (store-wide `field_definitions` rows). The seed and a store made before the tab
 * existed take their rows from here (`seedMissingWizardTabs`); rows for a plan or an enrollment
 * type are the store's own. The object's order is the spec's tab order, which breaks ties.
 */
export interface TabDeclaration {
  screen: string;
  order: number;
  required: 0 | 1;
  fields: readonly FieldDefault[];
}

export const TAB_DECLARATIONS = {
  primary_info: {
    screen: "personal-info",
    order: 0,
    required: 1,
    fields: [
      ["first_name", 1],
      ["middle_name", 0],
      ["last_name", 1],
      ["birthdate", 1, 1],
      ["gender", 1, 1],
      ["height_feet", 1],
      ["height_inch", 1],
      ["weight", 1],
      ["marital_status", 1],
      ["ssn", 1],
      ["prior_coverage_flag", 1],
      ["prior_carrier_name", 1],
      ["prior_effective_date", 1],
      ["prior_term_date", 1],
      ["enroller_code", 1, 0, 1],
    ],
  },
  contact_info: {
    screen: "contact-info",
    order: 1,
    required: 1,
    fields: [
      ["email", 1],
      ["phone_number", 1],
      ["address1", 1],
      // shown, optional: an apartment or suite (issue 26 #14; never shown while "required" was 0)
      ["address2", 1, 0, 1],
      ["city", 1],
      ["state", 1],
      ["zip", 1],
      ["birth_state", 0],
      ["birth_city", 0],
      ["with_validation", 1],
    ],
  },
  employer_info: {
    screen: "employer-info",
    order: 2,
    required: 0,
    fields: [
      ["name", 1],
      ["phone", 1],
      ["address1", 1],
      // shown, optional: an apartment or suite (issue 26 #14; never shown while "required" was 0)
      ["address2", 1, 0, 1],
      ["city", 1],
      ["state", 1],
      ["zip", 1],
      ["with_validation", 1],
      ["average_work_week", 1],
      ["employment_start_date", 1],
      ["occupation", 1],
      ["compensation_type", 1],
      ["employment_status", 1],
      ["emp_industry", 1],
      ["emp_num_employed", 1],
      ["emp_vac_policy", 1],
      ["emp_barg_unit", 1],
      ["holiday_policy", 1],
    ],
  },
  beneficiary_info: {
    screen: "beneficiary-info",
    order: 3,
    required: 0,
    fields: [
      ["first_name", 1],
      ["middle_name", 0],
      ["last_name", 1],
      ["birthdate", 1],
      ["relationship", 1],
      ["ssn", 1],
      ["beneficiary_percentage", 1],
    ],
  },
  primary_health_info: {
    screen: "health-questions",
    order: 4,
    required: 0,
    fields: [],
  },
  dependent_info: {
    screen: "dependent-information",
    order: 5,
    required: 1,
    fields: [
      ["first_name", 1],
      ["middle_name", 0],
      ["last_name", 1],
      ["gender", 1],
      ["ssn", 1],
      ["relationship", 1, 1],
      ["weight", 0],
      ["height_feet", 0],
      ["height_inch", 0],
      ["birthdate", 1],
    ],
  },
  review_info: {
    screen: "review-confirm",
    order: 8,
    required: 1,
    fields: [],
  },
  agreement_info: {
    screen: "agreement-signature",
    // Agreement and billing come before the review, so Complete Enrollment on the review
    // page is the last step (the review's tiles show both).
    order: 6,
    required: 1,
    fields: [
      ["question_id", 0],
      ["question", 0],
      ["answer", 0],
      ["verification_code", 0],
      ["date", 0],
      ["agent_name", 0],
      ["agent_code", 0],
      ["group_name", 0],
      ["group_code", 0],
      ["user_name", 0],
      ["signature", 1],
    ],
  },
  billing_info: {
    screen: "billing-information",
    order: 7,
    required: 1,
    fields: [
      ["routing_number", 1],
      ["account_name", 1],
      ["bank_name", 1],
      ["account_number", 1],
      ["account_type", 1],
      ["account_holder_type", 1],
      ["first_name_on_cc", 1],
      ["last_name_on_cc", 1],
      ["card_number", 1],
      ["expiration_month", 1],
      ["expiration_year", 1],
      ["security_code", 1],
      ["address1", 1],
      // shown, optional: an apartment or suite (issue 26 #14; never shown while "required" was 0)
      ["address2", 1, 0, 1],
      ["city", 1],
      ["state", 1],
      ["zip", 1],
      ["bill_date", 1],
    ],
  },
} as const satisfies Record<string, TabDeclaration>;

type Declared = typeof TAB_DECLARATIONS;

/** Each tab's page. */
export const TAB_SCREENS = Object.fromEntries(Object.entries(TAB_DECLARATIONS).map(([tab, d]) => [tab, d.screen])) as {
  readonly [K in keyof Declared]: Declared[K]["screen"];
};

export type TabName = keyof Declared;
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
