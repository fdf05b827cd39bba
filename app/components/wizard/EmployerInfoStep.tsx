import { useContext } from "react";
import { useTranslation } from "~/i18n-react";
import { useField } from "~/components/form/validated";
import type { FieldRules } from "~/domain/field-definitions";
import type { EmployerChoices } from "~/forms/employer";
import { lazyFactory } from "~/forms/client";
import { StoreForm } from "~/components/form/StoreForm";
import { CheckboxField, HintAndError, FormIdContext, RadioGroup, SelectField, TextField, type Option } from "~/components/form/Fields";
import { fieldId, translateMessage } from "~/components/form/messages";
import { typeDate } from "~/components/QuoteForm";
import { AddressFields, addressLabels } from "./AddressFields";
import { DraftNotice, StepActions, StepDialogs, type StepChrome } from "./StepControls";
import * as s from "./EmployerInfoStep.css";

/** This step's validators, loaded on first use (ADR 013). */
const employerValidator = lazyFactory(() => import("~/forms/employer").then((m) => m.employerValidator));

export interface EmployerInfoData {
  chrome: StepChrome;
  rules: FieldRules;
  values: Record<string, string | Record<string, string>>;
  options: Record<keyof EmployerChoices, Option[]>;
  choices: EmployerChoices;
  states: Option[];
  canSkip: boolean;
  skipped: boolean;
  fromGroup: boolean;
  dialog: string | null;
  defaultEmail: string | null;
  today: string;
}

/**
 * The holiday policy: one checkbox per option, each its own field (`holiday_policy.Standard_6`),
 * so a plain post without JavaScript carries exactly the ticked ones; the "at least one" error
 * belongs to the group and is shown once, on the fieldset.
 */
function HolidayPolicy({ options }: { options: Option[] }) {
  const { t } = useTranslation();
  const { error } = useField("holiday_policy");
  const id = fieldId(useContext(FormIdContext), "holiday_policy");
  const message = translateMessage(t, error);
  const describedBy = [`${id}-hint`, message ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={`field${message ? " field--error" : ""}`}>
      <fieldset id={id} tabIndex={-1} aria-describedby={describedBy}>
        <legend>{t("employer.holidayPolicy")}</legend>
        <HintAndError id={id} hint={t("employer.holidayPolicyHint")} message={message} />
        <div className={s.holidays}>
          {options.map((o) => (
            <CheckboxField key={o.value} name={`holiday_policy.${o.value}`} label={o.label} value="1" />
          ))}
        </div>
      </fieldset>
    </div>
  );
}

export function EmployerInfoStep({ data: d, formError }: { data: EmployerInfoData; formError: string | null }) {
  const { t } = useTranslation();
  const show = (f: string) => Boolean(d.rules[f]?.shown && !d.rules[f]?.readOnly);
  const validator = employerValidator(d.rules, d.today, d.choices);
  return (
    <section aria-labelledby="step-title" className="stack">
      <h1 id="step-title">{t("wizard.tabs.employer_info")}</h1>
      <DraftNotice chrome={d.chrome} />
      {formError ? (
        <p className="notice notice--error" role="alert" data-testid="employer-form-error">
          {translateMessage(t, formError)}
        </p>
      ) : null}
      {d.skipped ? (
        <p className="notice">{t("employer.skippedNote")}</p>
      ) : d.fromGroup ? (
        <p className="hint">{t("employer.fromGroup")}</p>
      ) : null}
      <StoreForm
        labels={{
          name: t("employer.name"),
          phone: t("employer.phone"),
          ...addressLabels(t),
          with_validation: t("contact.uspsValidation"),
          average_work_week: t("employer.averageWorkWeek"),
          employment_start_date: t("employer.startDate"),
          occupation: t("employer.occupation"),
          compensation_type: t("employer.compensationType"),
          employment_status: t("employer.employmentStatus"),
          emp_industry: t("employer.industry"),
          emp_num_employed: t("employer.numEmployed"),
          emp_vac_policy: t("employer.vacationPolicy"),
          emp_barg_unit: t("employer.bargainingUnit"),
          holiday_policy: t("employer.holidayPolicy"),
        }}
        id="employer"
        validator={validator}
        defaultValues={d.values as never}
      >
        {show("name") ? <TextField name="name" autoComplete="organization" maxLength={100} /> : null}
        {show("phone") ? (
          <TextField name="phone" hint={t("contact.phoneHint")} type="tel" inputMode="tel" autoComplete="off" maxLength={14} short />
        ) : null}
        <AddressFields rules={d.rules} states={d.states} formId="employer" />
        {d.rules.with_validation?.shown ? <CheckboxField name="with_validation" hint={t("contact.uspsHint")} /> : null}
        {show("average_work_week") ? (
          <SelectField name="average_work_week" options={d.options.average_work_week} placeholder={t("common.select")} />
        ) : null}
        {show("employment_start_date") ? (
          <TextField
            name="employment_start_date"
            hint={t("employer.startDateHint")}
            inputMode="numeric"
            maxLength={10}
            short
            onInput={typeDate}
          />
        ) : null}
        {show("occupation") ? <TextField name="occupation" autoComplete="organization-title" maxLength={100} /> : null}
        {show("compensation_type") ? (
          <SelectField name="compensation_type" options={d.options.compensation_type} placeholder={t("common.select")} />
        ) : null}
        {show("employment_status") ? <RadioGroup name="employment_status" options={d.options.employment_status} /> : null}
        {show("emp_industry") ? (
          <SelectField name="emp_industry" options={d.options.emp_industry} placeholder={t("common.select")} />
        ) : null}
        {show("emp_num_employed") ? (
          <TextField name="emp_num_employed" hint={t("employer.numEmployedHint")} inputMode="numeric" maxLength={9} short />
        ) : null}
        {show("emp_vac_policy") ? (
          <SelectField name="emp_vac_policy" options={d.options.emp_vac_policy} placeholder={t("common.select")} />
        ) : null}
        {show("emp_barg_unit") ? (
          <SelectField name="emp_barg_unit" options={d.options.emp_barg_unit} placeholder={t("common.select")} />
        ) : null}
        {show("holiday_policy") ? <HolidayPolicy options={d.options.holiday_policy} /> : null}
        <StepActions chrome={d.chrome} />
        {/* After Next, so the Enter key in a text box never skips the step. */}
        {d.canSkip ? (
          <div className="button-group">
            <button
              className="button button--secondary"
              type="submit"
              name="intent"
              value="skip"
              formNoValidate
              aria-describedby="employer-skip-hint"
            >
              {t("employer.skip")}
            </button>
            <span id="employer-skip-hint" className="hint">
              {t("employer.skipHint")}
            </span>
          </div>
        ) : null}
      </StoreForm>
      <StepDialogs defaultEmail={d.defaultEmail} />
    </section>
  );
}
