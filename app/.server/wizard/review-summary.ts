/**
 * The review's "Check your answers" (enrollment-wizard §2.10; issue 26 #10): each step's saved
 * answers, readable, sensitive values masked, each with its Change link. Each step declares its
 * rows in its registry module (./registry): the enrollment record prints the same rows.
 */
import type { Services } from "../services";
import type { WizardContext } from "./steps";
import type { TabName } from "~/domain/wizard-steps";
import type { ReviewGroup } from "~/views/wizard";
import { STEPS, type Translate } from "./registry";

export type { ReviewGroup, SummaryLine } from "~/views/wizard";

/** One step's answers on the review, in the page's language. */
export async function summarize(services: Services, ctx: WizardContext, t: Translate, tab: TabName): Promise<ReviewGroup[]> {
  return STEPS[tab].reviewRows(services, { enrollment: ctx.enrollment, locale: ctx.locale, t, planIds: ctx.planIds, state: ctx.state });
}
