/**
 * What a wizard step declares (issue 25): its tab, its page, its title and history label, how
 * the review tile and the enrollment record summarise what it keeps, and what Complete checks
 * again. One module per step (this folder), gathered in `index.ts`, which the review, the
 * record, Complete and the pages read; every member is required, so a step that is not fully
 * declared does not compile. What it keeps is typed in its module too, added to `StepData` and
 * `StepSecret` of `../step-data.ts` (docs/decisions/029-wizard-step-registry.md).
 */
import type { Services } from "../../services";
import type { Enrollment, Policy } from "../../db/schema";
import type { WizardContext } from "../steps";
import type { TabName, TAB_SCREENS } from "~/domain/wizard-steps";
import type { RecordFacts } from "~/domain/enrollment-record";
import type { ReviewGroup } from "~/views/wizard";
import type { WizardState } from "~/domain/wizard";

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What Complete's re-check knows about the enrollment, read afresh (in Complete's transaction). */
export type VerifyContext = Pick<
  WizardContext,
  "enrollment" | "planIds" | "state" | "locale" | "tab" | "returnToReview" | "hideSaveLater" | "session"
>;

/** What a step's part of the record is made from: the completed enrollment and its policy, in the record's language. */
export interface RecordContext {
  enrollment: Enrollment;
  policy: Policy;
  locale: string;
  t: Translate;
  planIds: number[];
  state: WizardState;
}

/**
 * What a step's review rows are made from: the enrollment, its cart and steps, in a language.
 * The review page passes its wizard context; the record its completed enrollment (the same rows).
 */
export interface ReviewContext {
  enrollment: Enrollment;
  locale: string;
  t: Translate;
  planIds: number[];
  state: WizardState;
}

/**
 * The parts of the record the steps make besides their answers (which are their review rows):
 * the applicant's name for the record's header, the agreements, the consent and the signature.
 */
export type StepRecordFacts = Pick<RecordFacts, "applicant" | "agreements" | "consent" | "signature">;

/**
 * What a step's page is handed when a button is pressed: the posted form (read once, within the
 * step's size), the request, the client's address, and the reads the wizard was loaded with
 * (memoised for this request: a step may reuse the rows loadWizard read).
 */
export interface StepInput {
  form: FormData;
  request: Request;
  clientIp: string | undefined;
  reads: Services;
}

export interface StepDefinition<K extends TabName> {
  tab: K;
  /** its page: /enrollment/<screen> */
  screen: (typeof TAB_SCREENS)[K];
  /** its heading, its progress entry and its review tile's title */
  titleKey: `wizard.tabs.${K}`;
  /** how the history page names a save of it ("Saved {{step}}") */
  historyLabelKey: `wizard.tabs.${K}`;
  /**
   * Every answer it keeps, as the review shows it ("Check your answers": label, value, Change
   * link) and the enrollment record prints it: readable, in the context's language, SSNs and
   * accounts masked. No groups when it keeps nothing.
   */
  reviewRows(services: Services, ctx: ReviewContext): Promise<ReviewGroup[]>;
  /** its part of the enrollment record (`{}` when it adds nothing) */
  record(services: Services, rc: RecordContext): Promise<Partial<StepRecordFacts>>;
  /** what Complete checks again once it is done: the message key of what stops it, or null */
  recheck(services: Services, ctx: VerifyContext, input: { sendSms: boolean }): Promise<string | null>;
  /**
   * Its page, which `step-route.ts` serves at /enrollment/<screen>: what it shows, and what each
   * of its buttons does. Every step has one except the review, whose page reads every step (the
   * summary, Complete) and so cannot live in a step's module (`review-page.ts`, its own route).
   */
  page?(services: Services, ctx: WizardContext, request: Request): Promise<Response>;
  action?(services: Services, ctx: WizardContext, input: StepInput): Promise<Response>;
  /** the largest form its page takes, when larger than the store's default */
  formMaxBytes?: number;
}
