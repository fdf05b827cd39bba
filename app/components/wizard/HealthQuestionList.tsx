import { useEffect, useRef, type RefObject } from "react";
import { useTranslation } from "~/i18n-react";
import type { TFunction } from "i18next";
import type { FieldLabels } from "~/components/form/StoreForm";
import { RadioGroup, yesNoOptions, SelectField, TextAreaField, TextField } from "~/components/form/Fields";
import { typeDate } from "~/components/QuoteForm";
import {
  MAX_MEDICATIONS,
  MAX_NOTES,
  conditionFieldName,
  conditionFlagName,
  conditionIdName,
  medicationFieldName,
  medicationFlagName,
  medicationIdName,
  notesName,
  type DetailLayout,
} from "~/forms/health";
import type { HealthQuestionSetView } from "~/views/health";
import * as s from "./HealthQuestionsStep.css";

/** Whose answers these are: the wording of a few labels follows ("you" or "the dependent"). */
export type HealthSubject = "applicant" | "dependent";

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

function ConditionDetails({
  index,
  layout,
  number,
  prefix,
  subject,
}: {
  index: number;
  layout: DetailLayout;
  number: number;
  prefix: string;
  subject: HealthSubject;
}) {
  const { t } = useTranslation();
  if (layout === "none") return null;
  const name = (f: Parameters<typeof conditionFieldName>[1]) => conditionFieldName(index, f, prefix);
  const yesNo = yesNoOptions(t);
  return (
    <fieldset className={s.details} data-shown-when-yes={conditionFlagName(index, prefix)}>
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
          <TextField
            name={name("phone")}
            label={t("health.physicianPhone")}
            hint={t("health.phoneHint")}
            type="tel"
            inputMode="tel"
            maxLength={14}
            short
          />
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
            <SelectField
              name={name("is_treatment")}
              label={subject === "dependent" ? t("dependent.healthIsTreatment") : t("health.isTreatment")}
              options={yesNo}
              placeholder={t("health.pleaseSelect")}
            />
            <SelectField
              name={name("is_medicate")}
              label={subject === "dependent" ? t("dependent.healthIsMedicate") : t("health.isMedicate")}
              options={yesNo}
              placeholder={t("health.pleaseSelect")}
            />
          </div>
          <TextAreaField name={name("symptoms")} label={t("health.symptoms")} hint={t("health.optional")} maxLength={500} rows={3} />
        </>
      )}
    </fieldset>
  );
}

/** The labels of a set of health answers in their order (for the form's error summary): a detail is named with its question's number. */
export function healthLabels(t: TFunction, set: HealthQuestionSetView, prefix: string, subject: HealthSubject): FieldLabels {
  const labels: FieldLabels = {};
  const part = (p: string, field: string) => t("validation.partOf", { part: p, field });
  set.questions.forEach((q, i) => {
    labels[conditionFlagName(i, prefix)] = q.text;
    const n = t("validation.questionN", { n: i + 1 });
    const details: Array<[Parameters<typeof conditionFieldName>[1], string]> = [
      ["condition", t("health.condition")],
      ["status", t("health.status")],
      ["health_condition", t("health.healthCondition")],
      ["date_of_onset", t("health.dateOfOnset")],
      ["last_seen_by_physician", t("health.lastSeenByPhysician")],
      ["date_of_recovery", t("health.dateOfRecovery")],
      ["d_last_seen", t("health.lastSeen")],
      ["physician_name", t("health.physicianName")],
      ["address", t("health.physicianAddress")],
      ["phone", t("health.physicianPhone")],
      ["is_treatment", subject === "dependent" ? t("dependent.healthIsTreatment") : t("health.isTreatment")],
      ["is_medicate", subject === "dependent" ? t("dependent.healthIsMedicate") : t("health.isMedicate")],
      ["symptoms", t("health.symptoms")],
    ];
    for (const [f, label] of details) labels[conditionFieldName(i, f, prefix)] = part(n, label);
  });
  if (set.medication) {
    labels[medicationFlagName(prefix)] = set.medication.text;
    for (let n = 0; n < MAX_MEDICATIONS; n++) {
      const which = t("health.medicationN", { n: n + 1 });
      labels[medicationFieldName(n, "medication", prefix)] = part(which, t("health.medicationName"));
      labels[medicationFieldName(n, "dosage", prefix)] = part(which, t("health.dosage"));
      labels[medicationFieldName(n, "medical_condition", prefix)] = part(which, t("health.medicalCondition"));
    }
  }
  labels[notesName(prefix)] = t("health.notes");
  return labels;
}

/**
 * One set of health answers (enrollment-wizard §2.8, §3): Yes/No per condition question
 * (default No) with its details, the medication question with up to three medications, and
 * the notes. The primary applicant's step posts it at the top of its form; a dependent's popup
 * posts the same fields under `prefix` ("health_info."), checked by the same schema.
 */
export function HealthQuestionList({
  set,
  prefix = "",
  subject,
  label,
}: {
  set: HealthQuestionSetView;
  prefix?: string;
  subject: HealthSubject;
  label: string;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  useDetailsFollowAnswers(list);
  const answers = yesNoOptions(t);
  return (
    <>
      <ol className={s.questions} ref={list} aria-label={label}>
        {set.questions.map((q, i) => (
          <li key={q.id}>
            <input type="hidden" name={conditionIdName(i, prefix)} value={String(q.id)} />
            <RadioGroup name={conditionFlagName(i, prefix)} options={answers} />
            <ConditionDetails index={i} layout={q.layout} number={i + 1} prefix={prefix} subject={subject} />
          </li>
        ))}
        {set.medication ? (
          <li>
            <input type="hidden" name={medicationIdName(prefix)} value={String(set.medication.id)} />
            <RadioGroup name={medicationFlagName(prefix)} options={answers} />
            <fieldset className={s.details} data-shown-when-yes={medicationFlagName(prefix)}>
              <legend>{subject === "dependent" ? t("dependent.healthMedications") : t("health.medications")}</legend>
              <p className="hint">{t("health.medicationsHint")}</p>
              {Array.from({ length: MAX_MEDICATIONS }, (_, n) => (
                <fieldset key={n} className={s.medication}>
                  <legend>{n === 0 ? t("health.medicationN", { n: n + 1 }) : t("health.medicationOptional", { n: n + 1 })}</legend>
                  <TextField name={medicationFieldName(n, "medication", prefix)} label={t("health.medicationName")} maxLength={100} />
                  <div className={s.row}>
                    <TextField name={medicationFieldName(n, "dosage", prefix)} label={t("health.dosage")} maxLength={100} />
                    <TextField
                      name={medicationFieldName(n, "medical_condition", prefix)}
                      label={t("health.medicalCondition")}
                      maxLength={100}
                    />
                  </div>
                </fieldset>
              ))}
            </fieldset>
          </li>
        ) : null}
      </ol>
      <TextAreaField name={notesName(prefix)} hint={t("health.notesHint")} maxLength={MAX_NOTES} rows={subject === "dependent" ? 3 : 5} />
    </>
  );
}
