import { useMemo } from "react";
import { Form } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import type { DependentView } from "~/views/wizard";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { FieldRules } from "~/domain/field-definitions";
import type { Relationship } from "~/domain/dependents";
import { DISABILITY_CONDITION_MAX, HEALTH_PREFIX, type DependentFormValues } from "~/forms/dependent";
import { lazyFactory, lazyValidator } from "~/forms/client";
import type { HealthQuestionSetView } from "~/views/health";
import { StoreForm } from "~/components/form/StoreForm";
import { RadioGroup, yesNoOptions, TextAreaField, TextField } from "~/components/form/Fields";
import { translateMessage } from "~/components/form/messages";
import { typeDate } from "~/components/QuoteForm";
import { Dialog } from "~/components/Dialog";
import { StepActions, StepDialogs, type StepChrome } from "./StepControls";
import * as s from "./DependentInfoStep.css";
import * as list from "./PersonList.css";
import { PersonRowActions } from "./PersonRowActions";
import { HealthQuestionList, healthLabels } from "./HealthQuestionList";

/** This step's validators, loaded on first use (ADR 013). */
const dependentValidator = lazyFactory(() => import("~/forms/dependent").then((m) => m.dependentValidator));
const spouseAnswerValidator = lazyValidator(() => import("~/forms/dependent").then((m) => m.spouseAnswerValidator));

const HERE = "/enrollment/dependent-information";

export type DependentItem = DependentView;

interface DependentFormState {
  number: number;
  relationship: Relationship;
  values: DependentFormValues;
}

export interface DependentEditing extends DependentFormState {
  id: number;
  ssnLast4: string | null;
}

export interface DependentInfoData {
  chrome: StepChrome;
  rules: FieldRules;
  tier: string | null;
  heading: string | null;
  dependents: DependentItem[];
  max: number;
  add: { relationship: Relationship; number: number } | null;
  addBlocked: string | null;
  spouseQuestion: { shown: boolean; answer: 0 | 1 | null; pending: boolean; heldSpouse: boolean };
  next: { allowed: boolean; message: string | null };
  asksLegalDisability: boolean;
  /** the health questions asked about each dependent (as the primary's), when they apply */
  health: HealthQuestionSetView | null;
  dialog: string | null;
  adding: DependentFormState | null;
  editing: DependentEditing | null;
  deleting: { id: number; number: number; name: string; relationship: Relationship } | null;
  defaultEmail: string | null;
  today: string;
}

/** Keeps digits only, at most `max` of them (weight, height). */
function digitsOnly(max: number) {
  return (e: React.FormEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const digits = input.value.replace(/\D/g, "").slice(0, max);
    if (digits !== input.value) input.value = digits;
  };
}

export function DependentInfoStep({
  data: d,
  mainError,
}: {
  data: DependentInfoData;
  mainError: { message: string; n: number | null } | null;
}) {
  const { t } = useTranslation();
  // While an edit popup is open, adding, deleting and Next wait for it (§4 "Dependents").
  const editLock = d.editing !== null;
  const relationshipLabel = (r: Relationship) => t(r === "spouse" ? "dependent.spouse" : "dependent.child");
  const errorText = mainError
    ? mainError.n
      ? t("dependent.numbered", { n: mainError.n, message: translateMessage(t, mainError.message) })
      : translateMessage(t, mainError.message)
    : null;
  // With the add or edit popup open, a refusal shows inside it (the page is behind it).
  const formOpen = (d.dialog === "add" && d.adding !== null) || (d.dialog === "edit" && d.editing !== null);
  const nextHint = editLock
    ? t("dependent.editFirstToContinue")
    : d.next.allowed
      ? null
      : translateMessage(t, d.next.message ?? "validation.dependentNotAllowed");
  return (
    <section aria-labelledby="step-title" className="stack">
      <h1 id="step-title">{t("wizard.tabs.dependent_info")}</h1>
      {d.heading ? (
        <p className={s.heading} data-testid="dependent-heading">
          {t(d.heading)}
        </p>
      ) : null}
      {errorText && !formOpen ? <MainError text={errorText} /> : null}

      {d.spouseQuestion.shown ? <SpouseQuestion data={d} /> : null}

      <h2 id="dependent-list-title">{t("dependent.listTitle")}</h2>
      {d.dependents.length ? (
        <ul className={list.list} aria-labelledby="dependent-list-title">
          {d.dependents.map((dep) => {
            const label = t("dependent.item", { n: dep.number, name: `${dep.firstName} ${dep.lastName}` });
            return (
              <li key={dep.id} className={list.item} data-testid="dependent">
                <div>
                  <p className={list.name}>
                    <span className={s.relationship}>{relationshipLabel(dep.relationship)}</span>
                    {label}
                  </p>
                  <p className={list.details}>
                    {dep.birthdate ? t("dependent.bornOn", { date: dep.birthdate }) : ""}
                    {dep.ssnMasked ? ` · ${dep.ssnMasked}` : ""}
                  </p>
                </div>
                <PersonRowActions
                  label={label}
                  editHref={`${HERE}?dialog=edit&d=${dep.id}`}
                  deleteHref={`${HERE}?dialog=delete&d=${dep.id}`}
                  editLock={editLock}
                  hintId={`delete-hint-${dep.id}`}
                  text={{ edit: t("dependent.edit"), delete: t("dependent.delete"), editFirstToDelete: t("dependent.editFirstToDelete") }}
                />
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">{t("dependent.none")}</p>
      )}

      {d.add ? (
        editLock ? (
          <p>
            <button type="button" className="button button--secondary" disabled aria-describedby="add-hint">
              {d.add.relationship === "spouse" ? t("dependent.addSpouse") : t("dependent.addChild")}
            </button>{" "}
            <span className="hint" id="add-hint">
              {t("dependent.editFirstToAdd")}
            </span>
          </p>
        ) : (
          <p>
            <Link className="button button--secondary" to={`${HERE}?dialog=add`} preventScrollReset data-testid="add-dependent">
              {d.add.relationship === "spouse" ? t("dependent.addSpouse") : t("dependent.addChild")}
            </Link>
          </p>
        )
      ) : d.addBlocked && d.addBlocked !== d.next.message ? (
        <p className="hint" data-testid="add-blocked">
          {translateMessage(t, d.addBlocked)}
        </p>
      ) : null}

      <Form method="post" action={HERE}>
        <AuthenticityTokenInput />
        <StepActions chrome={d.chrome} nextDisabledHint={nextHint} />
      </Form>
      <StepDialogs defaultEmail={d.defaultEmail} />

      {d.dialog === "add" && d.adding ? (
        <Dialog id="dependent-add" title={t("dependent.dialogTitle", { n: d.adding.number })} closeTo={HERE} wide>
          {errorText ? <MainError text={errorText} /> : null}
          <DependentForm data={d} formId="dependent-add-form" state={d.adding} />
        </Dialog>
      ) : null}
      {d.dialog === "edit" && d.editing ? (
        <Dialog id="dependent-edit" title={t("dependent.dialogTitle", { n: d.editing.number })} closeTo={HERE} wide>
          {errorText ? <MainError text={errorText} /> : null}
          <DependentForm data={d} formId="dependent-edit-form" state={d.editing} editing={d.editing} />
        </Dialog>
      ) : null}
      {d.dialog === "delete" && d.deleting ? (
        <Dialog id="dependent-delete" title={t("dependent.deleteTitle", { n: d.deleting.number })} closeTo={HERE}>
          <p>{t("dependent.deleteQuestion", { name: d.deleting.name })}</p>
          <Form method="post" action={HERE} className="button-group">
            <AuthenticityTokenInput />
            <input type="hidden" name="id" value={d.deleting.id} />
            <button className="button button--warning" type="submit" name="intent" value="delete">
              {t("dependent.confirmDelete")}
            </button>
            <Link className="button button--secondary" to={HERE}>
              {t("common.cancel")}
            </Link>
          </Form>
        </Dialog>
      ) : null}
    </section>
  );
}

function MainError({ text }: { text: string }) {
  return (
    <div className="notice notice--error" role="alert" data-testid="dependent-error" tabIndex={-1}>
      <p>{text}</p>
    </div>
  );
}

/** "Will you be Enrolling your spouse?" with Yes / No and Submit (premier plans). */
function SpouseQuestion({ data: d }: { data: DependentInfoData }) {
  const { t } = useTranslation();
  const answer = d.spouseQuestion.answer;
  return (
    <div className={s.spouseQuestion} data-testid="spouse-question">
      <StoreForm
        labels={{ spouse_enroll_accept: t("dependent.spouseQuestion") }}
        id="spouse-question-form"
        validator={spouseAnswerValidator}
        action={HERE}
        defaultValues={{ spouse_enroll_accept: answer === null ? undefined : (String(answer) as "0" | "1") }}
      >
        <input type="hidden" name="intent" value="spouse-answer" />
        <RadioGroup
          name="spouse_enroll_accept"
          hint={
            d.spouseQuestion.heldSpouse
              ? t("dependent.spouseHeld")
              : d.spouseQuestion.pending
                ? t("dependent.spouseQuestionHint")
                : undefined
          }
          options={yesNoOptions(t)}
        />
        <button className="button" type="submit">
          {t("common.submit")}
        </button>
      </StoreForm>
    </div>
  );
}

/** The add and edit popups' form: each dependent is validated (and saved) on its own. */
function DependentForm({
  data: d,
  formId,
  state,
  editing,
}: {
  data: DependentInfoData;
  formId: string;
  state: DependentFormState;
  editing?: DependentEditing;
}) {
  const { t } = useTranslation();
  const show = (f: string) => Boolean(d.rules[f]?.shown && !d.rules[f]?.readOnly);
  const ssnOnFile = Boolean(editing?.ssnLast4);
  const validator = useMemo(
    () =>
      dependentValidator(d.rules, {
        today: d.today,
        relationship: state.relationship,
        ssnOnFile,
        asksLegalDisability: d.asksLegalDisability,
        healthQuestions: d.health
          ? { conditionIds: d.health.questions.map((q) => q.id), medicationId: d.health.medication?.id ?? null }
          : null,
      }),
    [d.rules, d.today, d.asksLegalDisability, d.health, state.relationship, ssnOnFile],
  );
  const action = editing ? `${HERE}?dialog=edit&d=${editing.id}` : `${HERE}?dialog=add`;
  const relationshipText = t(state.relationship === "spouse" ? "dependent.spouse" : "dependent.child");
  const yesNo = yesNoOptions(t);
  return (
    <StoreForm
      labels={{
        first_name: t("dependent.firstName"),
        middle_name: t("dependent.middleName"),
        last_name: t("dependent.lastName"),
        gender: t("dependent.gender"),
        birthdate: t("dependent.birthdate"),
        ssn: t("dependent.ssn"),
        weight: t("dependent.weight"),
        height_feet: t("dependent.feet"),
        height_inch: t("dependent.inches"),
        is_legally_disabled: t("dependent.legallyDisabled"),
        disability_condition: t("dependent.disabilityCondition"),
        ...(d.health ? healthLabels(t, d.health, HEALTH_PREFIX, "dependent") : {}),
      }}
      id={formId}
      validator={validator}
      action={action}
      defaultValues={state.values as never}
    >
      <input type="hidden" name="intent" value={editing ? "edit" : "add"} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      {/* Set by the server from the tier; posted back so a changed value is refused. */}
      <input type="hidden" name="relationship" value={state.relationship} />
      <div className="field">
        <p className="label" id={`${formId}-relationship-label`}>
          {t("dependent.relationship")}
        </p>
        {/* read right after its label; a paragraph takes no aria-labelledby (HTML validator) */}
        <p className={s.readOnlyValue} data-testid="dependent-relationship">
          {relationshipText}
        </p>
      </div>
      <TextField name="first_name" autoComplete="off" maxLength={50} />
      {show("middle_name") ? <TextField name="middle_name" autoComplete="off" maxLength={50} /> : null}
      <TextField name="last_name" autoComplete="off" maxLength={50} />
      <RadioGroup
        name="gender"
        options={[
          { value: "0", label: t("quote.male") },
          { value: "1", label: t("quote.female") },
        ]}
      />
      <TextField
        name="birthdate"
        hint={t("common.dateHint")}
        inputMode="numeric"
        maxLength={10}
        autoComplete="off"
        short
        onInput={typeDate}
      />
      {show("ssn") ? (
        <TextField
          name="ssn"
          hint={editing?.ssnLast4 ? t("dependent.ssnKeep", { last4: editing.ssnLast4 }) : t("dependent.ssnHint")}
          inputMode="numeric"
          maxLength={11}
          autoComplete="off"
          short
        />
      ) : null}
      {show("weight") ? <TextField name="weight" inputMode="numeric" maxLength={3} short onInput={digitsOnly(3)} /> : null}
      {show("height_feet") || show("height_inch") ? (
        <fieldset className="field">
          <legend>{t("dependent.height")}</legend>
          <div className="choices">
            {show("height_feet") ? <TextField name="height_feet" inputMode="numeric" maxLength={1} short onInput={digitsOnly(1)} /> : null}
            {show("height_inch") ? <TextField name="height_inch" inputMode="numeric" maxLength={2} short onInput={digitsOnly(2)} /> : null}
          </div>
        </fieldset>
      ) : null}
      {d.asksLegalDisability ? (
        <div className={s.question}>
          <RadioGroup name="is_legally_disabled" hint={t("dependent.legallyDisabledHint")} options={yesNo} />
          <div className={s.questionDetail}>
            <TextAreaField name="disability_condition" hint={t("dependent.ifYes")} maxLength={DISABILITY_CONDITION_MAX} rows={3} />
          </div>
        </div>
      ) : null}
      {d.health ? (
        <section className="stack" aria-labelledby={`${formId}-health-title`}>
          <h3 id={`${formId}-health-title`}>{t("dependent.healthTitle")}</h3>
          <p className="hint">{t("dependent.healthHint")}</p>
          <HealthQuestionList set={d.health} prefix={HEALTH_PREFIX} subject="dependent" label={t("dependent.healthTitle")} />
        </section>
      ) : null}
      <div className="button-group">
        <button className="button" type="submit">
          {editing ? t("dependent.update") : t("dependent.save")}
        </button>
        <Link className="button button--secondary" to={HERE}>
          {t("common.cancel")}
        </Link>
      </div>
    </StoreForm>
  );
}
