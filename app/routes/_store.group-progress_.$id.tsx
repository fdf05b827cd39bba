import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { validationError } from "remix-validated-form";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n-react";
import { readForm, field } from "~/.server/platform/request";
import { requireGroupAdmin } from "~/.server/store/guard";
import { redirectWithSession } from "~/.server/platform/respond";
import { adminActor, employeeProgress, reverseCoverageWaiver, waiveCoverage } from "~/.server/employers/progress";
import { waiverValidator } from "~/forms/waiver";
import { WaiverForm } from "~/components/employers/WaiverForm";
import { pageTitle } from "~/utils/page-title";
import * as roster from "~/components/employers/Roster.css";
import * as css from "~/components/employers/Progress.css";
import { requestContext } from "~/.server/platform/request-context";
import { recordIdFrom } from "~/domain/record-id";

export const meta = pageTitle("groupProgressEmployee");

function employeeId(raw: string | undefined) {
  const id = recordIdFrom(raw);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}

/** One employee's progress (issue 28): their plans, and a waiver entered or taken back on their behalf by the admin. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { services } = context;
  const { session, groupId } = await requireGroupAdmin(requestContext({ request, context }), request);
  const locale = await requestContext({ request, context }).locale;
  return json(await employeeProgress(services, session, groupId, employeeId(params.id), locale));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const { session, groupId } = await requireGroupAdmin(requestContext({ request, context }), request);
  const id = employeeId(params.id);
  const here = `/group-progress/${id}`;
  const intent = field(form, "intent", 20);
  if (intent === "waive") {
    const result = await waiverValidator.validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    const done = await waiveCoverage(services, adminActor(session), groupId, id, {
      reason: result.data.reason,
      otherText: result.data.otherText || null,
    });
    session.flash(done.ok ? { kind: "success", key: "waiver.recorded" } : { kind: "error", key: `invitation.refused.${done.reason}` });
    return redirectWithSession(services, session, here);
  }
  if (intent === "unwaive") {
    const done = await reverseCoverageWaiver(services, adminActor(session), groupId, id);
    session.flash(done.ok ? { kind: "success", key: "waiver.reversed" } : { kind: "error", key: `invitation.refused.${done.reason}` });
    return redirectWithSession(services, session, here);
  }
  throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
}

export default function GroupProgressEmployee() {
  const e = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("progress.employeeTitle", { name: e.name })}</h1>
      <dl className={roster.facts}>
        <dt>{t("employees.columns.employeeRef")}</dt>
        <dd>{e.employeeRef}</dd>
        <dt>{t("progress.status")}</dt>
        <dd data-testid="progress-status">{e.terminated ? t("progress.terminated") : t(`progress.statuses.${e.status}`)}</dd>
        <dt>{t("progress.plans")}</dt>
        <dd>
          {e.plans.length ? (
            <ul className={css.plans}>
              {e.plans.map((p, i) => (
                <li key={i}>{t("progress.planFrom", { plan: p.name, date: p.effectiveDate })}</li>
              ))}
            </ul>
          ) : (
            t("progress.noPlans")
          )}
        </dd>
        {e.newHireUntil ? (
          <>
            <dt>{t("progress.newHire")}</dt>
            <dd>{t("progress.newHireUntil", { date: e.newHireUntil })}</dd>
          </>
        ) : null}
      </dl>
      {e.waiver ? (
        <section className="card stack" aria-labelledby="waiver-heading">
          <h2 id="waiver-heading">{t("waiver.title")}</h2>
          <p data-testid="waiver-standing">
            {t("progress.waivedOn", { date: e.waiver.at, reason: t(`waiver.reasons.${e.waiver.reason}`) })}
            {e.waiver.text ? ` (${e.waiver.text})` : ""}
          </p>
          <Form method="post">
            <AuthenticityTokenInput />
            <button className="button" type="submit" name="intent" value="unwaive">
              {t("waiver.undo")}
            </button>
          </Form>
        </section>
      ) : e.status !== "enrolled" && !e.terminated ? (
        <section className="card stack" aria-labelledby="waiver-heading">
          <h2 id="waiver-heading">{t("waiver.titleAdmin")}</h2>
          <WaiverForm forSomeoneElse />
        </section>
      ) : null}
      <p>
        <Link to="/group-progress">{t("progress.back")}</Link>
      </p>
    </div>
  );
}
