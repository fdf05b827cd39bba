/** A plan's eligibility questions on its page (shown once priced): the form's code loads with it (LazyPart). */
import { useTranslation } from "~/i18n-react";
import { eligibilityValidator } from "~/forms/client";
import { StoreForm } from "./form/StoreForm";
import { RadioGroup, yesNoOptions } from "./form/Fields";
import type { PlanPageData } from "./PlanPageData";

export function EligibilityForm({ questions }: { questions: NonNullable<PlanPageData["eligibility"]> }) {
  const { t } = useTranslation();
  return (
    <StoreForm
      labels={Object.fromEntries(questions.map((q) => [`q${q.id}`, q.text]))}
      id="eligibility"
      validator={eligibilityValidator(questions.map((q) => ({ id: q.id, true_condition: q.trueCondition })))}
    >
      <input type="hidden" name="intent" value="eligibility" />
      {questions.map((q) => (
        <RadioGroup
          key={q.id}
          name={`q${q.id}`}
          hint={q.trueCondition === 1 ? t("plan.answerYesHint") : t("plan.answerYesNoHint")}
          options={yesNoOptions(t)}
        />
      ))}
      <button className="button" type="submit">
        {t("common.submit")}
      </button>
    </StoreForm>
  );
}
