import { useMemo } from "react";
import { useTranslation } from "~/i18n-react";
import { StoreForm } from "~/components/form/StoreForm";
import type { HealthFormValues } from "~/forms/health";
import { lazyFactory } from "~/forms/client";
import type { HealthQuestionView, MedicationQuestionView } from "~/views/health";
import { StepActions, StepDialogs, type StepChrome } from "./StepControls";
import { HealthQuestionList, healthLabels } from "./HealthQuestionList";

/** This step's validators, loaded on first use (ADR 013). */
const healthValidator = lazyFactory(() => import("~/forms/health").then((m) => m.healthValidator));

export interface HealthQuestionsData {
  chrome: StepChrome;
  questions: HealthQuestionView[];
  medication: MedicationQuestionView | null;
  values: HealthFormValues;
  /** the answers were copied from the member's last enrollment and not saved here yet */
  prefilled: boolean;
  dialog: string | null;
  defaultEmail: string | null;
  today: string;
}

const FORM_ID = "health";

export function HealthQuestionsStep({ data: d }: { data: HealthQuestionsData }) {
  const { t } = useTranslation();
  const ids = `${d.questions.map((q) => q.id).join(",")}|${d.medication?.id ?? ""}`;
  const validator = useMemo(
    () => healthValidator({ conditionIds: d.questions.map((q) => q.id), medicationId: d.medication?.id ?? null }, d.today),
    // the question list and the day are all the schema depends on
    [ids, d.today],
  );
  return (
    <section aria-labelledby="step-title" className="stack">
      <h1 id="step-title">{t("health.title")}</h1>
      <p>{t("health.intro")}</p>
      {d.prefilled ? (
        <p className="notice" role="status">
          {t("health.prefilled")}
        </p>
      ) : null}
      <StoreForm
        labels={healthLabels(t, { questions: d.questions, medication: d.medication }, "", "applicant")}
        id={FORM_ID}
        validator={validator}
        defaultValues={d.values as never}
      >
        <HealthQuestionList set={{ questions: d.questions, medication: d.medication }} subject="applicant" label={t("health.listLabel")} />
        <StepActions chrome={d.chrome} />
      </StoreForm>
      <StepDialogs defaultEmail={d.defaultEmail} />
    </section>
  );
}
