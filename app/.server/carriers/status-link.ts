/**
 * The link in the receipt e-mail to where each plan stands at its carrier (issue 29, ADR 003 and
 * 024). A link in an e-mail is a bearer token: anyone holding the e-mail can open it, and mail
 * scanners do. So:
 * - the token is 32 random bytes; only its keyed hash is kept (link_tokens, purpose
 *   "carrier-status"), and it expires STATUS_LINK_DAYS after the receipt;
 * - the page shows the status lines only — plan, carrier, sent / accepted / being fixed and the day —
 *   never a name, a confirmation number, an address, a price or an internal code;
 * - opening it (a GET) writes nothing: no session, no row, no audit (there is no person's record
 *   on it to audit, and a scanner must not change anything).
 */
import type { Services } from "../services";
import { findByAnyHash, randomToken } from "../platform/crypto";
import { findLinkToken, insertLinkToken } from "../repositories/tokens";
import { findEnrollment } from "../repositories/enrollments";
import { policyForEnrollment } from "../repositories/completion";
import { carrierStatusOf, type PlanCarrierStatus } from "./status";

/** One status line as the link shows it. */
export type StatusLine = Pick<PlanCarrierStatus, "planId" | "planName" | "carrierName" | "state" | "on">;

export const STATUS_LINK = "carrier-status";
export const STATUS_LINK_DAYS = 180;

/** A new status link for a completed enrollment (in the caller's transaction); the URL to put in the e-mail. */
export async function createStatusLink(services: Services, enrollmentId: number): Promise<string> {
  const token = randomToken();
  const now = services.now();
  const expiresAt = new Date(now.getTime() + STATUS_LINK_DAYS * 24 * 60 * 60 * 1000);
  await insertLinkToken(services.db, {
    tokenHash: services.cipher.hash(`${STATUS_LINK}:${token}`),
    purpose: STATUS_LINK,
    enrollmentId,
    expiresAt,
    now,
  });
  return `${services.config.publicBaseUrl}/enrollment-status/${token}`;
}

/**
 * What the link shows: the status lines of the enrollment's policy, or null for a token that is
 * malformed, unknown, expired, or whose enrollment has no policy (the page answers 404). Reads only.
 */
export async function statusFromLink(services: Services, token: string, locale: string): Promise<StatusLine[] | null> {
  if (!/^[A-Za-z0-9_-]{32,64}$/.test(token)) return null;
  const link = await findByAnyHash(services.cipher, `${STATUS_LINK}:${token}`, (hash) =>
    findLinkToken(services.db, hash, STATUS_LINK, services.now()),
  );
  if (!link) return null;
  const enrollment = await findEnrollment(services.db, link.enrollment_id);
  if (!enrollment || enrollment.status === "cancelled") return null;
  const policy = await policyForEnrollment(services.db, enrollment.id);
  if (!policy) return null;
  // only the status lines, field by field: nothing else of the policy leaves the server
  return (await carrierStatusOf(services.db, [policy.id], locale)).map((s) => ({
    planId: s.planId,
    planName: s.planName,
    carrierName: s.carrierName,
    state: s.state,
    on: s.on,
  }));
}
