import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { requireOperator } from "~/.server/operators/guard";
import { readTrail } from "~/.server/operators/trail";
import { listOperators } from "~/.server/operators/directory";
import { pageTitle } from "~/utils/page-title";
import { recordIdFrom } from "~/domain/record-id";

export const meta = pageTitle("adminAudit");

const int = (v: string | null) => recordIdFrom(v) ?? undefined;

/**
 * /admin/audit: the console's trail — who, what, which record, before → after, when — newest
 * first, filtered by operator and kind, 25 to a page. A plain GET form: works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "audit" });
  const url = new URL(args.request.url);
  const operatorId = int(url.searchParams.get("operator"));
  const kindParam = url.searchParams.get("kind") ?? "";
  const kind = /^[a-z_.]{1,40}$/.test(kindParam) ? kindParam : undefined;
  const page = int(url.searchParams.get("page")) ?? 1;
  const [trail, operators] = await Promise.all([readTrail(op.services, { operatorId, kind }, page), listOperators(op.services)]);
  return json(
    {
      ...trail,
      page,
      filter: { operator: operatorId ? String(operatorId) : "", kind: kind ?? "" },
      operators: operators.map((o) => ({ id: o.id, name: o.name, email: o.email })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

function show(value: unknown) {
  if (value === null || value === undefined || value === "") return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

export default function AdminAudit() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const pageHref = (p: number) => {
    const q = new URLSearchParams();
    if (data.filter.operator) q.set("operator", data.filter.operator);
    if (data.filter.kind) q.set("kind", data.filter.kind);
    q.set("page", String(p));
    return `/admin/audit?${q}`;
  };
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === "es" ? "es-US" : "en-US", {
      dateStyle: "medium",
      timeStyle: "medium",
      timeZone: "UTC",
    }).format(new Date(iso));
  return (
    <div className="stack">
      <h1>{t("admin.audit.title")}</h1>
      <Form method="get" className="card stack" aria-labelledby="audit-filter-title">
        <h2 id="audit-filter-title">{t("admin.audit.filter")}</h2>
        <div className="field">
          <label className="label" htmlFor="audit-operator">
            {t("admin.audit.operator")}
          </label>
          <select id="audit-operator" name="operator" className="select" defaultValue={data.filter.operator}>
            <option value="">{t("admin.audit.anyOperator")}</option>
            {data.operators.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name} ({o.email})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="label" htmlFor="audit-kind">
            {t("admin.audit.kind")}
          </label>
          <select id="audit-kind" name="kind" className="select" defaultValue={data.filter.kind}>
            <option value="">{t("admin.audit.anyKind")}</option>
            {data.kinds.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button className="button" type="submit">
            {t("admin.audit.apply")}
          </button>
        </div>
      </Form>
      <p role="status">{t("admin.audit.count", { count: data.total, page: data.page, pages: data.pages })}</p>
      {data.entries.length === 0 ? <p>{t("admin.audit.none")}</p> : null}
      <ol className="stack admin-trail" data-testid="audit-entries">
        {data.entries.map((e) => (
          <li key={e.id} className="card" data-testid="audit-entry">
            <p>
              <strong>{e.kind}</strong> · <time dateTime={e.at}>{when(e.at)}</time>
            </p>
            <dl>
              <dt>{t("admin.audit.who")}</dt>
              <dd>
                {e.operator
                  ? `${e.operator.name} (${e.operator.email})`
                  : e.commandLine
                    ? t("admin.audit.commandLine")
                    : t("admin.audit.notSignedIn")}
              </dd>
              {e.target ? (
                <>
                  <dt>{t("admin.audit.record")}</dt>
                  <dd>
                    {e.target.type} #{e.target.id}
                  </dd>
                </>
              ) : null}
              {e.subject ? (
                <>
                  <dt>{t("admin.audit.about")}</dt>
                  <dd>{e.subject}</dd>
                </>
              ) : null}
              {e.detail ? (
                <>
                  <dt>{t("admin.audit.detail")}</dt>
                  <dd>{e.detail}</dd>
                </>
              ) : null}
            </dl>
            {e.changes.length ? (
              <ul aria-label={t("admin.audit.changes")} data-testid="audit-changes">
                {e.changes.map((c) => (
                  <li key={c.field}>
                    <code>{c.field}</code>: <span>{show(c.before)}</span> → <span>{show(c.after)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      <nav aria-label={t("admin.audit.pages")} className="button-group">
        {data.page > 1 ? (
          <Link className="button button--secondary" to={pageHref(data.page - 1)}>
            {t("admin.audit.newer")}
          </Link>
        ) : null}
        {data.page < data.pages ? (
          <Link className="button button--secondary" to={pageHref(data.page + 1)}>
            {t("admin.audit.older")}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
