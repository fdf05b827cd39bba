import { useField } from "~/components/form/validated";
import { translateMessage } from "~/components/form/messages";
import { useTranslation } from "~/i18n-react";
import type { FieldRules } from "~/domain/field-definitions";
import { lazyFactory, lazyValidator } from "~/forms/client";
import { StoreForm } from "~/components/form/StoreForm";
import { RadioGroup, TextField } from "~/components/form/Fields";
import { typeDate } from "~/components/QuoteForm";
import { Dialog } from "~/components/Dialog";
import { genderLabelKey } from "~/utils/format";
import { DraftNotice, StepActions, StepDialogs, type StepChrome } from "./StepControls";

/** This step's validators, loaded on first use (ADR 013). */
const personalValidator = lazyFactory(() => import("~/forms/personal").then((m) => m.personalValidator));
const enrollerCodeValidator = lazyValidator(() => import("~/forms/personal").then((m) => m.enrollerCodeValidator));

export interface PersonalInfoData {
  chrome: StepChrome;
  rules: FieldRules;
  values: Record<string, string>;
  ssnLast4: string | null;
  birthdate: string;
  gender: number | null;
  maritalOptions: Array<{ value: string; label: string }>;
  enrollerCode: string | null;
  dialog: string | null;
  defaultEmail: string | null;
  today: string;
}

/** A locked value (birthdate, gender): shown, never posted. */
function LockedField({ id, label, value, hint }: { id: string; label: string; value: string; hint: string }) {
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <span className="hint" id={`${id}-hint`}>
        {hint}
      </span>
      <input id={id} className="input input--short" value={value} readOnly aria-readonly="true" aria-describedby={`${id}-hint`} />
    </div>
  );
}

export function PersonalInfoStep({ data: d }: { data: PersonalInfoData }) {
  const { t } = useTranslation();
  const show = (f: string) => d.rules[f]?.shown ?? false;
  const editable = (f: string) => show(f) && !d.rules[f]?.readOnly;
  const validator = personalValidator(d.rules, d.today, { ssnOnFile: Boolean(d.ssnLast4) });
  return (
    <section aria-labelledby="step-title" className="stack">
      <h1 id="step-title">{t("wizard.tabs.primary_info")}</h1>
      <DraftNotice chrome={d.chrome} />
      <StoreForm
        labels={{
          first_name: t("personal.firstName"),
          middle_name: t("personal.middleName"),
          last_name: t("personal.lastName"),
          height_feet: t("personal.feet"),
          height_inch: t("personal.inches"),
          weight: t("personal.weight"),
          marital_status: t("personal.maritalStatus"),
          ssn: t("personal.ssn"),
          prior_coverage_flag: t("personal.priorCoverage"),
          prior_carrier_name: t("personal.priorCarrier"),
          prior_effective_date: t("personal.priorEffective"),
          prior_term_date: t("personal.priorTerm"),
        }}
        id="personal"
        validator={validator}
        defaultValues={d.values as never}
      >
        {editable("first_name") ? <TextField name="first_name" autoComplete="given-name" maxLength={50} /> : null}
        {editable("middle_name") ? <TextField name="middle_name" autoComplete="additional-name" maxLength={50} /> : null}
        {editable("last_name") ? <TextField name="last_name" autoComplete="family-name" maxLength={50} /> : null}
        {show("birthdate") ? (
          <LockedField id="personal-birthdate" label={t("quote.dob")} value={d.birthdate} hint={t("personal.fromQuote")} />
        ) : null}
        {show("gender") ? (
          <LockedField
            id="personal-gender"
            label={t("quote.gender")}
            value={genderLabelKey(d.gender) ? t(genderLabelKey(d.gender)!) : ""}
            hint={t("personal.fromQuote")}
          />
        ) : null}
        {editable("height_feet") || editable("height_inch") ? (
          <fieldset className="field">
            <legend>{t("personal.height")}</legend>
            <div className="choices">
              {editable("height_feet") ? <TextField name="height_feet" inputMode="numeric" maxLength={1} short /> : null}
              {editable("height_inch") ? <TextField name="height_inch" inputMode="numeric" maxLength={2} short /> : null}
            </div>
          </fieldset>
        ) : null}
        {editable("weight") ? <TextField name="weight" hint={t("personal.weightHint")} inputMode="numeric" maxLength={3} short /> : null}
        {editable("marital_status") ? <RadioGroup name="marital_status" options={d.maritalOptions} /> : null}
        {show("ssn") && d.rules.ssn?.readOnly ? (
          <LockedField
            id="personal-ssn"
            label={t("personal.ssn")}
            value={d.ssnLast4 ? `XXX-XX-${d.ssnLast4}` : ""}
            hint={t("personal.ssnLocked")}
          />
        ) : editable("ssn") ? (
          <TextField
            name="ssn"
            hint={d.ssnLast4 ? t("personal.ssnOnFile", { last4: d.ssnLast4 }) : t("personal.ssnHint")}
            inputMode="numeric"
            maxLength={11}
            autoComplete="off"
            short
          />
        ) : null}
        {editable("prior_coverage_flag") ? (
          <>
            <RadioGroup
              name="prior_coverage_flag"
              options={[
                { value: "0", label: t("personal.noPriorCoverage") },
                { value: "1", label: t("personal.hadPriorCoverage") },
              ]}
              inline={false}
            />
            <fieldset className="field">
              <legend>{t("personal.priorDetails")}</legend>
              <span className="hint">{t("personal.priorDetailsHint")}</span>
              {editable("prior_carrier_name") ? <TextField name="prior_carrier_name" maxLength={100} /> : null}
              {editable("prior_effective_date") ? (
                <TextField
                  name="prior_effective_date"
                  hint={t("common.dateHint")}
                  inputMode="numeric"
                  maxLength={10}
                  short
                  onInput={typeDate}
                />
              ) : null}
              {editable("prior_term_date") ? (
                <TextField name="prior_term_date" hint={t("common.dateHint")} inputMode="numeric" maxLength={10} short onInput={typeDate} />
              ) : null}
            </fieldset>
          </>
        ) : null}
        <StepActions chrome={d.chrome} />
        {/*
          After Next, so the Enter key in a text box never opens the dialog. A submit button, not
          a link: it keeps what was typed (a draft) and the server opens the dialog by URL, with
          or without JavaScript.
        */}
        {show("enroller_code") ? (
          <div className="field" id="personal-enroller_code">
            <p className="label">{t("personal.enrollerCode")}</p>
            <EnrollerCodeError />
            <p>
              {d.enrollerCode
                ? t("personal.enrollerCodeSaved", { code: d.enrollerCode })
                : d.rules.enroller_code?.required
                  ? t("personal.enrollerCodeRequired")
                  : t("personal.enrollerCodeOptional")}{" "}
              <button className="button button--link" type="submit" name="intent" value="enroller-dialog" formNoValidate>
                {t("personal.enterEnrollerCode")}
              </button>
            </p>
          </div>
        ) : null}
      </StoreForm>
      <StepDialogs defaultEmail={d.defaultEmail} />
      {d.dialog === "enroller" ? (
        <Dialog id="enroller" title={t("personal.enterEnrollerCode")} closeTo="/enrollment/personal-info">
          <StoreForm
            labels={{ enrollerCode: t("personal.enrollerCode") }}
            id="enroller-form"
            validator={enrollerCodeValidator}
            defaultValues={{ enrollerCode: d.enrollerCode ?? "" }}
          >
            <input type="hidden" name="intent" value="enroller-code" />
            <TextField name="enrollerCode" autoComplete="off" maxLength={32} spellCheck={false} short />
            <button className="button" type="submit">
              {t("common.save")}
            </button>
          </StoreForm>
        </Dialog>
      ) : null}
    </section>
  );
}

function EnrollerCodeError() {
  const { t } = useTranslation();
  const { error } = useField("enroller_code");
  return error ? <p className="error-message">{translateMessage(t, error)}</p> : null;
}
