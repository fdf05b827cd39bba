import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import { readForm } from "~/.server/platform/request";
import { redirectWithSession } from "~/.server/platform/respond";
import { cancelPlan } from "~/.server/members/cancel-plan";
import { planCancelValidator } from "~/forms/plan-cancel";
import * as clientForms from "~/forms/client";
import { parseUsDate, isoToUsDate } from "~/domain/dates";
import { StoreForm } from "~/components/form/StoreForm";
import { RadioGroup, TextField } from "~/components/form/Fields";
import { typeDate } from "~/components/QuoteForm";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { requireStaff } from "~/.server/store/guard";
import { enrollmentHistory, enrollmentIdParam } from "~/.server/members/enrollment-history";
import { Breadcrumb } from "~/components/Breadcrumb";
import { CarrierStatusList } from "~/components/CarrierStatusList";
import type { HistoryEvent } from "~/views/history";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("enrollmentHistory");

/** The history of an enrollment the verified rep or group admin owns (issue 15): a plain table, no JavaScript needed. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { services } = context;
  const { session, staff } = await requireStaff(requestContext({ request, context }), request);
  const locale = await requestContext({ request, context }).locale;
  return json(await enrollmentHistory(services, session, staff, enrollmentIdParam(params.id), locale));
}

/**
 * End one plan (issue 29): the rep or group admin who owns the enrollment chooses a plan still
 * open and the day its coverage ends; recorded as a coverage event the carrier feed sends as 024
 * with DTP*349, and on the audit trail. A refused form changes nothing and says why beside the field.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const { session, staff } = await requireStaff(requestContext({ request, context }), request);
  const id = enrollmentIdParam(params.id);
  const result = await planCancelValidator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const done = await cancelPlan(services, session, staff, id, { planId: result.data.planId, endDate: parseUsDate(result.data.endDate)! });
  if (!done.ok)
    return validationError({ fieldErrors: { [done.field]: `planCancel.${done.reason}` }, formId: result.formId }, result.submittedData);
  session.flash({ kind: "success", key: "planCancel.done" });
  return redirectWithSession(services, session, `/enrollment-history/${id}`);
}

function useWhat() {
  const { t } = useTranslation();
  return (e: HistoryEvent) => {
    if ((e.kind === "step.save" || e.kind === "review.edit") && e.stepLabel) return t(`history.kinds.${e.kind}`, { step: t(e.stepLabel) });
    const what = t(`history.kinds.${e.kind}`, { step: "" });
    return e.detail && !e.stepLabel ? `${what} (${t(`history.details.${e.detail}`, { defaultValue: e.detail })})` : what;
  };
}

export default function EnrollmentHistory() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const what = useWhat();
  return (
    <div className="stack">
      <Breadcrumb items={[{ label: t("breadcrumb.currentMember"), to: data.backTo }, { label: t("history.title") }]} />
      <h1>{t("history.title")}</h1>
      <dl className="card">
        <dt>{t("history.reference")}</dt>
        <dd data-testid="history-reference">{data.enrollmentId}</dd>
        {data.memberName ? (
          <>
            <dt>{t("history.member")}</dt>
            <dd data-testid="history-member">{data.memberName}</dd>
          </>
        ) : null}
        <dt>{t("history.status")}</dt>
        <dd>{t(`history.statuses.${data.status}`, { defaultValue: data.status })}</dd>
      </dl>
      <CarrierStatusList items={data.carrierStatus} />
      {data.plans.some((p) => p.endsOn) ? (
        <section aria-labelledby="ended-plans-title">
          <h2 id="ended-plans-title">{t("planCancel.endedTitle")}</h2>
          <ul data-testid="ended-plans">
            {data.plans
              .filter((p) => p.endsOn)
              .map((p) => (
                <li key={p.planId}>{t("planCancel.endsOn", { plan: p.name, date: isoToUsDate(p.endsOn) })}</li>
              ))}
          </ul>
        </section>
      ) : null}
      {data.plans.some((p) => !p.endsOn) ? (
        <section className="card" aria-labelledby="cancel-plan-title">
          <h2 id="cancel-plan-title">{t("planCancel.title")}</h2>
          <p>{t("planCancel.hint")}</p>
          <StoreForm
            id="cancel-plan"
            labels={{ planId: t("planCancel.plan"), endDate: t("planCancel.endDate") }}
            validator={clientForms.planCancelValidator}
          >
            <RadioGroup
              name="planId"
              inline={false}
              options={data.plans.filter((p) => !p.endsOn).map((p) => ({ value: String(p.planId), label: p.name }))}
            />
            <TextField name="endDate" hint={t("common.dateHint")} inputMode="numeric" maxLength={10} short onInput={typeDate} />
            <button className="button button--warning" type="submit">
              {t("planCancel.submit")}
            </button>
          </StoreForm>
        </section>
      ) : null}
      <p className="muted">{t("history.intro")}</p>
      {data.events.length === 0 ? (
        <p className="notice">{t("history.empty")}</p>
      ) : (
        <div className="table-wrap" role="region" aria-labelledby="history-caption" tabIndex={0}>
          <table data-testid="history-table">
            <caption id="history-caption">{t("history.caption", { count: data.events.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("history.when")}</th>
                <th scope="col">{t("history.who")}</th>
                <th scope="col">{t("history.actingAs")}</th>
                <th scope="col">{t("history.what")}</th>
                <th scope="col">{t("history.requestId")}</th>
              </tr>
            </thead>
            <tbody>
              {data.events.map((e) => (
                <tr key={e.id} data-testid="history-event" data-kind={e.kind}>
                  <td>
                    <time dateTime={e.atIso}>{e.at}</time>
                  </td>
                  <td>{e.who ?? t("history.theApplicant")}</td>
                  <td>{t(`history.as.${e.actingAs}`)}</td>
                  <th scope="row">{what(e)}</th>
                  <td>
                    <code>{e.requestId ?? "—"}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <Link className="button button--secondary" to={data.backTo}>
          {t("common.back")}
        </Link>
      </p>
    </div>
  );
}
