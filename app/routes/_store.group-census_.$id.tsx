import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requireGroupAdmin } from "~/.server/store/guard";
import { requestContext } from "~/.server/platform/request-context";
import { redirectWithSession } from "~/.server/platform/respond";
import { applyCensus, censusPreview } from "~/.server/employers/census";
import { pageTitle } from "~/utils/page-title";
import * as css from "~/components/employers/Roster.css";
import { recordIdFrom } from "~/domain/record-id";

export const meta = pageTitle("groupCensusPreview");

function uploadIdOf(param: string | undefined) {
  const id = recordIdFrom(param);
  if (id !== null) return id;
  throw new Response("Not Found", { status: 404, statusText: "census-not-found" });
}

/** A clean census's preview (issue 28): what applying it adds, changes, terminates and reinstates. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { services } = context;
  const { session, groupId } = await requireGroupAdmin(requestContext({ request, context }), request);
  return json(await censusPreview(services, session, groupId, uploadIdOf(params.id)));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const { session, groupId } = await requireGroupAdmin(requestContext({ request, context }), request);
  const id = uploadIdOf(params.id);
  if (field(form, "intent", 10) !== "apply") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  const result = await applyCensus(services, session, groupId, id);
  if (!result.ok) {
    session.flash({ kind: "info", key: "census.preview.appliedAlready" });
    return redirectWithSession(services, session, `/group-census/${id}`);
  }
  session.flash({ kind: "success", key: "census.preview.done", values: result.counts });
  return redirectWithSession(services, session, "/group-roster");
}

const KINDS = ["add", "change", "termination", "reinstatement"] as const;

export default function GroupCensusPreview() {
  const p = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const nothing = p.changes.length === 0;
  return (
    <div className="stack">
      <h1>{t("census.preview.title")}</h1>
      <p>{t("census.preview.summary", { file: p.fileName, rows: p.rows })}</p>
      <dl className={css.facts} data-testid="census-counts">
        {KINDS.map((k) => (
          <div key={k} style={{ display: "contents" }}>
            <dt>{t(`census.preview.counts.${k}`)}</dt>
            <dd data-testid={`count-${k}`}>{p.counts[k]}</dd>
          </div>
        ))}
        <div style={{ display: "contents" }}>
          <dt>{t("census.preview.counts.unchanged")}</dt>
          <dd data-testid="count-unchanged">{p.counts.unchanged}</dd>
        </div>
        <div style={{ display: "contents" }}>
          <dt>{t("census.preview.counts.notInFile")}</dt>
          <dd>{p.counts.notInFile}</dd>
        </div>
        {p.dependentRows ? (
          <div style={{ display: "contents" }}>
            <dt>{t("census.preview.counts.dependentRows")}</dt>
            <dd>{p.dependentRows}</dd>
          </div>
        ) : null}
      </dl>
      {nothing ? (
        <p className="notice" data-testid="census-nothing">
          {t("census.preview.nothingToDo")}
        </p>
      ) : (
        <ul className={css.list} aria-label={t("census.preview.listLabel")}>
          {p.changes.map((c) => (
            <li key={`${c.row}-${c.employeeRef}`} className="card" data-testid="census-change" data-kind={c.kind}>
              <p>
                <strong>{t(`census.preview.kinds.${c.kind}`)}</strong>: {c.name} ({c.employeeRef}) ·{" "}
                {t("census.preview.row", { row: c.row })}
              </p>
              {c.kind !== "add" && c.fields.length ? (
                <p className="muted">
                  {t("census.preview.fields", { fields: c.fields.map((f) => t(`employees.columns.${f}`)).join(", ") })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {p.applied ? (
        <p className="notice" data-testid="census-applied">
          {t("census.preview.appliedAlready")}
        </p>
      ) : nothing ? null : (
        <Form method="post">
          <AuthenticityTokenInput />
          <button className="button" type="submit" name="intent" value="apply">
            {t("census.preview.apply")}
          </button>
        </Form>
      )}
      <p>
        <Link to="/group-census">{t("census.preview.uploadAnother")}</Link>
      </p>
      <p>
        <Link to="/group-roster">{t("employees.back")}</Link>
      </p>
    </div>
  );
}
