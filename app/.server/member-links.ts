/**
 * Member benefit store links (/member-benefit-store/{token}/{tier}). Member ids are
 * sequential, so the path carries `{id}.{mac}`: the id plus 22 characters (132 bits) of a
 * keyed hash of it. Nobody without the encryption key can make a link for another member.
 */
import { timingSafeEqualStrings, type Cipher } from "./crypto";
import type { SessionData, SessionKey } from "./session";
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
  return timingSafeEqualStrings(m[2]!, mac(cipher, memberId)) ? memberId : null;
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
