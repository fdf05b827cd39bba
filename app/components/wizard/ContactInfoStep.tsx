import { useEffect, useState } from "react";
import { Form } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useField } from "~/components/form/validated";
import { useNavigate } from "@remix-run/react";
import type { FieldRules } from "~/domain/field-definitions";
import { lazyFactory, lazyValidator } from "~/forms/client";
import { StoreForm } from "~/components/form/StoreForm";
import { CheckboxField, SelectField, TextField, type Option } from "~/components/form/Fields";
import { translateMessage } from "~/components/form/messages";
import { Dialog } from "~/components/Dialog";
import { AddressFields, addressLabels } from "./AddressFields";
import { DraftNotice, StepActions, StepDialogs, type StepChrome } from "./StepControls";
import * as s from "./ContactInfoStep.css";

/** This step's validators, loaded on first use (ADR 013). */
const contactValidator = lazyFactory(() => import("~/forms/contact").then((m) => m.contactValidator));
const otpValidator = lazyValidator(() => import("~/forms/contact").then((m) => m.otpValidator));

export interface ContactInfoData {
  chrome: StepChrome;
  rules: FieldRules;
  values: Record<string, string>;
  states: Option[];
  verified: { email: boolean; phone: boolean };
  flags: { email: boolean; phone: boolean };
  dialog: string | null;
  /** the site's member sign-in (an outside address), offered when the e-mail belongs to a member */
  memberSignIn: string | null;
  /** sent: a code that can still be used went to this target (the dialog never claims more) */
  otp: { type: "email" | "phone"; target: string; state: "enter" | "done"; sent: boolean; waitSeconds: number };
}

/**
 * "Email Already Exists." is not a dead end (issue 26 #14): beside the message, what to do —
 * continue a saved enrollment, use another address, or sign in as a member.
 */
function EmailTakenHelp({ memberSignIn }: { memberSignIn: string | null }) {
  const { t } = useTranslation();
  const { error } = useField("email");
  if (error !== "validation.emailExists") return null;
  return (
    <div className="notice" data-testid="email-taken-help">
      <p>{t("contact.emailTaken.intro")}</p>
      <ul>
        <li>
          <Link to="/continue-enrollment">{t("contact.emailTaken.continue")}</Link> {t("contact.emailTaken.continueHint")}
        </li>
        <li>{t("contact.emailTaken.another")}</li>
        <li>
          {memberSignIn ? (
            <>
              <a href={memberSignIn} target="_blank" rel="noopener noreferrer">
                {t("contact.emailTaken.member")} <span className="visually-hidden">{t("common.opensNewTab")}</span>
              </a>{" "}
              {t("contact.emailTaken.memberHint")}
            </>
          ) : (
            t("contact.emailTaken.memberNoLink")
          )}
        </li>
      </ul>
    </div>
  );
}

/** Verified (green check), or flagged (info icon, verify by code, skip validation). */
function ContactStatus({ kind, verified, flaggedByLoader }: { kind: "email" | "phone"; verified: boolean; flaggedByLoader: boolean }) {
  const { t } = useTranslation();
  const { error } = useField(kind === "email" ? "email" : "phone_number");
  const skip = useField(kind === "email" ? "skip_validation_email" : "skip_validation_phone");
  const unverified = error === `validation.${kind}Unverified`;
  // That check is the server's alone: with JavaScript, ticking "Skip … Validation" validates the
  // form again in the browser, which drops the error. The box and its message stay until the
  // field has another error (a new address that is not an address).
  const [seen, setSeen] = useState(unverified);
  useEffect(() => {
    if (unverified) setSeen(true);
    else if (error) setSeen(false);
  }, [unverified, error]);
  const flagged = unverified || (!error && (seen || flaggedByLoader)) || skip.defaultValue === "1";
  if (verified && !error) {
    return (
      <p className={s.verified} data-testid={`${kind}-verified`}>
        <span aria-hidden="true">✓ </span>
        {t(`contact.${kind}Verified`)}
      </p>
    );
  }
  if (!flagged) return null;
  return (
    <div className={s.flagged} data-testid={`${kind}-flagged`}>
      <p>
        <span aria-hidden="true">ⓘ </span>
        {t(`contact.${kind}Flagged`)}
      </p>
      <button className="button button--secondary" type="submit" name="intent" value={`verify-${kind}`}>
        {t(`contact.verify${kind === "email" ? "Email" : "Phone"}`)}
      </button>
      <CheckboxField name={kind === "email" ? "skip_validation_email" : "skip_validation_phone"} />
    </div>
  );
}

export function ContactInfoStep({
  data: d,
  otpError,
  otpWait,
}: {
  data: ContactInfoData;
  otpError: string | null;
  otpWait: number | null;
}) {
  const { t } = useTranslation();
  const show = (f: string) => d.rules[f]?.shown && !d.rules[f]?.readOnly;
  return (
    <section aria-labelledby="step-title" className="stack">
      <h1 id="step-title">{t("wizard.tabs.contact_info")}</h1>
      <DraftNotice chrome={d.chrome} />
      <StoreForm
        labels={{
          email: t("contact.email"),
          skip_validation_email: t("contact.skipEmail"),
          phone_number: t("contact.phone"),
          skip_validation_phone: t("contact.skipPhone"),
          ...addressLabels(t),
          birth_state: t("contact.birthState"),
          birth_city: t("contact.birthCity"),
          with_validation: t("contact.uspsValidation"),
        }}
        id="contact"
        validator={contactValidator(d.rules)}
        defaultValues={d.values as never}
      >
        {show("email") ? (
          <>
            <TextField name="email" type="email" autoComplete="email" maxLength={254} spellCheck={false} />
            <ContactStatus kind="email" verified={d.verified.email} flaggedByLoader={d.flags.email} />
            <EmailTakenHelp memberSignIn={d.memberSignIn} />
          </>
        ) : null}
        {show("phone_number") ? (
          <>
            <TextField
              name="phone_number"
              hint={t("contact.phoneHint")}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={14}
              short
            />
            <ContactStatus kind="phone" verified={d.verified.phone} flaggedByLoader={d.flags.phone} />
          </>
        ) : null}
        <AddressFields rules={d.rules} states={d.states} formId="contact" />
        {show("birth_state") ? <SelectField name="birth_state" options={d.states} placeholder={t("common.select")} /> : null}
        {show("birth_city") ? <TextField name="birth_city" maxLength={100} /> : null}
        {d.rules.with_validation?.shown ? <CheckboxField name="with_validation" hint={t("contact.uspsHint")} /> : null}
        <StepActions chrome={d.chrome} />
      </StoreForm>
      <StepDialogs defaultEmail={d.values.email} />
      {d.dialog === "otp" ? <OtpDialog otp={d.otp} error={otpError} wait={otpWait} /> : null}
    </section>
  );
}

function OtpDialog({ otp, error, wait }: { otp: ContactInfoData["otp"]; error: string | null; wait: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const close = "/enrollment/contact-info";
  const [seconds, setSeconds] = useState(wait ?? otp.waitSeconds);
  useEffect(() => setSeconds(wait ?? otp.waitSeconds), [wait, otp.waitSeconds]);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  useEffect(() => {
    // With JavaScript the success message closes by itself after 2 seconds.
    if (otp.state !== "done") return;
    const timer = setTimeout(() => navigate(close, { preventScrollReset: true }), 2000);
    return () => clearTimeout(timer);
  }, [otp.state, navigate]);
  const kindLabel = otp.type === "email" ? t("contact.email") : t("contact.phone");
  if (otp.state === "done") {
    return (
      <Dialog id="otp" title={t("contact.verifyTitle", { what: kindLabel })} closeTo={close}>
        <p className="notice notice--success" role="status" data-testid="otp-success">
          {t("contact.verificationSuccessful")}
        </p>
        <Link className="button" to={close}>
          {t("contact.continue")}
        </Link>
      </Dialog>
    );
  }
  return (
    <Dialog id="otp" title={t("contact.verifyTitle", { what: kindLabel })} closeTo={close}>
      <p data-testid="otp-status">
        {otp.sent ? t("contact.codeSent", { target: otp.target }) : t("contact.codeNotSent", { target: otp.target })}
      </p>
      <StoreForm
        labels={{ otp: t(otp.type === "email" ? "contact.otpEmailLabel" : "contact.otpPhoneLabel") }}
        id="otp-form"
        validator={otpValidator}
        action={`/enrollment/contact-info?dialog=otp&type=${otp.type}`}
      >
        <input type="hidden" name="intent" value="otp-verify" />
        <input type="hidden" name="type" value={otp.type} />
        <TextField name="otp" inputMode="numeric" maxLength={6} autoComplete="one-time-code" short />
        <button className="button" type="submit">
          {t("contact.verify")}
        </button>
      </StoreForm>
      <Form method="post" action={`/enrollment/contact-info?dialog=otp&type=${otp.type}`} className="button-group">
        <AuthenticityTokenInput />
        <input type="hidden" name="type" value={otp.type} />
        {error ? <p className="error-message">{translateMessage(t, error)}</p> : null}
        <button
          className={otp.sent ? "button button--secondary" : "button"}
          type="submit"
          name="intent"
          value="otp-resend"
          disabled={seconds > 0}
          aria-describedby="resend-wait"
        >
          {otp.sent ? t("contact.resend") : t("contact.sendCode")}
        </button>
        {seconds > 0 ? (
          <span id="resend-wait" className="hint" data-testid="resend-wait">
            {seconds > 120 ? t("contact.resendWaitMinutes", { count: Math.ceil(seconds / 60) }) : t("contact.resendWait", { seconds })}{" "}
            <Link to={`/enrollment/contact-info?dialog=otp&type=${otp.type}`} preventScrollReset>
              {t("contact.refresh")}
            </Link>
          </span>
        ) : null}
      </Form>
    </Dialog>
  );
}
