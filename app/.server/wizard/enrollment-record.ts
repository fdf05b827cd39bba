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
import {
  deleteEnrollmentRecord,
  enrollmentRecordOf,
  esignConsentOf,
  insertEnrollmentRecordOnce,
  replaceEnrollmentRecord,
  type RecordRow,
} from "../repositories/enrollment-record";
import { cartView } from "../store/cart-view";
import { wizardState } from "./steps";
import { sha256Hex } from "./agreement";
import { STEPS, type RecordContext, type Translate } from "./registry";
import { renderEnrollmentPdf } from "../adapters/enrollment-pdf";
import { buildRecordContent, canonicalRecord, type RecordFacts } from "~/domain/enrollment-record";
import { TAB_NAMES, type TabName } from "~/domain/wizard-steps";
import { formatMoney } from "~/utils/format";

export interface EnrollmentRecordFile {
  filename: string;
  pdf: Uint8Array;
  contentSha256: string;
  pdfSha256: string;
}

type T = Translate;

/** A union of the steps' record parts, as one object type (each step adds its own keys). */
type AllOf<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type StepParts = AllOf<Awaited<ReturnType<(typeof STEPS)[TabName]["record"]>>>;

/**
 * Everything the record says, read from what is on file for the completed enrollment: the
 * enrollment's own facts (plans, prices, dates) and each step's part, as its registry module
 * makes it. A step whose part leaves out something the record needs does not compile.
 */
async function recordFacts(
  services: Services,
  enrollmentId: number,
  locale: string,
  t: T,
  copy: RecordFacts["copy"],
): Promise<RecordFacts | null> {
  const enrollment = await findEnrollment(services.db, enrollmentId);
  const policy = enrollment?.status === "completed" ? await policyForEnrollment(services.db, enrollmentId) : undefined;
  if (!enrollment || !policy) return null;
  const { planIds, state } = await wizardState(services, enrollment);
  const rc: RecordContext = { enrollment, policy, locale, t, planIds, state };
  // the answers: each step of the list, as its review shows them, and the review's notes; the
  // agreements and the signature have sections of their own
  const answerTabs = TAB_NAMES.filter((tab) => tab !== "agreement_info" && (state.steps.includes(tab) || tab === "review_info"));
  const [view, answers, ...parts] = await Promise.all([
    cartView(services, enrollment, locale),
    Promise.all(answerTabs.map(async (tab) => ({ tab, title: t(STEPS[tab].titleKey), groups: await STEPS[tab].reviewRows(services, rc) }))),
    ...TAB_NAMES.map((tab) => STEPS[tab].record(services, rc)),
  ]);
  const steps = Object.assign({}, ...parts) as StepParts;
  return {
    locale,
    copy,
    policyNumber: policy.policy_number,
    enrollmentId,
    completedAt: enrollment.completed_at ?? policy.created_at,
    effectiveDate: policy.effective_date,
    tierLabel: view.tierLabelKey ? t(view.tierLabelKey) : (policy.tier ?? ""),
    plans: view.lines.map((l) => ({ name: l.name, priceCents: l.priceCents })),
    totals: { initialMonthCents: view.totals.initialMonthCents, recurringMonthCents: view.totals.recurringMonthCents },
    applicant: steps.applicant,
    answers: answers
      .map((a) => ({
        ...a,
        groups: a.groups.map((g) => ({ title: g.title, lines: g.lines.map(({ label, value }) => ({ label, value })) })),
      }))
      .filter((a) => a.groups.length),
    agreements: steps.agreements,
    consent: steps.consent,
    signature: steps.signature,
  };
}

async function render(services: Services, enrollmentId: number, locale: string, copy: RecordFacts["copy"] = "applicant") {
  const t = (await services.i18n.getFixedT(locale, "common")) as unknown as T;
  const facts = await recordFacts(services, enrollmentId, locale, t, copy);
  if (!facts) return null;
  const content = buildRecordContent(facts, t, (cents) => formatMoney(cents, locale));
  const contentSha256 = sha256Hex(canonicalRecord(content));
  // the file's date: when the record was made — the completion, or the later signature it was remade for
  const madeAt = facts.signature.byText && facts.signature.signedAt ? facts.signature.signedAt : facts.completedAt;
  const pdf = await renderEnrollmentPdf(content, {
    contentSha256,
    createdAt: new Date(madeAt),
    pageLabel: (n, total) => t("record.page", { n, total }),
  });
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
export async function remakeEnrollmentRecord(
  services: Services,
  enrollmentId: number,
  locale: string,
): Promise<EnrollmentRecordFile | null> {
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
  return {
    filename: await filenameFor(services, locale, policy?.policy_number ?? String(enrollmentId)),
    pdf: made.pdf,
    contentSha256: made.contentSha256,
    pdfSha256: sha256Hex(made.pdf),
  };
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
  const pdf = new Uint8Array(
    Buffer.from(
      openSealed(services, () => services.cipher.decrypt(pdfEnc), { enrollmentId, what: "enrollment record" }),
      "base64",
    ),
  );
  return {
    filename: await filenameFor(services, row.locale, policy?.policy_number ?? String(enrollmentId)),
    pdf,
    contentSha256: row.content_sha256,
    pdfSha256: row.pdf_sha256,
  };
}

/**
 * The staff copy (ADR 012 addendum): the same record without the health step's answers (the
 * applicant's and the dependents'), made from what is on file each time a rep or group admin
 * downloads it, in the language of the applicant's record. Not kept: the applicant's copy is the
 * record of what was signed; this is a view of it for the people who may not see health answers
 * (an employer must not, and the rep needs the enrollment, not the answers).
 */
async function staffRecord(services: Services, enrollmentId: number): Promise<EnrollmentRecordFile | null> {
  const locale =
    (await enrollmentRecordOf(services.db, enrollmentId))?.locale ?? (await esignConsentOf(services.db, enrollmentId))?.locale ?? "en";
  const made = await render(services, enrollmentId, locale, "staff");
  if (!made) return null;
  const policy = await policyForEnrollment(services.db, enrollmentId);
  return {
    filename: await filenameFor(services, locale, policy?.policy_number ?? String(enrollmentId)),
    pdf: made.pdf,
    contentSha256: made.contentSha256,
    pdfSha256: sha256Hex(made.pdf),
  };
}

/**
 * The download: the applicant's session that completed the enrollment (its receipt) gets the
 * kept record, health answers included; a verified rep or group admin who owns the enrollment
 * gets the staff copy, without them (both on the audit trail). Null for anyone else — the route
 * sends them to the 404 page, as for a record that does not exist.
 */
export async function downloadableRecord(
  services: Services,
  session: StoreSession,
  enrollmentId: number | null,
): Promise<EnrollmentRecordFile | null> {
  if (!enrollmentId) return null;
  const enrollment = await findEnrollment(services.db, enrollmentId);
  if (!enrollment || enrollment.status !== "completed") return null;
  const staff = session.staff;
  const applicant = session.get("receiptId") === enrollmentId;
  const owner = staff
    ? staff.kind === "rep"
      ? Boolean(staff.repId) && enrollment.agent_id === staff.repId
      : Boolean(staff.groupId) && enrollment.group_id === staff.groupId
    : false;
  if (!applicant && !owner) {
    services.log.warn("enrollment record refused", { staff: staff?.kind ?? null });
    return null;
  }
  // a staff session is the staff member's, even on the browser that holds the receipt
  const record = owner ? await staffRecord(services, enrollmentId) : await enrollmentRecord(services, enrollmentId);
  // every download is on the audit trail: the owner's, and the applicant's from the receipt (issue 23)
  if (record)
    await audit(services, session, {
      kind: "record.download",
      enrollmentId,
      memberId: enrollment.member_id,
      detail: owner ? "staff copy" : "receipt",
    });
  return record;
}
