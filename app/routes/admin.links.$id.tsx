import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requireOperator } from "~/.server/operators/guard";
import { removeSiteLink, setSiteLinkActive, siteChoices, siteLinkForEdit, updateSiteLink } from "~/.server/operators/site-links";
import { ActiveToggle } from "~/components/admin/ActiveToggle";
import { activeIntent, consoleId, saveConsoleForm } from "~/.server/operators/console-form";
import { siteLinkValidator } from "~/forms/admin";
import { SiteLinkForm } from "~/components/admin/SiteLinkForm";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("adminLink");

/** /admin/links/:id: a site's link — edit, deactivate or reactivate, or remove. Support reads. */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "sales" });
  const link = await siteLinkForEdit(op.services, consoleId(args.params.id));
  if (!link) throw new Response("Not Found", { status: 404 });
  return json(
    {
      id: link.id,
      name: link.label_en,
      active: link.active === 1,
      canEdit: op.may("sales", "edit"),
      saved: new URL(args.request.url).searchParams.get("saved") === "1",
      sites: await siteChoices(op.services),
      defaults: {
        siteId: String(link.site_id),
        kind: link.kind,
        labelEn: link.label_en,
        labelEs: link.label_es,
        url: link.url,
        sortOrder: String(link.sort_order),
      },
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
    (active) => setSiteLinkActive(op.services, op.actor, id, active),
    `/admin/links/${id}?saved=1`,
  );
  if (toggled) return toggled;
  if (intent === "remove") {
    if (!(await removeSiteLink(op.services, op.actor, id))) throw new Response("Not Found", { status: 404 });
    return redirect("/admin/links?removed=1");
  }
  if (intent !== "save") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  return saveConsoleForm(
    form,
    siteLinkValidator,
    (input) => updateSiteLink(op.services, op.actor, id, input),
    () => `/admin/links/${id}?saved=1`,
  );
}

export default function AdminLink() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <p>
        <Link to="/admin/links">{t("admin.links.back")}</Link>
      </p>
      <h1>{t("admin.links.editTitle", { name: data.name })}</h1>
      {data.saved ? (
        <div className="notice notice--success" role="status" data-testid="saved">
          <p>{t("admin.saved")}</p>
        </div>
      ) : null}
      <p data-testid="link-state">{data.active ? t("admin.links.isActive") : t("admin.links.isInactive")}</p>
      {data.canEdit ? (
        <>
          <SiteLinkForm defaults={data.defaults} sites={data.sites} submitLabel={t("admin.save")} />
          <ActiveToggle active={data.active} keys="admin.links" />
          <Form method="post" className="card stack">
            <AuthenticityTokenInput />
            <h2>{t("admin.links.removeTitle")}</h2>
            <p>{t("admin.links.removeHint")}</p>
            <div>
              <button className="button button--warning" type="submit" name="intent" value="remove">
                {t("admin.links.remove")}
              </button>
            </div>
          </Form>
        </>
      ) : (
        <>
          <p>{t("admin.readOnly")}</p>
          <dl>
            {Object.entries(data.defaults).map(([k, v]) => (
              <div key={k}>
                <dt>{t(`admin.links.fields.${k}`)}</dt>
                <dd>{v || "—"}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </div>
  );
}
