import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requireOperator } from "~/.server/operators/guard";
import { portalForEdit, renamePortal, setPortalActive } from "~/.server/operators/portals";
import { activeIntent, consoleId, saveConsoleForm } from "~/.server/operators/console-form";
import { ActiveToggle } from "~/components/admin/ActiveToggle";
import { portalNamesValidator } from "~/forms/admin";
import { StoreForm } from "~/components/form/StoreForm";
import { TextField } from "~/components/form/Fields";
import * as clientForms from "~/forms/client";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("adminPortal");

/** /admin/portals/:id: a portal's names in English and Spanish (its code is fixed); deactivate or reactivate. Support reads. */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "sales" });
  const portal = await portalForEdit(op.services, consoleId(args.params.id));
  if (!portal) throw new Response("Not Found", { status: 404 });
  return json(
    {
      code: portal.code,
      active: portal.active === 1,
      canEdit: op.may("sales", "edit"),
      saved: new URL(args.request.url).searchParams.get("saved") === "1",
      defaults: { name: portal.name, nameEs: portal.name_es ?? "" },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const op = await requireOperator(args, { area: "sales", access: "edit" });
  const id = consoleId(args.params.id);
  const form = await readForm(args.request, op.services);
  const intent = field(form, "intent", 20);
  const toggled = await activeIntent(
    intent,
    (active) => setPortalActive(op.services, op.actor, id, active),
    `/admin/portals/${id}?saved=1`,
  );
  if (toggled) return toggled;
  if (intent !== "save") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  return saveConsoleForm(
    form,
    portalNamesValidator,
    (input) => renamePortal(op.services, op.actor, id, input),
    () => `/admin/portals/${id}?saved=1`,
  );
}

export default function AdminPortal() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const labels = { name: t("admin.portals.fields.name"), nameEs: t("admin.portals.fields.nameEs") };
  return (
    <div className="stack">
      <p>
        <Link to="/admin/portals">{t("admin.portals.back")}</Link>
      </p>
      <h1>{t("admin.portals.editTitle", { code: data.code })}</h1>
      {data.saved ? (
        <div className="notice notice--success" role="status" data-testid="saved">
          <p>{t("admin.saved")}</p>
        </div>
      ) : null}
      <p data-testid="portal-state">{data.active ? t("admin.portals.isActive") : t("admin.portals.isInactive")}</p>
      {data.canEdit ? (
        <>
          <StoreForm id="portal" labels={labels} validator={clientForms.portalNamesValidator} defaultValues={data.defaults}>
            <input type="hidden" name="intent" value="save" />
            <TextField name="name" />
            <TextField name="nameEs" hint={t("admin.portals.hints.nameEs")} />
            <div>
              <button className="button" type="submit">
                {t("admin.save")}
              </button>
            </div>
          </StoreForm>
          <ActiveToggle active={data.active} keys="admin.portals" />
        </>
      ) : (
        <>
          <p>{t("admin.readOnly")}</p>
          <dl>
            <div>
              <dt>{labels.name}</dt>
              <dd>{data.defaults.name}</dd>
            </div>
            <div>
              <dt>{labels.nameEs}</dt>
              <dd>{data.defaults.nameEs || "—"}</dd>
            </div>
          </dl>
        </>
      )}
    </div>
  );
}
