import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requireOperator } from "~/.server/operators/guard";
import { createPortal, listPortals } from "~/.server/operators/portals";
import { saveConsoleForm } from "~/.server/operators/console-form";
import { newPortalValidator } from "~/forms/admin";
import { StoreForm } from "~/components/form/StoreForm";
import { TextField } from "~/components/form/Fields";
import * as clientForms from "~/forms/client";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("adminPortals");

/** /admin/portals: every portal with its names; sales and admins may add and rename, support reads. */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "sales" });
  return json({ portals: await listPortals(op.services), canEdit: op.may("sales", "edit") }, { headers: { "Cache-Control": "no-store" } });
}

export async function action(args: ActionFunctionArgs) {
  const op = await requireOperator(args, { area: "sales", access: "edit" });
  const form = await readForm(args.request, op.services);
  if (field(form, "intent", 20) !== "add") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  return saveConsoleForm(
    form,
    newPortalValidator,
    (input) => createPortal(op.services, op.actor, input),
    (id) => `/admin/portals/${id}?saved=1`,
  );
}

export default function AdminPortals() {
  const { portals, canEdit } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const labels = { code: t("admin.portals.fields.code"), name: t("admin.portals.fields.name"), nameEs: t("admin.portals.fields.nameEs") };
  return (
    <div className="stack">
      <h1>{t("admin.portals.title")}</h1>
      {canEdit ? null : <p>{t("admin.readOnly")}</p>}
      <ul className="stack" data-testid="portals-list">
        {portals.map((p) => (
          <li key={p.id}>
            <Link to={`/admin/portals/${p.id}`}>{p.name}</Link> · <code>{p.code}</code>
            {p.name_es ? <span lang="es"> · {p.name_es}</span> : null}
            {p.active ? null : <> · {t("admin.portals.inactive")}</>}
          </li>
        ))}
      </ul>
      {canEdit ? (
        <section className="card stack" aria-labelledby="portal-add-title">
          <h2 id="portal-add-title">{t("admin.portals.addTitle")}</h2>
          <StoreForm id="portal" labels={labels} validator={clientForms.newPortalValidator}>
            <input type="hidden" name="intent" value="add" />
            <TextField name="code" hint={t("admin.portals.hints.code")} spellCheck={false} />
            <TextField name="name" />
            <TextField name="nameEs" hint={t("admin.portals.hints.nameEs")} />
            <div>
              <button className="button" type="submit">
                {t("admin.portals.add")}
              </button>
            </div>
          </StoreForm>
        </section>
      ) : null}
    </div>
  );
}
