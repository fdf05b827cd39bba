import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { validationError } from "remix-validated-form";
import { field, readForm } from "~/.server/platform/request";
import { redirectWithSession, withRenewedCsrf } from "~/.server/platform/respond";
import {
  maskEmail,
  pendingSignIn,
  phoneEnding,
  sendStaffCode,
  signInCandidates,
  startVerifiedSession,
  verifyStaffCode,
  type StaffSendResult,
  type StaffVerifyResult,
} from "~/.server/members/verification";
import { pendingRep } from "~/.server/store/access-codes";
import { sendCodeValidator, signInCodeValidator } from "~/forms/verify";
import * as clientForms from "~/forms/client";
import { StoreForm } from "~/components/form/StoreForm";
import { CodeForm } from "~/components/form/CodeForm";
import { RadioGroup } from "~/components/form/Fields";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("verify");

type As = "rep" | "admin";
const asOf = (value: string | null): As => (value === "admin" ? "admin" : "rep");

/**
 * /verify: a rep (after their access code) or a group admin (from the group home) proves who
 * they are with a 6-digit code sent to the e-mail or phone on file (issue 15). First the choice
 * of where to send it, then the code; a right code starts a verified server session.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requestContext({ request, context }).session;
  if (session.staff) throw redirect(session.staff.kind === "rep" ? "/agent-home" : "/group-home");
  const as = asOf(new URL(request.url).searchParams.get("as"));
  const again = Boolean(session.get("resumeFrom"));
  const pending = await pendingSignIn(services, session);
  if (pending) {
    const { subject, channel } = pending;
    return json({
      stage: "code" as const,
      as: subject.staff.kind === "rep" ? ("rep" as const) : ("admin" as const),
      again,
      who: { kind: subject.staff.kind, name: subject.name, company: subject.company },
      sent: {
        channel,
        to: channel === "email" ? maskEmail(subject.email) : phoneEnding(subject.phone ?? ""),
        reference: pending.reference,
      },
      waitSeconds: pending.waitSeconds,
      destinations: [],
    });
  }
  const candidates = await signInCandidates(services, session, as);
  if (!candidates.length) throw redirect(as === "admin" && session.get("eprocess") === "group" ? "/group-home" : "/access");
  const first = candidates[0];
  return json({
    stage: "choose" as const,
    as,
    again,
    who: { kind: first.staff.kind, name: first.staff.kind === "rep" ? first.name : (first.company ?? ""), company: first.company },
    sent: null,
    waitSeconds: 0,
    destinations: candidates.flatMap((c) => [
      { value: `${c.ref}:email`, name: c.name, channel: "email" as const, to: maskEmail(c.email) },
      ...(c.phone ? [{ value: `${c.ref}:phone`, name: c.name, channel: "phone" as const, to: phoneEnding(c.phone) }] : []),
    ]),
  });
}

const SEND_ERRORS: Record<Exclude<StaffSendResult, { ok: true }>["reason"], string> = {
  wait: "validation.otpWait",
  locked: "validation.signInLocked",
  noPhone: "validation.chooseDestination",
};
const VERIFY_ERRORS: Record<Exclude<StaffVerifyResult, "ok">, string> = {
  wrong: "validation.otpWrong",
  expired: "validation.otpExpired",
  tooManyTries: "validation.otpTooMany",
  locked: "validation.signInLocked",
  throttled: "validation.tooManyCodes",
  noCode: "validation.otpNoCode",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const session = await requestContext({ request, context }).session;
  if (session.staff) return redirect(session.staff.kind === "rep" ? "/agent-home" : "/group-home");
  const intent = field(form, "intent", 20);
  const as = asOf(field(form, "as", 10));
  const locale = await requestContext({ request, context }).locale;

  switch (intent) {
    case "send": {
      const result = await sendCodeValidator.validate(form);
      if (result.error) return validationError(result.error, result.submittedData);
      const [kind, id, channel] = result.data.destination.split(":");
      const subject = (await signInCandidates(services, session, as)).find((c) => c.ref === `${kind}:${id}`);
      if (!subject)
        return validationError(
          { fieldErrors: { destination: "validation.chooseDestination" }, formId: result.formId },
          result.submittedData,
        );
      const sent = await sendStaffCode(services, session, context.clientIp, subject, channel as "email" | "phone", locale);
      if (!sent.ok)
        return validationError({ fieldErrors: { destination: SEND_ERRORS[sent.reason] }, formId: result.formId }, result.submittedData, {
          status: 429,
        });
      return redirectWithSession(services, session, "/verify");
    }
    case "resend": {
      const pending = await pendingSignIn(services, session);
      if (!pending) return redirect(`/verify?as=${as}`);
      const sent = await sendStaffCode(services, session, context.clientIp, pending.subject, pending.channel, locale);
      if (!sent.ok) return json({ resendError: SEND_ERRORS[sent.reason] }, { status: 429 });
      return redirectWithSession(services, session, "/verify");
    }
    case "verify": {
      const result = await signInCodeValidator.validate(form);
      if (result.error) return validationError(result.error, result.submittedData);
      const checked = await verifyStaffCode(services, session, context.clientIp, result.data.code);
      if (checked.result !== "ok" || !checked.subject) {
        const status = checked.result === "locked" || checked.result === "throttled" ? 429 : 422;
        return validationError(
          { fieldErrors: { code: VERIFY_ERRORS[checked.result as Exclude<StaffVerifyResult, "ok">] }, formId: result.formId },
          { code: "" },
          { status },
        );
      }
      const to = await startVerifiedSession(services, session, request, checked.subject);
      return redirect(to, { headers: await withRenewedCsrf(services, await services.sessions.commit(session)) });
    }
    case "change": {
      // another address or person: the code sent stays valid until it expires or a new one is sent
      session.unset("verifyChannel");
      if (!session.get("resumeFrom")) session.unset("verifySubject");
      return redirectWithSession(services, session, `/verify?as=${as}`);
    }
    case "shop": {
      // Only looking at plans: the rep's code brands the store; their landing page applies it.
      const rep = await pendingRep(services, session);
      session.unset("pendingRepId", "verifySubject", "verifyChannel");
      return redirectWithSession(services, session, rep?.landing_url ?? "/access");
    }
    default:
      throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  }
}

export default function Verify() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { resendError?: string } | undefined;
  const { t } = useTranslation();
  const heading = data.again
    ? t("verify.againTitle")
    : data.who.kind === "rep"
      ? t("verify.repTitle", { name: data.who.name })
      : t("verify.adminTitle", { company: data.who.company ?? data.who.name });
  return (
    <div className="stack">
      <h1>{heading}</h1>
      <p>{data.who.kind === "rep" ? t("verify.repWhy") : t("verify.adminWhy")}</p>

      {data.stage === "choose" ? (
        <section className="card" aria-labelledby="send-title">
          <h2 id="send-title">{t("verify.sendTitle")}</h2>
          <StoreForm
            labels={{ destination: t("verify.destination") }}
            id="send-code"
            validator={clientForms.sendCodeValidator}
            defaultValues={data.destinations.length === 1 ? { destination: data.destinations[0].value } : undefined}
          >
            <input type="hidden" name="intent" value="send" />
            <input type="hidden" name="as" value={data.as} />
            <RadioGroup
              name="destination"
              inline={false}
              options={data.destinations.map((d) => ({
                value: d.value,
                label: `${data.who.kind === "group_admin" ? `${d.name}: ` : ""}${d.channel === "email" ? t("verify.toEmail", { to: d.to }) : t("verify.toPhone", { ending: d.to })}`,
              }))}
            />
            <button className="button" type="submit">
              {t("verify.sendCode")}
            </button>
          </StoreForm>
        </section>
      ) : (
        <section className="card" aria-labelledby="code-title">
          <h2 id="code-title">{t("verify.codeTitle")}</h2>
          {data.sent ? (
            <p data-testid="code-sent">
              {data.sent.channel === "email"
                ? t("verify.sentEmail", { name: data.who.name, to: data.sent.to })
                : t("verify.sentPhone", { name: data.who.name, ending: data.sent.to })}{" "}
              <span data-testid="code-reference">{t("verify.reference", { reference: data.sent.reference })}</span>
            </p>
          ) : null}
          <CodeForm id="sign-in-code" intent="verify">
            <input type="hidden" name="as" value={data.as} />
          </CodeForm>
          <Form method="post" className="stack">
            <AuthenticityTokenInput />
            <input type="hidden" name="as" value={data.as} />
            {actionData?.resendError ? (
              <p className="error-message" role="alert" data-testid="resend-error">
                {t(actionData.resendError)}
              </p>
            ) : null}
            {data.waitSeconds > 0 ? (
              <p className="hint" data-testid="resend-wait">
                {t("contact.resendWait", { seconds: data.waitSeconds })}
              </p>
            ) : null}
            <div className="button-group">
              <button className="button button--secondary" type="submit" name="intent" value="resend">
                {t("verify.resend")}
              </button>
              <button className="button button--secondary" type="submit" name="intent" value="change">
                {t("verify.change")}
              </button>
            </div>
          </Form>
        </section>
      )}

      {data.as === "rep" && !data.again ? (
        <Form method="post" className="card stack">
          <AuthenticityTokenInput />
          <h2>{t("verify.shopTitle")}</h2>
          <p>{t("verify.shopHint", { name: data.who.name })}</p>
          <div>
            <button className="button button--secondary" type="submit" name="intent" value="shop">
              {t("verify.shop", { name: data.who.name })}
            </button>
          </div>
        </Form>
      ) : null}
    </div>
  );
}
