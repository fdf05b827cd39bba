import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { validationError } from "remix-validated-form";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requireOperator } from "~/.server/operators/guard";
import { signedInRecently } from "~/.server/operators/passkeys";
import { recordEvent } from "~/.server/operators/trail";
import { addOperator, changeOperator, listOperators } from "~/.server/operators/directory";
import { newOperatorValidator, operatorRoleValidator } from "~/forms/admin";
import * as clientForms from "~/forms/client";
import { StoreForm } from "~/components/form/StoreForm";
import { SelectField, TextField } from "~/components/form/Fields";
import { OPERATOR_ROLES } from "~/domain/operators";
import { pageTitle } from "~/utils/page-title";
import { recordIdFrom } from "~/domain/record-id";

export const meta = pageTitle("adminOperators");

/** /admin/operators (admins only): add an operator, change a role, deactivate or reactivate; never the last admin. */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "operators", access: "edit" });
  const url = new URL(args.request.url);
  const operators = await listOperators(op.services);
  return json(
    {
      me: op.operator.id,
      notice: ["saved", "lastAdmin", "reauth"].includes(url.searchParams.get("notice") ?? "") ? url.searchParams.get("notice") : null,
      operators: operators.map((o) => ({ id: o.id, email: o.email, name: o.name, role: o.role, active: o.active === 1 })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const idOf = (raw: string) => {
  const id = recordIdFrom(raw);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
};

export async function action(args: ActionFunctionArgs) {
  const op = await requireOperator(args, { area: "operators", access: "edit" });
  const form = await readForm(args.request, op.services);
  const intent = field(form, "intent", 20);
  // step-up (ADR 025 addendum): a new operator, a role or a reactivation is lasting access, as a
  // passkey is; a session not signed in recently (a stolen one) first confirms with an e-mail code
  if ((intent === "add" || intent === "role" || intent === "reactivate") && !signedInRecently(op.services, op.session.signedInAt)) {
    await recordEvent(op.services, op.actor, { kind: "operator.change_refused", detail: `reauth_${intent}` });
    return redirect("/admin/operators?notice=reauth", { status: 303 });
  }
  if (intent === "add") {
    const result = await newOperatorValidator.validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    const added = await addOperator(op.services, op.actor, result.data);
    if (!added.ok)
      return validationError({ fieldErrors: { email: "admin.operators.emailTaken" }, formId: result.formId }, result.submittedData, {
        status: 422,
      });
    return redirect("/admin/operators?notice=saved");
  }
  if (intent === "role" || intent === "deactivate" || intent === "reactivate") {
    const id = idOf(field(form, "id", 12));
    let next: { role?: (typeof OPERATOR_ROLES)[number]; active?: boolean };
    if (intent === "role") {
      const result = await operatorRoleValidator.validate(form);
      if (result.error) throw new Response("Bad role", { status: 400, statusText: "bad-form" });
      next = { role: result.data.role };
    } else next = { active: intent === "reactivate" };
    const changed = await changeOperator(op.services, op.actor, id, next);
    if (!changed.ok && changed.error === "notFound") throw new Response("Not Found", { status: 404 });
    if (!changed.ok) return redirect("/admin/operators?notice=lastAdmin", { status: 303 });
    return redirect("/admin/operators?notice=saved");
  }
  throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
}

export default function AdminOperators() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const roles = OPERATOR_ROLES.map((r) => ({ value: r, label: t(`admin.roles.${r}`) }));
  return (
    <div className="stack">
      <h1>{t("admin.operators.title")}</h1>
      {data.notice === "saved" ? (
        <div className="notice notice--success" role="status" data-testid="saved">
          <p>{t("admin.saved")}</p>
        </div>
      ) : null}
      {data.notice === "reauth" ? (
        <div className="notice notice--error" role="alert" data-testid="reauth">
          <p>
            {t("admin.operators.reauth")} <Link to="/admin/account">{t("admin.operators.reauthLink")}</Link>
          </p>
        </div>
      ) : null}
      {data.notice === "lastAdmin" ? (
        <div className="notice notice--error" role="alert" data-testid="last-admin">
          <p>{t("admin.operators.lastAdmin")}</p>
        </div>
      ) : null}
      <ul className="stack" data-testid="operators-list">
        {data.operators.map((o) => (
          <li key={o.id} className="card stack">
            <h2>
              {o.name} <span className="muted">({o.email})</span>
            </h2>
            <p>
              {t(`admin.roles.${o.role}`)}
              {o.active ? null : <> · {t("admin.inactive")}</>}
            </p>
            <Form method="post" className="stack">
              <AuthenticityTokenInput />
              <input type="hidden" name="id" value={o.id} />
              <div className="field">
                <label className="label" htmlFor={`role-${o.id}`}>
                  {t("admin.operators.roleOf", { name: o.name })}
                </label>
                <select id={`role-${o.id}`} name="role" className="select" defaultValue={o.role}>
                  {roles.map((r) => (
                    <option key={r.value} value={r.value}>
                      {r.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="button-group">
                <button className="button button--secondary" type="submit" name="intent" value="role">
                  {t("admin.operators.changeRole")}
                </button>
                <button
                  className={o.active ? "button button--warning" : "button button--secondary"}
                  type="submit"
                  name="intent"
                  value={o.active ? "deactivate" : "reactivate"}
                >
                  {o.active ? t("admin.operators.deactivate", { name: o.name }) : t("admin.operators.reactivate", { name: o.name })}
                </button>
              </div>
            </Form>
          </li>
        ))}
      </ul>
      <section className="card" aria-labelledby="add-operator-title">
        <h2 id="add-operator-title">{t("admin.operators.addTitle")}</h2>
        <StoreForm
          id="add-operator"
          labels={{ email: t("admin.operators.email"), name: t("admin.operators.name"), role: t("admin.operators.role") }}
          validator={clientForms.newOperatorValidator}
        >
          <input type="hidden" name="intent" value="add" />
          <TextField name="email" type="email" autoComplete="off" spellCheck={false} />
          <TextField name="name" autoComplete="off" />
          <SelectField name="role" options={roles} placeholder={t("admin.operators.chooseRole")} />
          <button className="button" type="submit">
            {t("admin.operators.add")}
          </button>
        </StoreForm>
      </section>
    </div>
  );
}
