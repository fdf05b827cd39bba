import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requestContext } from "~/.server/platform/request-context";
import { requireOperator } from "~/.server/operators/guard";
import { listPasskeys, removePasskey } from "~/.server/operators/passkeys";
import { PasskeyAdd } from "~/components/admin/Passkeys";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("adminAccount");

const NOTICES = new Set(["added", "removed"]);

/**
 * /admin/account: the signed-in operator's own account (issue 27, ADR 025) — who they are, and
 * their passkeys: listed, removed with a plain form, added with JavaScript (WebAuthn).
 */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args);
  const url = new URL(args.request.url);
  const notice = url.searchParams.get("added") ? "added" : url.searchParams.get("notice");
  const locale = await requestContext(args).locale;
  const date = new Intl.DateTimeFormat(locale === "es" ? "es-US" : "en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const passkeys = await listPasskeys(op.services, op.operator.id);
  return json(
    {
      operator: { name: op.operator.name, email: op.operator.email, role: op.operator.role },
      notice: notice && NOTICES.has(notice) ? notice : null,
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
  const form = await readForm(args.request, op.services);
  if (field(form, "intent", 20) !== "remove") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  const raw = field(form, "id", 12);
  if (!/^[1-9][0-9]{0,8}$/.test(raw)) throw new Response("Not Found", { status: 404 });
  if (!(await removePasskey(op.services, op.actor, op.operator.id, Number(raw)))) throw new Response("Not Found", { status: 404 });
  return redirect("/admin/account?notice=removed");
}

export default function AdminAccount() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("admin.account.title")}</h1>
      {data.notice ? (
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
        <PasskeyAdd />
      </section>
    </div>
  );
}
