import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requireOperator } from "~/.server/operators/guard";
import {
  addGroupAdmin,
  groupAdminsForConsole,
  groupForEdit,
  removeGroupAdmin,
  setGroupActive,
  updateGroup,
} from "~/.server/operators/groups";
import { activeIntent, consoleId, saveConsoleForm } from "~/.server/operators/console-form";
import { groupAdminValidator, groupValidator } from "~/forms/admin";
import { GroupForm } from "~/components/admin/GroupForm";
import { GroupAdmins } from "~/components/admin/GroupAdmins";
import { ActiveToggle } from "~/components/admin/ActiveToggle";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("adminGroup");

/** /admin/groups/:id: a group's enrollment code, company, landing page, address and admins; deactivate or reactivate. Support reads. */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "sales" });
  const group = await groupForEdit(op.services, consoleId(args.params.id));
  if (!group) throw new Response("Not Found", { status: 404 });
  return json(
    {
      id: group.id,
      name: group.company_name,
      active: group.active === 1,
      landing: group.slug ? `/${group.slug}` : null,
      canEdit: op.may("sales", "edit"),
      saved: new URL(args.request.url).searchParams.get("saved") === "1",
      admins: await groupAdminsForConsole(op.services, group.id),
      defaults: {
        groupCode: group.group_code,
        companyName: group.company_name,
        landingSlug: group.slug ?? "",
        address1: group.address1 ?? "",
        address2: group.address2 ?? "",
        city: group.city ?? "",
        state: group.state ?? "",
        zip: group.zip ?? "",
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
  const saved = `/admin/groups/${id}?saved=1`;
  const toggled = await activeIntent(intent, (active) => setGroupActive(op.services, op.actor, id, active), saved);
  if (toggled) return toggled;
  if (intent === "save")
    return saveConsoleForm(
      form,
      groupValidator,
      (input) => updateGroup(op.services, op.actor, id, input),
      () => saved,
    );
  if (intent === "add-admin")
    return saveConsoleForm(
      form,
      groupAdminValidator,
      (input) => addGroupAdmin(op.services, op.actor, id, input),
      () => saved,
    );
  if (intent === "remove-admin") {
    const adminId = consoleId(field(form, "adminId", 12));
    if (!(await removeGroupAdmin(op.services, op.actor, id, adminId))) throw new Response("Not Found", { status: 404 });
    return redirect(saved);
  }
  throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
}

export default function AdminGroup() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <p>
        <Link to="/admin/groups">{t("admin.groups.back")}</Link>
      </p>
      <h1>{t("admin.groups.editTitle", { name: data.name })}</h1>
      {data.saved ? (
        <div className="notice notice--success" role="status" data-testid="saved">
          <p>{t("admin.saved")}</p>
        </div>
      ) : null}
      <p>
        {data.active ? t("admin.groups.isActive") : t("admin.groups.isInactive")}
        {data.landing && data.active ? (
          <>
            {" "}
            <a href={data.landing}>{t("admin.groups.viewLanding")}</a>
          </>
        ) : null}
      </p>
      {data.canEdit ? (
        <>
          <GroupForm defaults={data.defaults} submitLabel={t("admin.save")} />
          <GroupAdmins admins={data.admins} canEdit />
          <ActiveToggle active={data.active} keys="admin.groups" />
        </>
      ) : (
        <>
          <p>{t("admin.readOnly")}</p>
          <dl>
            {Object.entries(data.defaults).map(([k, v]) => (
              <div key={k}>
                <dt>{t(`admin.groups.fields.${k}`)}</dt>
                <dd>{v || "—"}</dd>
              </div>
            ))}
          </dl>
          <GroupAdmins admins={data.admins} canEdit={false} />
        </>
      )}
    </div>
  );
}
