import { useTranslation } from "~/i18n-react";
import type { ApplicantName } from "~/domain/agreement";
import { APPLICANT_SIGNATURE_RULES } from "~/domain/agreement";
import { lazyFactory } from "~/forms/client";
import { StoreForm } from "~/components/form/StoreForm";
import { AgreementTexts, EsignConsent, SignatureBlock, agreementLabels, signatureLabels, type AgreementStepData } from "./AgreementStep";
import type { EsignConsentText } from "~/domain/esign-consent";
import { ESIGN_CONSENT_FIELD } from "~/forms/agreement";
import { OrderSummary } from "./ReviewStep";
import { TextField } from "~/components/form/Fields";

const signDobValidator = lazyFactory(() => import("~/forms/sign-identity").then((m) => m.signDobValidator));

/** This step's validators, loaded on first use (ADR 013). */
const agreementValidator = lazyFactory(() => import("~/forms/agreement").then((m) => m.agreementValidator));

const FORM_ID = "sign";

export type TextSignatureData =
  | { state: "invalid" }
  | { state: "ended" }
  | { state: "verify"; firstName: string; plans: string[]; today: string }
  | { state: "signed"; firstName: string; confirmation: string; signedOn: string }
  | {
      state: "open";
      firstName: string;
      confirmation: string;
      enrolledBy: string;
      summary: {
        applicant: { name: string; birthdate: string };
        dependents: Array<{ name: string; relationship: string; birthdate: string }>;
      };
      effectiveDate: string;
      lines: Array<{ id: number; name: string; priceCents: number }>;
      totals: { initialMonthCents: number; recurringMonthCents: number };
      agreements: AgreementStepData["agreements"];
      applicantName: ApplicantName | null;
      today: string;
      esign: EsignConsentText;
    };

/**
 * The page a signature request by text message opens: what was chosen for the applicant, the
 * agreements to accept, and their signature (drawn, or their typed name without JavaScript).
 */
export function TextSignaturePage({ data: d }: { data: TextSignatureData }) {
  const { t } = useTranslation();
  if (d.state === "invalid") {
    return (
      <section className="stack" aria-labelledby="sign-title">
        <h1 id="sign-title">{t("sign.invalidTitle")}</h1>
        <p>{t("sign.invalidBody")}</p>
      </section>
    );
  }
  if (d.state === "ended") {
    return (
      <section className="stack" aria-labelledby="sign-title">
        <h1 id="sign-title">{t("sign.endedTitle")}</h1>
        <p data-testid="sign-ended">{t("sign.endedBody")}</p>
      </section>
    );
  }
  if (d.state === "verify") return <VerifySigner data={d} />;
  if (d.state === "signed") {
    return (
      <section className="stack" aria-labelledby="sign-title">
        <div className="notice notice--success" data-testid="signed">
          <h1 id="sign-title">{t("sign.doneTitle")}</h1>
          <p>{t("sign.doneBody", { date: d.signedOn })}</p>
          <p>
            {t("receipt.confirmation")}: <strong>{d.confirmation}</strong>
          </p>
        </div>
        <p>{t("sign.closePage")}</p>
      </section>
    );
  }
  const validator = agreementValidator({
    agreements: d.agreements,
    rules: APPLICANT_SIGNATURE_RULES,
    applicantName: d.applicantName,
    today: d.today,
  });
  return (
    <section className="stack" aria-labelledby="sign-title">
      <h1 id="sign-title">{t("sign.title")}</h1>
      <p>{d.firstName ? t("sign.greeting", { name: d.firstName }) : null}</p>
      <p>{d.enrolledBy ? t("sign.introBy", { by: d.enrolledBy }) : t("sign.intro")}</p>
      <section className="card" aria-labelledby="sign-application" data-testid="sign-application">
        <h2 id="sign-application">{t("sign.application")}</h2>
        <p>{t("sign.applicationIntro")}</p>
        <h3>{t("sign.applicant")}</h3>
        <dl className="summary-list">
          <div>
            <dt>{t("review.name")}</dt>
            <dd>{d.summary.applicant.name}</dd>
          </div>
          {d.summary.applicant.birthdate ? (
            <div>
              <dt>{t("dependent.birthdate")}</dt>
              <dd>{d.summary.applicant.birthdate}</dd>
            </div>
          ) : null}
        </dl>
        <h3>{t("sign.dependents")}</h3>
        {d.summary.dependents.length ? (
          <ul>
            {d.summary.dependents.map((p) => (
              <li key={`${p.relationship}-${p.name}-${p.birthdate}`}>
                {p.name} — {p.relationship}, {t("dependent.birthdate")} {p.birthdate}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("sign.noDependents")}</p>
        )}
      </section>
      <section className="card" aria-labelledby="sign-plans">
        <h2 id="sign-plans">{t("sign.plans")}</h2>
        <OrderSummary effectiveDate={d.effectiveDate} lines={d.lines} totals={d.totals}>
          <div>
            <dt>{t("receipt.confirmation")}</dt>
            <dd>{d.confirmation}</dd>
          </div>
        </OrderSummary>
      </section>
      <StoreForm
        id={FORM_ID}
        validator={validator}
        labels={{ ...agreementLabels(t, d.agreements), [ESIGN_CONSENT_FIELD]: d.esign.agree, ...signatureLabels(t) }}
      >
        <p>
          <strong>{t("sign.certify")}</strong>
        </p>
        <AgreementTexts agreements={d.agreements} />
        <EsignConsent text={d.esign} />
        <SignatureBlock formId={FORM_ID} required signed={null} />
        <div className="button-group">
          <button className="button" type="submit" data-testid="sign-submit">
            {t("sign.submit")}
          </button>
        </div>
      </StoreForm>
    </section>
  );
}

/**
 * Before anything personal: the signer types their date of birth (posted, checked by the server,
 * remembered for this browser only). The page shows only what identifies nobody.
 */
function VerifySigner({ data: d }: { data: Extract<TextSignatureData, { state: "verify" }> }) {
  const { t } = useTranslation();
  return (
    <section className="stack" aria-labelledby="sign-title">
      <h1 id="sign-title">{t("sign.title")}</h1>
      <p>{d.firstName ? t("sign.greeting", { name: d.firstName }) : null}</p>
      <p>{t("sign.verifyIntro")}</p>
      {d.plans.length ? (
        <section className="card" aria-labelledby="sign-plans">
          <h2 id="sign-plans">{t("sign.plans")}</h2>
          <ul data-testid="sign-plan-names">
            {d.plans.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="card" aria-labelledby="sign-verify">
        <h2 id="sign-verify">{t("sign.verifyTitle")}</h2>
        <p>{t("sign.verifyWhy")}</p>
        <StoreForm id="sign-verify-form" validator={signDobValidator(d.today)} labels={{ dob: t("sign.verifyLabel") }}>
          <input type="hidden" name="intent" value="verify" />
          <TextField
            name="dob"
            label={t("sign.verifyLabel")}
            hint={t("sign.verifyHint")}
            inputMode="numeric"
            autoComplete="bday"
            maxLength={10}
            spellCheck={false}
            short
          />
          <div className="button-group">
            <button className="button" type="submit" data-testid="sign-verify-submit">
              {t("sign.verifySubmit")}
            </button>
          </div>
        </StoreForm>
      </section>
    </section>
  );
}
