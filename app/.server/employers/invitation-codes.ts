/**
 * Invitation links work once per browser (issue 28, ADR 023). Once an invitation's enrollment is
 * held by a browser, another browser continues it only with a one-time code e-mailed to the
 * employee (codeAddress: the roster's address while unchanged, else the one they typed and confirmed in the enrollment): 6 digits from a secure source, kept as a keyed hash, 15 minutes,
 * single use, 5 tries per code, a resend after 120 s that retires the earlier code. A code belongs
 * to the browser that asked for it. The machinery (limits, tries, hashes, audit) is shared with the
 * member benefit store links: platform/link-codes.ts; this module says where an invitation's code goes.
 */
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import {
  LINK_CODE_MAX_TRIES,
  LINK_CODE_TTL_MS,
  pendingLinkCode,
  sendLinkCode,
  verifyLinkCode,
  type LinkCodeScheme,
  type LinkCodeVerifyResult,
} from "../platform/link-codes";
import { audit } from "../platform/audit";
import { maskEmail } from "../members/verification";
import type { RosterRow } from "../repositories/employees";
import { readStep } from "../wizard/steps";
import { employeeActor, rosterEmailUnchanged } from "./invitations";
import { isConfirmedContact } from "../wizard/contact-codes";
import { localeOf } from "~/domain/locale";

export const INVITE_CODE_TTL_MS = LINK_CODE_TTL_MS;
export const INVITE_CODE_MAX_TRIES = LINK_CODE_MAX_TRIES;

/** The invitations' codes: the names they have had since ADR 023 (limits, hashes, audit kinds, mail). */
const INVITATION_CODES: LinkCodeScheme = {
  purpose: "invitation",
  sessionKey: "inviteKey",
  limits: "invite",
  subject: "employee",
  audit: { sent: "invitation.code_sent", success: "invitation.code_success", failure: "invitation.code_failure" },
  mail: { kind: "employee_code", subject: "invitation.code.mailSubject", body: "invitation.code.mailBody" },
};

type Employee = Pick<RosterRow, "id" | "group_id" | "first_name" | "email" | "locale" | "enrollment_email_hash">;

/** The enrollment in progress a code would continue (null: the code takes back a decline). */
type Continued = { id: number } | null;

/**
 * Where the code goes. The roster's address, while the employer has not changed it since the
 * enrollment began (under any configured key: a key rotation changes nothing); after such a change,
 * the address typed in the enrollment's contact step, but only once a contact-step code confirmed
 * it; else none: the enrollment continues only in the browser that holds it. Neither the employer
 * (by setting the roster's address to their own) nor whoever pressed Start first with a forwarded
 * link (by typing their own address, unconfirmed) can take the employee's code.
 */
export async function codeAddress(
  services: Services,
  e: Employee,
  continued: Continued,
): Promise<{ to: string } | { refused: "noEmail" | "addressChanged" }> {
  if (!continued) return e.email ? { to: e.email } : { refused: "noEmail" };
  if (e.email && rosterEmailUnchanged(services, e.email, e.enrollment_email_hash)) return { to: e.email };
  const typed = (await readStep(services, continued.id, "contact_info"))?.data.email?.trim();
  if (typed && (await isConfirmedContact(services, continued.id, "email", typed))) return { to: typed };
  return e.email || typed ? { refused: "addressChanged" } : { refused: "noEmail" };
}

/** The code this browser asked for this employee, if one is live: where it went and when another may be sent. */
export async function pendingInvitationCode(services: Services, session: StoreSession, e: Employee, continued: Continued) {
  if (!session.get("inviteKey")) return null;
  const address = await codeAddress(services, e, continued);
  if (!("to" in address)) return null;
  const live = await pendingLinkCode(services, session, INVITATION_CODES, e.id);
  return live ? { to: maskEmail(address.to), waitSeconds: live.waitSeconds } : null;
}

export type InviteSendResult =
  | { ok: true }
  | { ok: false; reason: "wait"; seconds: number }
  | { ok: false; reason: "noEmail" | "addressChanged" };

/** "Send me a code": to the employee (codeAddress), in their language. */
export async function sendInvitationCode(
  services: Services,
  session: StoreSession,
  e: Employee,
  continued: Continued,
): Promise<InviteSendResult> {
  const address = await codeAddress(services, e, continued);
  if (!("to" in address)) {
    await audit(services, employeeActor(session, e.id), {
      kind: "invitation.refuse",
      detail: address.refused === "noEmail" ? "code:no_email" : "code:address_changed",
    });
    return { ok: false, reason: address.refused };
  }
  return sendLinkCode(
    services,
    session,
    INVITATION_CODES,
    { id: e.id, firstName: e.first_name, to: address.to, locale: localeOf(e.locale) },
    employeeActor(session, e.id),
  );
}

export type InviteVerifyResult = LinkCodeVerifyResult;

/** Checks the code typed in this browser for this employee (platform/link-codes.ts: counted first, single use, audited). */
export function verifyInvitationCode(services: Services, session: StoreSession, e: Employee, code: string) {
  return verifyLinkCode(services, session, INVITATION_CODES, e.id, code, employeeActor(session, e.id));
}

/**
 * Whether this browser's code went to the roster's own address (codeAddress): a right code then
 * proves this browser is the employee's, and the roster's personal details are its to see
 * (`inviteProven`, ADR 023 addendum w8). A code sent to an address typed in the enrollment proves
 * that address, not the roster's.
 */
export async function codeProvesRoster(services: Services, e: Employee, continued: Continued) {
  const address = await codeAddress(services, e, continued);
  return "to" in address && Boolean(e.email) && address.to.trim().toLowerCase() === e.email!.trim().toLowerCase();
}
