import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Link, useLoaderData } from "@remix-run/react";
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
  const { session, staff } = await requireStaff(request, services);
  const locale = await requestContext({ request, context }).locale;
  return json(await enrollmentHistory(services, session, staff, enrollmentIdParam(params.id), locale));
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
