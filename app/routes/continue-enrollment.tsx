import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, useActionData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { validationError } from "remix-validated-form";
import { field, readForm } from "~/.server/platform/request";
import { continueWithCode } from "~/.server/wizard/resume";
import { continueValidator } from "~/forms/wizard";
import * as clientForms from "~/forms/client";
import { StoreForm } from "~/components/form/StoreForm";
import { TextField } from "~/components/form/Fields";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("continueEnrollment");

export function loader(_: LoaderFunctionArgs) {
  return json(null);
}

/**
 * /continue-enrollment: 'Please Enter Your Code and Email Address', then the saved step. A code
 * for a completed enrollment says so and opens nothing; when this browser holds another
 * unfinished enrollment, the page asks before replacing it (the answer posts the code again).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const result = await continueValidator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const session = await requestContext({ request, context }).session;
  const resumed = await continueWithCode(services, session, context.clientIp, result.data.code, result.data.email, {
    replace: field(form, "replace", 5) === "yes",
  });
  if (!resumed.ok && resumed.error === "switch")
    return json({ switchFor: { code: result.data.code, email: result.data.email } }, { status: 409 });
  if (!resumed.ok) {
    return validationError({ fieldErrors: { code: resumed.error }, formId: result.formId }, result.submittedData, {
      status:
        resumed.error === "validation.tooManyCodes"
          ? 429
          : resumed.error === "validation.resumeComplete" || resumed.error === "validation.resumeUsed"
            ? 410
            : 422,
    });
  }
  return redirect(resumed.to, { headers: { "Set-Cookie": await services.sessions.commit(session) } });
}

export default function ContinueEnrollment() {
  const { t } = useTranslation();
  const acted = useActionData<typeof action>() as { switchFor?: { code: string; email: string } } | undefined;
  if (acted?.switchFor) {
    return (
      <div className="stack" data-testid="resume-switch">
        <h1>{t("resume.switchTitle")}</h1>
        <p>{t("resume.switchBody")}</p>
        <Form method="post">
          <AuthenticityTokenInput />
          <input type="hidden" name="code" value={acted.switchFor.code} />
          <input type="hidden" name="email" value={acted.switchFor.email} />
          <button className="button" type="submit" name="replace" value="yes">
            {t("resume.switch")}
          </button>
        </Form>
        <p>
          <Link className="button button--secondary" to="/cart">
            {t("resume.keep")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="stack">
      <h1>{t("resume.title")}</h1>
      <p>{t("resume.prompt")}</p>
      <StoreForm labels={{ code: t("resume.code"), email: t("resume.email") }} id="continue" validator={clientForms.continueValidator}>
        <TextField name="code" hint={t("resume.codeHint")} autoComplete="one-time-code" maxLength={20} spellCheck={false} short />
        <TextField name="email" type="email" autoComplete="email" maxLength={254} spellCheck={false} />
        <button className="button" type="submit">
          {t("resume.continue")}
        </button>
      </StoreForm>
    </div>
  );
}
