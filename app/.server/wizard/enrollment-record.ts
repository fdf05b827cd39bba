/**
 * The enrollment record (issue 18; ADR 012): the PDF of a completed enrollment as it was reviewed
 * and signed. Made once — at completion, or by the first request that finds none — and kept
 * sealed (AES-256-GCM, like the SSNs), so every later download is the same bytes. The SHA-256 of
 * its content is printed in it and stored beside it. In the language the enrollment was completed in.
 * Made again once only: when the applicant signs later from the text message's link, the new file
 * (with that signature) replaces the kept one, in the signature's transaction (sign-by-text.ts).
 *
 * Who may download it: the applicant's own session that completed it, from its receipt and only
 * while the receipt is open (a few minutes, until they leave it: issue 23), or a verified rep or
 * group admin who owns the enrollment (its rep, an admin of its group). Every download goes on
 * the audit trail. Anyone else is sent to the same 404 page as for a record that does not exist.
 */
import type { Services } from "../services";
import { openSealed } from "../platform/respond";
import type { StoreSession } from "../platform/session";
import { audit } from "../platform/audit";
import { findEnrollment } from "../repositories/enrollments";
import { policyForEnrollment } from "../repositories/completion";
import { listBeneficiaries } from "../repositories/beneficiaries";
import { listDependents } from "../repositories/dependents";
import { deleteEnrollmentRecord, enrollmentRecordOf, esignConsentOf, insertEnrollmentRecordOnce, replaceEnrollmentRecord, type RecordRow } from "../repositories/enrollment-record";
import { findMember } from "../repositories/entry";
import { cartView } from "../store/cart-view";
import { optionLists, readStep, wizardState, type WizardContext } from "./steps";
import { agreementTextsFor, sha256Hex, type AgreementData, type AgreementSecret } from "./agreement";
import { billingChoice } from "./billing";
import { healthQuestions } from "./health";
import { summarize } from "./review-summary";
import { renderEnrollmentPdf } from "../adapters/enrollment-pdf";
import { buildRecordContent, canonicalRecord, type Line, type RecordFacts } from "~/domain/enrollment-record";
import { parseEsignConsent } from "~/domain/esign-consent";
import { isoToUsDate } from "~/domain/dates";
import type { HealthAnswers } from "~/forms/health";
import { formatMoney, formatPhone } from "~/utils/format";

export interface EnrollmentRecordFile {
  filename: string;
  pdf: Uint8Array;
  contentSha256: string;
  pdfSha256: string;
}

type T = (key: string, options?: Record<string, unknown>) => string;

const HEALTH_LABELS: Record<string, string> = {
  health_condition: "health.healthCondition",
  date_of_onset: "health.dateOfOnset",
  date_of_recovery: "health.dateOfRecovery",
  is_treatment: "health.isTreatment",
  is_medicate: "health.isMedicate",
  d_last_seen: "health.lastSeen",
  symptoms: "health.symptoms",
  condition: "health.condition",
  status: "health.status",
  last_seen_by_physician: "health.lastSeenByPhysician",
  physician_name: "health.physicianName",
  address: "health.physicianAddress",
  phone: "health.physicianPhone",
  medication: "health.medicationName",
  dosage: "health.dosage",
  medical_condition: "health.medicalCondition",
};

function detailLines(entry: Record<string, unknown>, t: T): Line[] {
  return Object.entries(entry)
    .filter(([k, v]) => HEALTH_LABELS[k] && v !== null && v !== undefined && v !== "")
    .map(([k, v]) => ({
      label: t(HEALTH_LABELS[k]!),
      value: typeof v === "number" ? (v === 1 ? t("common.yes") : t("common.no")) : /^\d{4}-\d{2}-\d{2}$/.test(String(v)) ? isoToUsDate(String(v)) : String(v),
    }));
}

/** What the personal step keeps (the part the receipt and the record read). */
export interface Personal {
  first_name?: string;
  middle_name?: string;
  last_name?: string;
  marital_status?: string | number;
}
/** What the contact step keeps. */
export interface Contact {
  email?: string;
  phone_number?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  zip?: string;
}

/** The signature given on the text message's page, as the policy keeps it (sealed): text-signature.ts. */
interface TextSignature {
  method: "drawn" | "typed";
  png?: string;
  name?: string;
  agreements: number[];
}

/** Everything the record says, read from what is on file for the completed enrollment. */
async function recordFacts(services: Services, enrollmentId: number, locale: string, t: T): Promise<RecordFacts | null> {
  const enrollment = await findEnrollment(services.db, enrollmentId);
  const policy = enrollment?.status === "completed" ? await policyForEnrollment(services.db, enrollmentId) : undefined;
  if (!enrollment || !policy) return null;
  const { planIds, state } = await wizardState(services, enrollment);
  const ctx = { enrollment, locale, planIds, state } as unknown as WizardContext;
  const [personal, contact, view, lists, dependents, beneficiaries, billing, health, questions, agreement, texts, consent, member, employer] = await Promise.all([
    readStep<Personal, { ssn: string }>(services, enrollmentId, "primary_info"),
    readStep<Contact>(services, enrollmentId, "contact_info"),
    cartView(services, enrollment, locale),
    optionLists(services, ["marital_status"], locale),
    listDependents(services.db, enrollmentId),
    listBeneficiaries(services.db, enrollmentId),
    billingChoice(services, enrollmentId, locale),
    readStep<Record<string, unknown>, HealthAnswers>(services, enrollmentId, "primary_health_info"),
    healthQuestions(services),
    readStep<AgreementData, AgreementSecret>(services, enrollmentId, "agreement_info"),
    agreementTextsFor(services, { planIds, locale }),
    esignConsentOf(services.db, enrollmentId),
    enrollment.member_id ? findMember(services.db, enrollment.member_id) : Promise.resolve(undefined),
    state.steps.includes("employer_info") ? summarize(services, ctx, "employer_info") : Promise.resolve([]),
  ]);
  const p = personal?.data ?? {};
  const c = contact?.data ?? {};
  // Signed later from the text message's link (ADR 005): that signature, and the agreements
  // accepted on that page, are the policy's (sealed), not the agreement step's.
  const signatureEnc = policy.signature_status === "signed" ? policy.signature_enc : null;
  const byText = signatureEnc ? openSealed(services, () => services.cipher.decryptJson<TextSignature>(signatureEnc), { enrollmentId, what: "policy signature" }) : null;
  const accepted = new Set(byText ? byText.agreements : (agreement?.data.agreements ?? []));
  const consentText = consent ? parseEsignConsent(consent.text) : null;

  // Health answers: each question's text in this language, the answer, and what was told about it.
  const healthItems: RecordFacts["health"] = [];
  const answers = health?.secret;
  const questionText = (id: number) => {
    const q = [...questions.conditions, ...(questions.medication ? [questions.medication] : [])].find((x) => x.id === id);
    return q ? (locale === "es" ? q.text_es : q.text_en) : `#${id}`;
  };
  for (const a of answers?.condition_questions ?? []) {
    healthItems.push({ question: questionText(a.question_id), yes: a.yes_no_flag === 1, details: a.yes_no_flag === 1 ? a.conditions.flatMap((x) => detailLines(x as Record<string, unknown>, t)) : [] });
  }
  if (answers?.medication_question) {
    const m = answers.medication_question;
    healthItems.push({ question: questionText(m.question_id), yes: m.yes_no_flag === 1, details: m.yes_no_flag === 1 ? m.medications.flatMap((x) => detailLines(x as unknown as Record<string, unknown>, t)) : [] });
  }
  if (answers?.notes?.trim()) healthItems.push({ question: t("health.notes"), yes: null, details: [{ label: t("health.notes"), value: answers.notes.trim() }] });

  const method = byText ? byText.method : (agreement?.data.method ?? null);
  return {
    locale,
    copy: "applicant",
    policyNumber: policy.policy_number,
    enrollmentId,
    completedAt: enrollment.completed_at ?? policy.created_at,
    effectiveDate: policy.effective_date,
    tierLabel: view.tierLabelKey ? t(view.tierLabelKey) : (policy.tier ?? ""),
    applicant: {
      first: p.first_name ?? member?.first_name ?? "",
      middle: p.middle_name ?? null,
      last: p.last_name ?? member?.last_name ?? "",
      birthdate: enrollment.birthdate,
      maritalStatus: lists.marital_status.find((o) => o.value === String(p.marital_status ?? ""))?.label ?? null,
      // an existing member's SSN stays on file (not asked again): the record shows none
      ssn: personal?.secret.ssn ?? null,
    },
    contact: {
      email: c.email ?? null,
      phone: formatPhone(c.phone_number),
      address: [c.address1, c.address2, c.city, `${c.state ?? ""} ${c.zip ?? ""}`.trim()].filter(Boolean).join(", "),
    },
    plans: view.lines.map((l) => ({ name: l.name, priceCents: l.priceCents })),
    totals: { initialMonthCents: view.totals.initialMonthCents, recurringMonthCents: view.totals.recurringMonthCents },
    otherSteps: employer.length ? [{ title: t("wizard.tabs.employer_info"), lines: employer.map((l) => ({ label: t(l.label), value: l.value })) }] : [],
    dependents: dependents.map((d) => ({ name: [d.first_name, d.middle_name, d.last_name].filter(Boolean).join(" "), relationship: d.relationship === "spouse" ? t("review.spouse") : t("review.child"), birthdate: d.birthdate, ssn: d.ssn_last4 })),
    beneficiaries: beneficiaries.map((b) => ({ name: [b.first_name, b.middle_name, b.last_name].filter(Boolean).join(" "), relationship: b.relationship, percentage: b.percentage, ssn: b.ssn_last4 })),
    billing: billing
      ? { method: billing.method, bankName: billing.bank?.name ?? null, accountType: billing.bank?.type ?? null, account: billing.bank?.last4 ?? null, cardBrand: billing.card?.brand ?? null, card: billing.card?.last4 ?? null, billDate: billing.billDate }
      : null,
    health: healthItems,
    agreements: texts.map((x) => ({ head: x.head, bodyHtml: x.body, accepted: accepted.has(x.id) })),
    consent: consent && consentText ? { text: consentText, sha256: consent.text_sha256, consentedAt: consent.consented_at } : null,
    signature: byText
      ? { method, signedAt: policy.signed_at, typedName: byText.method === "typed" ? byText.name : null, pngDataUrl: byText.method === "drawn" ? byText.png : null, awaitingText: false, byText: true }
      : {
          method,
          signedAt: agreement?.data.signed_at ?? null,
          typedName: method === "typed" ? (agreement?.secret.signature_name ?? null) : null,
          pngDataUrl: method === "drawn" ? (agreement?.secret.signature ?? null) : null,
          awaitingText: policy.signature_status === "awaiting",
        },
  };
}

async function render(services: Services, enrollmentId: number, locale: string) {
  const t = (await services.i18n.getFixedT(locale, "common")) as unknown as T;
  const facts = await recordFacts(services, enrollmentId, locale, t);
  if (!facts) return null;
  const content = buildRecordContent(facts, t, (cents) => formatMoney(cents, locale));
  const contentSha256 = sha256Hex(canonicalRecord(content));
  // the file's date: when the record was made — the completion, or the later signature it was remade for
  const madeAt = facts.signature.byText && facts.signature.signedAt ? facts.signature.signedAt : facts.completedAt;
  const pdf = await renderEnrollmentPdf(content, { contentSha256, createdAt: new Date(madeAt), pageLabel: (n, total) => t("record.page", { n, total }) });
  return { pdf, contentSha256 };
}

async function filenameFor(services: Services, locale: string, policyNumber: string) {
  const t = await services.i18n.getFixedT(locale, "common");
  return `${t("record.filename")}-${policyNumber}.pdf`;
}

/** The kept row, sealed: what is stored for a freshly made file. */
function rowFor(services: Services, enrollmentId: number, locale: string, made: { pdf: Uint8Array; contentSha256: string }): RecordRow {
  return {
    enrollment_id: enrollmentId,
    locale,
    content_sha256: made.contentSha256,
    pdf_sha256: sha256Hex(made.pdf),
    pdf_enc: services.cipher.encrypt(Buffer.from(made.pdf).toString("base64")),
    created_at: services.now().toISOString(),
  };
}

/**
 * The language of the enrollment's record: the kept record's (the language it was completed
 * in), else the consent's; null when neither is on file.
 */
export async function recordLocale(services: Services, enrollmentId: number): Promise<string | null> {
  const row = await enrollmentRecordOf(services.db, enrollmentId);
  if (row) return row.locale;
  return (await esignConsentOf(services.db, enrollmentId))?.locale ?? null;
}

/**
 * Makes the record again and replaces the kept one (ADR 012): after the applicant signed from
 * the text message, so the file holds that signature, the agreements and consent given with it
 * and its time. In `services.db` — the signature's transaction. Should rendering fail, the
 * earlier file (which says the signature is awaited) is dropped rather than served: the next
 * download makes the record afresh. Null then, or when the enrollment is not completed.
 */
export async function remakeEnrollmentRecord(services: Services, enrollmentId: number, locale: string): Promise<EnrollmentRecordFile | null> {
  let made: Awaited<ReturnType<typeof render>>;
  try {
    made = await render(services, enrollmentId, locale);
  } catch (error) {
    services.log.error("enrollment record remake failed", { enrollmentId, reason: error instanceof Error ? error.message : "unknown" });
    made = null;
  }
  if (!made) {
    await deleteEnrollmentRecord(services.db, enrollmentId);
    return null;
  }
  await replaceEnrollmentRecord(services.db, rowFor(services, enrollmentId, locale, made));
  const policy = await policyForEnrollment(services.db, enrollmentId);
  return { filename: await filenameFor(services, locale, policy?.policy_number ?? String(enrollmentId)), pdf: made.pdf, contentSha256: made.contentSha256, pdfSha256: sha256Hex(made.pdf) };
}

/**
 * The record of a completed enrollment: the kept one, or made now and kept (the first writer
 * wins; a concurrent maker reads the winner's back, so every caller gets the same bytes).
 * `locale` is used only when it is made now; null when the enrollment is not completed.
 */
export async function enrollmentRecord(services: Services, enrollmentId: number, locale?: string): Promise<EnrollmentRecordFile | null> {
  let row = await enrollmentRecordOf(services.db, enrollmentId);
  if (!row) {
    const lang = locale ?? (await esignConsentOf(services.db, enrollmentId))?.locale ?? "en";
    const made = await render(services, enrollmentId, lang);
    if (!made) return null;
    await insertEnrollmentRecordOnce(services.db, rowFor(services, enrollmentId, lang, made));
    row = await enrollmentRecordOf(services.db, enrollmentId);
    if (!row) return null;
  }
  const policy = await policyForEnrollment(services.db, enrollmentId);
  const pdfEnc = row.pdf_enc;
  const pdf = new Uint8Array(Buffer.from(openSealed(services, () => services.cipher.decrypt(pdfEnc), { enrollmentId, what: "enrollment record" }), "base64"));
  return { filename: await filenameFor(services, row.locale, policy?.policy_number ?? String(enrollmentId)), pdf, contentSha256: row.content_sha256, pdfSha256: row.pdf_sha256 };
}

/**
 * The download: the applicant's session that completed the enrollment (its receipt), or a
 * verified rep or group admin who owns it (on the audit trail). Null for anyone else — the
 * route sends them to the 404 page, as for a record that does not exist.
 */
export async function downloadableRecord(services: Services, session: StoreSession, enrollmentId: number | null): Promise<EnrollmentRecordFile | null> {
  if (!enrollmentId) return null;
  const enrollment = await findEnrollment(services.db, enrollmentId);
  if (!enrollment || enrollment.status !== "completed") return null;
  const staff = session.staff;
  const applicant = session.get("receiptId") === enrollmentId;
  const owner = staff ? (staff.kind === "rep" ? Boolean(staff.repId) && enrollment.agent_id === staff.repId : Boolean(staff.groupId) && enrollment.group_id === staff.groupId) : false;
  if (!applicant && !owner) {
    services.log.warn("enrollment record refused", { staff: staff?.kind ?? null });
    return null;
  }
  const record = await enrollmentRecord(services, enrollmentId);
  // every download is on the audit trail: the owner's, and the applicant's from the receipt (issue 23)
  if (record) await audit(services, session, { kind: "record.download", enrollmentId, memberId: enrollment.member_id, detail: applicant && !owner ? "receipt" : null });
  return record;
}
