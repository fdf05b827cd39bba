import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { validationError } from "remix-validated-form";
import { readForm } from "~/.server/platform/request";
import { continueWithCode } from "~/.server/wizard/resume";
import { continueValidator } from "~/forms/wizard";
import * as clientForms from "~/forms/client";
import { StoreForm } from "~/components/form/StoreForm";
import { TextField } from "~/components/form/Fields";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("continueEnrollment");

export function loader(_: LoaderFunctionArgs) {
  return json(null);
}

/** /continue-enrollment: 'Please Enter Your Code and Email Address', then the saved step. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const result = await continueValidator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const session = await services.sessions.read(request);
  const resumed = await continueWithCode(services, session, context.clientIp, result.data.code, result.data.email);
  if (!resumed.ok) {
    return validationError({ fieldErrors: { code: resumed.error }, formId: result.formId }, result.submittedData, { status: resumed.error === "validation.tooManyCodes" ? 429 : 422 });
  }
  return redirect(resumed.to, { headers: { "Set-Cookie": await services.sessions.commit(session) } });
}

export default function ContinueEnrollment() {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("resume.title")}</h1>
      <p>{t("resume.prompt")}</p>
      <StoreForm labels={{ code: t("resume.code"), email: t("resume.email") }} id="continue" validator={clientForms.continueValidator}>
        <TextField name="code" label={t("resume.code")} hint={t("resume.codeHint")} autoComplete="one-time-code" maxLength={20} spellCheck={false} short />
        <TextField name="email" label={t("resume.email")} type="email" autoComplete="email" maxLength={254} spellCheck={false} />
        <button className="button" type="submit">
          {t("resume.continue")}
        </button>
      </StoreForm>
    </div>
  );
}
