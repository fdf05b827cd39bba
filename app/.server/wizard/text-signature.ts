/**
 * The signature request by text message (enrollment-wizard §1, §2.10, §4 "enroll-by"). A rep or
 * a group enrolling someone who is not beside them leaves the signature empty; on the review
 * step they tick the text-message box, and completing the enrollment sends the applicant a
 * link. The link's id is an unguessable token (only its hash is kept) that expires; it opens a
 * page where the applicant reads what was chosen for them, accepts the agreements and signs —
 * drawn with JavaScript, their typed name without. The signature is kept encrypted.
 */
import type { Services } from "../services";
import { queueText, withMessages } from "../platform/outbox";
import type { Enrollment, Policy } from "../db/schema";
import { findByAnyHash, randomToken } from "../platform/crypto";
import { loadCatalog } from "../repositories/catalog";
import { findEnrollment } from "../repositories/enrollments";
import { findGroup, findRep } from "../repositories/entry";
import { expireLinkTokens, findLinkToken, insertLinkToken, markLinkTokenUsed } from "../repositories/tokens";
import { awaitingPolicyForMember, policyForEnrollment, recordPolicySignature } from "../repositories/completion";
import { releaseLimit, takeLimit } from "../platform/rate-limit";
import { audit } from "../platform/audit";
import type { AuditActor } from "~/domain/audit";
import { agreementTexts } from "../repositories/agreements";
import { cartView } from "../store/cart-view";
import { readStep } from "./steps";
import { listDependents } from "../repositories/dependents";
import { isoToUsDate } from "~/domain/dates";
import { SIGNATURE_LINK_DAYS, textSignatureAllowed, type ApplicantName } from "~/domain/agreement";
import { todayIso } from "~/domain/dates";
import type { AgreementInput } from "~/forms/agreement";

const PURPOSE = "signature";
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Whether a path's token has the shape of a signature link's (checked before it goes into any URL or query). */
export const isSignatureToken = (token: string) => TOKEN.test(token);
/** A rep or group may send the link again, three times an hour per policy. */
export const RESEND_LIMIT = { max: 3, windowMs: 60 * 60 * 1000 };
const tokenHash = (services: Services, token: string) => services.cipher.hash(`${PURPOSE}:${token}`);

/** May this enrollment's applicant sign later, from a text message? (IHA, signature, who enrolls) */
export async function textSignatureOffered(services: Services, enrollment: Pick<Enrollment, "eprocess">, planIds: readonly number[]) {
  const catalog = await loadCatalog(services.db, todayIso(services.now()));
  const plans = planIds.map((id) => catalog.plans.get(id)).filter((p) => p !== undefined);
  return textSignatureAllowed({
    eprocess: enrollment.eprocess,
    hasIha: plans.some((p) => p.is_iha === 1),
    signatureRequired: plans.some((p) => p.signature_required === 1),
  });
}

/** Sends the applicant the link to sign (after Complete Enrollment asked for it). */
export async function sendSignatureRequest(
  services: Services,
  o: {
    enrollmentId: number;
    policyNumber: string;
    phone: string;
    locale: string;
    actor: AuditActor;
    memberId?: number | null;
    resend?: boolean;
  },
) {
  const now = services.now();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + SIGNATURE_LINK_DAYS * 24 * 60 * 60 * 1000);
  const t = await services.i18n.getFixedT(o.locale, "common");
  const link = `${services.config.publicBaseUrl}/sign/${token}`;
  // the link, its text message and the audit event commit together (ADR 010); inside Complete's transaction when it sends
  await withMessages(services, async (tx) => {
    await insertLinkToken(tx.db, { tokenHash: tokenHash(services, token), purpose: PURPOSE, enrollmentId: o.enrollmentId, expiresAt, now });
    await queueText(tx, {
      to: o.phone,
      text: t("sign.sms", { number: o.policyNumber, link, days: SIGNATURE_LINK_DAYS }),
      kind: "signature_request",
      enrollmentId: o.enrollmentId,
    });
    await audit(tx, o.actor, {
      kind: "signature.sent",
      enrollmentId: o.enrollmentId,
      memberId: o.memberId ?? null,
      detail: o.resend ? "resend" : "text_link",
    });
  });
  services.log.info("signature request sent", { enrollmentId: o.enrollmentId });
}

export type ResendResult = "sent" | "notAwaiting" | "limited";

/**
 * Sends the link again (the text was lost, or the link expired): the earlier links stop
 * working, a new one goes to the phone given in the enrollment.
 */
export async function resendSignatureRequest(
  services: Services,
  memberId: number,
  locale: string,
  actor: AuditActor,
): Promise<ResendResult> {
  const policy = await awaitingPolicyForMember(services.db, memberId);
  if (!policy?.enrollment_id) return "notAwaiting";
  const now = services.now();
  const key = `sign-resend:${policy.id}`;
  // the resend is counted before anything is sent (ADR 007)
  const taken = await takeLimit(services.db, key, RESEND_LIMIT, now);
  if (!taken.allowed) {
    services.log.warn("signature request resend limited", { enrollmentId: policy.enrollment_id });
    return "limited";
  }
  const contact = await readStep(services, policy.enrollment_id, "contact_info");
  if (!contact?.data.phone_number) {
    await releaseLimit(services.db, key, taken);
    return "notAwaiting";
  }
  const phone = contact.data.phone_number;
  // the earlier links stop working exactly when the new one is sent
  await withMessages(services, async (tx) => {
    await expireLinkTokens(tx.db, policy.enrollment_id!, PURPOSE, now);
    await sendSignatureRequest(tx, {
      enrollmentId: policy.enrollment_id!,
      policyNumber: policy.policy_number,
      phone,
      locale,
      actor,
      memberId,
      resend: true,
    });
  });
  return "sent";
}

export interface SignatureRequest {
  linkId: number;
  /** set once the link is used: signed, or ended by too many wrong dates of birth (sign-identity.ts) */
  linkUsedAt: string | null;
  enrollment: Enrollment;
  policy: Policy;
}

/** The request a link's token opens: live, for a completed enrollment with a policy; else null. */
export async function openSignatureRequest(services: Services, token: string): Promise<SignatureRequest | null> {
  if (!TOKEN.test(token)) return null;
  const link = await findByAnyHash(services.cipher, `${PURPOSE}:${token}`, (hash) =>
    findLinkToken(services.db, hash, PURPOSE, services.now()),
  );
  const enrollment = link ? await findEnrollment(services.db, link.enrollment_id) : undefined;
  if (!link || !enrollment || enrollment.status !== "completed") return null;
  const policy = await policyForEnrollment(services.db, enrollment.id);
  if (!policy || !policy.signature_status) return null;
  return { linkId: link.id, linkUsedAt: link.used_at, enrollment, policy };
}

/**
 * What the applicant reads before signing: who enrolled them, what they certify — the applicant
 * and the dependents as the application names them (issue 26 #13), the plans and prices — and
 * the agreements, the certification among them.
 */
export async function signatureRequestView(services: Services, request: SignatureRequest, locale: string) {
  const { enrollment, policy } = request;
  const [view, personal, dependents, t, rep, group] = await Promise.all([
    cartView(services, enrollment, locale),
    readStep(services, enrollment.id, "primary_info"),
    listDependents(services.db, enrollment.id),
    services.i18n.getFixedT(locale, "common"),
    enrollment.agent_id ? findRep(services.db, enrollment.agent_id) : Promise.resolve(undefined),
    enrollment.eprocess === "group" && enrollment.group_id ? findGroup(services.db, enrollment.group_id) : Promise.resolve(undefined),
  ]);
  const texts = await agreementTexts(
    services.db,
    view.lines.map((l) => l.planId),
    locale,
  );
  const first = personal?.data.first_name?.trim() ?? "";
  const last = personal?.data.last_name?.trim() ?? "";
  const applicantName: ApplicantName | null = first && last ? { first, last } : null;
  const enrolledBy = group?.company_name ?? (rep ? rep.display_name || `${rep.first_name} ${rep.last_name}` : "");
  const fullName = (p: { first_name?: string | null; middle_name?: string | null; last_name?: string | null }) =>
    [p.first_name, p.middle_name, p.last_name]
      .map((s) => s?.trim())
      .filter(Boolean)
      .join(" ");
  return {
    firstName: first,
    applicantName,
    summary: {
      applicant: {
        name: personal ? fullName(personal.data) : "",
        birthdate: enrollment.birthdate ? isoToUsDate(enrollment.birthdate) : "",
      },
      dependents: dependents.map((d) => ({
        name: fullName(d),
        relationship: t(d.relationship === "spouse" ? "review.spouse" : "review.child"),
        birthdate: isoToUsDate(d.birthdate),
      })),
    },
    enrolledBy,
    confirmation: policy.policy_number,
    effectiveDate: policy.effective_date,
    lines: view.lines.map((l) => ({ id: l.id, name: l.name, priceCents: l.priceCents })),
    totals: view.totals,
    texts,
    today: todayIso(services.now()),
    signedAt: policy.signature_status === "signed" ? policy.signed_at : null,
  };
}

/**
 * Keeps the signature (encrypted), once: a second post finds the policy signed and changes nothing.
 * In the caller's transaction (sign-by-text.ts), with the record made again from it.
 */
export async function recordSignature(services: Services, request: SignatureRequest, input: AgreementInput, actor: AuditActor) {
  if (!input.signature) return false;
  const now = services.now();
  const secret = services.cipher.encryptJson({ ...input.signature, agreements: input.accepted });
  const recorded = await recordPolicySignature(services.db, request.policy.id, secret, now);
  if (recorded) {
    await markLinkTokenUsed(services.db, request.linkId, now);
    services.log.info("signature recorded from text message", { enrollmentId: request.enrollment.id, method: input.signature.method });
    await audit(services, actor, {
      kind: "signature.given",
      enrollmentId: request.enrollment.id,
      memberId: request.policy.member_id,
      detail: `text_link_${input.signature.method}`,
    });
  }
  return recorded;
}
