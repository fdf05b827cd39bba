/**
 * Complete Enrollment (enrollment-wizard §2.10, §2.13, §4 "Review", "Receipt"): exactly once —
 * the policy's idempotency key is unique, so a double click, a reload or a second tab finds
 * the same policy. The enrollee becomes a member with a policy (listed under their rep and
 * group), the receipt is e-mailed, and an invoice is generated when the member is billed directly.
 */
import crypto from "node:crypto";
import type { Services } from "./services";
import type { WizardContext } from "./wizard";
import { readStep } from "./wizard";
import { cartLines } from "./repositories/cart";
import { completeEnrollmentRecord, enrollmentPayment, policyForEnrollment } from "./repositories/completion";
import { findEnrollment } from "./repositories/enrollments";
import { findGroup, findRep } from "./repositories/entry";
import { cartView } from "./cart-view";
import { createLocalInvoices } from "./adapters/invoices";
import { sendSignatureRequest } from "./text-signature";
import { formatMoney, isoToUs } from "~/utils/format";

const CODE = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
function policyNumber(now: Date) {
  let suffix = "";
  for (let i = 0; i < 8; i++) suffix += CODE[crypto.randomInt(0, CODE.length)];
  return `BS-${now.getUTCFullYear()}-${suffix}`;
}

interface Personal {
  first_name?: string;
  middle_name?: string;
  last_name?: string;
}
interface Contact {
  email?: string;
  phone_number?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  zip?: string;
}

export type CompleteResult = { ok: true; enrollmentId: number; created: boolean } | { ok: false; reason: "incomplete" | "error" };

export async function completeEnrollment(services: Services, ctx: WizardContext, input: { notes: string | null; sendSms: boolean }): Promise<CompleteResult> {
  const { enrollment } = ctx;
  const missing = ctx.state.steps.filter((s) => s !== "review_info" && !ctx.state.completed.has(s));
  if (missing.length) return { ok: false, reason: "incomplete" };
  const [personal, contact, lines] = await Promise.all([
    readStep<Personal, { ssn: string }>(services, enrollment.id, "primary_info"),
    readStep<Contact>(services, enrollment.id, "contact_info"),
    cartLines(services.db, enrollment.id),
  ]);
  const now = services.now();
  const ssn = personal?.secret.ssn ?? null;
  const result = await completeEnrollmentRecord(services.db, {
    enrollmentId: enrollment.id,
    idempotencyKey: `enrollment:${enrollment.id}`,
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
    deleteDependents: !enrollment.tier || enrollment.tier === "IO",
    now,
  });
  if (!result.created) return { ok: true, enrollmentId: enrollment.id, created: false };
  services.log.info("enrollment completed", { enrollmentId: enrollment.id, policyId: result.policyId });
  await afterCompletion(services, enrollment.id, ctx.locale).catch((error) =>
    services.log.error("after-completion tasks failed", { enrollmentId: enrollment.id, reason: error instanceof Error ? error.message : "unknown" }),
  );
  return { ok: true, enrollmentId: enrollment.id, created: true };
}

/** The invoice (direct billing only), the receipt e-mail and, if asked, the signature request by text message. */
async function afterCompletion(services: Services, enrollmentId: number, locale: string) {
  const enrollment = await findEnrollment(services.db, enrollmentId);
  const policy = await policyForEnrollment(services.db, enrollmentId);
  if (!enrollment || !policy) return;
  const [payment, view, personal, contact] = await Promise.all([
    enrollmentPayment(services.db, enrollmentId),
    cartView(services, enrollment, locale),
    readStep<Personal>(services, enrollmentId, "primary_info"),
    readStep<Contact>(services, enrollmentId, "contact_info"),
  ]);
  if (payment && (payment.payment_method === "eft" || payment.payment_method === "cc")) {
    await createLocalInvoices(services.db).generate({ policyId: policy.id, effectiveDate: policy.effective_date, amountCents: view.totals.initialMonthCents, now: services.now() });
  }
  const t = await services.i18n.getFixedT(locale, "common");
  const name = [personal?.data.first_name, personal?.data.last_name].filter(Boolean).join(" ");
  const money = (c: number) => formatMoney(c, locale);
  const text = [
    t("receipt.emailGreeting", { name }),
    "",
    t("receipt.emailIntro"),
    `${t("receipt.confirmation")}: ${policy.policy_number}`,
    `${t("cart.effectiveDate")}: ${isoToUs(policy.effective_date)}`,
    "",
    ...view.lines.map((l) => `- ${l.name}: ${money(l.priceCents)}${t("plans.perMonth")}`),
    "",
    `${t("cart.initialMonth")}: ${money(view.totals.initialMonthCents)}`,
    `${t("cart.recurringMonth")}: ${money(view.totals.recurringMonthCents)}`,
  ].join("\n");
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const html = `<h1>${esc(t("receipt.emailSubject"))}</h1><pre style="font-family:inherit;white-space:pre-wrap">${esc(text)}</pre>`;
  const subject = t("receipt.emailSubject");
  if (contact?.data.email) await services.mailer.send({ to: contact.data.email, subject, text, html, kind: "receipt", enrollmentId });
  // A copy to the client: the rep or the group the enrollment was made for.
  const rep = enrollment.agent_id ? await findRep(services.db, enrollment.agent_id) : undefined;
  const group = enrollment.enroll_type === "new-group-member" && enrollment.group_id ? await findGroup(services.db, enrollment.group_id) : undefined;
  const client = group?.display_email ?? rep?.display_email ?? rep?.email;
  if (client) await services.mailer.send({ to: client, subject, text, html, kind: "receipt", enrollmentId });
  // The applicant signs later: the text message carries the link (Complete asked for it).
  if (policy.signature_status === "awaiting" && contact?.data.phone_number) {
    await sendSignatureRequest(services, { enrollmentId, policyNumber: policy.policy_number, phone: contact.data.phone_number, locale });
  }
}
