import { useTranslation } from "~/i18n-react";
import type { TFunction } from "i18next";
import { useField } from "~/components/form/validated";
import type { FieldRules } from "~/domain/field-definitions";
import type { ApplicantName } from "~/domain/agreement";
import { ESIGN_CONSENT_FIELD, agreementField } from "~/forms/agreement";
import { lazyFactory } from "~/forms/client";
import type { EsignConsentText } from "~/domain/esign-consent";
import { StoreForm, type FieldLabels } from "~/components/form/StoreForm";
import { CheckboxField, HintAndError, TextField } from "~/components/form/Fields";
import { fieldId, translateMessage } from "~/components/form/messages";
import { typeDate } from "~/components/QuoteForm";
import { formatMoney } from "~/utils/format";
import { StepActions, StepDialogs, type StepChrome } from "./StepControls";
import { SignaturePad } from "./SignaturePad";
import * as s from "./AgreementStep.css";

/** This step's validators, loaded on first use (ADR 013). */
const agreementValidator = lazyFactory(() => import("~/forms/agreement").then((m) => m.agreementValidator));

const FORM_ID = "agreement";

export interface AgreementStepData {
  chrome: StepChrome;
  rules: FieldRules;
  /** a rep or group may leave the signature to the applicant (a text message from the review) */
  signLater: boolean;
  agreements: Array<{ id: number; head: string; bodyHtml: string; required: boolean }>;
  l713: {
    planName: string;
    specialMessageHtml: string;
    netPriceCents: number;
    fees: {
      unionDues: number;
      annuityFund: number;
      billingFees: number;
      associationDues: Record<string, number>;
      marketerFeesFrom: number;
      marketerFeesTo: number;
    };
  } | null;
  /** the consent to electronic records and signatures (ESIGN Act §7001(c)), as this site words it */
  esign: EsignConsentText;
  values: Record<string, string>;
  applicantName: ApplicantName | null;
  today: string;
  eprocess: string;
  /** who fills Group Verification: the group's administrator, or an employee enrolling themselves */
  groupEnroller: "admin" | "employee";
  signed: { method: "drawn" | "typed"; on: string; stale: boolean } | null;
  dialog: string | null;
  defaultEmail: string | null;
}

/** The carrier's special message for an L713 (union) plan, with the fees it includes (§9). */
function L713Message({ l713 }: { l713: NonNullable<AgreementStepData["l713"]> }) {
  const { t, i18n } = useTranslation();
  const money = (c: number) => formatMoney(c, i18n.language);
  return (
    <section className="notice notice--warning" aria-labelledby="l713-title" data-testid="l713-message">
      <h2 id="l713-title">{t("agreement.l713Title")}</h2>
      {l713.specialMessageHtml ? <div dangerouslySetInnerHTML={{ __html: l713.specialMessageHtml }} /> : null}
      <table className={s.fees}>
        <caption className="visually-hidden">{t("agreement.l713Fees", { plan: l713.planName })}</caption>
        <tbody>
          <tr>
            <th scope="row">{t("cart.fees.unionDues")}</th>
            <td>{money(l713.fees.unionDues)}</td>
          </tr>
          <tr>
            <th scope="row">{t("cart.fees.annuity")}</th>
            <td>{money(l713.fees.annuityFund)}</td>
          </tr>
          <tr>
            <th scope="row">{t("cart.fees.billing")}</th>
            <td>{money(l713.fees.billingFees)}</td>
          </tr>
          <tr>
            <th scope="row">{t("cart.fees.association")}</th>
            <td>
              {t("cart.fees.associationTiers", {
                single: money(l713.fees.associationDues.IO),
                spouse: money(l713.fees.associationDues.IS),
                children: money(l713.fees.associationDues.IC),
                family: money(l713.fees.associationDues.IF),
              })}
            </td>
          </tr>
          <tr>
            <th scope="row">{t("cart.fees.marketer")}</th>
            <td>{t("cart.fees.marketerRange", { from: money(l713.fees.marketerFeesFrom), to: money(l713.fees.marketerFeesTo) })}</td>
          </tr>
          <tr>
            <th scope="row">{t("cart.fees.healthWelfare")}</th>
            <td>{money(l713.netPriceCents)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

/**
 * The signature: the canvas (browser only) and, always, the typed full name with its consent.
 * 'Signature is required' and a refused drawing show on the group as a whole.
 */
export function SignatureBlock({
  formId,
  required,
  signed,
  signLater = false,
}: {
  formId: string;
  required: boolean;
  signed: AgreementStepData["signed"];
  signLater?: boolean;
}) {
  const { t } = useTranslation();
  const { error } = useField("signature");
  const id = fieldId(formId, "signature");
  const message = translateMessage(t, error);
  return (
    <fieldset
      className={`field ${s.block}${message ? " field--error" : ""}`}
      id={id}
      tabIndex={-1}
      aria-describedby={[`${id}-hint`, message ? `${id}-error` : null].filter(Boolean).join(" ")}
    >
      <legend>
        {t("agreement.signature")}
        {required ? null : ` ${t("agreement.optional")}`}
      </legend>
      <HintAndError
        id={id}
        hint={signLater ? `${t("agreement.signatureHint")} ${t("agreement.signLaterHint")}` : t("agreement.signatureHint")}
        message={message}
      />
      {signed ? (
        <p className="notice" data-testid="signed-before">
          {t(signed.stale ? "agreement.signedBeforeCartChanged" : "agreement.signedBefore", { date: signed.on })}
        </p>
      ) : null}
      <SignaturePad name="signature" describedBy={`${id}-hint`} />
      <div className={s.typed}>
        <h3>{t("agreement.typeInstead")}</h3>
        <TextField name="signature_name" hint={t("agreement.typedNameHint")} autoComplete="name" maxLength={101} spellCheck={false} />
        <CheckboxField name="signature_consent" />
      </div>
    </fieldset>
  );
}

/**
 * The consent to electronic records and signatures: every disclosure §7001(c) asks for, in
 * full on the page (no dialog, no JavaScript), then its own required box.
 */
export function EsignConsent({ text, hint }: { text: EsignConsentText; hint?: string }) {
  return (
    <section className={s.agreement} aria-labelledby="esign-title" data-testid="esign-consent">
      <h2 id="esign-title">{text.title}</h2>
      <p>{text.intro}</p>
      {text.sections.map((section) => (
        <div key={section.key}>
          <h3>{section.heading}</h3>
          <p>{section.body}</p>
        </div>
      ))}
      <CheckboxField name={ESIGN_CONSENT_FIELD} hint={hint} />
    </section>
  );
}

/** The labels of the agreements' boxes and of the signature, in the page's order (for the error summary). */
export function agreementLabels(t: TFunction, agreements: AgreementStepData["agreements"]): FieldLabels {
  return Object.fromEntries(
    agreements.filter((a) => a.required).map((a) => [agreementField(a.id), t("agreement.accept", { title: a.head })]),
  );
}
export function signatureLabels(t: TFunction): FieldLabels {
  return { signature: t("agreement.signature"), signature_name: t("agreement.typedName"), signature_consent: t("agreement.typedConsent") };
}

/** The agreement texts, each with its box to tick when it must be accepted. */
export function AgreementTexts({ agreements }: { agreements: AgreementStepData["agreements"] }) {
  return (
    <>
      {agreements.map((a) => (
        <article key={a.id} className={s.agreement} aria-labelledby={`agreement-head-${a.id}`} data-testid="agreement-text">
          <h2 id={`agreement-head-${a.id}`}>{a.head}</h2>
          <div dangerouslySetInnerHTML={{ __html: a.bodyHtml }} />
          {a.required ? <CheckboxField name={agreementField(a.id)} /> : null}
        </article>
      ))}
    </>
  );
}

export function AgreementStep({ data: d }: { data: AgreementStepData }) {
  const { t } = useTranslation();
  const show = (f: string) => Boolean(d.rules[f]?.shown && !d.rules[f]?.readOnly);
  const validator = agreementValidator({
    agreements: d.agreements,
    rules: d.rules,
    applicantName: d.applicantName,
    today: d.today,
    signLater: d.signLater,
  });
  const input = (f: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) =>
    show(f) ? <TextField name={f} maxLength={f.endsWith("code") ? 32 : 100} spellCheck={false} {...extra} /> : null;
  const broker = show("agent_name") || show("agent_code");
  const group = show("group_name") || show("group_code");
  const applicant = ["user_name", "question", "answer", "date", "verification_code"].some(show);
  return (
    <section aria-labelledby="step-title" className="stack">
      <h1 id="step-title">{t("wizard.tabs.agreement_info")}</h1>
      <p>{t("agreement.intro")}</p>
      <StoreForm
        labels={{
          ...agreementLabels(t, d.agreements),
          ...Object.fromEntries(
            ["agent_name", "agent_code", "group_name", "group_code", "user_name", "question", "answer", "date", "verification_code"].map(
              (f) => [f, t(`agreement.fields.${f}`)],
            ),
          ),
          [ESIGN_CONSENT_FIELD]: d.esign.agree,
          ...signatureLabels(t),
        }}
        id={FORM_ID}
        validator={validator}
        defaultValues={d.values as never}
      >
        {d.l713 ? <L713Message l713={d.l713} /> : null}
        <AgreementTexts agreements={d.agreements} />
        {broker ? (
          <fieldset className={s.block} data-testid="broker-verification">
            <legend>{t("agreement.brokerVerification")}</legend>
            <p className="hint">{t("agreement.brokerHint")}</p>
            {input("agent_name", { autoComplete: "name" })}
            {input("agent_code", { autoComplete: "off", short: true })}
          </fieldset>
        ) : null}
        {group ? (
          <fieldset className={s.block} data-testid="group-verification">
            <legend>{t("agreement.groupVerification")}</legend>
            <p className="hint">{t(d.groupEnroller === "admin" ? "agreement.groupHint" : "agreement.groupHintEmployee")}</p>
            {input("group_name", { autoComplete: "organization" })}
            {input("group_code", { autoComplete: "off", short: true })}
          </fieldset>
        ) : null}
        {applicant ? (
          <fieldset className={s.block} data-testid="applicant-verification">
            <legend>{t("agreement.applicantVerification")}</legend>
            {input("user_name", { autoComplete: "name" })}
            {input("question", { maxLength: 200 })}
            {input("answer", { autoComplete: "off", maxLength: 200 })}
            {input("date", { hint: t("common.dateHint"), inputMode: "numeric", maxLength: 10, short: true, onInput: typeDate })}
            {input("verification_code", { autoComplete: "one-time-code", short: true })}
          </fieldset>
        ) : null}
        <EsignConsent text={d.esign} hint={d.signLater ? t("agreement.esignLaterHint") : undefined} />
        {show("signature") ? (
          <SignatureBlock formId={FORM_ID} required={Boolean(d.rules.signature?.required)} signed={d.signed} signLater={d.signLater} />
        ) : null}
        <StepActions chrome={d.chrome} />
      </StoreForm>
      <StepDialogs defaultEmail={d.defaultEmail} />
    </section>
  );
}
