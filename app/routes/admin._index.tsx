import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { validationError } from "remix-validated-form";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requestContext } from "~/.server/platform/request-context";
import { currentOperator, safeNext } from "~/.server/operators/guard";
import { adminFrame } from "~/.server/operators/frame";
import { actorFrom, operatorCookies, readOperatorCookie } from "~/.server/operators/sessions";
import { newBrowserId, sendOperatorCode } from "~/.server/operators/sign-in";
import { operatorEmailValidator } from "~/forms/admin";
import * as clientForms from "~/forms/client";
import { StoreForm } from "~/components/form/StoreForm";
import { TextField } from "~/components/form/Fields";
import { messageKey } from "~/forms/common";
import { PasskeySignIn } from "~/components/admin/Passkeys";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("admin");

const ENDED = new Set(["idle", "absolute", "logout", "deactivated", "role_changed", "elsewhere", "unknown"]);

/**
 * /admin: the console's home for a signed-in operator; otherwise its sign-in — an e-mail address,
 * then a one-time code sent to it (issue 27). The page says the same whatever the address. With
 * JavaScript, an operator who added a passkey can sign in with it instead (ADR 025).
 */
export async function loader(args: LoaderFunctionArgs) {
  const op = await currentOperator(args, true);
  const url = new URL(args.request.url);
  if (op) return json({ stage: "home" as const, areas: adminFrame(op).areas, ended: null, next: null });
  const ended = url.searchParams.get("ended");
  return json({
    stage: "signIn" as const,
    areas: [],
    ended: ended && ENDED.has(ended) ? ended : null,
    next: safeNext(url.searchParams.get("next")),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { services } = context;
  const form = await readForm(request, services);
  if (await currentOperator(args)) return redirect("/admin");
  if (field(form, "intent", 20) !== "send") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  const result = await operatorEmailValidator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const locale = await requestContext(args).locale;
  const cookie = await readOperatorCookie(services, request);
  const browser = cookie.get("browser") ?? newBrowserId();
  cookie.set("browser", browser);
  const headers = { "Set-Cookie": await operatorCookies(services).commitSession(cookie) };
  const sent = await sendOperatorCode(services, actorFrom(request, null), context.clientIp, result.data.email, locale, browser);
  if (!sent.ok)
    return validationError(
      { fieldErrors: { email: messageKey("admin.signIn.wait", { seconds: sent.seconds }) }, formId: result.formId },
      result.submittedData,
      { status: 429, headers },
    );
  cookie.set("signin", sent.key);
  cookie.set("next", safeNext(field(form, "next", 300)));
  return redirect("/admin/code", { headers: { "Set-Cookie": await operatorCookies(services).commitSession(cookie) } });
}

export default function AdminHome() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (data.stage === "home")
    return (
      <div className="stack">
        <h1>{t("admin.home.title")}</h1>
        <p>{t("admin.home.intro")}</p>
        <ul>
          {data.areas
            .filter((a) => a.href !== "/admin")
            .map((a) => (
              <li key={a.href}>
                <Link to={a.href}>{t(a.key)}</Link>
              </li>
            ))}
        </ul>
      </div>
    );
  return (
    <div className="stack">
      <h1>{t("admin.signIn.title")}</h1>
      {data.ended ? (
        <div className="notice notice--warning" role="status" data-testid="session-ended">
          <p>{t(`admin.signIn.ended.${data.ended}`)}</p>
        </div>
      ) : null}
      <p>{t("admin.signIn.intro")}</p>
      <section className="card" aria-labelledby="email-title">
        <h2 id="email-title">{t("admin.signIn.emailTitle")}</h2>
        <StoreForm id="operator-email" labels={{ email: t("admin.signIn.email") }} validator={clientForms.operatorEmailValidator}>
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="next" value={data.next ?? "/admin"} />
          <TextField name="email" type="email" autoComplete="username" spellCheck={false} />
          <button className="button" type="submit">
            {t("admin.signIn.send")}
          </button>
        </StoreForm>
      </section>
      <PasskeySignIn next={data.next ?? "/admin"} />
    </div>
  );
}
