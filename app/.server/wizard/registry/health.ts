/** The health step (primary_health_info): the condition and medication questions, answers sealed. */
import { readStep } from "../steps";
import { healthQuestions } from "../health";
import { isoToUsDate } from "~/domain/dates";
import type { Line, RecordFacts } from "~/domain/enrollment-record";
import type { StepDefinition, Translate } from "./types";

const TAB = "primary_health_info";

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

export const healthStep = {
  tab: TAB,
  screen: "health-questions",
  titleKey: "wizard.tabs.primary_health_info",
  historyLabelKey: "wizard.tabs.primary_health_info",
  async reviewTile(services, ctx) {
    const step = await readStep(services, ctx.enrollment.id, TAB);
    const answers = step?.secret;
    if (!answers?.condition_questions) return [];
    const yes =
      answers.condition_questions.filter((q) => q.yes_no_flag === 1).length + (answers.medication_question?.yes_no_flag === 1 ? 1 : 0);
    const total = answers.condition_questions.length + (answers.medication_question ? 1 : 0);
    return [{ label: "review.healthAnswered", value: `${total - yes} / ${yes}` }];
  },
  /** Each question's text in the record's language, the answer, and what was told about it. */
  async record(services, { enrollment, locale, t }): Promise<Pick<RecordFacts, "health">> {
    const [health, questions] = await Promise.all([readStep(services, enrollment.id, TAB), healthQuestions(services)]);
    const items: RecordFacts["health"] = [];
    const answers = health?.secret;
    const questionText = (id: number) => {
      const q = [...questions.conditions, ...(questions.medication ? [questions.medication] : [])].find((x) => x.id === id);
      return q ? (locale === "es" ? q.text_es : q.text_en) : `#${id}`;
    };
    for (const a of answers?.condition_questions ?? []) {
      items.push({
        question: questionText(a.question_id),
        yes: a.yes_no_flag === 1,
        details: a.yes_no_flag === 1 ? a.conditions.flatMap((x) => detailLines(x as Record<string, unknown>, t)) : [],
      });
    }
    if (answers?.medication_question) {
      const m = answers.medication_question;
      items.push({
        question: questionText(m.question_id),
        yes: m.yes_no_flag === 1,
        details: m.yes_no_flag === 1 ? m.medications.flatMap((x) => detailLines(x as unknown as Record<string, unknown>, t)) : [],
      });
    }
    if (answers?.notes?.trim())
      items.push({ question: t("health.notes"), yes: null, details: [{ label: t("health.notes"), value: answers.notes.trim() }] });
    return { health: items };
  },
  /** Nothing more than done: every answer was checked against the questions when it was saved. */
  async recheck() {
    return null;
  },
} satisfies StepDefinition<typeof TAB>;
