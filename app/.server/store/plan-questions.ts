/**
 * A plan's questions: the eligibility questions on the plan page, the Enroll-Now health
 * questions on /PlanQuestionView, and the answers to both (kept encrypted: they can be health data).
 */
import type { Services } from "../services";
import { planText, type CatalogPlan } from "../repositories/catalog";
import { catalogToday } from "./shopping";
import { savePlanAnswers } from "../repositories/answers";

/** The plan's eligibility questions, in order (none for most plans). */
export async function eligibilityQuestions(services: Services, planId: number) {
  return (await catalogToday(services)).questions.get(planId)?.eligibility ?? [];
}

/** /PlanQuestionView?planId=…: an active plan that asks Enroll-Now questions, with them; else 404. */
export async function planWithEnrollQuestions(services: Services, planIdParam: string | null) {
  const id = Number(planIdParam);
  const catalog = await catalogToday(services);
  const plan = Number.isSafeInteger(id) ? catalog.plans.get(id) : undefined;
  const questions = plan ? (catalog.questions.get(plan.id)?.enroll ?? []) : [];
  if (!plan || plan.active !== 1 || !plan.has_enroll_questions || !questions.length) throw new Response("Not Found", { status: 404 });
  return { plan, questions };
}

/** The plan's name in the visitor's language (its code when it has no text). */
export function planName(plan: CatalogPlan, locale: string) {
  return planText(plan, locale)?.name ?? plan.code;
}

/** Keeps the answers and whether they let the visitor enroll (both encrypted); a second answer replaces the first. */
export async function recordPlanAnswers(
  services: Services,
  values: { enrollmentId: number; planId: number; kind: "eligibility" | "enroll"; answers: unknown; outcome: "accepted" | "declined" },
) {
  await savePlanAnswers(services.db, {
    enrollmentId: values.enrollmentId,
    planId: values.planId,
    kind: values.kind,
    answersEnc: services.cipher.encryptJson(values.answers),
    outcomeEnc: services.cipher.encrypt(values.outcome),
    now: services.now(),
  });
}
