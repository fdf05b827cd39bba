/**
 * Member benefit store links (/member-benefit-store/{token}/{tier}). Member ids are
 * sequential, so the path carries `{id}.{mac}`: the id plus 22 characters (132 bits) of a
 * keyed hash of it. Nobody without the encryption key can make a link for another member.
 */
import { timingSafeEqualStrings, type Cipher } from "../platform/crypto";
import type { SessionData, SessionKey, StoreSession } from "../platform/session";
import type { Services } from "../services";
import { findMemberInScope } from "../repositories/members";
import { findEnrollment } from "../repositories/enrollments";
import type { SessionPatch } from "~/domain/session-mode";

/** The member benefit store's group is fixed (storefront §2 route table). */
export const MEMBER_BENEFIT_STORE_GROUP_ID = 1929;

const MAC_LENGTH = 22;
const TOKEN = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{22})$/;

function mac(cipher: Cipher, memberId: number) {
  return cipher.hash(`member-store:${memberId}`).slice(0, MAC_LENGTH);
}

export function memberStoreToken(cipher: Cipher, memberId: number) {
  if (!Number.isSafeInteger(memberId) || memberId <= 0) throw new Error("member id must be a positive integer");
  return `${memberId}.${mac(cipher, memberId)}`;
}

/** The member id a token was made for, or null for anything malformed or forged. */
export function parseMemberStoreToken(cipher: Cipher, token: string | null | undefined): number | null {
  if (typeof token !== "string" || token.length > 40) return null;
  const m = TOKEN.exec(token);
  if (!m) return null;
  const memberId = Number(m[1]);
  if (!Number.isSafeInteger(memberId) || memberId > 2_147_483_647) return null;
  // Any configured key's MAC (key rotation): links made before a rotation keep working until the old key is dropped.
  return cipher.hashes(`member-store:${memberId}`).some((h) => timingSafeEqualStrings(m[2]!, h.slice(0, MAC_LENGTH))) ? memberId : null;
}

/** The session a member benefit store link starts: the member shops for themself in group 1929. */
export function memberStoreEntry(current: SessionData, memberId: number, groupId: number, keepTempId: boolean): SessionPatch {
  const set: SessionData = { eprocess: "applicant", enrollType: "existing-member", groupId, memberId, repAuthenticated: true };
  if (current.over65 !== undefined) set.over65 = current.over65;
  // Whoever was shopping in this browser before (a rep, a group, a referral) is forgotten.
  const unset: SessionKey[] = (["openType", "agentId", "portalId", "referral", "referralValid", "landing", "groupViewPlans", "pendingRepId", "pendingGroupId", "fromSite", "navto", "showQuotation"] as SessionKey[]).filter((k) => !(k in set));
  if (!keepTempId) unset.push("tempId");
  return { set, unset };
}

/** The member a link was made for, while they are still in the member benefit store's group. */
export function memberStoreMember(services: Services, memberId: number) {
  return findMemberInScope(services.db, memberId, { groupId: MEMBER_BENEFIT_STORE_GROUP_ID });
}

/** Following the same IO link again continues the session's enrollment instead of starting another. */
export async function continuesMemberStoreEnrollment(services: Services, session: StoreSession, memberId: number, tier: string) {
  const previous = tier === "IO" && session.get("tempId") && session.get("memberId") === memberId ? await findEnrollment(services.db, session.get("tempId")!) : undefined;
  return Boolean(
    previous && previous.status === "shopping" && previous.enroll_type === "existing-member" && previous.member_id === memberId && previous.tier === "IO" && previous.group_id === MEMBER_BENEFIT_STORE_GROUP_ID,
  );
}
