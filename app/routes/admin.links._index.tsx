import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { requireOperator } from "~/.server/operators/guard";
import { listSiteLinks } from "~/.server/operators/site-links";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("adminLinks");

/** /admin/links: each site's footer and admin-menu links; sales and admins may add, edit and remove, support reads. */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "sales" });
  return json({ sites: await listSiteLinks(op.services), canEdit: op.may("sales", "edit") }, { headers: { "Cache-Control": "no-store" } });
}

export default function AdminLinks() {
  const { sites, canEdit } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("admin.links.title")}</h1>
      {canEdit ? (
        <p>
          <Link className="button" to="/admin/links/new">
            {t("admin.links.add")}
          </Link>
        </p>
      ) : (
        <p>{t("admin.readOnly")}</p>
      )}
      {sites.map((s) => (
        <section key={s.id} className="stack" aria-labelledby={`site-${s.id}`}>
          <h2 id={`site-${s.id}`}>
            {s.name} ({s.host})
          </h2>
          {s.links.length === 0 ? (
            <p>{t("admin.links.none")}</p>
          ) : (
            <ul className="stack" data-testid={`site-links-${s.id}`}>
              {s.links.map((l) => (
                <li key={l.id}>
                  <Link to={`/admin/links/${l.id}`}>{l.label_en}</Link> ·{" "}
                  {t(`admin.links.kinds.${l.kind === "admin" ? "admin" : "footer"}`)} · <code>{l.url}</code>
                  {l.active ? null : <> · {t("admin.links.inactive")}</>}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
