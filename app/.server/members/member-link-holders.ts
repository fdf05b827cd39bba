/**
 * Member benefit store links work once per browser (ADR 033, the rule of ADR 023 for invitation
 * links). The first browser that presses the link's button becomes its holder and goes on as
 * before; any other browser sees nothing of the member (not even the name) and may only ask for a
 * code e-mailed to the member's address on file: a right code makes it the link's only holder.
 * A link is its member and expiry; the holder is the session's random `memberLinkKey`; both are
 * kept as keyed hashes (member_link_holders). The codes are the invitations' (platform/link-codes.ts).
 */
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import { randomToken } from "../platform/crypto";
import { memberLinkHash, memberLinkHolder, memberLinkHolderHash } from "../platform/member-link-hold";
import { audit } from "../platform/audit";
import {
  LINK_CODE_TTL_MS,
  pendingLinkCode,
  sendLinkCode,
  verifyLinkCode,
  type LinkCodeScheme,
  type LinkCodeSendResult,
} from "../platform/link-codes";
import {
  claimLinkHolder,
  findLinkHolder,
  memberCodeContact,
  moveLinkHolder,
  releaseMemberEnrollments,
  retireMemberResumeMail,
} from "../repositories/member-link-holders";
import { maskEmail } from "./verification";
import type { AuditActor } from "~/domain/audit";
import { localeOf, type Locale } from "~/domain/locale";

export const MEMBER_LINK_CODE_TTL_MS = LINK_CODE_TTL_MS;

/** A working link: whose, and until when (readMemberStoreToken). */
export interface MemberLink {
  memberId: number;
  expiresAt: Date;
}

const MEMBER_LINK_CODES: LinkCodeScheme = {
  purpose: "member-link",
  sessionKey: "memberLinkKey",
  limits: "member-link",
  subject: "member",
  audit: { sent: "member_link.code_sent", success: "member_link.code_success", failure: "member_link.code_failure" },
  mail: { kind: "member_code", subject: "memberStoreLink.code.mailSubject", body: "memberStoreLink.code.mailBody" },
};

/** The actor of someone using a member's link (the member, until a code says otherwise: the trail names the link's member). */
export function memberLinkActor(session: StoreSession, memberId: number): AuditActor {
  return { actor: `member:${memberId}`, actingAs: "applicant", requestId: session.requestId, clientKey: session.clientKey };
}

/** The link's expiry in epoch seconds, as the session keeps it (`memberLinkUntil`) and the hold's hash has it. */
export const memberLinkUntil = (link: MemberLink) => Math.floor(link.expiresAt.getTime() / 1000);
const linkKey = (link: MemberLink) => memberLinkHash({ memberId: link.memberId, untilSeconds: memberLinkUntil(link) });
const holderKey = memberLinkHolderHash;

/** This browser's key (made on first use: only on a POST, the session is then committed). */
function browserKey(session: StoreSession) {
  let key = session.get("memberLinkKey");
  if (!key) {
    key = randomToken(16);
    session.set("memberLinkKey", key);
  }
  return key;
}

export type LinkHold = "here" | "free" | "elsewhere";

/** Whether this browser holds the link, nobody does yet, or another browser does. Reads only. */
export function memberLinkHold(services: Services, session: StoreSession, link: MemberLink): Promise<LinkHold> {
  return memberLinkHolder(
    services.db,
    services.cipher,
    { memberId: link.memberId, untilSeconds: memberLinkUntil(link) },
    session.get("memberLinkKey"),
  );
}

/**
 * The button: this browser holds the link — it did already, or it is the first (one atomic insert:
 * of two first presses at once, one wins). "elsewhere": another browser holds it (refused, audited).
 */
export async function claimMemberLink(services: Services, session: StoreSession, link: MemberLink): Promise<"here" | "elsewhere"> {
  let hold = await memberLinkHold(services, session, link);
  if (hold === "free") {
    const claimed = await claimLinkHolder(services.db, {
      linkHash: services.cipher.hash(linkKey(link)),
      memberId: link.memberId,
      holderHash: services.cipher.hash(holderKey(browserKey(session))),
      expiresAt: link.expiresAt,
      now: services.now(),
    });
    // another press was first: this browser holds it only if that press was this browser's
    hold = claimed ? "here" : await memberLinkHold(services, session, link);
  }
  if (hold === "here") return "here";
  await refuseMemberLink(services, session, link.memberId, "needs_code");
  return "elsewhere";
}

/** A refusal on the audit trail (the member's link used in a browser that does not hold it). */
export function refuseMemberLink(services: Services, session: StoreSession, memberId: number, detail: string) {
  return audit(services, memberLinkActor(session, memberId), { kind: "member_link.refuse", detail });
}

/**
 * A right code: this browser becomes the link's only holder (the browser that held it needs a code
 * in its turn), and every Save & Continue Later code and link of the member's unfinished
 * enrollments that this browser does not hold ends (one transaction): whoever held the link before
 * must not get the member back into a browser with a resume e-mail sent to himself.
 */
async function takeMemberLink(services: Services, session: StoreSession, link: MemberLink) {
  const holderHash = services.cipher.hash(holderKey(browserKey(session)));
  const now = services.now();
  // the session's read dropped a tempId another browser holds: what is left is this browser's own
  const mine = session.get("tempId") ?? null;
  await services.db.transaction().execute(async (trx) => {
    // a write first (SQLite: a transaction that reads first may meet another writer, ADR 007)
    await retireMemberResumeMail(trx, link.memberId, mine, now);
    await releaseMemberEnrollments(trx, link.memberId, mine, randomToken(16), now);
    const row = await findLinkHolder(trx, services.cipher.hashes(linkKey(link)));
    if (row) await moveLinkHolder(trx, row.id, holderHash, now);
    else
      await claimLinkHolder(trx, {
        linkHash: services.cipher.hash(linkKey(link)),
        memberId: link.memberId,
        holderHash,
        expiresAt: link.expiresAt,
        now,
      });
  });
}

/** Where the member's code goes: their e-mail on file, in the language of their last enrollment (else the page's). */
async function codeContact(services: Services, memberId: number, pageLocale: Locale) {
  const m = await memberCodeContact(services.db, memberId);
  const email = m?.email?.trim();
  return m && email ? { id: m.id, firstName: m.first_name, to: email, locale: m.locale ? localeOf(m.locale) : pageLocale } : null;
}

/** The code this browser asked for, if live: where it went (masked) and when another may be sent. */
export async function pendingMemberLinkCode(services: Services, session: StoreSession, link: MemberLink) {
  if (!session.get("memberLinkKey")) return null;
  const live = await pendingLinkCode(services, session, MEMBER_LINK_CODES, link.memberId);
  if (!live) return null;
  const contact = await codeContact(services, link.memberId, "en");
  return contact ? { to: maskEmail(contact.to), waitSeconds: live.waitSeconds } : null;
}

/** "Send me a code": to the member's e-mail on file (never one typed on the page). */
export async function sendMemberLinkCode(
  services: Services,
  session: StoreSession,
  link: MemberLink,
  pageLocale: Locale,
): Promise<LinkCodeSendResult | { ok: false; reason: "noEmail" }> {
  const contact = await codeContact(services, link.memberId, pageLocale);
  if (!contact) {
    await refuseMemberLink(services, session, link.memberId, "code:no_email");
    return { ok: false, reason: "noEmail" };
  }
  return sendLinkCode(services, session, MEMBER_LINK_CODES, contact, memberLinkActor(session, link.memberId));
}

/** The code typed in this browser: a right one makes this browser the link's holder. */
export async function verifyMemberLinkCode(services: Services, session: StoreSession, link: MemberLink, code: string) {
  const result = await verifyLinkCode(services, session, MEMBER_LINK_CODES, link.memberId, code, memberLinkActor(session, link.memberId));
  if (result === "ok") await takeMemberLink(services, session, link);
  return result;
}
