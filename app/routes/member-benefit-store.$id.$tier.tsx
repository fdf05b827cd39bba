import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import {
  MEMBER_BENEFIT_STORE_GROUP_ID,
  continuesMemberStoreEnrollment,
  memberStoreEntry,
  memberStoreMember,
  readMemberStoreToken,
} from "~/.server/members/member-links";
import { readForm } from "~/.server/platform/request";
import { redirectWithSession } from "~/.server/platform/respond";
import { startExistingMemberEnrollment } from "~/.server/members/existing-member";
import type { Services } from "~/.server/services";
import { applyPatch } from "~/domain/session-mode";
import { isTier, needsChildren, needsSpouse, type Tier } from "~/domain/tiers";
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
  return { expired: false as const, member, tier: tier as Tier };
}

/**
 * /member-benefit-store/{token}/{tier}: a link sent to a member of group 1929. The token is
 * `{memberId}.{expiry}.{keyed hash}` (app/.server/members/member-links.ts), so member ids cannot be
 * guessed and a link stops working after MEMBER_LINK_DAYS. Opening the link writes no row (mail
 * scanners follow links): it sets the session (an entry, like a landing; which is why this route
 * sits outside the guarded `_store` layout) and either goes on — other tiers ask for the
 * dependents on the member home, the same IO link again continues its enrollment — or shows a
 * button whose POST starts the existing-member enrollment and goes to /plans.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { services } = context;
  const link = await linkOf(services, params);
  if (link.expired) return json({ state: "expired" as const, name: null }, { status: 410 });
  const { member, tier } = link;
  const session = await requestContext({ request, context }).session;
  // Following the same IO link again continues the same enrollment instead of starting another.
  const reuse = await continuesMemberStoreEnrollment(services, session, member.id, tier);
  applyPatch(session, memberStoreEntry(session.all(), member.id, MEMBER_BENEFIT_STORE_GROUP_ID, reuse));
  if (needsSpouse(tier) || needsChildren(tier)) return redirectWithSession(services, session, `/member-home?step=dependents&tier=${tier}`);
  if (reuse) return redirectWithSession(services, session, "/plans");
  return json(
    { state: "start" as const, name: { first: member.first_name, last: member.last_name } },
    { headers: { "Set-Cookie": await services.sessions.commit(session) } },
  );
}

/** The button: the IO enrollment starts here (a POST), then the plans. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { services } = context;
  await readForm(request, services);
  const link = await linkOf(services, params);
  if (link.expired) return json({ state: "expired" as const, name: null }, { status: 410 });
  const { member, tier } = link;
  const session = await requestContext({ request, context }).session;
  const reuse = await continuesMemberStoreEnrollment(services, session, member.id, tier);
  applyPatch(session, memberStoreEntry(session.all(), member.id, MEMBER_BENEFIT_STORE_GROUP_ID, reuse));
  if (needsSpouse(tier) || needsChildren(tier)) return redirectWithSession(services, session, `/member-home?step=dependents&tier=${tier}`);
  if (!reuse) await startExistingMemberEnrollment(services, request, session, member, { tier, spouseDob: null, childCount: 0 });
  return redirectWithSession(services, session, "/plans");
}

export default function MemberBenefitStore() {
  const { state, name } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (state === "expired" || !name) {
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
  return (
    <div className="stack">
      <h1 data-testid="member-greeting">{t("memberHome.greeting", { first: name.first, last: name.last })}</h1>
      <p>{t("memberStoreLink.intro")}</p>
      <Form method="post">
        <AuthenticityTokenInput />
        <button className="button" type="submit">
          {t("memberStoreLink.start")}
        </button>
      </Form>
    </div>
  );
}
