/**
 * The health-questions page of the wizard: what it shows and what each of its buttons does (the route
 * only loads the wizard and hands over: issue 25, thin routes).
 */
import { redirect } from "@remix-run/node";
import { json } from "../platform/loader-json";
import { validationError } from "remix-validated-form";
import { field } from "../platform/request";
import { afterSave, readStep, stepChrome, writeStep } from "./steps";
import { commonIntent } from "./step-controls";
import { healthQuestions, prefillHealthOnce, type HealthQuestions } from "./health";
import { answersToValues, detailLayout, healthValidator, type HealthQuestionIds } from "~/forms/health";
import { todayIso } from "~/domain/dates";
import type { Services } from "../services";
import type { WizardContext } from "./steps";

const TAB = "primary_health_info";
const HERE = "/enrollment/health-questions";

function questionIds(q: HealthQuestions): HealthQuestionIds {
  return { conditionIds: q.conditions.map((c) => c.id), medicationId: q.medication?.id ?? null };
}

/** Primary Health Questions: Yes/No per question (default No), details when Yes, medications, notes. */
export async function healthStepPage(services: Services, ctx: WizardContext, request: Request) {
  await prefillHealthOnce(services, ctx.enrollment);
  const [questions, saved] = await Promise.all([healthQuestions(services), readStep(services, ctx.enrollment.id, TAB)]);
  const text = (q: { text_en: string; text_es: string }) => (ctx.locale === "es" ? q.text_es : q.text_en);
  const url = new URL(request.url);
  return json({
    chrome: stepChrome(ctx),
    questions: questions.conditions.map((q) => ({ id: q.id, text: text(q), layout: detailLayout(q.id) })),
    medication: questions.medication ? { id: questions.medication.id, text: text(questions.medication) } : null,
    values: answersToValues(questionIds(questions), saved?.secret),
    prefilled: Boolean(saved?.data.prefilled_at),
    dialog: url.searchParams.get("dialog"),
    defaultEmail: null as string | null,
    today: todayIso(services.now()),
  });
}

export async function healthStepAction(services: Services, ctx: WizardContext, form: FormData) {
  const common = await commonIntent(services, ctx, form);
  if (common) return common;
  const intent = field(form, "intent", 20);
  const questions = await healthQuestions(services);
  const result = await healthValidator(questionIds(questions), todayIso(services.now())).validate(form);
  // Every problem at once, each beside its field (Save & Continue Later too: nothing half-checked is kept).
  if (result.error) return validationError(result.error, result.submittedData);
  const answers = result.data;
  const now = services.now().toISOString();
  const question_count = answers.condition_questions.length + (answers.medication_question ? 1 : 0);
  if (intent === "save-later") {
    // A draft: never marks the step done (nor undoes a finished one); then ask for the e-mail.
    await writeStep(services, ctx.enrollment, TAB, { data: { saved_at: now, question_count }, secret: answers, completed: false });
    return redirect(`${HERE}?dialog=save-later`);
  }
  // The answers are health data: only encrypted. The clear part says when and how many.
  await writeStep(services, ctx.enrollment, TAB, { data: { answered_at: now, question_count }, secret: answers, completed: true });
  // The spec also sets isSpouseEnrollAccept to false here; this store's session has no such key.
  return afterSave(services, ctx);
}
