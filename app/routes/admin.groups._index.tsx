import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { requireOperator } from "~/.server/operators/guard";
import { listGroups } from "~/.server/operators/groups";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("adminGroups");

/** /admin/groups: every group, active first; sales and admins may add and edit, support reads. */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "sales" });
  const groups = await listGroups(op.services);
  return json({ groups, canEdit: op.may("sales", "edit") }, { headers: { "Cache-Control": "no-store" } });
}

export default function AdminGroups() {
  const { groups, canEdit } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("admin.groups.title")}</h1>
      {canEdit ? (
        <p>
          <Link className="button" to="/admin/groups/new">
            {t("admin.groups.add")}
          </Link>
        </p>
      ) : (
        <p>{t("admin.readOnly")}</p>
      )}
      <ul className="stack" data-testid="groups-list">
        {groups.map((g) => (
          <li key={g.id}>
            <Link to={`/admin/groups/${g.id}`}>{g.company_name}</Link> · <code>{g.group_code}</code>
            {g.slug ? <> · /{g.slug}</> : null}
            {g.active ? null : <> · {t("admin.inactive")}</>}
          </li>
        ))}
      </ul>
    </div>
  );
}
