/**
 * The wizard's navigation (enrollment-wizard §2.1–2.3, §4 "Wizard"): steps are done in order,
 * none skipped; after a save the next required step opens, or the review when the return
 * marker is set. Pure: the server reads the state and applies the answer.
 */
import { screenOf, type TabName } from "./wizard-steps";

export interface WizardState {
  steps: readonly TabName[];
  completed: ReadonlySet<TabName>;
}

export function firstIncomplete(state: WizardState): TabName | null {
  return state.steps.find((s) => !state.completed.has(s)) ?? null;
}

/** May the visitor open this step now? If not, where should they go instead. */
export function stepAccess(state: WizardState, requested: TabName): { ok: true } | { ok: false; redirectTo: TabName } {
  const first = firstIncomplete(state);
  const fallback = first ?? state.steps[state.steps.length - 1];
  if (!state.steps.includes(requested)) return { ok: false, redirectTo: fallback };
  if (first && state.steps.indexOf(requested) > state.steps.indexOf(first)) return { ok: false, redirectTo: first };
  return { ok: true };
}

/** Where a successful save goes: the review when returning to it, else the next step. */
export function nextAfter(state: WizardState, current: TabName, returnToReview: boolean): TabName | null {
  if (returnToReview && state.steps.includes("review_info") && current !== "review_info") {
    // Only when everything before the review is done; otherwise finish the missing step first.
    const pending = state.steps.find((s) => s !== current && s !== "review_info" && !state.completed.has(s));
    return pending ?? "review_info";
  }
  const at = state.steps.indexOf(current);
  return at >= 0 && at + 1 < state.steps.length ? state.steps[at + 1] : null;
}

/**
 * Back (§2.1, §2.3, §2.10): the review goes to the step before it in the list; a step opened
 * from the review (the return marker) goes back to the review, the personal step included;
 * otherwise the personal (first) step goes to the cart and the others show no Back. Back never
 * points at the page itself: a marker left by an abandoned edit is ignored on the review, and
 * the review is offered only while it can open (else it would send the visitor straight back).
 */
export function backTarget(state: WizardState, current: TabName, returnToReview: boolean): string | null {
  const at = state.steps.indexOf(current);
  const cart = current === "primary_info" || at === 0 ? "/cart" : null;
  if (current === "review_info") return at > 0 ? `/enrollment/${screenOf(state.steps[at - 1])}` : "/cart";
  if (returnToReview && state.steps.includes("review_info") && stepAccess(state, "review_info").ok)
    return `/enrollment/${screenOf("review_info")}`;
  return cart;
}

/** The progress bar: every step, the ones before the current one marked done. */
export function progress(state: WizardState, current: TabName) {
  const at = state.steps.indexOf(current);
  return state.steps.map((tab, i) => ({
    tab,
    screen: screenOf(tab),
    state: i < at || (state.completed.has(tab) && i !== at) ? ("done" as const) : i === at ? ("current" as const) : ("todo" as const),
  }));
}

/** The query a Change link on the review carries: the step opens with the return marker set (§2.10). */
export const RETURN_TO_REVIEW = { param: "return", value: "review" } as const;

/** A Change link on the review: the step's page, its own query (which dependent…) and the return marker. */
export function changeHref(tab: TabName, query: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...query, [RETURN_TO_REVIEW.param]: RETURN_TO_REVIEW.value });
  return `/enrollment/${screenOf(tab)}?${params.toString()}`;
}
