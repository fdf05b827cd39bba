import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { validationError } from "remix-validated-form";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n-react";
import { readForm, field } from "~/.server/platform/request";
import { redirectWithSession } from "~/.server/platform/respond";
import { requestContext } from "~/.server/platform/request-context";
import {
  employeeActor,
  holdsAnother,
  holdsHere,
  holdWaiverHere,
  invitationOf,
  liveEnrollment,
  provenEmployee,
  startFromInvitation,
  waiverHolderHash,
  waiverMadeHere,
  type OpenInvitation,
} from "~/.server/employers/invitations";
import {
  codeProvesRoster,
  INVITE_CODE_TTL_MS,
  pendingInvitationCode,
  sendInvitationCode,
  verifyInvitationCode,
  type InviteVerifyResult,
} from "~/.server/employers/invitation-codes";
import { audit } from "~/.server/platform/audit";
import type { StoreSession } from "~/.server/platform/session";
import { signInCodeValidator } from "~/forms/verify";
import { CodeForm } from "~/components/form/CodeForm";
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

const REFUSALS = [
  "closed",
  "complete",
  "switch",
  "enrolled",
  "alreadyWaived",
  "notWaived",
  "terminated",
  "needsCode",
  "wait",
  "noEmail",
  "addressChanged",
  "codeSent",
] as const;

const CODE_ERRORS: Record<Exclude<InviteVerifyResult, "ok">, string> = {
  wrong: "validation.otpWrong",
  expired: "validation.otpExpired",
  tooManyTries: "validation.otpTooMany",
  throttled: "validation.tooManyCodes",
  noCode: "validation.otpNoCode",
};

/**
 * Why this browser must prove it is the employee's before acting on the link (ADR 023): the
 * enrollment in progress is held by another browser, or the standing decline was made elsewhere
 * (another browser, or the admin). Null: it may act.
 */
function codeGate(services: Services, session: StoreSession, inv: OpenInvitation) {
  const live = liveEnrollment(inv);
  if (live && !holdsHere(session, live)) return "enrollment" as const;
  if (inv.waiver && !waiverMadeHere(services, session, inv.waiver)) return "waiver" as const;
  // this browser may start or continue, but has not proved it is the employee's: the roster's
  // details stay out until it does (ADR 023 addendum w8); the code is offered beside the Start button
  if (!inv.waiver && inv.employee.email && !provenEmployee(session, inv.employee.id)) return "details" as const;
  return null;
}

/** The enrollment a gate's code continues (its address rules, codeAddress); null: the roster's address. */
const continuedBy = (gate: ReturnType<typeof codeGate>, inv: OpenInvitation) => (gate === "enrollment" ? liveEnrollment(inv) : null);

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
  if (inv.state === "revoked") return json({ state: "revoked" as const }, { status: 410 });
  const { employee, group, enrollment, window, waiver } = inv;
  const session = await services.sessions.read(request);
  const gate = window.open && enrollment?.status !== "completed" ? codeGate(services, session, inv) : null;
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
    // the reason is shown only to the browser that gave it (another browser sees that coverage was declined)
    waiver: waiver
      ? {
          reason: gate === "waiver" ? null : waiver.reason,
          text: waiver.other_text ?? "",
          at: isoToUsDate(waiver.waived_at.slice(0, 10)),
        }
      : null,
    gate,
    code: gate ? await pendingInvitationCode(services, session, employee, continuedBy(gate, inv)) : null,
    codeMinutes: INVITE_CODE_TTL_MS / 60000,
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
  if (inv.state === "revoked") return json({ state: "revoked" as const }, { status: 410 });
  const session = await requestContext({ request, context }).session;
  const here = `/invitation/${params.token}`;
  const intent = field(form, "intent", 20);
  const actor = employeeActor(session, inv.employee.id);
  if (intent === "start") {
    const started = await startFromInvitation(services, request, session, inv, { replace: field(form, "replace", 3) === "yes" });
    if (!started.ok) return redirect(`${here}?refused=${started.reason}`);
    return redirectWithSession(services, session, started.to);
  }
  if (intent === "send-code") {
    const gate = codeGate(services, session, inv);
    if (!gate) return redirect(here);
    const sent = await sendInvitationCode(services, session, inv.employee, continuedBy(gate, inv));
    return redirectWithSession(services, session, `${here}?refused=${sent.ok ? "codeSent" : sent.reason}`);
  }
  if (intent === "verify-code") {
    const gate = codeGate(services, session, inv);
    if (!gate) return redirect(here);
    const result = await signInCodeValidator.validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    const checked = await verifyInvitationCode(services, session, inv.employee, result.data.code);
    if (checked !== "ok")
      return validationError(
        { fieldErrors: { code: CODE_ERRORS[checked] }, formId: result.formId },
        { code: "" },
        {
          status: checked === "throttled" ? 429 : 422,
        },
      );
    // the code went to the roster's address: this browser is the employee's, the roster's details are its to see
    if (await codeProvesRoster(services, inv.employee, continuedBy(gate, inv))) session.set("inviteProven", inv.employee.id);
    if (gate === "waiver") {
      // this browser proved it is the employee's: the decline is now this browser's to take back
      await holdWaiverHere(services, session, inv.employee.id);
      return redirectWithSession(services, session, here);
    }
    const started = await startFromInvitation(services, request, session, inv, {
      replace: field(form, "replace", 3) === "yes",
      proven: true,
    });
    if (!started.ok) return redirectWithSession(services, session, `${here}?refused=${started.reason}`);
    return redirectWithSession(services, session, started.to);
  }
  if (intent === "waive") {
    const result = await waiverValidator.validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    // someone else's enrollment in progress is not declined from another browser without the code
    if (codeGate(services, session, inv) === "enrollment") {
      await audit(services, actor, { kind: "invitation.refuse", detail: "needs_code:waive" });
      return redirect(`${here}?refused=needsCode`);
    }
    const done = await waiveCoverage(services, actor, inv.group.id, inv.employee.id, {
      reason: result.data.reason,
      otherText: result.data.otherText || null,
      holderHash: waiverHolderHash(services, session),
    });
    return redirectWithSession(services, session, done.ok ? here : `${here}?refused=${done.reason}`);
  }
  if (intent === "unwaive") {
    // only the browser that declined takes it back without the code (another browser, or a decline the admin entered)
    if (inv.waiver && codeGate(services, session, inv) === "waiver") {
      await audit(services, actor, { kind: "invitation.refuse", detail: "needs_code:unwaive" });
      return redirect(`${here}?refused=needsCode`);
    }
    const done = await reverseCoverageWaiver(services, actor, inv.group.id, inv.employee.id);
    return redirect(done.ok ? here : `${here}?refused=${done.reason}`);
  }
  throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
}

export default function Invitation() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (data.state === "expired" || data.state === "revoked") {
    const which = data.state === "expired" ? "expired" : "revoked";
    return (
      <div className="stack">
        <h1 data-testid={`invitation-${which}`}>{t(`invitation.${which}Title`)}</h1>
        <p>{t(`invitation.${which}Body`)}</p>
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
        <p
          className={data.refused === "codeSent" ? "notice" : "notice notice--error"}
          role={data.refused === "codeSent" ? "status" : "alert"}
          data-testid="invitation-refused"
        >
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
            {waiver.reason
              ? t("invitation.waived", { date: waiver.at, reason: t(`waiver.reasons.${waiver.reason}`) })
              : t("invitation.waivedElsewhere", { date: waiver.at })}
          </p>
          {data.gate === "waiver" ? (
            <CodeSection />
          ) : (
            <Form method="post">
              <AuthenticityTokenInput />
              <button className="button" type="submit" name="intent" value="unwaive">
                {t("waiver.undo")}
              </button>
            </Form>
          )}
        </>
      ) : data.gate === "enrollment" ? (
        <>
          {w.closes ? <p>{t("invitation.closes", { date: w.closes })}</p> : null}
          <CodeSection />
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
          {data.gate === "details" ? <CodeSection /> : null}
          <section className="card stack" aria-labelledby="waive-heading">
            <h2 id="waive-heading">{t("waiver.title")}</h2>
            <WaiverForm forSomeoneElse={false} />
          </section>
        </>
      )}
    </div>
  );
}

/**
 * The one-time code that lets this browser act on an enrollment or a decline made elsewhere (ADR
 * 023), or — beside the Start button — fill in the roster's details (ADR 023 addendum w8).
 */
function CodeSection() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (data.state !== "ok") return null;
  const { code } = data;
  const details = data.gate === "details";
  return (
    <section className="card stack" aria-labelledby="code-heading" data-testid={details ? "invitation-details" : "invitation-code"}>
      <h2 id="code-heading">{t(details ? "invitation.details.heading" : "invitation.code.heading")}</h2>
      <p>{t(details ? "invitation.details.why" : data.gate === "waiver" ? "invitation.code.whyWaiver" : "invitation.code.why")}</p>
      {code ? (
        <>
          <p>{t("invitation.code.sent", { to: code.to, minutes: data.codeMinutes })}</p>
          <CodeForm
            id="invitation-code"
            intent="verify-code"
            labelKey="invitation.code.label"
            hintKey="invitation.code.hint"
            submitKey={details ? "invitation.details.verify" : "invitation.code.verify"}
          >
            {data.holdsAnother ? <p className="notice">{t("invitation.replaceWarning")}</p> : null}
            {data.holdsAnother ? <input type="hidden" name="replace" value="yes" /> : null}
          </CodeForm>
          {code.waitSeconds > 0 ? (
            <p>{t("invitation.code.resendIn", { seconds: code.waitSeconds })}</p>
          ) : (
            <Form method="post">
              <AuthenticityTokenInput />
              <button className="button button--secondary" type="submit" name="intent" value="send-code">
                {t("invitation.code.resend")}
              </button>
            </Form>
          )}
        </>
      ) : (
        <Form method="post">
          <AuthenticityTokenInput />
          <button className="button" type="submit" name="intent" value="send-code" data-testid="invitation-send-code">
            {t("invitation.code.send")}
          </button>
        </Form>
      )}
    </section>
  );
}
