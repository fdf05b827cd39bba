/**
 * How each entry sets the session mode (storefront §4): eprocess, open_type, enroll_type
 * and the agent/group/portal ids. Pure: each rule returns a patch the route applies.
 */
import type { SessionData, SessionKey } from "./session";
import type { SiteKind } from "./home-target";

export interface SessionPatch {
  set: SessionData;
  unset: SessionKey[];
}

/** Keys that describe who is shopping for whom; an entry that changes the owner drops them. */
const MODE_KEYS: SessionKey[] = [
  "eprocess",
  "openType",
  "enrollType",
  "agentId",
  "groupId",
  "portalId",
  "memberId",
  "referral",
  "referralValid",
  "landing",
  "groupViewPlans",
  "pendingRepId",
  "pendingGroupId",
  "fromSite",
];

function replaceMode(set: SessionData, keepTempId: boolean): SessionPatch {
  const unset = MODE_KEYS.filter((k) => !(k in set));
  if (!keepTempId) unset.push("tempId");
  return { set, unset };
}

/** Keep the cart only when the same owner continues shopping. */
function sameOwner(current: SessionData, next: SessionData) {
  return current.agentId === next.agentId && current.groupId === next.groupId && current.eprocess === next.eprocess;
}

export interface SiteDefaults {
  kind: SiteKind;
  repId: number | null;
  groupId: number | null;
  portalId: number | null;
}

/** An applicant arriving on the default host's landing, or the white-label host's. */
export function enterSite(current: SessionData, site: SiteDefaults): SessionPatch | null {
  if (current.repAuthenticated && current.eprocess) return null; // already inside: keep the mode
  const whiteLabel = site.kind === "white_label";
  const set: SessionData = {
    eprocess: "applicant",
    enrollType: whiteLabel && site.groupId ? "new-group-member" : "new-member",
    repAuthenticated: true,
    ...(whiteLabel && site.groupId ? { openType: "group" as const } : {}),
    ...(site.repId ? { agentId: site.repId } : {}),
    ...(site.groupId ? { groupId: site.groupId } : {}),
    ...(site.portalId ? { portalId: site.portalId } : {}),
  };
  return replaceMode({ ...set, over65: current.over65 } as SessionData, sameOwner(current, set));
}

export interface LandingOwner {
  kind: "rep" | "group";
  id: number;
  slug: string;
  repId: number | null;
  portalId: number | null;
}

/** A rep's or group's landing slug: the applicant shops under that rep or group. */
export function enterLanding(current: SessionData, owner: LandingOwner, siteKind: SiteKind): SessionPatch {
  const set: SessionData =
    owner.kind === "rep"
      ? {
          eprocess: "applicant",
          openType: "agent",
          enrollType: "new-member",
          agentId: owner.id,
          landing: owner.slug,
          repAuthenticated: true,
        }
      : {
          eprocess: "applicant",
          openType: "group",
          enrollType: siteKind === "white_label" ? "new-group-member" : "new-member",
          groupId: owner.id,
          landing: owner.slug,
          repAuthenticated: true,
          ...(owner.repId ? { agentId: owner.repId } : {}),
        };
  if (owner.portalId) set.portalId = owner.portalId;
  if (current.over65 !== undefined) set.over65 = current.over65;
  return replaceMode(set, sameOwner(current, set));
}

/** A referral link: the referrer's rep, group and portal; home is the referral page. */
export function enterReferral(
  current: SessionData,
  referral: { code: string; repId: number | null; groupId: number | null; portalId: number | null },
): SessionPatch {
  const set: SessionData = {
    eprocess: "applicant",
    enrollType: referral.groupId ? "new-group-member" : "new-member",
    referral: referral.code,
    referralValid: true,
    repAuthenticated: true,
    ...(referral.repId ? { agentId: referral.repId } : {}),
    ...(referral.groupId ? { groupId: referral.groupId } : {}),
    ...(referral.portalId ? { portalId: referral.portalId } : {}),
  };
  if (current.over65 !== undefined) set.over65 = current.over65;
  return replaceMode(set, sameOwner(current, set));
}

/** A confirmed rep access code: the rep works from the agent home. */
export function repConfirmed(current: SessionData, repId: number): SessionPatch {
  const set: SessionData = { eprocess: "rep", agentId: repId, repAuthenticated: true };
  if (current.over65 !== undefined) set.over65 = current.over65;
  return replaceMode(set, false);
}

/** A confirmed group enrollment code (employee enrollment or a group's admin). */
export function groupConfirmed(
  current: SessionData,
  group: { id: number; repId: number | null; portalId: number | null },
  purpose: "enroll" | "view-plans",
): SessionPatch {
  const set: SessionData = {
    eprocess: "group",
    groupId: group.id,
    repAuthenticated: true,
    ...(purpose === "enroll" ? { enrollType: "new-group-member" as const } : { groupViewPlans: true }),
    ...(group.repId ? { agentId: group.repId } : {}),
    ...(group.portalId ? { portalId: group.portalId } : {}),
  };
  if (current.over65 !== undefined) set.over65 = current.over65;
  return replaceMode(set, false);
}

/** Agent home → New Member → portal → Start Direct Enrollment. */
export function startDirectEnrollment(current: SessionData, portalId: number): SessionPatch {
  const keep = current.enrollType === "new-member" && current.portalId === portalId && !current.groupId;
  return {
    set: { enrollType: "new-member", eprocess: "rep", portalId },
    unset: keep ? ["groupId", "memberId"] : ["groupId", "memberId", "tempId"],
  };
}

/** Agent home → New Member → portal → one of the rep's groups; any tempId is dropped. */
export function startGroupEnrollment(portalId: number, groupId: number, eprocess: "rep" | "group" = "rep"): SessionPatch {
  return { set: { enrollType: "new-group-member", eprocess, portalId, groupId }, unset: ["tempId", "memberId"] };
}

/**
 * A rep's new quote starts from a portal (storefront §4 "Quote start on the plan page"): a rep
 * with neither a portal nor a group chooses one first (direct enrollment or one of their groups).
 */
export function needsPortalChoice(s: SessionData) {
  return s.eprocess === "rep" && !s.portalId && !s.groupId;
}

/** The over-65 toggle (after its confirmation). */
export function setOver65(over65: boolean): SessionPatch {
  return { set: { over65 }, unset: [] };
}

export function applyPatch(session: { set: (k: never, v: never) => void; unset: (...k: SessionKey[]) => void }, patch: SessionPatch) {
  session.unset(...patch.unset);
  for (const [k, v] of Object.entries(patch.set)) session.set(k as never, v as never);
}

/** What a sign-in keeps in the browser while it is under way (issue 15). */
const SIGN_IN_KEYS: SessionKey[] = ["pendingRepId", "pendingGroupId", "verifySubject", "verifyChannel", "verifyKey", "resumeFrom"];

/**
 * A rep or group admin verified by a code: the session of their own mode (the rep's agent home,
 * the admin's group), with nothing of the sign-in left in it.
 */
export function verifiedData(
  current: SessionData,
  who: { kind: "rep"; repId: number } | { kind: "group_admin"; group: { id: number; repId: number | null; portalId: number | null } },
): SessionData {
  const patch = who.kind === "rep" ? repConfirmed(current, who.repId) : groupConfirmed(current, who.group, "enroll");
  const out: Record<string, unknown> = { ...current };
  for (const k of [...patch.unset, ...SIGN_IN_KEYS]) delete out[k];
  Object.assign(out, patch.set);
  return out as SessionData;
}

/** The session a signing-in-again person continues with: what it held, without the sign-in's keys. */
export function withoutSignIn(data: SessionData): SessionData {
  const out: Record<string, unknown> = { ...data };
  for (const k of SIGN_IN_KEYS) delete out[k];
  return out as SessionData;
}
