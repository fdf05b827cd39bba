/**
 * Member benefit store links (/member-benefit-store/{token}/{tier}). Member ids are
 * sequential, so the path carries `{id}.{expiry}.{mac}`: the id, the time the link stops working
 * (seconds since 1970) and 22 characters (132 bits) of a keyed hash of both. Nobody without the
 * encryption key can make a link for another member, nor make a link last longer (issue 23).
 * Links of the first format (`{id}.{mac}`, which never expired) are refused as expired.
 */
import { timingSafeEqualStrings, type Cipher } from "../platform/crypto";
import type { SessionData, SessionKey, StoreSession } from "../platform/session";
import type { Services } from "../services";
import { findMemberInScope } from "../repositories/members";
import { findEnrollment } from "../repositories/enrollments";
import type { SessionPatch } from "~/domain/session-mode";
import { MAX_RECORD_ID } from "~/domain/record-id";

/** The member benefit store's group is fixed (storefront §2 route table). */
export const MEMBER_BENEFIT_STORE_GROUP_ID = 1929;

const MAC_LENGTH = 22;
const TOKEN = /^([1-9][0-9]{0,9})\.([1-9][0-9]{8,10})\.([A-Za-z0-9_-]{22})$/;
/** the first format, without an expiry: only recognised to say "expired" to its real holder */
const OLD_TOKEN = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{22})$/;

function macs(cipher: Cipher, memberId: number, expiresAt: number) {
  return cipher.hashes(`member-store:${memberId}:${expiresAt}`).map((h) => h.slice(0, MAC_LENGTH));
}

/** A link for this member that works until `expiresAt` (rounded down to the second). */
export function memberStoreToken(cipher: Cipher, memberId: number, expiresAt: Date) {
  if (!Number.isSafeInteger(memberId) || memberId <= 0) throw new Error("member id must be a positive integer");
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  if (!Number.isSafeInteger(seconds) || seconds < 1e8 || seconds >= 1e11) throw new Error("expiry out of range");
  return `${memberId}.${seconds}.${cipher.hash(`member-store:${memberId}:${seconds}`).slice(0, MAC_LENGTH)}`;
}

/** When a link made now expires: MEMBER_LINK_DAYS from now. */
export function memberLinkExpiry(now: Date, days: number) {
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
}

export type MemberStoreTokenResult = { status: "ok"; memberId: number; expiresAt: Date } | { status: "expired" } | { status: "invalid" };

/** What a token says: its member while it has not expired; "expired" only for a genuine link (its MAC checks). */
export function readMemberStoreToken(cipher: Cipher, token: string | null | undefined, now: Date): MemberStoreTokenResult {
  if (typeof token !== "string" || token.length > 60) return { status: "invalid" };
  const m = TOKEN.exec(token);
  if (m) {
    const memberId = Number(m[1]);
    const seconds = Number(m[2]);
    if (memberId > MAX_RECORD_ID) return { status: "invalid" };
    // Any configured key's MAC (key rotation): links made before a rotation keep working until the old key is dropped.
    if (!macs(cipher, memberId, seconds).some((h) => timingSafeEqualStrings(m[3]!, h))) return { status: "invalid" };
    return seconds * 1000 > now.getTime() ? { status: "ok", memberId, expiresAt: new Date(seconds * 1000) } : { status: "expired" };
  }
  const old = OLD_TOKEN.exec(token);
  if (
    old &&
    Number(old[1]) <= MAX_RECORD_ID &&
    cipher.hashes(`member-store:${Number(old[1])}`).some((h) => timingSafeEqualStrings(old[2]!, h.slice(0, MAC_LENGTH)))
  )
    return { status: "expired" };
  return { status: "invalid" };
}

/** The member id a token was made for while it works, or null (malformed, forged, expired). */
export function parseMemberStoreToken(cipher: Cipher, token: string | null | undefined, now: Date): number | null {
  const r = readMemberStoreToken(cipher, token, now);
  return r.status === "ok" ? r.memberId : null;
}

/** The session a member benefit store link starts: the member shops for themself in group 1929. */
export function memberStoreEntry(
  current: SessionData,
  link: { memberId: number; untilSeconds: number },
  groupId: number,
  keepTempId: boolean,
): SessionPatch {
  const { memberId, untilSeconds: memberLinkUntil } = link;
  const set: SessionData = {
    eprocess: "applicant",
    enrollType: "existing-member",
    groupId,
    memberId,
    memberLinkUntil,
    repAuthenticated: true,
  };
  if (current.over65 !== undefined) set.over65 = current.over65;
  // Whoever was shopping in this browser before (a rep, a group, a referral) is forgotten.
  const unset: SessionKey[] = (
    [
      "openType",
      "agentId",
      "portalId",
      "referral",
      "referralValid",
      "landing",
      "groupViewPlans",
      "pendingRepId",
      "pendingGroupId",
      "fromSite",
      "navto",
      "showQuotation",
    ] as SessionKey[]
  ).filter((k) => !(k in set));
  if (!keepTempId) unset.push("tempId");
  return { set, unset };
}

/** The member a link was made for, while they are still in the member benefit store's group. */
export function memberStoreMember(services: Services, memberId: number) {
  return findMemberInScope(services.db, memberId, { groupId: MEMBER_BENEFIT_STORE_GROUP_ID });
}

/** Following the same IO link again continues the session's enrollment instead of starting another. */
export async function continuesMemberStoreEnrollment(services: Services, session: StoreSession, memberId: number, tier: string) {
  const previous =
    tier === "IO" && session.get("tempId") && session.get("memberId") === memberId
      ? await findEnrollment(services.db, session.get("tempId")!)
      : undefined;
  return Boolean(
    previous &&
      previous.status === "shopping" &&
      previous.enroll_type === "existing-member" &&
      previous.member_id === memberId &&
      previous.tier === "IO" &&
      previous.group_id === MEMBER_BENEFIT_STORE_GROUP_ID,
  );
}
