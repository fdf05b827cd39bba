/**
 * The applicant signs from the text message's link (ADR 005) — and the enrollment record catches
 * up (ADR 012). In one transaction: the signature on the policy (once: a second post finds it
 * signed and changes nothing), the ESIGN consent given on that page, the record made again with
 * that signature, its agreements, the consent and the time of signing (replacing the file that
 * said the signature was awaited), and an e-mail to the applicant with the new file attached, in
 * the enrollment's language. No e-mail address on file: no e-mail.
 */
import type { Services } from "../services";
import { queueMail, withMessages } from "../platform/outbox";
import { policyForEnrollment } from "../repositories/completion";
import { readStep } from "./steps";
import { recordSignature, type SignatureRequest } from "./text-signature";
import { recordEsignConsent } from "./agreement";
import { recordLocale, remakeEnrollmentRecord, type EnrollmentRecordFile } from "./enrollment-record";
import type { AuditActor } from "~/domain/audit";
import type { AgreementInput } from "~/forms/agreement";
import { isoToUsDate, todayIso } from "~/domain/dates";

/** True when this post recorded the signature; false when there was none to record (signed already). */
export async function signFromTextMessage(
  services: Services,
  request: SignatureRequest,
  input: AgreementInput,
  o: { actor: AuditActor; locale: string; consent: { canonical: string; sha256: string } },
): Promise<boolean> {
  const enrollmentId = request.enrollment.id;
  return withMessages(services, async (tx) => {
    // the enrollment's language, read before the consent given on this page replaces the earlier one
    const locale = (await recordLocale(tx, enrollmentId)) ?? o.locale;
    if (!(await recordSignature(tx, request, input, o.actor))) return false;
    // The applicant's own consent replaces the one recorded on the agreement step.
    await recordEsignConsent(tx, enrollmentId, o.locale, o.consent);
    const record = await remakeEnrollmentRecord(tx, enrollmentId, locale);
    if (record) await mailSignedRecord(tx, enrollmentId, locale, record);
    return true;
  });
}

/** The applicant's e-mail with the signed record attached; none without an address. */
async function mailSignedRecord(services: Services, enrollmentId: number, locale: string, record: EnrollmentRecordFile) {
  const [personal, contact, policy] = await Promise.all([
    readStep(services, enrollmentId, "primary_info"),
    readStep(services, enrollmentId, "contact_info"),
    policyForEnrollment(services.db, enrollmentId),
  ]);
  const to = contact?.data.email;
  if (!to || !policy) return;
  const t = await services.i18n.getFixedT(locale, "common");
  const name = [personal?.data.first_name, personal?.data.last_name].filter(Boolean).join(" ");
  const signedOn = isoToUsDate(todayIso(new Date(policy.signed_at ?? services.now().toISOString())));
  const subject = t("record.signedEmailSubject", { number: policy.policy_number });
  const text = [
    t("receipt.emailGreeting", { name }),
    "",
    t("record.signedEmailIntro", { number: policy.policy_number, date: signedOn }),
    "",
    t("record.signedEmailNote"),
  ].join("\n");
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const html = `<h1>${esc(subject)}</h1><pre style="font-family:inherit;white-space:pre-wrap">${esc(text)}</pre>`;
  await queueMail(services, {
    to,
    subject,
    text,
    html,
    kind: "signed_record",
    enrollmentId,
    attachments: [{ filename: record.filename, contentType: "application/pdf", content: record.pdf }],
  });
}
