import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requestContext } from "~/.server/platform/request-context";
import { requireOperator } from "~/.server/operators/guard";
import { listPasskeys, removePasskey, signedInRecently } from "~/.server/operators/passkeys";
import { operatorCookies, readOperatorCookie, renewOperatorSession } from "~/.server/operators/sessions";
import { withRenewedCsrf } from "~/.server/platform/respond";
import { OPERATOR_CODE_MESSAGES, codeReference, newBrowserId, sendOperatorCode, verifyOperatorCode } from "~/.server/operators/sign-in";
import { signInCodeValidator } from "~/forms/verify";
import { CodeForm } from "~/components/form/CodeForm";
import { PasskeyAdd } from "~/components/admin/Passkeys";
import { pageTitle } from "~/utils/page-title";
import { recordIdFrom } from "~/domain/record-id";

export const meta = pageTitle("adminAccount");

const NOTICES = new Set(["added", "removed", "confirmed"]);

/**
 * /admin/account: the signed-in operator's own account (issue 27, ADR 025) — who they are, and
 * their passkeys: listed, removed with a plain form, added with JavaScript (WebAuthn). Adding and
 * removing need a sign-in less than 5 minutes old: an older session first confirms it is its
 * operator with a new e-mail code (`confirm-send`, `confirm-code`, plain forms), which starts a
 * new session; a removal asked by an older session comes back with `notice=reauth`.
 */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args);
  const url = new URL(args.request.url);
  const notice = url.searchParams.get("added") ? "added" : url.searchParams.get("notice");
  const locale = await requestContext(args).locale;
  const date = new Intl.DateTimeFormat(locale === "es" ? "es-US" : "en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const passkeys = await listPasskeys(op.services, op.operator.id);
  const recent = signedInRecently(op.services, op.session.signedInAt);
  const reauthKey = (await readOperatorCookie(op.services, args.request)).get("reauth");
  return json(
    {
      recent,
      confirm: !recent && reauthKey ? { reference: codeReference(reauthKey) } : null,
      wait: /^[1-9][0-9]{0,3}$/.test(url.searchParams.get("wait") ?? "") ? Number(url.searchParams.get("wait")) : null,
      operator: { name: op.operator.name, email: op.operator.email, role: op.operator.role },
      // "reauth": a removal refused for the sign-in's age (said only while it is still too old)
      notice: notice && NOTICES.has(notice) ? notice : notice === "reauth" && !recent ? notice : null,
      passkeys: passkeys.map((p) => ({
        id: p.id,
        name: p.name,
        synced: p.synced,
        created: `${date.format(new Date(p.createdAt))} UTC`,
        lastUsed: p.lastUsedAt ? `${date.format(new Date(p.lastUsedAt))} UTC` : null,
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const op = await requireOperator(args);
  const { services, clientIp } = args.context;
  const form = await readForm(args.request, op.services);
  const intent = field(form, "intent", 20);
  const locale = await requestContext(args).locale;
  if (intent === "confirm-send") {
    const cookie = await readOperatorCookie(services, args.request);
    const browser = cookie.get("browser") ?? newBrowserId();
    cookie.set("browser", browser);
    const sent = await sendOperatorCode(services, op.actor, clientIp, op.operator.email, locale, browser);
    const headers = { "Set-Cookie": await operatorCookies(services).commitSession(cookie) };
    // asked again within the wait: the page says how long (a redirect, as every answer to this form)
    if (!sent.ok) return redirect(`/admin/account?wait=${sent.seconds}`, { headers });
    cookie.set("reauth", sent.key);
    return redirect("/admin/account?confirm=sent", { headers: { "Set-Cookie": await operatorCookies(services).commitSession(cookie) } });
  }
  if (intent === "confirm-code") {
    const key = (await readOperatorCookie(services, args.request)).get("reauth");
    if (!key) return redirect("/admin/account");
    const result = await signInCodeValidator.validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    const checked = await verifyOperatorCode(services, op.actor, clientIp, key, result.data.code, locale);
    if (checked.result !== "ok" || !checked.operator || checked.operator.id !== op.operator.id) {
      const failed = checked.result === "ok" ? "wrong" : checked.result;
      const status = failed === "locked" || failed === "throttled" ? 429 : 422;
      return validationError({ fieldErrors: { code: OPERATOR_CODE_MESSAGES[failed] }, formId: result.formId }, { code: "" }, { status });
    }
    const setCookie = await renewOperatorSession(services, args.request, op.session.id, checked.operator);
    return redirect("/admin/account?notice=confirmed", { headers: await withRenewedCsrf(services, setCookie) });
  }
  if (intent !== "remove") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  const raw = field(form, "id", 12);
  const passkeyId = recordIdFrom(raw);
  if (passkeyId === null) throw new Response("Not Found", { status: 404 });
  const removed = await removePasskey(op.services, op.actor, op.operator, op.session.signedInAt, passkeyId, locale);
  // a session signed in too long ago (a stolen one?) first confirms with an e-mail code, as for adding
  if (!removed.ok && removed.reason === "reauth") return redirect("/admin/account?notice=reauth", { status: 303 });
  if (!removed.ok) throw new Response("Not Found", { status: 404 });
  return redirect("/admin/account?notice=removed");
}

export default function AdminAccount() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("admin.account.title")}</h1>
      {data.notice === "reauth" ? (
        <div className="notice notice--error" role="alert" data-testid="reauth">
          <p>
            {t("admin.account.removeReauth")} <a href="#passkey-confirm">{t("admin.account.removeReauthLink")}</a>
          </p>
        </div>
      ) : data.notice ? (
        <div className="notice notice--success" role="status" data-testid="account-notice">
          <p>{t(`admin.account.notice.${data.notice}`)}</p>
        </div>
      ) : null}
      <p>
        {data.operator.name} ({data.operator.email}) · {t(`admin.roles.${data.operator.role}`)}
      </p>
      <section className="card stack" aria-labelledby="passkeys-title">
        <h2 id="passkeys-title">{t("admin.account.passkeysTitle")}</h2>
        <p>{t("admin.account.passkeysIntro")}</p>
        {data.passkeys.length === 0 ? (
          <p data-testid="no-passkeys">{t("admin.account.none")}</p>
        ) : (
          <ul className="stack" data-testid="passkeys">
            {data.passkeys.map((p) => (
              <li key={p.id} className="card stack">
                <h3>{p.name}</h3>
                <p>
                  {t("admin.account.added", { date: p.created })} ·{" "}
                  {p.lastUsed ? t("admin.account.lastUsed", { date: p.lastUsed }) : t("admin.account.neverUsed")}
                  {p.synced ? <> · {t("admin.account.synced")}</> : null}
                </p>
                <Form method="post" className="inline-form">
                  <AuthenticityTokenInput />
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={p.id} />
                  <button className="button button--warning" type="submit">
                    {t("admin.account.remove", { name: p.name })}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card stack" aria-labelledby="add-passkey-title">
        <h2 id="add-passkey-title">{t("admin.account.addTitle")}</h2>
        {data.recent ? (
          <PasskeyAdd />
        ) : (
          <div className="stack" id="passkey-confirm" data-testid="passkey-confirm">
            <p>{t("admin.account.confirmIntro")}</p>
            {data.wait ? (
              <div className="notice notice--error" role="alert">
                <p>{t("admin.account.confirmWait", { seconds: data.wait })}</p>
              </div>
            ) : null}
            {data.confirm ? (
              <>
                <p data-testid="confirm-sent">
                  {t("admin.account.confirmSent")} {t("verify.reference", { reference: data.confirm.reference })}
                </p>
                <CodeForm id="operator-confirm" intent="confirm-code" submitKey="admin.account.confirm" />
              </>
            ) : null}
            <Form method="post" className="inline-form">
              <AuthenticityTokenInput />
              <input type="hidden" name="intent" value="confirm-send" />
              <button className={data.confirm ? "button button--secondary" : "button"} type="submit">
                {data.confirm ? t("admin.account.confirmSendAgain") : t("admin.account.confirmSend")}
              </button>
            </Form>
          </div>
        )}
      </section>
    </div>
  );
}
