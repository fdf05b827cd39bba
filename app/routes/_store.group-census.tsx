import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, useActionData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n-react";
import { readForm } from "~/.server/platform/request";
import { requireGroupAdmin } from "~/.server/store/guard";
import { requestContext } from "~/.server/platform/request-context";
import { redirectWithSession } from "~/.server/platform/respond";
import { CENSUS_MAX_BYTES, checkCensusFile } from "~/.server/employers/census";
import { CENSUS_COLUMNS } from "~/domain/census";
import { EMPLOYEE_FIELDS } from "~/domain/roster";
import { pageTitle } from "~/utils/page-title";
import * as css from "~/components/employers/Roster.css";

export const meta = pageTitle("groupCensus");

/** Room for the multipart envelope around the file. */
const ENVELOPE_BYTES = 16 * 1024;

/** Upload a census (issue 28): the file is checked whole; nothing changes until it is clean and applied. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGroupAdmin(requestContext({ request, context }), request);
  return json({ maxMegabytes: CENSUS_MAX_BYTES / (1024 * 1024) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services, { maxBytes: CENSUS_MAX_BYTES + ENVELOPE_BYTES });
  const { session, groupId } = await requireGroupAdmin(requestContext({ request, context }), request);
  const file = form.get("file");
  const result = await checkCensusFile(services, session, groupId, file instanceof File ? file : null);
  if (result.ok) return redirectWithSession(services, session, `/group-census/${result.uploadId}`);
  return json(
    { fileName: result.fileName, missing: "missing" in result, problems: result.problems },
    { status: 422, headers: { "Cache-Control": "no-store" } },
  );
}

export default function GroupCensus() {
  const data = useActionData<typeof action>();
  const { t } = useTranslation();
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (data) summary.current?.focus();
  }, [data]);
  const columnName = (f: string | null) => (f ? t(`employees.columns.${f}`) : "");
  return (
    <div className="stack">
      <h1>{t("census.title")}</h1>
      {data ? (
        <div
          className="notice notice--error"
          role="alert"
          tabIndex={-1}
          ref={summary}
          data-testid="census-problems"
          aria-labelledby="census-problems-title"
        >
          {data.missing ? (
            <p id="census-problems-title">{t("census.missing")}</p>
          ) : (
            <>
              <h2 id="census-problems-title">{t("census.refusedTitle", { count: data.problems.length, file: data.fileName })}</h2>
              <p>{t("census.fix")}</p>
              <ul className={css.problems}>
                {data.problems.map((p, i) => {
                  const problem = t(`census.problem.${p.problem}`, { value: p.value });
                  return (
                    <li key={i} data-testid="census-problem">
                      {p.row > 0 && p.field
                        ? t("census.rowColumn", { row: p.row, column: columnName(p.field), problem })
                        : p.row > 0
                          ? t("census.rowOnly", { row: p.row, problem })
                          : problem}
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </div>
      ) : null}
      <p>{t("census.intro")}</p>
      <ul>
        <li>
          <a href="/employers/census-template.csv" download>
            {t("census.templateLink")}
          </a>
        </li>
        <li>
          <a href="/employers/census-example.csv" download>
            {t("census.exampleLink")}
          </a>
        </li>
      </ul>
      <details>
        <summary>{t("census.columnsTitle")}</summary>
        <dl className={css.facts}>
          {EMPLOYEE_FIELDS.map((f) => (
            <div key={f} style={{ display: "contents" }}>
              <dt>{CENSUS_COLUMNS[f]}</dt>
              <dd>{t(`census.columnHelp.${f}`)}</dd>
            </div>
          ))}
        </dl>
      </details>
      <Form method="post" encType="multipart/form-data" className="stack">
        <AuthenticityTokenInput />
        <div className="field">
          <label className="label" htmlFor="census-file">
            {t("census.file")}
          </label>
          <span className="hint" id="census-file-hint">
            {t("census.fileHint", { mb: 4 })}
          </span>
          <input
            className="input"
            id="census-file"
            name="file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby="census-file-hint"
          />
        </div>
        <button className="button" type="submit">
          {t("census.submit")}
        </button>
      </Form>
      <p>
        <Link to="/group-roster">{t("employees.back")}</Link>
      </p>
    </div>
  );
}
