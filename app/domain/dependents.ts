/**
 * Dependent list rules (enrollment-wizard §2.9, §4 "Dependents", §5 "Dependent", §9): who the
 * next dependent is, how many of each the tier and the cart's plans allow, the spouse question
 * on premier plans, and when Next may finish the step. Pure: the server and the page both ask.
 *
 * Messages are translation keys (validation.*). Held dependents (a spouse set aside after "No"
 * to the spouse question) are never passed in: every list here is the active list.
 */

import { ageOn, type IsoDate } from "./dates";

export type Relationship = "spouse" | "child";
/** The tiers that have dependents (IO has none; IC3 counts as IC). */
export type DependentTier = "IS" | "IC" | "IF";

/** The add form is offered only while fewer than 10 dependents exist. */
export const MAX_DEPENDENTS = 10;
/** Children allowed for IC and IF unless a plan says fewer. */
export const MAX_CHILDREN = 9;
/** IHA plans: Member + Children at most 5 children, Member + Family at most 9 dependents. */
export const IHA_MAX_CHILDREN_IC = 5;
export const IHA_MAX_DEPENDENTS_IF = 9;
/** Premier L713 plans: Member + Children covers one child. */
export const L713_MAX_CHILDREN_IC = 1;

export interface HasRelationship {
  relationship: Relationship | string;
}

/** What the cart's plans change about dependents. */
export interface DependentPlanFlags {
  /** a premier plan is in the cart: the spouse question is asked */
  premier: boolean;
  /** an L713 plan is in the cart: IC covers one child */
  premierL713: boolean;
  /** an IHA plan is in the cart */
  iha: boolean;
}

/** The enrollment's tier as the dependent step sees it; null for IO or anything unknown. */
export function dependentTier(tier: string | null | undefined): DependentTier | null {
  if (tier === "IS" || tier === "IC" || tier === "IF") return tier;
  if (tier === "IC3") return "IC";
  return null;
}

const count = (list: readonly HasRelationship[], relationship: Relationship) => list.filter((d) => d.relationship === relationship).length;
export const spouseCount = (list: readonly HasRelationship[]) => count(list, "spouse");
export const childCount = (list: readonly HasRelationship[]) => count(list, "child");
export const hasSpouse = (list: readonly HasRelationship[]) => spouseCount(list) > 0;

/** The heading over the step: "Child information required" and so on. */
export function headingKey(tier: string | null | undefined): string | null {
  switch (dependentTier(tier)) {
    case "IC":
      return "dependent.headingChild";
    case "IS":
      return "dependent.headingSpouse";
    case "IF":
      return "dependent.headingFamily";
    default:
      return null;
  }
}

/**
 * The relationship of the next dependent, set by the server from the tier: IS a spouse (while
 * none is listed), IC a child, IF a spouse while none is listed, otherwise a child. A spouse
 * declined on the spouse question ("No") is never the next one.
 */
export function relationshipForNew(
  tier: string | null | undefined,
  list: readonly HasRelationship[],
  options: { spouseDeclined?: boolean } = {},
): Relationship | null {
  const t = dependentTier(tier);
  if (t === "IC") return "child";
  if (t === "IS") return hasSpouse(list) || options.spouseDeclined ? null : "spouse";
  if (t === "IF") return hasSpouse(list) || options.spouseDeclined ? "child" : "spouse";
  return null;
}

/** The add form is offered only while fewer than 10 dependents exist. */
export function canAddMore(list: readonly unknown[]): boolean {
  return list.length < MAX_DEPENDENTS;
}

/** How many of each an enrollment's active dependents are. */
export interface DependentCounts {
  spouses: number;
  children: number;
}

export function dependentCounts(list: readonly HasRelationship[]): DependentCounts {
  return { spouses: spouseCount(list), children: childCount(list) };
}

/** The plans that change the limits: an L713 plan and an IHA plan in the cart (both may be). */
export type DependentLimitPlans = Pick<DependentPlanFlags, "premierL713" | "iha">;

/**
 * The most children the tier allows with these plans (storefront/wizard §5, §9): IC one with
 * an L713 plan, five with an IHA plan, otherwise nine; IF nine; IS none.
 */
export function childLimit(tier: string | null | undefined, plans: DependentLimitPlans): number {
  const t = dependentTier(tier);
  if (t === "IC") return plans.premierL713 ? L713_MAX_CHILDREN_IC : plans.iha ? IHA_MAX_CHILDREN_IC : MAX_CHILDREN;
  if (t === "IF") return MAX_CHILDREN;
  return 0;
}

/** Too many, or of a kind the tier does not cover: the limits an add must keep. */
function limitProblem(t: DependentTier, { spouses, children }: DependentCounts, plans: DependentLimitPlans): string | null {
  if (t === "IS") {
    if (children > 0) return "validation.dependentTierMismatch";
    if (spouses > 1) return "validation.dependentSpouseOne";
  }
  if (t === "IC") {
    if (spouses > 0) return "validation.dependentTierMismatch";
    if (plans.premierL713 && children > L713_MAX_CHILDREN_IC) return "validation.dependentL713";
    if (plans.iha && children > IHA_MAX_CHILDREN_IC) return "validation.dependentIhaIC";
    if (children > MAX_CHILDREN) return "validation.dependentChildMax";
  }
  if (t === "IF") {
    if (spouses > 1) return "validation.dependentSpouseOne";
    if (plans.iha && spouses + children > IHA_MAX_DEPENDENTS_IF) return "validation.dependentIhaIF";
    if (children > MAX_CHILDREN) return "validation.dependentChildMax";
  }
  if (spouses + children > MAX_DEPENDENTS) return "validation.dependentMax";
  return null;
}

/** Too few for the tier: IS its spouse, IC a child, IF a spouse and a child. */
function shortfall(t: DependentTier, { spouses, children }: DependentCounts): string | null {
  if (t === "IS" && spouses < 1) return "validation.dependentISMin";
  if (t === "IC" && children < 1) return "validation.dependentICMin";
  if (t === "IF" && (spouses < 1 || children < 1)) return "validation.dependentIFMin";
  return null;
}

/**
 * THE count rule of the dependents (storefront/wizard §2.9, §5, §9): whether these counts fit
 * the tier with these plans, as the first broken rule's message key, or null when they fit.
 *   IS: exactly one spouse, no children.
 *   IC: 1 to the child limit (1 with an L713 plan, 5 with an IHA plan, otherwise 9), no spouse.
 *       "Exactly one" (§2.9) is the L713 limit, not a rule of its own.
 *   IF: a spouse and at least one child (so at least 2); one spouse; at most 9 children, and
 *       at most 9 dependents in all with an IHA plan.
 *   Never more than 10 dependents. IO (or no tier): no dependents at all.
 * The dependent step's Next and the completion's re-check both ask this; the step's Next also
 * asks the spouse question first (nextProblem).
 */
export function dependentCountProblem(tier: string | null | undefined, counts: DependentCounts, plans: DependentLimitPlans): string | null {
  const t = dependentTier(tier);
  if (!t) return counts.spouses + counts.children > 0 ? "validation.dependentTierMismatch" : null;
  return limitProblem(t, counts, plans) ?? shortfall(t, counts);
}

/**
 * The first limit this list breaks (too many, or a kind the tier does not cover), as a message
 * key; null when it keeps them all. Too few is not a problem here: the list is still growing.
 */
export function countProblem(tier: string | null | undefined, list: readonly HasRelationship[], flags: DependentLimitPlans): string | null {
  const t = dependentTier(tier);
  if (!t) return list.length ? "validation.dependentTierMismatch" : null;
  return limitProblem(t, dependentCounts(list), flags);
}

/** Why one more dependent of this relationship may not be added; null when it may. */
export function addRefusal(
  tier: string | null | undefined,
  list: readonly HasRelationship[],
  relationship: Relationship,
  flags: DependentLimitPlans,
): string | null {
  if (!canAddMore(list)) return "validation.dependentMax";
  return countProblem(tier, [...list, { relationship }], flags);
}

// ---------------------------------------------------------------- ages

/** A spouse is at least 18. */
export const SPOUSE_MIN_AGE = 18;
/** A child is under 26, unless legally disabled (the spec's disability hint: "to bypass age restrictions"). */
export const CHILD_AGE_LIMIT = 26;

/**
 * What is wrong with a dependent's age today, as a message key; null when it fits: a spouse
 * under 18, or a child of 26 or more who is not legally disabled.
 */
export function dependentAgeProblem(
  relationship: Relationship | string,
  birthdate: IsoDate,
  today: IsoDate,
  legallyDisabled: boolean,
): string | null {
  const age = ageOn(birthdate, today);
  if (relationship === "spouse" && age < SPOUSE_MIN_AGE) return "validation.dependentSpouseAge";
  if (relationship === "child" && age >= CHILD_AGE_LIMIT && !legallyDisabled) return "validation.dependentChildAge";
  return null;
}

// ---------------------------------------------------------------- the spouse question

/** 1 Yes, 0 No, null not answered (enrollment.spouse_enroll_accept). */
export type SpouseAnswer = 0 | 1 | null;

export function spouseAnswerOf(value: number | null | undefined): SpouseAnswer {
  return value === 1 ? 1 : value === 0 ? 0 : null;
}

/** "Will you be Enrolling your spouse?" belongs to premier, non-IHA carts whose tier has a spouse. */
export function spouseQuestionApplies(tier: string | null | undefined, flags: Pick<DependentPlanFlags, "premier" | "iha">): boolean {
  const t = dependentTier(tier);
  return flags.premier && !flags.iha && (t === "IS" || t === "IF");
}

/**
 * Shown while it is unanswered, while no dependent is listed yet (so the answer can change),
 * while a spouse is held aside (so "Yes" can bring the spouse back), and while the answer is
 * No and no spouse is listed: Next then asks for its Yes (spouseDeclinedBlocks), so the
 * question must be there to answer — never a message pointing at a question that has gone.
 */
export function spouseQuestionShown(
  tier: string | null | undefined,
  list: readonly HasRelationship[],
  flags: Pick<DependentPlanFlags, "premier" | "iha">,
  state: { answer: SpouseAnswer; heldSpouse: boolean },
): boolean {
  return (
    spouseQuestionApplies(tier, flags) &&
    (state.answer === null || list.length === 0 || state.heldSpouse || spouseDeclinedBlocks(tier, list, flags, state.answer))
  );
}

/**
 * "No" while the list has no spouse: Next is refused with "Choose Yes to the spouse question"
 * (the tier needs a spouse). Only ever true while the question is shown (spouseQuestionShown).
 */
export function spouseDeclinedBlocks(
  tier: string | null | undefined,
  list: readonly HasRelationship[],
  flags: Pick<DependentPlanFlags, "premier" | "iha">,
  answer: SpouseAnswer,
): boolean {
  return spouseQuestionApplies(tier, flags) && answer === 0 && !hasSpouse(list);
}

/**
 * The answer must be given (Yes or No) before a dependent is added or the step is finished —
 * unless a spouse is already listed (an existing member's spouse, brought over).
 */
export function spouseAnswerPending(
  tier: string | null | undefined,
  list: readonly HasRelationship[],
  flags: Pick<DependentPlanFlags, "premier" | "iha">,
  answer: SpouseAnswer,
): boolean {
  return spouseQuestionApplies(tier, flags) && answer === null && !hasSpouse(list);
}

/**
 * After a delete: premier IF with an empty list asks the spouse question again (the answer is
 * cleared). Returns whether to clear it.
 */
export function reaskSpouseAfterDelete(
  tier: string | null | undefined,
  remaining: readonly HasRelationship[],
  flags: Pick<DependentPlanFlags, "premier" | "iha">,
): boolean {
  return dependentTier(tier) === "IF" && spouseQuestionApplies(tier, flags) && remaining.length === 0;
}

// ---------------------------------------------------------------- adding and finishing

/**
 * May a dependent be added now, and as what. Refused while the spouse question waits for its
 * answer, when the tier has no one left to add (IS with a spouse, IS after "No"), and when one
 * more would break a count rule.
 */
export function addOffer(
  tier: string | null | undefined,
  list: readonly HasRelationship[],
  flags: DependentPlanFlags,
  answer: SpouseAnswer,
): { ok: true; relationship: Relationship } | { ok: false; reason: string | null } {
  if (!dependentTier(tier)) return { ok: false, reason: null };
  if (spouseAnswerPending(tier, list, flags, answer)) return { ok: false, reason: "validation.spouseStatus" };
  const relationship = relationshipForNew(tier, list, { spouseDeclined: spouseQuestionApplies(tier, flags) && answer === 0 });
  if (!relationship) {
    if (dependentTier(tier) === "IS")
      return { ok: false, reason: hasSpouse(list) ? "validation.dependentSpouseOne" : "validation.dependentSpouseDeclined" };
    return { ok: false, reason: null };
  }
  const refusal = addRefusal(tier, list, relationship, flags);
  return refusal ? { ok: false, reason: refusal } : { ok: true, relationship };
}

/**
 * Why Next may not finish the step (null when it may): a broken limit, the spouse question
 * unanswered, a spouse declined where the tier needs one, or too few dependents for the tier —
 * every count rule of dependentCountProblem, which is null whenever this is.
 */
export function nextProblem(
  tier: string | null | undefined,
  list: readonly HasRelationship[],
  flags: DependentPlanFlags,
  answer: SpouseAnswer = null,
): string | null {
  const t = dependentTier(tier);
  if (!t) return null;
  const counts = dependentCounts(list);
  const over = limitProblem(t, counts, flags);
  if (over) return over;
  if (spouseAnswerPending(tier, list, flags, answer)) return "validation.spouseStatus";
  if (spouseDeclinedBlocks(tier, list, flags, answer)) return "validation.dependentSpouseDeclined";
  return dependentCountProblem(tier, counts, flags);
}

export function nextAllowed(
  tier: string | null | undefined,
  list: readonly HasRelationship[],
  flags: DependentPlanFlags,
  answer: SpouseAnswer = null,
): boolean {
  return nextProblem(tier, list, flags, answer) === null;
}

/** Which relationships an existing member's earlier dependents may bring over for this tier. */
export function coveredRelationships(tier: string | null | undefined): Relationship[] {
  const t = dependentTier(tier);
  return t === "IS" ? ["spouse"] : t === "IC" ? ["child"] : t === "IF" ? ["spouse", "child"] : [];
}

/**
 * The dependents worth bringing over from an earlier enrollment: only the relationships the
 * tier covers, and no more than the count rules allow, in their order.
 */
export function prefetchSelection<T extends HasRelationship>(
  tier: string | null | undefined,
  earlier: readonly T[],
  flags: Pick<DependentPlanFlags, "premierL713" | "iha">,
): T[] {
  const covered = coveredRelationships(tier);
  const out: T[] = [];
  for (const d of earlier) {
    if (!covered.includes(d.relationship as Relationship)) continue;
    if (addRefusal(tier, out, d.relationship as Relationship, flags)) continue;
    out.push(d);
  }
  return out;
}
