import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { validationError } from "remix-validated-form";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requestContext } from "~/.server/platform/request-context";
import { currentOperator, safeNext } from "~/.server/operators/guard";
import { actorFrom, readOperatorCookie, startOperatorSession } from "~/.server/operators/sessions";
import { withRenewedCsrf } from "~/.server/platform/respond";
import { OPERATOR_CODE_MESSAGES, codeReference, verifyOperatorCode, type OperatorVerifyResult } from "~/.server/operators/sign-in";
import { signInCodeValidator } from "~/forms/verify";
import { CodeForm } from "~/components/form/CodeForm";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("adminCode");

/** /admin/code: the 6-digit code sent to the address typed at /admin (if it is an operator's). */
export async function loader(args: LoaderFunctionArgs) {
  if (await currentOperator(args)) throw redirect("/admin");
  const cookie = await readOperatorCookie(args.context.services, args.request);
  const key = cookie.get("signin");
  if (!key) throw redirect("/admin");
  return json({ reference: codeReference(key) }, { headers: { "Cache-Control": "no-store" } });
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { services } = context;
  const form = await readForm(request, services);
  if (await currentOperator(args)) return redirect("/admin");
  if (field(form, "intent", 20) !== "verify") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  const cookie = await readOperatorCookie(services, request);
  const key = cookie.get("signin");
  if (!key) return redirect("/admin");
  const result = await signInCodeValidator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const checked = await verifyOperatorCode(
    services,
    actorFrom(request, null),
    context.clientIp,
    key,
    result.data.code,
    await requestContext(args).locale,
  );
  if (checked.result !== "ok" || !checked.operator) {
    const status = checked.result === "locked" || checked.result === "throttled" ? 429 : 422;
    return validationError(
      { fieldErrors: { code: OPERATOR_CODE_MESSAGES[checked.result as Exclude<OperatorVerifyResult, "ok">] }, formId: result.formId },
      { code: "" },
      { status },
    );
  }
  const setCookie = await startOperatorSession(services, request, checked.operator, "code");
  return redirect(safeNext(cookie.get("next")), { headers: await withRenewedCsrf(services, setCookie) });
}

export default function AdminCode() {
  const { reference } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("admin.code.title")}</h1>
      <p data-testid="code-sent">
        {t("admin.code.sent")} <span data-testid="code-reference">{t("verify.reference", { reference })}</span>
      </p>
      <section className="card">
        <CodeForm id="operator-code" intent="verify" />
      </section>
      <p>
        <Link to="/admin">{t("admin.code.startAgain")}</Link>
      </p>
    </div>
  );
}
