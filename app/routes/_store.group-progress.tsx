import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n-react";
import { readForm, field } from "~/.server/platform/request";
import { requireGroupAdmin } from "~/.server/store/guard";
import { redirectWithSession } from "~/.server/platform/respond";
import { progressPage } from "~/.server/employers/progress";
import { sendInvitations } from "~/.server/employers/invitations";
import { remindNow } from "~/.server/employers/reminders";
import { PROGRESS_FILTERS, PROGRESS_STATUSES, type ProgressFilter } from "~/domain/employer-progress";
import { pageTitle } from "~/utils/page-title";
import * as roster from "~/components/employers/Roster.css";
import * as css from "~/components/employers/Progress.css";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("groupProgress");

/** The group's enrollment progress (issue 28), for its verified admin: counts, a bar, a list by status (a GET form). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const { session, groupId } = await requireGroupAdmin(requestContext({ request, context }), request);
  const asked = new URL(request.url).searchParams.get("status") ?? "all";
  const filter: ProgressFilter = (PROGRESS_FILTERS as readonly string[]).includes(asked) ? (asked as ProgressFilter) : "all";
  const locale = await requestContext({ request, context }).locale;
  return json({ filter, ...(await progressPage(services, session, groupId, filter, locale)) });
}

/** Invite (everyone, or those neither enrolled nor waived) and Remind now (with its cooldown). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const { session, groupId } = await requireGroupAdmin(requestContext({ request, context }), request);
  const intent = field(form, "intent", 20);
  if (intent === "invite") {
    const audience = field(form, "audience", 10);
    if (audience !== "all" && audience !== "pending") throw new Response("Unknown audience", { status: 400, statusText: "bad-form" });
    const { sent, withoutEmail, recent, cooldownMinutes } = await sendInvitations(services, session, groupId, audience);
    const values = { sent: String(sent), skipped: String(withoutEmail), recent: String(recent), minutes: String(cooldownMinutes) };
    // a second click within the cooldown says so and sends nothing (ADR 023)
    if (sent === 0 && recent > 0) session.flash({ kind: "warning", key: "progress.invitesRecent", values });
    else session.flash({ kind: "success", key: recent > 0 ? "progress.invitesSentSomeRecent" : "progress.invitesSent", values });
    return redirectWithSession(services, session, "/group-progress");
  }
  if (intent === "remind") {
    const result = await remindNow(services, session, groupId);
    if (result.ok) session.flash({ kind: "success", key: "progress.reminded", values: { sent: String(result.sent) } });
    else session.flash({ kind: "warning", key: "progress.cooldown" });
    return redirectWithSession(services, session, "/group-progress");
  }
  throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
}

export default function GroupProgress() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { counts, percent, total, employees, filter } = data;
  return (
    <div className="stack">
      <h1>{t("progress.title")}</h1>
      <p className="notice" data-testid="progress-window">
        {data.window.open
          ? data.window.closes
            ? t("windows.state.open", { closes: data.window.closes })
            : t("windows.state.unset")
          : t("windows.state.closed", { opens: data.window.nextOpens })}
      </p>
      <section aria-labelledby="counts-heading" className="stack">
        <h2 id="counts-heading">{t("progress.countsHeading", { total })}</h2>
        <div className={css.bar} aria-hidden="true" data-testid="progress-bar">
          {PROGRESS_STATUSES.map((s) =>
            percent[s] ? <div key={s} className={css.segments[s]} style={{ width: `${percent[s]}%` }} /> : null,
          )}
        </div>
        <ul className={css.legend}>
          {PROGRESS_STATUSES.map((s) => (
            <li key={s} data-testid={`count-${s}`}>
              <span className={`${css.swatch} ${css.segments[s]}`} aria-hidden="true" />
              {t(`progress.statuses.${s}`)}: <strong>{counts[s]}</strong> ({percent[s]}%)
            </li>
          ))}
          <li data-testid="count-terminated">
            {t("progress.terminated")}: <strong>{data.terminated}</strong>
          </li>
        </ul>
      </section>
      <section aria-labelledby="invite-heading" className="card stack">
        <h2 id="invite-heading">{t("progress.inviteHeading")}</h2>
        <p>{t("progress.inviteHint")}</p>
        <Form method="post" className="button-group">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="invite" />
          <button className="button" type="submit" name="audience" value="pending" data-testid="invite-pending">
            {t("progress.invitePending")}
          </button>
          <button className="button button--secondary" type="submit" name="audience" value="all" data-testid="invite-all">
            {t("progress.inviteAll")}
          </button>
        </Form>
        <p>{t("progress.remindHint")}</p>
        <Form method="post">
          <AuthenticityTokenInput />
          <button className="button button--secondary" type="submit" name="intent" value="remind" data-testid="remind-now">
            {t("progress.remindNow")}
          </button>
        </Form>
      </section>
      <Form method="get" className="stack" aria-label={t("progress.filterLabel")}>
        <div className="field">
          <label className="label" htmlFor="progress-status">
            {t("progress.filterLabel")}
          </label>
          <select id="progress-status" name="status" className="select" defaultValue={filter}>
            {PROGRESS_FILTERS.map((f) => (
              <option key={f} value={f}>
                {f === "all" ? t("progress.all") : f === "terminated" ? t("progress.terminated") : t(`progress.statuses.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <button className="button button--secondary" type="submit">
          {t("progress.show")}
        </button>
      </Form>
      <p>
        <a href="/group-progress.csv" download>
          {t("progress.download")}
        </a>
      </p>
      {employees.length === 0 ? (
        <p className="notice" data-testid="no-employees">
          {t("progress.none")}
        </p>
      ) : (
        <ul className={roster.list} aria-label={t("progress.listLabel")}>
          {employees.map((e) => (
            <li key={e.id} className="card" data-testid="progress-employee">
              <h2>
                <Link to={`/group-progress/${e.id}`}>{e.name}</Link>
              </h2>
              <dl className={roster.facts}>
                <dt>{t("employees.columns.employeeRef")}</dt>
                <dd>{e.employeeRef}</dd>
                <dt>{t("progress.status")}</dt>
                <dd data-testid="progress-status">{e.terminated ? t("progress.terminated") : t(`progress.statuses.${e.status}`)}</dd>
                {e.waiver ? (
                  <>
                    <dt>{t("waiver.reason")}</dt>
                    <dd>
                      {t(`waiver.reasons.${e.waiver.reason}`)}
                      {e.waiver.text ? `: ${e.waiver.text}` : ""} ({e.waiver.at})
                    </dd>
                  </>
                ) : null}
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
                    <dd data-testid="new-hire">{t("progress.newHireUntil", { date: e.newHireUntil })}</dd>
                  </>
                ) : null}
                <dt>{t("progress.invited")}</dt>
                <dd>{e.invitedAt || (e.hasEmail ? t("progress.notInvited") : t("progress.noEmail"))}</dd>
                {e.terminated ? (
                  <>
                    <dt>{t("employees.columns.coverageEnd")}</dt>
                    <dd>{e.coverageEnd}</dd>
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/group-roster">{t("employees.back")}</Link>
      </p>
    </div>
  );
}
