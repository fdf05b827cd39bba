import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { requireOperator } from "~/.server/operators/guard";
import { listReps } from "~/.server/operators/reps";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("adminReps");

/** /admin/reps: every rep, active first; sales and admins may add and edit, support reads. */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "sales" });
  const reps = await listReps(op.services);
  return json({ reps, canEdit: op.may("sales", "edit") }, { headers: { "Cache-Control": "no-store" } });
}

export default function AdminReps() {
  const { reps, canEdit } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("admin.reps.title")}</h1>
      {canEdit ? (
        <p>
          <Link className="button" to="/admin/reps/new">
            {t("admin.reps.add")}
          </Link>
        </p>
      ) : (
        <p>{t("admin.readOnly")}</p>
      )}
      <ul className="stack" data-testid="reps-list">
        {reps.map((r) => (
          <li key={r.id}>
            <Link to={`/admin/reps/${r.id}`}>
              {r.first_name} {r.last_name}
            </Link>{" "}
            · <code>{r.agent_code}</code>
            {r.landing_slug ? <> · /{r.landing_slug}</> : null}
            {r.active ? null : <> · {t("admin.inactive")}</>}
          </li>
        ))}
      </ul>
    </div>
  );
}
