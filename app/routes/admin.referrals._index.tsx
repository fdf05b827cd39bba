import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { requireOperator } from "~/.server/operators/guard";
import { listReferrals } from "~/.server/operators/referrals";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("adminReferrals");

/** /admin/referrals: every referral link, active first; sales and admins may add and edit, support reads. */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "sales" });
  const referrals = await listReferrals(op.services);
  return json({ referrals, canEdit: op.may("sales", "edit") }, { headers: { "Cache-Control": "no-store" } });
}

export default function AdminReferrals() {
  const { referrals, canEdit } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("admin.referrals.title")}</h1>
      {canEdit ? (
        <p>
          <Link className="button" to="/admin/referrals/new">
            {t("admin.referrals.add")}
          </Link>
        </p>
      ) : (
        <p>{t("admin.readOnly")}</p>
      )}
      <ul className="stack" data-testid="referrals-list">
        {referrals.map((r) => (
          <li key={r.id}>
            <Link to={`/admin/referrals/${r.id}`}>{r.referrer_name}</Link> · <code>{r.code}</code>
            {r.active ? null : <> · {t("admin.inactive")}</>}
          </li>
        ))}
      </ul>
    </div>
  );
}
