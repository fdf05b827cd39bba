import { useEffect, useMemo, useRef, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { StoreForm } from "~/components/form/StoreForm";
import { RadioGroup, SelectField, TextAreaField, TextField } from "~/components/form/Fields";
import { typeDate } from "~/components/QuoteForm";
import {
  MAX_MEDICATIONS,
  MAX_NOTES,
  MEDICATION_FLAG_NAME,
  MEDICATION_ID_NAME,
  conditionFieldName,
  conditionFlagName,
  conditionIdName,
  healthValidator,
  medicationFieldName,
  type DetailLayout,
  type HealthFormValues,
} from "~/forms/health";
import { StepActions, StepDialogs, type StepChrome } from "./StepControls";
import * as s from "./HealthQuestionsStep.css";

export interface HealthQuestionView {
  id: number;
  text: string;
  layout: DetailLayout;
}

export interface HealthQuestionsData {
  chrome: StepChrome;
  questions: HealthQuestionView[];
  medication: { id: number; text: string } | null;
  values: HealthFormValues;
  /** the answers were copied from the member's last enrollment and not saved here yet */
  prefilled: boolean;
  dialog: string | null;
  defaultEmail: string | null;
  today: string;
}

const FORM_ID = "health";

/**
 * With JavaScript, a question's details are hidden while its answer is No. Without it the
 * details are always there, marked "only if you answered Yes", and the server ignores them
 * for a No. The fieldsets name their question in data-shown-when-yes.
 */
function syncDetails(el: HTMLElement | null) {
  if (!el) return;
  const yes = new Set(Array.from(el.querySelectorAll<HTMLInputElement>('input[type="radio"][value="1"]:checked'), (i) => i.name));
  el.querySelectorAll<HTMLElement>("[data-shown-when-yes]").forEach((details) => {
    details.hidden = !yes.has(details.dataset.shownWhenYes ?? "");
  });
}

function useDetailsFollowAnswers(root: RefObject<HTMLElement>) {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const onChange = () => syncDetails(el);
    el.addEventListener("change", onChange);
    return () => el.removeEventListener("change", onChange);
  }, [root]);
  // After every render too, so answers put back after a server reply keep their details shown.
  useEffect(() => syncDetails(root.current));
}

function DateField({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation();
  return <TextField name={name} label={label} hint={t("common.dateHint")} inputMode="numeric" maxLength={10} short onInput={typeDate} />;
}

function ConditionDetails({ index, layout, number }: { index: number; layout: DetailLayout; number: number }) {
  const { t } = useTranslation();
  if (layout === "none") return null;
  const name = (f: Parameters<typeof conditionFieldName>[1]) => conditionFieldName(index, f);
  const yesNo = [
    { value: "1", label: t("common.yes") },
    { value: "0", label: t("common.no") },
  ];
  return (
    <fieldset className={s.details} data-shown-when-yes={conditionFlagName(index)}>
      <legend>{t("health.detailsFor", { n: number })}</legend>
      {layout === "special" ? (
        <>
          <TextField name={name("condition")} label={t("health.condition")} maxLength={100} />
          <TextField name={name("status")} label={t("health.status")} hint={t("health.statusHint")} maxLength={100} />
          <div className={s.row}>
            <DateField name={name("last_seen_by_physician")} label={t("health.lastSeenByPhysician")} />
            <DateField name={name("date_of_recovery")} label={t("health.dateOfRecovery")} />
          </div>
          <TextField name={name("physician_name")} label={t("health.physicianName")} maxLength={100} />
          <TextField name={name("address")} label={t("health.physicianAddress")} maxLength={200} />
          <TextField name={name("phone")} label={t("health.physicianPhone")} hint={t("health.phoneHint")} type="tel" inputMode="tel" maxLength={14} short />
        </>
      ) : (
        <>
          <TextField name={name("health_condition")} label={t("health.healthCondition")} maxLength={100} />
          <div className={s.row}>
            <DateField name={name("date_of_onset")} label={t("health.dateOfOnset")} />
            <DateField name={name("date_of_recovery")} label={t("health.dateOfRecovery")} />
            <DateField name={name("d_last_seen")} label={t("health.lastSeen")} />
          </div>
          <div className={s.row}>
            <SelectField name={name("is_treatment")} label={t("health.isTreatment")} options={yesNo} placeholder={t("health.pleaseSelect")} />
            <SelectField name={name("is_medicate")} label={t("health.isMedicate")} options={yesNo} placeholder={t("health.pleaseSelect")} />
          </div>
          <TextAreaField name={name("symptoms")} label={t("health.symptoms")} hint={t("health.optional")} maxLength={500} rows={3} />
        </>
      )}
    </fieldset>
  );
}

export function HealthQuestionsStep({ data: d }: { data: HealthQuestionsData }) {
  const { t } = useTranslation();
  const ids = `${d.questions.map((q) => q.id).join(",")}|${d.medication?.id ?? ""}`;
  const validator = useMemo(
    () => healthValidator({ conditionIds: d.questions.map((q) => q.id), medicationId: d.medication?.id ?? null }, d.today),
    // the question list and the day are all the schema depends on
    [ids, d.today],
  );
  const list = useRef<HTMLOListElement>(null);
  useDetailsFollowAnswers(list);
  const answers = [
    { value: "1", label: t("common.yes") },
    { value: "0", label: t("common.no") },
  ];
  return (
    <section aria-labelledby="step-title" className="stack">
      <h1 id="step-title">{t("health.title")}</h1>
      <p>{t("health.intro")}</p>
      {d.prefilled ? (
        <p className="notice" role="status">
          {t("health.prefilled")}
        </p>
      ) : null}
      <StoreForm id={FORM_ID} validator={validator} defaultValues={d.values as never}>
        <ol className={s.questions} ref={list} aria-label={t("health.listLabel")}>
          {d.questions.map((q, i) => (
            <li key={q.id}>
              <input type="hidden" name={conditionIdName(i)} value={String(q.id)} />
              <RadioGroup name={conditionFlagName(i)} label={q.text} options={answers} />
              <ConditionDetails index={i} layout={q.layout} number={i + 1} />
            </li>
          ))}
          {d.medication ? (
            <li>
              <input type="hidden" name={MEDICATION_ID_NAME} value={String(d.medication.id)} />
              <RadioGroup name={MEDICATION_FLAG_NAME} label={d.medication.text} options={answers} />
              <fieldset className={s.details} data-shown-when-yes={MEDICATION_FLAG_NAME}>
                <legend>{t("health.medications")}</legend>
                <p className="hint">{t("health.medicationsHint")}</p>
                {Array.from({ length: MAX_MEDICATIONS }, (_, n) => (
                  <fieldset key={n} className={s.medication}>
                    <legend>{n === 0 ? t("health.medicationN", { n: n + 1 }) : t("health.medicationOptional", { n: n + 1 })}</legend>
                    <TextField name={medicationFieldName(n, "medication")} label={t("health.medicationName")} maxLength={100} />
                    <div className={s.row}>
                      <TextField name={medicationFieldName(n, "dosage")} label={t("health.dosage")} maxLength={100} />
                      <TextField name={medicationFieldName(n, "medical_condition")} label={t("health.medicalCondition")} maxLength={100} />
                    </div>
                  </fieldset>
                ))}
              </fieldset>
            </li>
          ) : null}
        </ol>
        <TextAreaField name="notes" label={t("health.notes")} hint={t("health.notesHint")} maxLength={MAX_NOTES} rows={5} />
        <StepActions chrome={d.chrome} />
      </StoreForm>
      <StepDialogs defaultEmail={d.defaultEmail} />
    </section>
  );
}
