import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { validationError } from "remix-validated-form";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requireOperator } from "~/.server/operators/guard";
import { groupForEdit, setGroupActive, updateGroup } from "~/.server/operators/groups";
import { groupValidator } from "~/forms/admin";
import { GroupForm } from "~/components/admin/GroupForm";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("adminGroup");

const idOf = (raw: string | undefined) => {
  if (!raw || !/^[1-9][0-9]{0,8}$/.test(raw)) throw new Response("Not Found", { status: 404 });
  return Number(raw);
};

/** /admin/groups/:id: a group's enrollment code, company, landing page and address; deactivate or reactivate. Support reads. */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "sales" });
  const group = await groupForEdit(op.services, idOf(args.params.id));
  if (!group) throw new Response("Not Found", { status: 404 });
  return json(
    {
      id: group.id,
      name: group.company_name,
      active: group.active === 1,
      landing: group.slug ? `/${group.slug}` : null,
      canEdit: op.may("sales", "edit"),
      saved: new URL(args.request.url).searchParams.get("saved") === "1",
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
  const id = idOf(args.params.id);
  const form = await readForm(args.request, op.services);
  const intent = field(form, "intent", 20);
  if (intent === "deactivate" || intent === "reactivate") {
    if (!(await setGroupActive(op.services, op.actor, id, intent === "reactivate"))) throw new Response("Not Found", { status: 404 });
    return redirect(`/admin/groups/${id}?saved=1`);
  }
  if (intent !== "save") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  const result = await groupValidator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const saved = await updateGroup(op.services, op.actor, id, result.data);
  if (!saved.ok) {
    if ("notFound" in saved) throw new Response("Not Found", { status: 404 });
    return validationError({ fieldErrors: saved.fieldErrors as Record<string, string>, formId: result.formId }, result.submittedData, {
      status: 422,
    });
  }
  return redirect(`/admin/groups/${id}?saved=1`);
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
          <Form method="post" className="card stack">
            <AuthenticityTokenInput />
            <h2>{data.active ? t("admin.groups.deactivateTitle") : t("admin.groups.reactivateTitle")}</h2>
            <p>{data.active ? t("admin.groups.deactivateHint") : t("admin.groups.reactivateHint")}</p>
            <div>
              <button
                className={data.active ? "button button--warning" : "button"}
                type="submit"
                name="intent"
                value={data.active ? "deactivate" : "reactivate"}
              >
                {data.active ? t("admin.groups.deactivate") : t("admin.groups.reactivate")}
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
                <dt>{t(`admin.groups.fields.${k}`)}</dt>
                <dd>{v || "—"}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </div>
  );
}
