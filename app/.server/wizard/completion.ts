/**
 * Complete Enrollment (enrollment-wizard §2.10, §2.13, §4 "Review", "Receipt"): exactly once —
 * the policy's idempotency key is unique, so a double click, a reload or a second tab finds
 * the same policy — and only when everything still holds: inside the transaction that creates
 * the policy, the cart and every step are checked again (verify.ts); a refusal creates nothing. The enrollee becomes a member with a policy (listed under their rep and
 * group), the receipt is e-mailed, and an invoice is generated when the member is billed directly.
 */
import { invitedEnrollmentRefusal, recordInvitedEnrollment } from "../employers/invitations";
import crypto from "node:crypto";
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import type { WizardContext } from "./steps";
import { readStep, wizardState } from "./steps";
import { enrollmentProblems, type Problem } from "./verify";
import { cartLines } from "../repositories/cart";
import {
  claimForCompletion,
  enrollmentPayment,
  insertCompletion,
  policyByKey,
  policyForEnrollment,
  saveReviewNotes,
} from "../repositories/completion";
import { findEnrollment } from "../repositories/enrollments";
import { enrollmentOnce } from "../store/page-reads";
import { findGroup, findRep } from "../repositories/entry";
import { cartView } from "../store/cart-view";
import { catalogFor } from "../store/shopping";
import { siteOf } from "../store/site";
import { createLocalInvoices } from "../adapters/invoices";
import { sendSignatureRequest } from "./text-signature";
import { queueMail } from "../platform/outbox";
import { receiptHtml, receiptText, type ReceiptMailFacts } from "./receipt-email";
import { createStatusLink } from "../carriers/status-link";
import type { Enrollment } from "../db/schema";
import { enrollmentRecord } from "./enrollment-record";
import { actorOf, audit } from "../platform/audit";
import type { AuditActor } from "~/domain/audit";
import { formatMoney, isoToUs } from "~/utils/format";

const CODE = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
function policyNumber(now: Date) {
  let suffix = "";
  for (let i = 0; i < 8; i++) suffix += CODE[crypto.randomInt(0, CODE.length)];
  return `BS-${now.getUTCFullYear()}-${suffix}`;
}

export type CompleteResult =
  | { ok: true; enrollmentId: number; created: boolean }
  | { ok: false; reason: "refused"; problems: Problem[] }
  | { ok: false; reason: "error" };

/** Thrown inside the transaction so that a refusal rolls back everything, the claim included. */
class Refused extends Error {
  constructor(readonly problems: Problem[]) {
    super("enrollment refused");
  }
}

export async function completeEnrollment(
  services: Services,
  ctx: WizardContext,
  input: { notes: string | null; sendSms: boolean },
): Promise<CompleteResult> {
  const enrollmentId = ctx.enrollment.id;
  const idempotencyKey = `enrollment:${enrollmentId}`;
  const now = services.now();
  let outcome: { created: true; policyId: number } | { created: false };
  try {
    outcome = await services.db.transaction().execute(async (trx) => {
      const tx: Services = { ...services, db: trx };
      // First a write: a second Complete waits here until this one ends, then finds it done.
      const enrollment = await claimForCompletion(trx, enrollmentId, now);
      if (!enrollment) {
        if (await policyByKey(trx, idempotencyKey)) return { created: false as const };
        throw new Refused([{ tab: "cart", message: "cart.emptyCheckout" }]);
      }
      // an employee's invitation started it: the roster row and the window are read again here (a
      // termination or a closed window since the link was pressed enrolls nothing, ADR 026)
      const ineligible = await invitedEnrollmentRefusal(tx, enrollmentId);
      if (ineligible) {
        services.log.warn("complete refused: invited employee no longer eligible", { enrollmentId, reason: ineligible });
        throw new Refused([{ tab: "enrollment", message: ineligible }]);
      }
      // Everything read again, in this transaction: the cart, the step list it implies, each step.
      const { planIds, state } = await wizardState(tx, enrollment);
      // a plan the catalog withdrew for the coverage date since checkout is not enrolled in (ADR 022)
      const catalog = await catalogFor(tx, enrollment);
      if (planIds.some((id) => catalog.plans.get(id)?.withdrawn === true))
        throw new Refused([{ tab: "cart", message: "cart.withdrawnCheckout" }]);
      const problems = await enrollmentProblems(tx, { ...ctx, enrollment, planIds, state }, { sendSms: input.sendSms });
      if (problems.length) throw new Refused(problems);
      const [personal, contact, lines] = await Promise.all([
        readStep(tx, enrollmentId, "primary_info"),
        readStep(tx, enrollmentId, "contact_info"),
        cartLines(trx, enrollmentId),
      ]);
      const ssn = personal?.secret.ssn ?? null;
      const created = await insertCompletion(trx, {
        enrollmentId,
        idempotencyKey,
        policyNumber: policyNumber(now),
        existingMemberId: enrollment.member_id,
        newMember: enrollment.member_id
          ? null
          : {
              rep_id: enrollment.agent_id,
              group_id: enrollment.enroll_type === "new-group-member" ? enrollment.group_id : null,
              portal_id: enrollment.portal_id,
              first_name: personal?.data.first_name ?? "",
              last_name: personal?.data.last_name ?? "",
              birthdate: enrollment.birthdate ?? "",
              gender: enrollment.gender ?? 0,
              email: contact?.data.email ?? null,
              phone: contact?.data.phone_number ?? null,
              ssn_enc: ssn ? services.cipher.encrypt(ssn) : null,
              ssn_last4: ssn ? ssn.slice(-4) : null,
              address1: contact?.data.address1 ?? null,
              address2: contact?.data.address2 || null,
              city: contact?.data.city ?? null,
              state: contact?.data.state ?? enrollment.state,
              zip: contact?.data.zip ?? enrollment.zip,
            },
        tier: enrollment.tier ?? "IO",
        effectiveDate: enrollment.effective_date ?? now.toISOString().slice(0, 10),
        lines: lines.map((l) => ({ plan_id: l.plan_id, plan_price_id: l.plan_price_id, price_cents: l.price_cents })),
        additionalNotes: input.notes,
        sendSms: input.sendSms,
        // Tier IO covers no one besides the member (delete-dependent-in-IO).
        deleteDependents: !enrollment.tier || enrollment.tier === "IO",
        now,
      });
      // Completion goes on the audit trail, and the receipt (and the signature request) into the
      // outbox, in this same transaction: they exist exactly when the policy does (ADR 010).
      await audit(tx, ctx.session, { kind: "enrollment.complete", enrollmentId, memberId: created.memberId });
      // an enrollment an employee's invitation started: the roster row is enrolled (issue 28)
      await recordInvitedEnrollment(tx, enrollmentId, created.memberId, created.policyId, actorOf(ctx.session).actor);
      await afterCompletion(tx, enrollmentId, ctx.locale, actorOf(ctx.session));
      return { created: true as const, policyId: created.policyId };
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: "refused", problems: error.problems };
    // Two submits at the same moment on the unique key: the other one made the policy.
    if (await policyByKey(services.db, idempotencyKey)) return { ok: true, enrollmentId, created: false };
    throw error;
  }
  if (!outcome.created) return { ok: true, enrollmentId, created: false };
  services.delivery.nudge();
  services.log.info("enrollment completed", { enrollmentId, policyId: outcome.policyId });
  return { ok: true, enrollmentId, created: true };
}

/**
 * The invoice (direct billing only), the receipt e-mail and, if asked, the signature request by
 * text message — in Complete's transaction (`services` is the transaction's).
 */
async function afterCompletion(services: Services, enrollmentId: number, locale: string, actor: AuditActor) {
  const enrollment = await findEnrollment(services.db, enrollmentId);
  const policy = await policyForEnrollment(services.db, enrollmentId);
  if (!enrollment || !policy) return;
  const [payment, view, personal, contact] = await Promise.all([
    enrollmentPayment(services.db, enrollmentId),
    cartView(services, enrollment, locale),
    readStep(services, enrollmentId, "primary_info"),
    readStep(services, enrollmentId, "contact_info"),
  ]);
  // The enrollment record is made now, once, in the language the enrollment was completed in.
  const record = await enrollmentRecord(services, enrollmentId, locale).catch((error) => {
    services.log.error("enrollment record failed", { enrollmentId, reason: error instanceof Error ? error.message : "unknown" });
    return null;
  });
  if (payment && (payment.payment_method === "eft" || payment.payment_method === "cc")) {
    await createLocalInvoices(services.db).generate({
      policyId: policy.id,
      effectiveDate: policy.effective_date,
      amountCents: view.totals.initialMonthCents,
      now: services.now(),
    });
  }
  const t = await services.i18n.getFixedT(locale, "common");
  const name = [personal?.data.first_name, personal?.data.last_name].filter(Boolean).join(" ");
  const money = (c: number) => formatMoney(c, locale);
  const tr = (key: string, options?: Record<string, unknown>) => t(key, options) as string;
  const facts: ReceiptMailFacts = {
    locale,
    name,
    confirmation: policy.policy_number,
    effectiveDate: isoToUs(policy.effective_date),
    lines: view.lines.map((l) => ({ name: l.name, price: `${money(l.priceCents)}${t("plans.perMonth")}` })),
    initialMonth: money(view.totals.initialMonthCents),
    recurringMonth: money(view.totals.recurringMonthCents),
  };
  const text = receiptText(tr, facts);
  const html = receiptHtml(tr, facts);
  const subject = t("receipt.emailSubject");
  // The applicant's copy carries the record (with their health answers); the client's copy does not.
  const attachments = record ? [{ filename: record.filename, contentType: "application/pdf", content: record.pdf }] : undefined;
  // The applicant's copy links to where each plan stands at its carrier (a token, ADR 003/024).
  const statusUrl = contact?.data.email ? await createStatusLink(services, enrollmentId) : null;
  const applicantFacts = { ...facts, ...(record ? { note: t("record.attachmentNote") } : {}), statusUrl };
  const applicantText = receiptText(tr, applicantFacts);
  const applicantHtml = receiptHtml(tr, applicantFacts);
  if (contact?.data.email)
    await queueMail(services, {
      to: contact.data.email,
      subject,
      text: applicantText,
      html: applicantHtml,
      kind: "receipt",
      enrollmentId,
      attachments,
    });
  // A copy to the client: the rep or the group the enrollment was made for.
  const client = (await receiptClient(services, enrollment))?.email;
  if (client) await queueMail(services, { to: client, subject, text, html, kind: "receipt", enrollmentId });
  // The applicant signs later: the text message carries the link (Complete asked for it).
  if (policy.signature_status === "awaiting" && contact?.data.phone_number) {
    await sendSignatureRequest(services, {
      enrollmentId,
      policyNumber: policy.policy_number,
      phone: contact.data.phone_number,
      locale,
      actor,
      memberId: policy.member_id,
    });
  }
}

/** Who gets a copy of the receipt besides the applicant: the group the enrollment was made for, else its rep; null for none. */
export async function receiptClient(
  services: Services,
  enrollment: Pick<Enrollment, "agent_id" | "group_id" | "enroll_type">,
): Promise<{ kind: "group" | "rep"; email: string } | null> {
  const group =
    enrollment.enroll_type === "new-group-member" && enrollment.group_id ? await findGroup(services.db, enrollment.group_id) : undefined;
  if (group?.display_email) return { kind: "group", email: group.display_email };
  const rep = enrollment.agent_id ? await findRep(services.db, enrollment.agent_id) : undefined;
  const email = rep?.display_email ?? rep?.email;
  return email ? { kind: "rep", email } : null;
}

/** Review: the additional notes, and whether the applicant is asked to sign by text message. */
export async function saveReviewChoices(services: Services, enrollmentId: number, input: { notes: string | null; sendSms: boolean }) {
  await saveReviewNotes(services.db, enrollmentId, input.notes, input.sendSms, services.now());
}

/**
 * enrollment/receipt: the session's completed enrollment with its policy, the applicant's name
 * and the site; null when there is nothing to show (the visitor goes home).
 */
export async function loadReceipt(services: Services, request: Request, session: StoreSession) {
  // receiptId is what the session's read left: held by this browser, within its time (platform/session.ts)
  const id = session.get("receiptId");
  const enrollment = id ? await enrollmentOnce(services, id) : undefined;
  if (!enrollment || enrollment.status !== "completed") return null;
  const [policy, personal, site] = await Promise.all([
    policyForEnrollment(services.db, enrollment.id),
    readStep(services, enrollment.id, "primary_info"),
    siteOf(services, request),
  ]);
  if (!policy) return null;
  const [contact, client] = await Promise.all([readStep(services, enrollment.id, "contact_info"), receiptClient(services, enrollment)]);
  // where the receipt e-mail went, as the receipt says it (issue 26 #14)
  const emailed = contact?.data.email
    ? client
      ? client.kind === "group"
        ? "receipt.emailedYouAndGroup"
        : "receipt.emailed"
      : "receipt.emailedYou"
    : client
      ? client.kind === "group"
        ? "receipt.emailedGroup"
        : "receipt.emailedRep"
      : null;
  return { enrollment, policy, site, emailed, name: [personal?.data.first_name, personal?.data.last_name].filter(Boolean).join(" ") };
}
