import { Form } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { FieldRules } from "~/domain/field-definitions";
import type { TotalMessage } from "~/domain/beneficiaries";
import type { BeneficiaryView } from "~/views/wizard";
import { lazyFactory } from "~/forms/client";
import { StoreForm } from "~/components/form/StoreForm";
import { SelectField, TextField, type Option } from "~/components/form/Fields";
import { translateMessage } from "~/components/form/messages";
import { typeDate } from "~/components/QuoteForm";
import { Dialog } from "~/components/Dialog";
import { StepActions, StepDialogs, type StepChrome } from "./StepControls";
import * as s from "./BeneficiaryInfoStep.css";
import * as list from "./PersonList.css";
import { PersonRowActions } from "./PersonRowActions";

/** This step's validators, loaded on first use (ADR 013). */
const beneficiaryValidator = lazyFactory(() => import("~/forms/beneficiary").then((m) => m.beneficiaryValidator));

const HERE = "/enrollment/beneficiary-info";

/** A row of the list: the server's view of a beneficiary (the SSN only masked). */
export type BeneficiaryItem = Omit<BeneficiaryView, "ssnLast4">;

export interface BeneficiaryEditing {
  id: number;
  number: number;
  ssnLast4: string | null;
  values: Record<string, string>;
}

export interface BeneficiaryInfoData {
  chrome: StepChrome;
  rules: FieldRules;
  relationships: Option[];
  beneficiaries: BeneficiaryItem[];
  total: number;
  totalMessage: TotalMessage | null;
  canAdd: boolean;
  canContinue: boolean;
  max: number;
  dialog: string | null;
  editing: BeneficiaryEditing | null;
  deleting: { id: number; number: number; name: string } | null;
  defaultEmail: string | null;
  today: string;
}

/** The percentage box keeps digits only, 3 at most. */
function typePercentage(e: React.FormEvent<HTMLInputElement>) {
  const input = e.currentTarget;
  const digits = input.value.replace(/\D/g, "").slice(0, 3);
  if (digits !== input.value) input.value = digits;
}

export function BeneficiaryInfoStep({ data: d, mainError }: { data: BeneficiaryInfoData; mainError: string | null }) {
  const { t } = useTranslation();
  // While an edit popup is open, Delete and Next wait for it (§4 "Beneficiary").
  const editLock = d.editing !== null;
  const relationshipLabel = (value: string) => d.relationships.find((o) => o.value === value)?.label ?? value;
  return (
    <section aria-labelledby="step-title" className="stack">
      <h1 id="step-title">{t("wizard.tabs.beneficiary_info")}</h1>
      <p>{t("beneficiary.intro", { max: d.max })}</p>
      {mainError ? (
        <div className="notice notice--error" role="alert" data-testid="beneficiary-error" tabIndex={-1}>
          <p>{translateMessage(t, mainError)}</p>
        </div>
      ) : null}

      <h2 id="beneficiary-list-title">{t("beneficiary.listTitle")}</h2>
      {d.beneficiaries.length ? (
        <ul className={list.list} aria-labelledby="beneficiary-list-title">
          {d.beneficiaries.map((b) => {
            const label = t("beneficiary.item", { n: b.number, name: `${b.firstName} ${b.lastName}` });
            return (
              <li key={b.id} className={list.item} data-testid="beneficiary">
                <div>
                  <p className={list.name}>{label}</p>
                  <p className={list.details}>
                    <span className={s.percentage}>{t("beneficiary.percentageShare", { percentage: b.percentage })}</span>
                    {" · "}
                    {relationshipLabel(b.relationship)}
                    {b.birthdate ? ` · ${b.birthdate}` : ""}
                    {b.ssnMasked ? ` · ${b.ssnMasked}` : ""}
                  </p>
                </div>
                <PersonRowActions
                  label={label}
                  editHref={`${HERE}?dialog=edit&b=${b.id}`}
                  deleteHref={`${HERE}?dialog=delete&b=${b.id}`}
                  editLock={editLock}
                  hintId={`delete-hint-${b.id}`}
                  text={{
                    edit: t("beneficiary.edit"),
                    delete: t("beneficiary.delete"),
                    editFirstToDelete: t("beneficiary.editFirstToDelete"),
                  }}
                />
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">{t("beneficiary.none")}</p>
      )}
      {d.canAdd ? (
        <p>
          <Link className="button button--secondary" to={`${HERE}?dialog=add`} preventScrollReset data-testid="add-beneficiary">
            {t("beneficiary.add")}
          </Link>
        </p>
      ) : null}
      {d.totalMessage ? (
        <p
          className={d.totalMessage.tone === "ok" ? s.totalOk : s.totalError}
          role="status"
          data-testid="beneficiary-total"
          data-tone={d.totalMessage.tone}
        >
          {t(d.totalMessage.key, d.totalMessage.values)}
        </p>
      ) : null}

      <Form method="post" action={HERE}>
        <AuthenticityTokenInput />
        {editLock ? null : (
          <p className="hint" id="next-tooltip">
            {t("beneficiary.nextHint")}
          </p>
        )}
        <StepActions chrome={d.chrome} nextDisabledHint={editLock ? t("beneficiary.editFirstToContinue") : null} />
      </Form>
      <StepDialogs defaultEmail={d.defaultEmail} />

      {d.dialog === "add" ? (
        <Dialog id="beneficiary-add" title={t("beneficiary.addTitle")} closeTo={HERE} wide>
          <BeneficiaryForm data={d} formId="beneficiary-add-form" />
        </Dialog>
      ) : null}
      {d.dialog === "edit" && d.editing ? (
        <Dialog id="beneficiary-edit" title={t("beneficiary.editTitle", { n: d.editing.number })} closeTo={HERE} wide>
          <BeneficiaryForm data={d} formId="beneficiary-edit-form" editing={d.editing} />
        </Dialog>
      ) : null}
      {d.dialog === "delete" && d.deleting ? (
        <Dialog id="beneficiary-delete" title={t("beneficiary.deleteTitle", { n: d.deleting.number })} closeTo={HERE}>
          <p>{t("beneficiary.deleteQuestion", { name: d.deleting.name })}</p>
          <Form method="post" action={HERE} className="button-group">
            <AuthenticityTokenInput />
            <input type="hidden" name="id" value={d.deleting.id} />
            <button className="button button--warning" type="submit" name="intent" value="delete">
              {t("beneficiary.confirmDelete")}
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

/** The add and edit popups' form: each beneficiary is validated (and saved) on its own. */
function BeneficiaryForm({ data: d, formId, editing }: { data: BeneficiaryInfoData; formId: string; editing?: BeneficiaryEditing }) {
  const { t } = useTranslation();
  const show = (f: string) => Boolean(d.rules[f]?.shown && !d.rules[f]?.readOnly);
  const validator = beneficiaryValidator(
    d.rules,
    d.relationships.map((o) => o.value),
    d.today,
    { ssnOnFile: Boolean(editing?.ssnLast4) },
  );
  const action = editing ? `${HERE}?dialog=edit&b=${editing.id}` : `${HERE}?dialog=add`;
  return (
    <StoreForm
      labels={{
        first_name: t("beneficiary.firstName"),
        middle_name: t("beneficiary.middleName"),
        last_name: t("beneficiary.lastName"),
        birthdate: t("beneficiary.birthdate"),
        relationship: t("beneficiary.relationship"),
        ssn: t("beneficiary.ssn"),
        beneficiary_percentage: t("beneficiary.percentage"),
      }}
      id={formId}
      validator={validator}
      action={action}
      defaultValues={(editing?.values ?? {}) as never}
    >
      <input type="hidden" name="intent" value={editing ? "edit" : "add"} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      {show("first_name") ? <TextField name="first_name" autoComplete="off" maxLength={50} /> : null}
      {show("middle_name") ? <TextField name="middle_name" autoComplete="off" maxLength={50} /> : null}
      {show("last_name") ? <TextField name="last_name" autoComplete="off" maxLength={50} /> : null}
      {show("birthdate") ? (
        <TextField
          name="birthdate"
          hint={t("beneficiary.birthdateHint")}
          inputMode="numeric"
          maxLength={10}
          autoComplete="off"
          short
          onInput={typeDate}
        />
      ) : null}
      {show("relationship") ? <SelectField name="relationship" options={d.relationships} placeholder={t("common.select")} /> : null}
      {show("ssn") ? (
        <TextField
          name="ssn"
          hint={editing?.ssnLast4 ? t("beneficiary.ssnKeep", { last4: editing.ssnLast4 }) : t("beneficiary.ssnHint")}
          inputMode="numeric"
          maxLength={11}
          autoComplete="off"
          short
        />
      ) : null}
      {show("beneficiary_percentage") ? (
        <TextField
          name="beneficiary_percentage"
          hint={t("beneficiary.percentageHint")}
          inputMode="numeric"
          maxLength={3}
          autoComplete="off"
          short
          onInput={typePercentage}
        />
      ) : null}
      <div className="button-group">
        <button className="button" type="submit">
          {editing ? t("beneficiary.update") : t("beneficiary.save")}
        </button>
        <Link className="button button--secondary" to={HERE}>
          {t("common.cancel")}
        </Link>
      </div>
    </StoreForm>
  );
}
