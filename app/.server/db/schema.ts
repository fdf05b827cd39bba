/**
 * Table types for Kysely. One schema serves SQLite and PostgreSQL, so the column
 * types are the portable subset: integer, real, text. Booleans are 0/1 integers,
 * money is integer cents, dates are ISO `YYYY-MM-DD` text and timestamps ISO-8601
 * text (both sort correctly as text). Columns ending in `_enc` hold AES-256-GCM
 * ciphertext (see app/.server/crypto.ts) and never clear text.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

type Id = Generated<number>;
/** 0 or 1 */
type Flag = number;
type Timestamp = string;

export interface CarrierTable {
  id: Id;
  code: string;
  name: string;
  logo_url: string | null;
  /** e.g. 3 for the carrier whose quotes include a 3% administrative fee */
  admin_fee_percent: number;
}

export interface PlanCategoryTable {
  id: Id;
  /** dental, vision, medical, guaranteed, hsa, term_life, limited_medical, rx, lifestyle,
   *  supplemental, disability, critical_illness, accident, hospital, pet, bundles */
  key: string;
  label_en: string;
  label_es: string;
  /** section heading on the plans screen ("Dental", "Guaranteed Medical") */
  heading_en: string;
  heading_es: string;
  sort_order: number;
  icon: string;
  /** shown as a heading on the landing (term life, major medical, guaranteed, hsa, bundles) */
  on_landing: Flag;
}

export type Audience = "all" | "under65" | "over65";

export interface PlanTable {
  id: Id;
  code: string;
  category_id: number;
  carrier_id: number;
  logo_url: string | null;
  /** 2–5 for bundles, null otherwise */
  bundle_size: number | null;
  hide_add_to_cart: Flag;
  /** the plan needs a wellness membership added with it */
  membership_required: Flag;
  /** this plan IS a membership (e.g. the $5.00 wellness membership) */
  is_membership: Flag;
  /** premier ("prudential") plan, added as a pair with premier_pair_plan_id */
  is_premier: Flag;
  premier_pair_plan_id: number | null;
  is_iha: Flag;
  is_l713: Flag;
  /** disability plans: annual salary needed to price */
  requires_salary: Flag;
  /** minimum weekly working hours to be eligible (null = not asked) */
  min_working_hours: number | null;
  /** priced by tobacco use: the smoker answer is needed */
  tobacco_rated: Flag;
  /** Enroll Now health questions must be answered before Add to Cart */
  has_enroll_questions: Flag;
  signature_required: Flag;
  /** 0: the cart shows no remove for it */
  removable: Flag;
  is_rider: Flag;
  is_featured: Flag;
  /** available to every state unless 0; then plan_states lists where */
  all_states: Flag;
  age_min: number;
  age_max: number;
  audience: Audience;
  /** wizard dependent questions: legal-disability flag per plan */
  asks_legal_disability: Flag;
  /** union health and welfare amount for L713 plans */
  l713_net_price_cents: number | null;
  /** base salary-based rate: cents of monthly premium per $1,000 of annual salary */
  salary_rate_cents_per_k: number | null;
  popularity: number;
  sort_order: number;
  active: Flag;
  /** charged once, with the first month (application or enrollment fee) */
  one_time_fee_cents: Generated<number>;
}

/** Language-specific plan text: one row per plan and locale. HTML fields are sanitised on output. */
export interface PlanTextTable {
  plan_id: number;
  locale: string;
  name: string;
  short_text: string;
  callout_text: string | null;
  header_text: string | null;
  body_text: string;
  blue_bar_text: string | null;
  association_text: string | null;
  exclusions_title: string | null;
  exclusions_text: string | null;
  example_title: string | null;
  example_text: string | null;
  faq_title: string | null;
  faq_text: string | null;
  decline_message: string | null;
  special_message: string | null;
}

/**
 * Structured facts of a plan in one language (Compare plans): plain text; coverage is a JSON
 * list of { key, label, share } and exclusions a JSON list of strings.
 */
export interface PlanFactsTable {
  plan_id: number;
  locale: string;
  deductible: string;
  maximums: string;
  waiting_periods: string;
  network: string;
  coverage: string;
  exclusions: string;
}

export interface PlanStateTable {
  plan_id: number;
  state: string;
}

/** Area (metro) restriction: when a plan has rows, the quote's ZIP3 must be one of them. */
export interface PlanAreaTable {
  plan_id: number;
  zip3: string;
}

/** A pricing row: pid = plan_id, ppid = id. Null criteria match anything. */
export interface PlanPriceTable {
  id: Id;
  plan_id: number;
  tier: string;
  age_min: number;
  age_max: number;
  gender: number | null;
  smoker: number | null;
  state: string | null;
  coverage_amount: number | null;
  price_cents: number;
  /** the catalog version the row belongs to (ADR 022); rows of a published version never change */
  catalog_version_id: Generated<number>;
  /** a CMS rating area ("TX:1", rating_areas): the row applies to the ZIP3s of that area only */
  rating_area: string | null;
}

/** A version of the catalog (ADR 022): a draft made by an import, then published with an effective date. */
export interface CatalogVersionTable {
  id: Id;
  status: "draft" | "published";
  /** YYYY-MM-DD: in force for coverage starting on or after it (null while a draft) */
  effective_date: string | null;
  created_at: Timestamp;
  published_at: Timestamp | null;
  /** who published it: operator:{id}, cli, seed, migration */
  published_by: string | null;
  /** what it came from: file names, "rollback to 3" */
  source: string;
  summary: string | null;
  /** a rollback: the version whose content this one publishes again */
  republished_from: number | null;
  /** the rates' own dates: the version may take effect only within [rates_from, rates_until] */
  rates_from: string | null;
  rates_until: string | null;
  /** what publishing applies besides the rates (JSON): changes to plans the catalog has, rating areas */
  payload: string | null;
}

/** What a version says about a plan: offered (with its rates in plan_prices) or withdrawn. */
export interface CatalogVersionPlanTable {
  version_id: number;
  plan_id: number;
  status: "offered" | "withdrawn";
}

/** CMS rating areas: a state's ZIP3 prefix belongs to one area ("TX:1"). */
export interface RatingAreaTable {
  state: string;
  zip3: string;
  area: string;
}

export interface PlanRelationTable {
  plan_id: number;
  related_plan_id: number;
  /** suggested | rider */
  kind: string;
  sort_order: number;
}

/** Eligibility questions (kind eligibility) and Enroll-Now health questions (kind enroll). */
export interface PlanQuestionTable {
  id: Id;
  plan_id: number;
  kind: "eligibility" | "enroll";
  text_en: string;
  text_es: string;
  /** 1: the answer must be Yes to continue; 0: Yes or No */
  true_condition: number;
  /** for enroll questions: this answer declines the applicant (null: never) */
  decline_answer: number | null;
  sort_order: number;
}

export interface PortalTable {
  id: Id;
  code: string;
  name: string;
  /** the name on Spanish pages; the English name when null */
  name_es: string | null;
  /** 0: deactivated in the console — not offered; referrals and group landings under it answer 410 */
  active: Generated<Flag>;
}

export interface RepTable {
  id: Id;
  agent_code: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  landing_slug: string | null;
  landing_url: string | null;
  logo_url: string | null;
  banner_image_url: string | null;
  banner_link: string | null;
  display_name: string | null;
  display_phone: string | null;
  display_email: string | null;
  tagline_en: string | null;
  tagline_es: string | null;
  bio_en: string | null;
  bio_es: string | null;
  brand_color: string | null;
  active: Flag;
}

export interface RepPortalTable {
  rep_id: number;
  portal_id: number;
}

export interface GroupTable {
  id: Id;
  group_code: string;
  company_name: string;
  slug: string | null;
  landing_url: string | null;
  rep_id: number | null;
  portal_id: number | null;
  logo_url: string | null;
  banner_image_url: string | null;
  banner_link: string | null;
  display_phone: string | null;
  display_email: string | null;
  tagline_en: string | null;
  tagline_es: string | null;
  about_en: string | null;
  about_es: string | null;
  brand_color: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** employer defaults for the wizard's employer step */
  employer_name: string | null;
  employer_phone: string | null;
  group_quote_url: string | null;
  active: Flag;
  /** eft, cc, elist, list or stmt; null: the employee chooses a card or a bank draft */
  payment_method: string | null;
}

export interface MemberTable {
  id: Id;
  rep_id: number | null;
  group_id: number | null;
  portal_id: number | null;
  first_name: string;
  last_name: string;
  birthdate: string;
  gender: number;
  email: string | null;
  phone: string | null;
  ssn_enc: string | null;
  ssn_last4: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** the completed enrollment whose answers prefill the next one */
  last_enrollment_id: number | null;
  created_at: Timestamp;
}

export interface PolicyTable {
  id: Id;
  /** the confirmation number shown on the receipt */
  policy_number: string;
  member_id: number;
  enrollment_id: number | null;
  /** one policy per completed enrollment: the idempotency key (unique) */
  idempotency_key: string;
  tier: string;
  effective_date: string;
  created_at: Timestamp;
  /** the applicant's signature asked for by text message: "awaiting", then "signed"; null when signed in the wizard */
  signature_status: "awaiting" | "signed" | null;
  signed_at: Timestamp | null;
  /** the signature given from the text message's link (PNG or typed name), encrypted */
  signature_enc: string | null;
}

/** One row (id 1): its version changes with every change to carts or purchases (migration 012). */
export interface RecommendationDataTable {
  id: number;
  version: number;
}

export interface PolicyPlanTable {
  id: Id;
  policy_id: number;
  plan_id: number;
  plan_price_id: number | null;
  price_cents: number;
  /** ACTIVE or INACTIVE */
  status: string;
}

export interface ReferralTable {
  id: Id;
  /** the rid in /referrals?rid= */
  code: string;
  rep_id: number | null;
  group_id: number | null;
  portal_id: number | null;
  referrer_name: string;
  active: Flag;
}

export type SiteKind = "default" | "white_label" | "partner";

export interface SiteTable {
  id: Id;
  host: string;
  kind: SiteKind;
  name: string;
  support_phone: string;
  support_email: string;
  show_android_link: Flag;
  ios_app_url: string | null;
  android_app_url: string | null;
  /** e.g. "usag": hides Save & Continue Later in the wizard */
  redirection: string | null;
  /** domain-site info: the site's own group and rep (gid, gagent_code) */
  group_id: number | null;
  rep_id: number | null;
  portal_id: number | null;
  logo_url: string | null;
  brand_color: string | null;
  accent_color: string | null;
  how_to_video_url: string | null;
  support_request_url: string | null;
  group_quote_url: string | null;
}

/** Dynamic key/value information of a site (logos, banner images, icons). */
export interface SiteAssetTable {
  site_id: number;
  key: string;
  value: string;
}

export interface SiteLinkTable {
  id: Id;
  site_id: number;
  /** footer | admin */
  kind: string;
  label_en: string;
  label_es: string;
  url: string;
  sort_order: number;
  /** 0: deactivated in the console — the site does not show it */
  active: Generated<Flag>;
}

/** Dynamic tabs: which wizard steps a plan (or every plan when null) needs, per enroll type. */
export interface WizardTabTable {
  id: Id;
  plan_id: number | null;
  enroll_type: string | null;
  tab_name: string;
  required: Flag;
  sort_order: number;
}

/** Server field definitions per wizard tab; the most specific match wins. */
export interface FieldDefinitionTable {
  id: Id;
  tab_name: string;
  field_name: string;
  plan_id: number | null;
  enroll_type: string | null;
  required: Flag;
  read_only: Flag;
  /** 1: shown but optional (e.g. the enroller code) */
  optional: Flag;
}

export interface AgreementTextTable {
  id: Id;
  plan_id: number | null;
  carrier_id: number | null;
  head_en: string;
  head_es: string;
  body_en: string;
  body_es: string;
  required: Flag;
  sort_order: number;
}

/** Effective-date rules: the listed days of each of the next `months_ahead` months,
 *  at least `min_days_ahead` days from today. */
export interface EffectiveDateRuleTable {
  id: Id;
  group_id: number | null;
  days_of_month: string;
  months_ahead: number;
  min_days_ahead: number;
}

/** Option lists the wizard reads from the server (relationships, compensation types…). */
export interface OptionTable {
  list_key: string;
  value: string;
  label_en: string;
  label_es: string;
  sort_order: number;
}

/** Wizard health questions (primary and dependent). Ids 145–147 have special layouts. */
export interface HealthQuestionTable {
  id: number;
  kind: "condition" | "medication";
  text_en: string;
  text_es: string;
  for_dependents: Flag;
  sort_order: number;
}

export type Eprocess = "rep" | "applicant" | "group" | "sigapplicant";
export type OpenType = "agent" | "group" | "user";
export type EnrollType = "new-member" | "new-group-member" | "existing-member";
export type EnrollmentStatus = "shopping" | "checked_out" | "completed" | "cancelled";

export interface EnrollmentTable {
  id: Id;
  status: EnrollmentStatus;
  locale: string;
  site_id: number | null;
  // filter (quote) info
  zip: string | null;
  state: string | null;
  birthdate: string | null;
  gender: number | null;
  tier: string | null;
  is_smoker: number | null;
  spouse_birthdate: string | null;
  child_count: number | null;
  annual_income: number | null;
  working_hours: number | null;
  coverage: Generated<string>;
  category: string | null;
  // mode
  eprocess: string | null;
  open_type: string | null;
  enroll_type: string | null;
  /** new-user or existing */
  type: string | null;
  agent_id: number | null;
  group_id: number | null;
  portal_id: number | null;
  member_id: number | null;
  referral_id: number | null;
  // wizard
  effective_date: string | null;
  /** JSON array of required tab names in order (nav_array) */
  step_list: string | null;
  saved_tab: string | null;
  enroller_code: string | null;
  health_track: Generated<Flag>;
  spouse_enroll_accept: number | null;
  additional_notes: string | null;
  send_sms: Generated<Flag>;
  policy_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Timestamp | null;
  /** the browser that resumed it last (its session holds the same value); null: never resumed */
  holder: string | null;
}

export interface CartLineTable {
  id: Id;
  enrollment_id: number;
  plan_id: number;
  plan_price_id: number;
  price_cents: number;
  removable: Flag;
  /** the line this one was added with (membership, premier pair) */
  paired_line_id: number | null;
  added_at: Timestamp;
}

/** Answers to a plan's eligibility or Enroll-Now questions for one enrollment.
 *  Enroll-Now answers are health data: answers_enc only. */
export interface PlanAnswerTable {
  enrollment_id: number;
  plan_id: number;
  kind: "eligibility" | "enroll";
  answers_enc: string;
  /** "accepted" or "declined", sealed: a decline says the applicant gave a health answer the plan refuses (migration 038) */
  outcome_enc: string;
  answered_at: Timestamp;
}

/** Saved data per wizard step. `data` holds the step's non-sensitive fields as JSON,
 *  `secret_enc` the sensitive ones (SSN, health answers) encrypted. */
export interface EnrollmentStepTable {
  enrollment_id: number;
  tab_name: string;
  data: string;
  secret_enc: string | null;
  completed_at: Timestamp | null;
  updated_at: Timestamp;
  /** what was typed, as typed, when the step was saved for later (encrypted JSON) */
  draft_enc: string | null;
}

export interface DependentTable {
  id: Id;
  enrollment_id: number;
  position: number;
  relationship: "spouse" | "child";
  first_name: string;
  middle_name: string | null;
  last_name: string;
  birthdate: string;
  gender: number;
  ssn_enc: string | null;
  ssn_last4: string | null;
  weight: number | null;
  height_feet: number | null;
  height_inch: number | null;
  is_legally_disabled: Flag;
  disability_condition_enc: string | null;
  health_enc: string | null;
  /** a spouse held aside after "No" to the spouse question */
  held: Flag;
}

export interface BeneficiaryTable {
  id: Id;
  enrollment_id: number;
  position: number;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  birthdate: string;
  relationship: string;
  ssn_enc: string | null;
  ssn_last4: string | null;
  percentage: number;
}

/** Bank accounts and cards: never a clear account number, never a card number or
 *  security code (cards are a processor token plus brand and last four). */
export interface PaymentMethodTable {
  id: Id;
  member_id: number | null;
  enrollment_id: number | null;
  kind: "eft" | "cc";
  account_name: string | null;
  bank_name: string | null;
  routing_number: string | null;
  account_number_enc: string | null;
  account_last4: string | null;
  account_type: string | null;
  account_holder_type: string | null;
  card_token: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  name_on_card: string | null;
  created_at: Timestamp;
}

export interface EnrollmentPaymentTable {
  enrollment_id: number;
  payment_method: string;
  payment_method_id: number | null;
  bill_date: number;
  is_physical_address: Flag;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  updated_at: Timestamp;
}

export interface InvoiceTable {
  id: Id;
  policy_id: number;
  invoice_number: string;
  effective_date: string;
  amount_cents: number;
  created_at: Timestamp;
}

/** Saved quotes (Save Cart): who it went to and the reminder state. */
export interface QuoteTable {
  id: Id;
  enrollment_id: number;
  name: string;
  email: string;
  message: string | null;
  locale: string;
  token_hash: string;
  expires_at: Timestamp;
  sent_at: Timestamp;
  reminder_sent_at: Timestamp | null;
  declined_at: Timestamp | null;
}

export interface OutboxTable {
  id: Id;
  channel: "email" | "sms";
  recipient: string;
  subject: string | null;
  text_body: string;
  html_body: string | null;
  /** quote, reminder, otp, save_later, receipt… */
  kind: string;
  enrollment_id: number | null;
  /**
   * pending (waiting for delivery) | sending (claimed by a worker) | sent | failed (gave up, or
   * written before migration 009) | outbox (kept here: no provider for its channel)
   */
  status: string;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** the sealed body: JSON of text, html and attachments; emptied once delivered */
  body_enc: string | null;
  attempts: Generated<number>;
  next_attempt_at: Timestamp | null;
  claimed_by: string | null;
  claimed_until: Timestamp | null;
  last_error: string | null;
}

/** A scheduled job's lease: one process runs it when it is due (SQLite; pg-boss on PostgreSQL). */
export interface JobScheduleTable {
  name: string;
  next_run_at: Timestamp;
  holder: string | null;
  lease_until: Timestamp | null;
  last_run_at: Timestamp | null;
}

/** One-time codes: contact verification and save-for-later codes. Only hashes are kept. */
export interface OneTimeCodeTable {
  id: Id;
  enrollment_id: number | null;
  purpose: string;
  /** hash of the e-mail or phone it was sent to */
  target_hash: string;
  code_hash: string;
  attempts: number;
  expires_at: Timestamp;
  created_at: Timestamp;
  used_at: Timestamp | null;
  invalidated_at: Timestamp | null;
}

/** Unguessable link tokens (resume, direct-continue, quote link, decline reminders). */
export interface LinkTokenTable {
  id: Id;
  token_hash: string;
  purpose: string;
  enrollment_id: number;
  tab_name: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
  used_at: Timestamp | null;
  /** wrong answers to the link's question (a signing link's date of birth), over its whole life */
  attempts: Generated<number>;
}

/** Fixed-window counters shared by every server instance (rate limits, lockouts). */
export interface RateLimitTable {
  key: string;
  window_start: Timestamp;
  count: number;
}

/**
 * The audit trail: append-only (triggers refuse UPDATE and DELETE). Never the data itself:
 * `detail` holds only enumerated values (a step's tab name, a reason, a channel).
 */
export interface AuditEventTable {
  id: Id;
  /** what happened, e.g. verify.success, session.start, members.view, step.save */
  kind: string;
  enrollment_id: number | null;
  /** who: rep:{id}, group_admin:{id}, applicant */
  actor: string | null;
  /** non-PII detail */
  detail: string | null;
  created_at: Timestamp;
  /** acting as what: rep, group_admin, applicant, employee */
  acting_as: string | null;
  member_id: number | null;
  request_id: string | null;
  /** the requesting client: a keyed hash of its address (platform/respond.ts clientKey), never the address */
  client_key: string | null;
  /** whom an unverified requester's event was about (rep:{id}, group_admin:{id}), else null */
  subject: string | null;
}

/** An employer group's administrators: a sign-in code goes to their e-mail or phone. */
export interface GroupAdminTable {
  id: Id;
  group_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  active: Flag;
}

/** Server-side sessions of verified reps and group admins; the cookie holds only the token. */
export interface StaffSessionTable {
  id: Id;
  /** SHA-256 (hex) of the random token in the cookie */
  token_hash: string;
  actor_kind: "rep" | "group_admin";
  rep_id: number | null;
  group_id: number | null;
  admin_id: number | null;
  /** the session's ids and modes as JSON (the same shape the cookie holds for applicants) */
  data: string;
  /** keyed hash of the browser's User-Agent: a token shown by another browser opens nothing */
  ua_hash: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** the absolute limit (12 hours after the start) */
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  /** logout, not_my_site, idle, absolute */
  end_reason: string | null;
}

/** One per enrollment and step (unique, migration 016): a new screenshot replaces the last. */
export interface ScreenshotTable {
  id: Id;
  enrollment_id: number;
  tab_name: string;
  image_enc: string;
  created_at: Timestamp;
}

/** The applicant's consent to electronic records and signatures (ESIGN Act §7001(c)), one per enrollment. */
export interface EsignConsentTable {
  enrollment_id: number;
  /** the consent text's version (ESIGN_CONSENT_VERSION) */
  version: string;
  /** SHA-256 (hex) of the consent text exactly as shown, in its language */
  text_sha256: string;
  /** the consent text as shown (JSON of its title and sections): what text_sha256 is the hash of */
  text: string;
  locale: string;
  consented_at: Timestamp;
}

/** The PDF of a completed enrollment: made once, kept sealed, so every download is the same file. */
export interface EnrollmentRecordTable {
  enrollment_id: number;
  locale: string;
  /** SHA-256 (hex) of the record's content (printed in the PDF) */
  content_sha256: string;
  /** SHA-256 (hex) of the PDF file itself */
  pdf_sha256: string;
  /** the PDF, base64, sealed (AES-256-GCM) */
  pdf_enc: string;
  created_at: Timestamp;
}

/** An employee on a group's roster (issue 28), kept by the group's admins by hand or by census. */
export interface GroupEmployeeTable {
  id: Id;
  group_id: number;
  /** the employer's own employee id, unique in the group */
  employee_ref: string;
  first_name: string;
  last_name: string;
  birthdate: string;
  /** 0 male, 1 female (as members.gender) */
  gender: number;
  email: string | null;
  phone: string | null;
  ssn_enc: string | null;
  ssn_last4: string | null;
  /** keyed hash of the 9 digits: the same SSN on two employees is found without opening any */
  ssn_hash: string | null;
  hire_date: string;
  /** active, leave, terminated */
  status: string;
  /** full_time, part_time */
  employment_class: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  termination_date: string | null;
  /** the last day of coverage after a termination (the group's rule) */
  coverage_end_date: string | null;
  /** the store's member this employee is (their enrollments) */
  member_id: number | null;
  /** the language the employee's messages are written in */
  locale: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** the enrollment their invitation started (progress reads its status) */
  enrollment_id: number | null;
  /** keyed hash of the roster e-mail when enrollment_id was linked (migration 030, ADR 023) */
  enrollment_email_hash: string | null;
  /** when the last invitation was sent */
  invited_at: Timestamp | null;
}

/** A personal enrollment link sent to an employee: only its keyed hash is kept. */
export interface EmployeeInvitationTable {
  id: Id;
  group_id: number;
  employee_id: number;
  token_hash: string;
  expires_at: Timestamp;
  sent_by: string;
  created_at: Timestamp;
  /** set when the link was ended (the e-mail address changed, the employee was terminated) */
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
}

/**
 * Which browser holds a member benefit store link (ADR 033): the link (member id and expiry) and
 * the browser (its session's memberLinkKey), each as a keyed hash only. One row per link.
 */
export interface MemberLinkHolderTable {
  id: Id;
  link_hash: string;
  member_id: number;
  holder_hash: string;
  /** when the link stops working (the row means nothing after it) */
  expires_at: Timestamp;
  created_at: Timestamp;
  /** when the holder last changed (a code made another browser the holder) */
  updated_at: Timestamp;
}

/** An employee's decline of coverage, with its reason; reversed_at set when taken back. */
export interface EmployeeWaiverTable {
  id: Id;
  group_id: number;
  employee_id: number;
  reason: string;
  other_text: string | null;
  waived_by: string;
  waived_at: Timestamp;
  reversed_by: string | null;
  reversed_at: Timestamp | null;
  /** a waiver made from an invitation link: the keyed hash of that browser's hold token */
  holder_hash: string | null;
}

/** A reminder or summary already sent: the unique key makes each go once. */
export interface EmployerNoticeTable {
  id: Id;
  notice_key: string;
  group_id: number;
  employee_id: number | null;
  kind: string;
  created_at: Timestamp;
}

export type OperatorRole = "admin" | "catalog" | "sales" | "support";

/** The store's own staff, who sign in to the console at /admin (issue 27). */
export interface OperatorTable {
  id: Id;
  /** lower case */
  email: string;
  name: string;
  role: OperatorRole;
  active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A group's rules for its employees' coverage (issue 28). */
export interface EmployerSettingsTable {
  group_id: number;
  /** end_of_month (default) or termination_date */
  coverage_end_rule: string;
  open_enrollment_start: string | null;
  open_enrollment_end: string | null;
  new_hire_days: number;
  updated_at: Timestamp;
  /** the last "Remind now" (its cooldown) */
  reminded_at: Timestamp | null;
}

/** A census file checked clean, waiting to be applied (its rows sealed: they may hold SSNs). */
export interface CensusUploadTable {
  id: Id;
  group_id: number;
  admin_id: number | null;
  file_name: string;
  file_sha256: string;
  row_count: number;
  rows_enc: string;
  created_at: Timestamp;
  applied_at: Timestamp | null;
}

/** What happened to one plan of a member's coverage, and from when (the carrier feed's source). */
export interface CoverageEventTable {
  id: Id;
  group_id: number | null;
  employee_id: number | null;
  member_id: number | null;
  enrollment_id: number | null;
  policy_id: number | null;
  plan_id: number;
  /** enrolled, changed, terminated, reinstated */
  kind: string;
  effective_date: string;
  /** what caused it: roster.terminate, roster.reinstate, census.apply, enrollment.complete */
  cause: string;
  /** who: group_admin:{id}, rep:{id}, applicant, system */
  actor: string;
  created_at: Timestamp;
}

/** An operator's server-side session; the cookie holds only the token. */
export interface OperatorSessionTable {
  id: Id;
  /** SHA-256 (hex) of the random token in the cookie */
  token_hash: string;
  operator_id: number;
  /** code or passkey */
  method: string;
  ua_hash: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  /** logout, idle, absolute, deactivated */
  end_reason: string | null;
}

/** An operator's passkey (WebAuthn credential): its id and public key, base64url. */
export interface OperatorPasskeyTable {
  id: Id;
  operator_id: number;
  credential_id: string;
  public_key: string;
  counter: number;
  /** JSON array of transports the authenticator named */
  transports: string | null;
  name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  /** base64url of the WebAuthn user handle (random, one per operator; migration 027) */
  user_handle: string | null;
  /** singleDevice or multiDevice, as the authenticator said when it was added */
  device_type: string | null;
  /** 1 when the authenticator says the credential is backed up (synced) */
  backed_up: Generated<number>;
}

/** A passkey ceremony's challenge (migration 027): single use, expiring; `register` has its operator. */
export interface OperatorPasskeyChallengeTable {
  id: Id;
  challenge: string;
  purpose: "register" | "sign_in";
  operator_id: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** The console's trail, append-only: who, what, which record, before → after (JSON), when. */
export interface OperatorEventTable {
  id: Id;
  kind: string;
  /** the operator who acted (null: someone not signed in, e.g. a wrong code) */
  operator_id: number | null;
  /** whom a not-signed-in act was about: operator:{id}, or null */
  subject: string | null;
  target_type: string | null;
  target_id: string | null;
  before_json: string | null;
  after_json: string | null;
  /** an enumerated value (a channel, a reason) */
  detail: string | null;
  request_id: string | null;
  client_key: string | null;
  created_at: Timestamp;
}

/** Issue 29: a carrier's delivery profile (migration 024). The SFTP key is a reference, never the key. */
export interface CarrierProfileTable {
  carrier_id: number;
  format: "834" | "csv";
  sender_qualifier: string;
  sender_id: string;
  receiver_qualifier: string;
  receiver_id: string;
  application_sender: string;
  application_receiver: string;
  usage: "T" | "P";
  sponsor_name: string;
  sponsor_id_qualifier: string;
  sponsor_id: string;
  payer_name: string;
  payer_id_qualifier: string;
  payer_id: string;
  master_policy: string;
  schedule: "daily" | "weekly";
  /** the weekly full audit file's day, 0 Sunday … 6 Saturday (schedule weekly); null otherwise (migration 026) */
  full_file_weekday: Generated<number | null>;
  transport: "local" | "sftp";
  sftp_host: string | null;
  sftp_port: number | null;
  sftp_username: string | null;
  /** env:NAME or file:/path — where the private key is, never the key itself */
  sftp_key_ref: string | null;
  /** the server's host key, SHA-256 of its public key, base64 */
  sftp_host_key_sha256: string | null;
  sftp_outbox: string | null;
  sftp_inbox: string | null;
  active: Flag;
  updated_at: Timestamp;
}

export interface CarrierControlNumberTable {
  sender_id: string;
  receiver_id: string;
  last_number: number;
}

export type CarrierFileStatus = "held" | "waiting" | "sent" | "accepted" | "accepted-with-errors" | "rejected" | "read" | "unreadable";

export interface CarrierFileTable {
  id: Id;
  carrier_id: number;
  direction: "out" | "in";
  name: string;
  format: string;
  status: CarrierFileStatus;
  control_number: number | null;
  digest: string;
  content: string;
  problems_json: string | null;
  report_json: string | null;
  member_count: number;
  last_error: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  acknowledged_at: Timestamp | null;
  /** changes (the daily difference) or audit (the weekly full file, BGN08 4); migration 026 */
  purpose: Generated<"changes" | "audit">;
  /** the whole file sealed when it carries SSNs; `content` then has them masked (migration 026) */
  content_enc: Generated<string | null>;
}

export interface CarrierTransactionTable {
  id: Id;
  file_id: number;
  control_number: string;
  status: string;
  errors_json: string | null;
  acknowledged_at: Timestamp | null;
}

export interface CarrierAcknowledgmentTable {
  id: Id;
  carrier_id: number;
  inbound_file_id: number;
  file_id: number | null;
  kind: string;
  control_number: string;
  outcome: string;
  detail_json: string;
  received_at: Timestamp;
}

export interface CarrierMemberSnapshotTable {
  carrier_id: number;
  member_key: string;
  snapshot_json: string;
  file_id: number | null;
  updated_at: Timestamp;
}

export type MemberChangeStatus = "pending" | "sent" | "accepted" | "rejected" | "effective";

export interface CarrierMemberChangeTable {
  id: Id;
  carrier_id: number;
  file_id: number;
  member_key: string;
  member_id: number | null;
  policy_id: number | null;
  plan_id: number | null;
  kind: string;
  maintenance: string;
  /** the member loop's first and last segment positions in the transaction set (ST = 1) */
  loop_start: number;
  loop_end: number;
  status: MemberChangeStatus;
  errors_json: string | null;
  /** the member's snapshot before this change (restored when the carrier rejects it) */
  before_json: string | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
}

/** A brand image uploaded in the console (a rep's logo or banner), by its content hash (ADR 028). */
export interface BrandImageTable {
  id: Id;
  sha256: string;
  content_type: string;
  byte_size: number;
  bytes: Uint8Array;
  created_at: string;
}

export interface Database {
  esign_consents: EsignConsentTable;
  enrollment_records: EnrollmentRecordTable;
  carriers: CarrierTable;
  plan_categories: PlanCategoryTable;
  plans: PlanTable;
  plan_texts: PlanTextTable;
  plan_facts: PlanFactsTable;
  plan_states: PlanStateTable;
  plan_areas: PlanAreaTable;
  plan_prices: PlanPriceTable;
  catalog_versions: CatalogVersionTable;
  catalog_version_plans: CatalogVersionPlanTable;
  rating_areas: RatingAreaTable;
  plan_relations: PlanRelationTable;
  plan_questions: PlanQuestionTable;
  portals: PortalTable;
  reps: RepTable;
  rep_portals: RepPortalTable;
  groups: GroupTable;
  members: MemberTable;
  policies: PolicyTable;
  policy_plans: PolicyPlanTable;
  referrals: ReferralTable;
  sites: SiteTable;
  site_assets: SiteAssetTable;
  site_links: SiteLinkTable;
  wizard_tabs: WizardTabTable;
  field_definitions: FieldDefinitionTable;
  agreement_texts: AgreementTextTable;
  effective_date_rules: EffectiveDateRuleTable;
  options: OptionTable;
  health_questions: HealthQuestionTable;
  enrollments: EnrollmentTable;
  cart_lines: CartLineTable;
  recommendation_data: RecommendationDataTable;
  plan_answers: PlanAnswerTable;
  enrollment_steps: EnrollmentStepTable;
  dependents: DependentTable;
  beneficiaries: BeneficiaryTable;
  payment_methods: PaymentMethodTable;
  enrollment_payments: EnrollmentPaymentTable;
  invoices: InvoiceTable;
  quotes: QuoteTable;
  outbox: OutboxTable;
  job_schedule: JobScheduleTable;
  one_time_codes: OneTimeCodeTable;
  link_tokens: LinkTokenTable;
  rate_limits: RateLimitTable;
  audit_events: AuditEventTable;
  screenshots: ScreenshotTable;
  group_admins: GroupAdminTable;
  staff_sessions: StaffSessionTable;
  group_employees: GroupEmployeeTable;
  employer_settings: EmployerSettingsTable;
  census_uploads: CensusUploadTable;
  coverage_events: CoverageEventTable;
  employee_invitations: EmployeeInvitationTable;
  member_link_holders: MemberLinkHolderTable;
  employee_waivers: EmployeeWaiverTable;
  employer_notices: EmployerNoticeTable;
  operators: OperatorTable;
  operator_sessions: OperatorSessionTable;
  operator_passkeys: OperatorPasskeyTable;
  operator_passkey_challenges: OperatorPasskeyChallengeTable;
  operator_events: OperatorEventTable;
  carrier_profiles: CarrierProfileTable;
  carrier_control_numbers: CarrierControlNumberTable;
  carrier_files: CarrierFileTable;
  carrier_transactions: CarrierTransactionTable;
  carrier_acknowledgments: CarrierAcknowledgmentTable;
  carrier_member_snapshots: CarrierMemberSnapshotTable;
  carrier_member_changes: CarrierMemberChangeTable;
  brand_images: BrandImageTable;
}

export type Plan = Selectable<PlanTable>;
export type NewPlan = Insertable<PlanTable>;
export type Enrollment = Selectable<EnrollmentTable>;
export type Policy = Selectable<PolicyTable>;
export type Outbox = Selectable<OutboxTable>;
export type EnrollmentUpdate = Updateable<EnrollmentTable>;
export type Site = Selectable<SiteTable>;
export type Rep = Selectable<RepTable>;
export type Group = Selectable<GroupTable>;
export type GroupAdmin = Selectable<GroupAdminTable>;
export type StaffSession = Selectable<StaffSessionTable>;
export type Operator = Selectable<OperatorTable>;
export type OperatorSession = Selectable<OperatorSessionTable>;
export type OperatorEvent = Selectable<OperatorEventTable>;
export type OperatorPasskey = Selectable<OperatorPasskeyTable>;
export type Member = Selectable<MemberTable>;
export type Referral = Selectable<ReferralTable>;
export type PlanCategory = Selectable<PlanCategoryTable>;
export type PlanPrice = Selectable<PlanPriceTable>;
export type GroupEmployee = Selectable<GroupEmployeeTable>;
export type CatalogVersion = Selectable<CatalogVersionTable>;
export type { ColumnType };
export type EmployeeWaiver = Selectable<EmployeeWaiverTable>;
