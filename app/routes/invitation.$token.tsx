import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n-react";
import { readForm, field } from "~/.server/platform/request";
import { redirectWithSession } from "~/.server/platform/respond";
import { requestContext } from "~/.server/platform/request-context";
import { employeeActor, holdsAnother, invitationOf, startFromInvitation } from "~/.server/employers/invitations";
import { reverseCoverageWaiver, waiveCoverage } from "~/.server/employers/progress";
import type { Services } from "~/.server/services";
import { waiverValidator } from "~/forms/waiver";
import { isoToUsDate } from "~/domain/dates";
import { WaiverForm } from "~/components/employers/WaiverForm";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("invitation");

async function open(services: Services, token: string | undefined) {
  const inv = await invitationOf(services, token);
  if (inv.state === "unknown") throw new Response("Not Found", { status: 404 });
  return inv;
}

const REFUSALS = ["closed", "complete", "switch", "enrolled", "alreadyWaived", "notWaived", "terminated"] as const;

/**
 * /invitation/{token}: an employee's personal enrollment link (issue 28). The GET shows who it is
 * for and what they may do, and writes nothing — no row, no cookie (mail scanners follow links;
 * ADR 003, ADR 018). Its buttons are POSTs: start (or continue) the enrollment, decline coverage
 * with a reason, or take a decline back. An expired link is a 410 page; an unknown one a 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { services } = context;
  const inv = await open(services, params.token);
  if (inv.state === "expired") return json({ state: "expired" as const }, { status: 410 });
  const { employee, group, enrollment, window, waiver } = inv;
  const session = await services.sessions.read(request);
  const asked = new URL(request.url).searchParams.get("refused");
  const live = enrollment && (enrollment.status === "shopping" || enrollment.status === "checked_out") ? enrollment.id : null;
  return json({
    state: "ok" as const,
    first: employee.first_name,
    last: employee.last_name,
    company: group.company_name,
    enrolled: enrollment?.status === "completed",
    inProgress: live !== null,
    window: window.open
      ? { open: true as const, closes: isoToUsDate(window.closes) }
      : { open: false as const, opens: isoToUsDate(window.nextOpens) },
    waiver: waiver ? { reason: waiver.reason, text: waiver.other_text ?? "", at: isoToUsDate(waiver.waived_at.slice(0, 10)) } : null,
    // another unfinished enrollment in this browser is never replaced without asking (ADR 003)
    holdsAnother: await holdsAnother(services, session, live),
    refused: (REFUSALS as readonly string[]).includes(asked ?? "") ? asked : null,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const inv = await open(services, params.token);
  if (inv.state === "expired") return json({ state: "expired" as const }, { status: 410 });
  const session = await requestContext({ request, context }).session;
  const here = `/invitation/${params.token}`;
  const intent = field(form, "intent", 20);
  const actor = employeeActor(session, inv.employee.id);
  if (intent === "start") {
    const started = await startFromInvitation(services, request, session, inv, { replace: field(form, "replace", 3) === "yes" });
    if (!started.ok) return redirect(`${here}?refused=${started.reason}`);
    return redirectWithSession(services, session, started.to);
  }
  if (intent === "waive") {
    const result = await waiverValidator.validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    const done = await waiveCoverage(services, actor, inv.group.id, inv.employee.id, {
      reason: result.data.reason,
      otherText: result.data.otherText || null,
    });
    return redirect(done.ok ? here : `${here}?refused=${done.reason}`);
  }
  if (intent === "unwaive") {
    const done = await reverseCoverageWaiver(services, actor, inv.group.id, inv.employee.id);
    return redirect(done.ok ? here : `${here}?refused=${done.reason}`);
  }
  throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
}

export default function Invitation() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (data.state === "expired") {
    return (
      <div className="stack">
        <h1>{t("invitation.expiredTitle")}</h1>
        <p>{t("invitation.expiredBody")}</p>
        <p>
          <Link className="button" to="/">
            {t("notFound.backHome")}
          </Link>
        </p>
      </div>
    );
  }
  const { window: w, waiver } = data;
  return (
    <div className="stack">
      <h1 data-testid="invitation-greeting">{t("invitation.title", { first: data.first, last: data.last })}</h1>
      <p>{t("invitation.intro", { company: data.company })}</p>
      {data.refused ? (
        <p className="notice notice--error" role="alert" data-testid="invitation-refused">
          {t(`invitation.refused.${data.refused}`)}
        </p>
      ) : null}
      {data.enrolled ? (
        <p className="notice" data-testid="invitation-enrolled">
          {t("invitation.enrolled")}
        </p>
      ) : !w.open ? (
        <p className="notice" data-testid="window-closed">
          {t("windows.employeeClosed", { opens: w.opens })}
        </p>
      ) : waiver ? (
        <>
          <p className="notice" data-testid="invitation-waived">
            {t("invitation.waived", { date: waiver.at, reason: t(`waiver.reasons.${waiver.reason}`) })}
          </p>
          <Form method="post">
            <AuthenticityTokenInput />
            <button className="button" type="submit" name="intent" value="unwaive">
              {t("waiver.undo")}
            </button>
          </Form>
        </>
      ) : (
        <>
          {w.closes ? <p>{t("invitation.closes", { date: w.closes })}</p> : null}
          <section className="card stack" aria-labelledby="start-heading">
            <h2 id="start-heading">{t("invitation.startHeading")}</h2>
            <p>{t("invitation.startHint")}</p>
            {data.holdsAnother ? <p className="notice">{t("invitation.replaceWarning")}</p> : null}
            <Form method="post">
              <AuthenticityTokenInput />
              {data.holdsAnother ? <input type="hidden" name="replace" value="yes" /> : null}
              <button className="button" type="submit" name="intent" value="start" data-testid="invitation-start">
                {t(data.inProgress ? "invitation.continue" : "invitation.start")}
              </button>
            </Form>
          </section>
          <section className="card stack" aria-labelledby="waive-heading">
            <h2 id="waive-heading">{t("waiver.title")}</h2>
            <WaiverForm forSomeoneElse={false} />
          </section>
        </>
      )}
    </div>
  );
}
