/** The health step (primary_health_info): the condition and medication questions, answers sealed.
 *
 * Its page (the route hands it the request: `step-route.ts`):
 * The health-questions page of the wizard: what it shows and what each of its buttons does (the route
 * only loads the wizard and hands over: issue 25, thin routes).
 */
import { afterSave, readStep, stepChrome, writeStep, type WizardContext } from "../steps";
import { healthQuestions, prefillHealthOnce, type HealthQuestions } from "../health";
import { dependentHealthAnswers } from "../dependents";
import { listDependents } from "../../repositories/dependents";
import { dependentHealthQuestions } from "../../repositories/health";
import { isoToUsDate, todayIso } from "~/domain/dates";
import type { Line } from "~/domain/enrollment-record";
import { type HealthAnswers, answersToValues, detailLayout, healthValidator, type HealthQuestionIds } from "~/forms/health";
import type { SummaryLine } from "~/views/wizard";
import { changeHref, group, row } from "./rows";
import type { StepDefinition, StepInput, Translate } from "./types";
import { redirect } from "@remix-run/node";
import { json } from "../../platform/loader-json";
import { validationError } from "remix-validated-form";
import { field } from "../../platform/request";
import { commonIntent } from "../step-controls";
import type { Services } from "../../services";

const TAB = "primary_health_info";

/** What it keeps in clear: never an answer, only when and how many. The answers are sealed. */
export interface HealthStepData extends Record<string, unknown> {
  answered_at: string;
  saved_at: string;
  prefilled_at: string;
  question_count: number;
}
declare module "../step-data" {
  interface StepData {
    primary_health_info: HealthStepData;
  }
  interface StepSecret {
    primary_health_info: HealthAnswers;
  }
}

const HEALTH_LABELS: Record<string, string> = {
  health_condition: "health.healthCondition",
  date_of_onset: "health.dateOfOnset",
  date_of_recovery: "health.dateOfRecovery",
  is_treatment: "health.isTreatment",
  is_medicate: "health.isMedicate",
  d_last_seen: "health.lastSeen",
  symptoms: "health.symptoms",
  condition: "health.condition",
  status: "health.status",
  last_seen_by_physician: "health.lastSeenByPhysician",
  physician_name: "health.physicianName",
  address: "health.physicianAddress",
  phone: "health.physicianPhone",
  medication: "health.medicationName",
  dosage: "health.dosage",
  medical_condition: "health.medicalCondition",
};

function detailLines(entry: Record<string, unknown>, t: Translate): Line[] {
  return Object.entries(entry)
    .filter(([k, v]) => HEALTH_LABELS[k] && v !== null && v !== undefined && v !== "")
    .map(([k, v]) => ({
      label: t(HEALTH_LABELS[k]!),
      value:
        typeof v === "number"
          ? v === 1
            ? t("common.yes")
            : t("common.no")
          : /^\d{4}-\d{2}-\d{2}$/.test(String(v))
            ? isoToUsDate(String(v))
            : String(v),
    }));
}

/** Each question with its answer (Yes with what was told about it), and the notes, as review rows. */
function answerRows(
  answers: Partial<HealthAnswers> | null | undefined,
  questionText: (id: number) => string,
  t: Translate,
  change: string,
): SummaryLine[] {
  const answer = (yes: boolean, details: Line[]) =>
    [yes ? t("common.yes") : t("common.no"), ...details.map((l) => `${l.label}: ${l.value}`)].join("\n");
  const rows: SummaryLine[] = [];
  for (const a of answers?.condition_questions ?? []) {
    const yes = a.yes_no_flag === 1;
    rows.push(
      row(
        questionText(a.question_id),
        answer(yes, yes ? a.conditions.flatMap((x) => detailLines(x as Record<string, unknown>, t)) : []),
        change,
      ),
    );
  }
  const m = answers?.medication_question;
  if (m) {
    const yes = m.yes_no_flag === 1;
    rows.push(
      row(
        questionText(m.question_id),
        answer(yes, yes ? m.medications.flatMap((x) => detailLines(x as unknown as Record<string, unknown>, t)) : []),
        change,
      ),
    );
  }
  if (answers?.notes?.trim()) rows.push(row(t("health.notes"), answers.notes.trim(), change));
  return rows;
}

type QuestionRow = { id: number; text_en: string; text_es: string };
const textOf = (questions: QuestionRow[], locale: string) => (id: number) => {
  const q = questions.find((x) => x.id === id);
  return q ? (locale === "es" ? q.text_es : q.text_en) : `#${id}`;
};

export const healthStep = {
  tab: TAB,
  screen: "health-questions",
  titleKey: "wizard.tabs.primary_health_info",
  historyLabelKey: "wizard.tabs.primary_health_info",
  /**
   * The applicant's answer to each question, then each dependent's (asked in the dependent's
   * popup, so its Change link opens that dependent), each question in the page's language.
   * The answers are sealed at rest: opened here, never logged.
   */
  async reviewRows(services, ctx) {
    const { enrollment, locale, t } = ctx;
    const withDependents = ctx.state.steps.includes("dependent_info");
    const [step, questions, personal, dependents, dependentQuestions] = await Promise.all([
      readStep(services, enrollment.id, TAB),
      healthQuestions(services),
      readStep(services, enrollment.id, "primary_info"),
      withDependents ? listDependents(services.db, enrollment.id) : Promise.resolve([]),
      withDependents ? dependentHealthQuestions(services.db) : Promise.resolve(null),
    ]);
    const own = [...questions.conditions, ...(questions.medication ? [questions.medication] : [])];
    const p = personal?.data ?? {};
    const name = [p.first_name, p.middle_name, p.last_name].filter(Boolean).join(" ");
    const groups = group(
      name ? t("review.healthApplicant", { name }) : null,
      answerRows(step?.secret, textOf(own, locale), t, changeHref(TAB)),
    );
    if (dependentQuestions && (dependentQuestions.conditions.length || dependentQuestions.medication)) {
      const theirs = [...dependentQuestions.conditions, ...(dependentQuestions.medication ? [dependentQuestions.medication] : [])];
      const ids = { conditionIds: dependentQuestions.conditions.map((q) => q.id), medicationId: dependentQuestions.medication?.id ?? null };
      dependents.forEach((d, i) => {
        const change = changeHref("dependent_info", { dialog: "edit", d: String(d.id) });
        const rows = answerRows(dependentHealthAnswers(services, ids, d), textOf(theirs, locale), t, change);
        const title = t("dependent.item", { n: i + 1, name: [d.first_name, d.last_name].join(" ") });
        groups.push({
          title,
          lines: rows.length ? rows : [row(t("review.healthNotAnswered"), t("review.healthNotAnsweredValue"), change)],
        });
      });
    }
    return groups;
  },
  /** Its answers are its review rows (the applicant's copy only). */
  async record() {
    return {};
  },
  /** Nothing more than done: every answer was checked against the questions when it was saved. */
  async recheck() {
    return null;
  },
  page: healthStepPage,
  action: healthStepAction,
} satisfies StepDefinition<typeof TAB>;

// ---------------------------------------------------------------- its page

const HERE = "/enrollment/health-questions";

function questionIds(q: HealthQuestions): HealthQuestionIds {
  return { conditionIds: q.conditions.map((c) => c.id), medicationId: q.medication?.id ?? null };
}

/** Primary Health Questions: Yes/No per question (default No), details when Yes, medications, notes. */
async function healthStepPage(services: Services, ctx: WizardContext, request: Request) {
  // An employer enrolling the member (a group admin's verified session) never gets the member's
  // earlier health answers: they are copied in only when someone else opens the step.
  if (ctx.session.staff?.kind !== "group_admin") await prefillHealthOnce(services, ctx.enrollment);
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

async function healthStepAction(services: Services, ctx: WizardContext, { form }: StepInput) {
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
