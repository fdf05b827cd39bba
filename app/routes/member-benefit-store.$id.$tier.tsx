import { type LoaderFunctionArgs } from "@remix-run/node";
import { MEMBER_BENEFIT_STORE_GROUP_ID, continuesMemberStoreEnrollment, memberStoreEntry, memberStoreMember, parseMemberStoreToken } from "~/.server/members/member-links";
import { redirectWithSession } from "~/.server/platform/respond";
import { startExistingMemberEnrollment } from "~/.server/members/existing-member";
import { applyPatch } from "~/domain/session-mode";
import { isTier, needsChildren, needsSpouse } from "~/domain/tiers";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("memberBenefitStore");

function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

/**
 * /member-benefit-store/{token}/{tier}: a link sent to a member of group 1929. The token is
 * `{memberId}.{keyed hash}` (app/.server/member-links.ts), so member ids cannot be guessed.
 * The link is itself an entry (like a landing): it sets the rep-authenticated flag, which is
 * why this route sits outside the guarded `_store` layout. IO starts the existing-member
 * enrollment and goes to /plans; other tiers ask for the dependents on the member home first.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { services } = context;
  const memberId = parseMemberStoreToken(services.cipher, params.id);
  const tier = params.tier;
  if (!memberId || !isTier(tier)) notFound();
  const member = await memberStoreMember(services, memberId);
  if (!member) {
    services.log.warn("member store link refused", { reason: "not-in-group" });
    notFound();
  }

  const session = await services.sessions.read(request);
  // Following the same IO link again continues the same enrollment instead of starting another.
  const reuse = await continuesMemberStoreEnrollment(services, session, member.id, tier);
  applyPatch(session, memberStoreEntry(session.all(), member.id, MEMBER_BENEFIT_STORE_GROUP_ID, reuse));

  if (needsSpouse(tier) || needsChildren(tier)) return redirectWithSession(services, session, `/member-home?step=dependents&tier=${tier}`);
  if (!reuse) await startExistingMemberEnrollment(services, request, session, member, { tier, spouseDob: null, childCount: 0 });
  return redirectWithSession(services, session, "/plans");
}

/** Never shown: the loader redirects or answers 404 (the root shows 'OOPS! Page not found'). */
export default function MemberBenefitStore() {
  return null;
}
