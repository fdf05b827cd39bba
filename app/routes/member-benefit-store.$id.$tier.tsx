import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { validationError } from "remix-validated-form";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import {
  MEMBER_BENEFIT_STORE_GROUP_ID,
  continuesMemberStoreEnrollment,
  memberStoreEntry,
  memberStoreMember,
  readMemberStoreToken,
} from "~/.server/members/member-links";
import {
  MEMBER_LINK_CODE_TTL_MS,
  claimMemberLink,
  memberLinkActor,
  memberLinkHold,
  memberLinkUntil,
  pendingMemberLinkCode,
  sendMemberLinkCode,
  verifyMemberLinkCode,
  type MemberLink,
} from "~/.server/members/member-link-holders";
import type { LinkCodeVerifyResult } from "~/.server/platform/link-codes";
import { audit } from "~/.server/platform/audit";
import { field, readForm } from "~/.server/platform/request";
import { redirectWithSession } from "~/.server/platform/respond";
import { startExistingMemberEnrollment } from "~/.server/members/existing-member";
import type { StoreSession } from "~/.server/platform/session";
import type { Services } from "~/.server/services";
import { applyPatch } from "~/domain/session-mode";
import { isTier, needsChildren, needsSpouse, type Tier } from "~/domain/tiers";
import { signInCodeValidator } from "~/forms/verify";
import * as clientForms from "~/forms/client";
import { StoreForm } from "~/components/form/StoreForm";
import { TextField } from "~/components/form/Fields";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("memberBenefitStore");

function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

/** The link's member and tier, or the refusal: 404 for anything forged or malformed, 410 (a page) for an expired link. */
async function linkOf(services: Services, params: { id?: string; tier?: string }) {
  const token = readMemberStoreToken(services.cipher, params.id, services.now());
  const tier = params.tier;
  if (!isTier(tier) || token.status === "invalid") notFound();
  if (token.status === "expired") {
    services.log.info("member store link refused", { reason: "expired" });
    return { expired: true as const };
  }
  const member = await memberStoreMember(services, token.memberId);
  if (!member) {
    services.log.warn("member store link refused", { reason: "not-in-group" });
    notFound();
  }
  const link: MemberLink = { memberId: member.id, expiresAt: token.expiresAt };
  return { expired: false as const, member, tier: tier as Tier, link };
}
type OpenLink = Extract<Awaited<ReturnType<typeof linkOf>>, { expired: false }>;

const REFUSALS = ["needsCode", "wait", "noEmail", "codeSent"] as const;

const CODE_ERRORS: Record<Exclude<LinkCodeVerifyResult, "ok">, string> = {
  wrong: "validation.otpWrong",
  expired: "validation.otpExpired",
  tooManyTries: "validation.otpTooMany",
  throttled: "validation.tooManyCodes",
  noCode: "validation.otpNoCode",
};

/**
 * /member-benefit-store/{token}/{tier}: a link sent to a member of group 1929. The token is
 * `{memberId}.{expiry}.{keyed hash}` (app/.server/members/member-links.ts), so member ids cannot be
 * guessed and a link stops working after MEMBER_LINK_DAYS. It works once per browser (ADR 033):
 * the first browser that presses its button holds it; any other browser sees nothing of the member
 * and continues only with a code e-mailed to the member. Opening the link writes no row (mail
 * scanners follow links). In the browser that holds it, the GET sets the session (an entry, like a
 * landing; which is why this route sits outside the guarded `_store` layout) and goes on — other
 * tiers ask for the dependents on the member home, the same IO link again continues its enrollment
 * — or shows the button; in a browser that does not hold it yet, the GET changes nothing.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { services } = context;
  const link = await linkOf(services, params);
  if (link.expired) return json({ state: "expired" as const, name: null }, { status: 410 });
  const { member, tier } = link;
  const session = await requestContext({ request, context }).session;
  const hold = await memberLinkHold(services, session, link.link);
  if (hold === "elsewhere") {
    // another browser holds the link: nothing of the member here, only the way to a code
    const asked = new URL(request.url).searchParams.get("refused");
    return json({
      state: "code" as const,
      name: null,
      code: await pendingMemberLinkCode(services, session, link.link),
      codeMinutes: MEMBER_LINK_CODE_TTL_MS / 60000,
      refused: (REFUSALS as readonly string[]).includes(asked ?? "") ? asked : null,
    });
  }
  const greeting = { state: "start" as const, name: { first: member.first_name, last: member.last_name } };
  // nobody holds it yet: the button (a POST) makes this browser its holder; the session is left as it is
  if (hold === "free") return json(greeting);
  // Following the same IO link again continues the same enrollment instead of starting another.
  const reuse = await continuesMemberStoreEnrollment(services, session, member.id, tier);
  const held = { memberId: member.id, untilSeconds: memberLinkUntil(link.link) };
  applyPatch(session, memberStoreEntry(session.all(), held, MEMBER_BENEFIT_STORE_GROUP_ID, reuse));
  if (needsSpouse(tier) || needsChildren(tier)) return redirectWithSession(services, session, `/member-home?step=dependents&tier=${tier}`);
  if (reuse) return redirectWithSession(services, session, "/plans");
  return json(greeting, { headers: { "Set-Cookie": await services.sessions.commit(session) } });
}

/** This browser holds the link: the member's session, then the dependents (other tiers) or the IO enrollment and the plans. */
async function enter(services: Services, request: Request, session: StoreSession, link: OpenLink, how: "start" | "code") {
  const { member, tier } = link;
  const reuse = await continuesMemberStoreEnrollment(services, session, member.id, tier);
  const held = { memberId: member.id, untilSeconds: memberLinkUntil(link.link) };
  applyPatch(session, memberStoreEntry(session.all(), held, MEMBER_BENEFIT_STORE_GROUP_ID, reuse));
  const actor = memberLinkActor(session, member.id);
  if (needsSpouse(tier) || needsChildren(tier)) {
    await audit(services, actor, { kind: "member_link.start", detail: `${how}:dependents` });
    return redirectWithSession(services, session, `/member-home?step=dependents&tier=${tier}`);
  }
  const enrollmentId = reuse
    ? session.get("tempId")!
    : await startExistingMemberEnrollment(services, request, session, member, { tier, spouseDob: null, childCount: 0 });
  await audit(services, actor, { kind: "member_link.start", enrollmentId, detail: `${how}:${reuse ? "continue" : "new"}` });
  return redirectWithSession(services, session, "/plans");
}

/**
 * The buttons: start (this browser becomes the link's holder if nobody is; refused with
 * ?refused=needsCode if another browser is), send-code and verify-code (only in a browser that
 * does not hold the link: the code makes it the holder, then it goes on as start does).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const link = await linkOf(services, params);
  if (link.expired) return json({ state: "expired" as const, name: null }, { status: 410 });
  const session = await requestContext({ request, context }).session;
  const here = `/member-benefit-store/${params.id}/${link.tier}`;
  // the first button had no intent: a post without one is the start
  const intent = field(form, "intent", 20) || "start";
  if (intent === "start") {
    if ((await claimMemberLink(services, session, link.link)) === "elsewhere") return redirect(`${here}?refused=needsCode`);
    return enter(services, request, session, link, "start");
  }
  if (intent === "send-code") {
    if ((await memberLinkHold(services, session, link.link)) !== "elsewhere") return redirect(here);
    const lng = await requestContext({ request, context }).locale;
    const sent = await sendMemberLinkCode(services, session, link.link, lng);
    return redirectWithSession(services, session, `${here}?refused=${sent.ok ? "codeSent" : sent.reason}`);
  }
  if (intent === "verify-code") {
    if ((await memberLinkHold(services, session, link.link)) !== "elsewhere") return redirect(here);
    const result = await signInCodeValidator.validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    const checked = await verifyMemberLinkCode(services, session, link.link, result.data.code);
    if (checked !== "ok")
      return validationError(
        { fieldErrors: { code: CODE_ERRORS[checked] }, formId: result.formId },
        { code: "" },
        {
          status: checked === "throttled" ? 429 : 422,
        },
      );
    return enter(services, request, session, link, "code");
  }
  throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
}

export default function MemberBenefitStore() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (data.state === "expired") {
    return (
      <div className="stack">
        <h1>{t("memberStoreLink.expiredTitle")}</h1>
        <p>{t("memberStoreLink.expiredBody")}</p>
        <p>
          <Link className="button" to="/">
            {t("notFound.backHome")}
          </Link>
        </p>
      </div>
    );
  }
  if (data.state === "code") return <CodePage />;
  const { name } = data;
  return (
    <div className="stack">
      <h1 data-testid="member-greeting">{t("memberHome.greeting", { first: name.first, last: name.last })}</h1>
      <p>{t("memberStoreLink.intro")}</p>
      <Form method="post">
        <AuthenticityTokenInput />
        <button className="button" type="submit" name="intent" value="start">
          {t("memberStoreLink.start")}
        </button>
      </Form>
    </div>
  );
}

/** Another browser holds the link: no name, no detail of the member — only the code that lets this browser in (ADR 033). */
function CodePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (data.state !== "code") return null;
  const { code, refused } = data;
  return (
    <div className="stack">
      <h1 data-testid="member-link-code-title">{t("memberStoreLink.code.title")}</h1>
      {refused ? (
        <p
          className={refused === "codeSent" ? "notice" : "notice notice--error"}
          role={refused === "codeSent" ? "status" : "alert"}
          data-testid="member-link-refused"
        >
          {t(`memberStoreLink.refused.${refused}`)}
        </p>
      ) : null}
      <section className="card stack" aria-labelledby="code-heading" data-testid="member-link-code">
        <h2 id="code-heading">{t("memberStoreLink.code.heading")}</h2>
        <p>{t("memberStoreLink.code.why")}</p>
        {code ? (
          <>
            <p>{t("memberStoreLink.code.sent", { to: code.to, minutes: data.codeMinutes })}</p>
            <StoreForm labels={{ code: t("memberStoreLink.code.label") }} id="member-link-code" validator={clientForms.signInCodeValidator}>
              <input type="hidden" name="intent" value="verify-code" />
              <TextField
                name="code"
                label={t("memberStoreLink.code.label")}
                hint={t("memberStoreLink.code.hint")}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                spellCheck={false}
                short
              />
              <button className="button" type="submit">
                {t("memberStoreLink.code.verify")}
              </button>
            </StoreForm>
            {code.waitSeconds > 0 ? (
              <p>{t("memberStoreLink.code.resendIn", { seconds: code.waitSeconds })}</p>
            ) : (
              <Form method="post">
                <AuthenticityTokenInput />
                <button className="button button--secondary" type="submit" name="intent" value="send-code">
                  {t("memberStoreLink.code.resend")}
                </button>
              </Form>
            )}
          </>
        ) : (
          <Form method="post">
            <AuthenticityTokenInput />
            <button className="button" type="submit" name="intent" value="send-code" data-testid="member-link-send-code">
              {t("memberStoreLink.code.send")}
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
