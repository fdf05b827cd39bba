import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { requireGroupAdmin } from "~/.server/store/guard";
import { requestContext } from "~/.server/platform/request-context";
import { rosterPage } from "~/.server/employers/roster";
import { ROSTER_FILTERS, type RosterFilter } from "~/domain/roster";
import { pageTitle } from "~/utils/page-title";
import * as css from "~/components/employers/Roster.css";

export const meta = pageTitle("groupRoster");

/** The group's employees (issue 28), for its verified admin: by status, each as a card (320 px, no JavaScript needed). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const { session, groupId } = await requireGroupAdmin(requestContext({ request, context }), request);
  const asked = new URL(request.url).searchParams.get("status") ?? "all";
  const filter: RosterFilter = (ROSTER_FILTERS as readonly string[]).includes(asked) ? (asked as RosterFilter) : "all";
  const page = await rosterPage(services, session, groupId, filter);
  return json({ filter, ...page });
}

export default function GroupRoster() {
  const { filter, counts, employees } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("employees.title")}</h1>
      <p>{t("employees.intro")}</p>
      <div className="button-group">
        <Link className="button" to="/group-roster/new">
          {t("employees.add")}
        </Link>
        <Link className="button button--secondary" to="/group-census">
          {t("employees.upload")}
        </Link>
        <a className="button button--secondary" href="/group-roster.csv" download>
          {t("employees.download")}
        </a>
        <Link className="button button--secondary" to="/group-windows">
          {t("employees.windows")}
        </Link>
        <Link className="button button--secondary" to="/group-progress">
          {t("employees.progress")}
        </Link>
      </div>
      <nav aria-label={t("employees.filterLabel")}>
        <ul className={css.filters}>
          {ROSTER_FILTERS.map((f) => (
            <li key={f}>
              <Link
                className={`button ${f === filter ? "" : "button--secondary"}`}
                to={f === "all" ? "/group-roster" : `/group-roster?status=${f}`}
                aria-current={f === filter ? "page" : undefined}
              >
                {t(`employees.filters.${f}`, { count: counts[f] })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {employees.length === 0 ? (
        <p className="notice" data-testid="no-employees">
          {t("employees.none")}
        </p>
      ) : (
        <ul className={css.list} aria-label={t("employees.listLabel")}>
          {employees.map((e) => (
            <li key={e.id} className="card" data-testid="employee">
              <h2>
                <Link to={`/group-roster/${e.id}`}>
                  {e.name}
                  <span className="visually-hidden"> {t("employees.edit")}</span>
                </Link>
              </h2>
              <dl className={css.facts}>
                <dt>{t("employees.columns.employeeRef")}</dt>
                <dd>{e.employeeRef}</dd>
                <dt>{t("employees.columns.status")}</dt>
                <dd data-testid="employee-status">{t(`employees.statuses.${e.status}`)}</dd>
                <dt>{t("employees.columns.hireDate")}</dt>
                <dd>{e.hireDate}</dd>
                {e.ssnMasked ? (
                  <>
                    <dt>{t("employees.columns.ssn")}</dt>
                    <dd>{e.ssnMasked}</dd>
                  </>
                ) : null}
                {e.terminationDate ? (
                  <>
                    <dt>{t("employees.columns.terminationDate")}</dt>
                    <dd>{e.terminationDate}</dd>
                    <dt>{t("employees.columns.coverageEnd")}</dt>
                    <dd data-testid="coverage-end">{e.coverageEndDate}</dd>
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/group-home">{t("employees.backHome")}</Link>
      </p>
    </div>
  );
}
