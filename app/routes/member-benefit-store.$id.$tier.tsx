import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { MEMBER_BENEFIT_STORE_GROUP_ID, memberStoreEntry, parseMemberStoreToken } from "~/.server/member-links";
import { findMemberInScope } from "~/.server/repositories/members";
import { findEnrollment } from "~/.server/repositories/enrollments";
import { redirectWithSession } from "~/.server/respond";
import { startExistingMemberEnrollment } from "~/.server/existing-member";
import { applyPatch } from "~/domain/session-mode";
import { isTier, needsChildren, needsSpouse } from "~/domain/tiers";

export const meta: MetaFunction = () => [{ title: "Member benefit store" }];

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
  const member = await findMemberInScope(services.db, memberId, { groupId: MEMBER_BENEFIT_STORE_GROUP_ID });
  if (!member) {
    services.log.warn("member store link refused", { reason: "not-in-group" });
    notFound();
  }

  const session = await services.sessions.read(request);
  // Following the same IO link again continues the same enrollment instead of starting another.
  const previous = tier === "IO" && session.get("tempId") && session.get("memberId") === member.id ? await findEnrollment(services.db, session.get("tempId")!) : undefined;
  const reuse = Boolean(
    previous && previous.status === "shopping" && previous.enroll_type === "existing-member" && previous.member_id === member.id && previous.tier === "IO" && previous.group_id === MEMBER_BENEFIT_STORE_GROUP_ID,
  );
  applyPatch(session, memberStoreEntry(session.all(), member.id, MEMBER_BENEFIT_STORE_GROUP_ID, reuse));

  if (needsSpouse(tier) || needsChildren(tier)) return redirectWithSession(services, session, `/member-home?step=dependents&tier=${tier}`);
  if (!reuse) await startExistingMemberEnrollment(services, request, session, member, { tier, spouseDob: null, childCount: 0 });
  return redirectWithSession(services, session, "/plans");
}

/** Never shown: the loader redirects or answers 404 (the root shows 'OOPS! Page not found'). */
export default function MemberBenefitStore() {
  return null;
}
