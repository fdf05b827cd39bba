/**
 * Complete Enrollment checks everything again (issue: "the cart, the step list and the review
 * always agree"): the cart has plans, every step the cart requires today is done, and each
 * step's own rules still hold — required fields on file, beneficiaries adding up to exactly 100,
 * the tier's dependent counts and each dependent, every agreement accepted and a signature (or
 * the text-message request), a billing method. Read-only: Complete calls it inside the
 * transaction that creates the policy, with that transaction as `services.db`.
 */
import type { Services } from "../services";
import type { TabName } from "~/domain/wizard-steps";
import { STEPS, type VerifyContext } from "./registry";

export type { VerifyContext } from "./registry";

/** One thing that stops Complete: where to fix it (a step, or the cart) and the message key. */
export interface Problem {
  /** the step to fix, the cart, or the enrollment itself (nothing in the wizard fixes it: no link) */
  tab: TabName | "cart" | "enrollment";
  message: string;
}

/**
 * Everything that stops this enrollment from completing, in the order of the steps; empty when
 * it may complete. Steps not done come first as "not finished"; done steps are checked again.
 */
export async function enrollmentProblems(services: Services, ctx: VerifyContext, input: { sendSms: boolean }): Promise<Problem[]> {
  if (!ctx.planIds.length) return [{ tab: "cart", message: "cart.emptyCheckout" }];
  const tabs = ctx.state.steps.filter((s) => s !== "review_info");
  const found = await Promise.all(
    tabs.map(async (tab): Promise<Problem | null> => {
      if (!ctx.state.completed.has(tab)) return { tab, message: "review.problems.stepIncomplete" };
      const message = await STEPS[tab].recheck(services, ctx, input);
      return message ? { tab, message } : null;
    }),
  );
  return found.filter((p): p is Problem => p !== null);
}
