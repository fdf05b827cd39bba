/**
 * The Dependent Information step on the server (enrollment-wizard §2.9, §4 "Dependents", §5
 * "Dependent", §7 "Dependents", §8, §9): each dependent is validated and saved on its own (add,
 * edit, delete), the relationship is set here from the tier, the count rules are checked
 * against what is saved, premier carts ask the spouse question, and Next finishes the step only
 * when the tier's rules are met and every saved dependent is still valid.
 * SSNs, disability conditions and health answers are sealed on the way in; only an SSN's last
 * four digits ever leave this module.
 */
import type { Services } from "../services";
import type { DependentView } from "~/views/wizard";
import type { Enrollment } from "../db/schema";
import type { WizardContext } from "./steps";
import type { StepData } from "./step-data";
import { fieldRules, readStep, writeStep } from "./steps";
import { loadCatalog } from "../repositories/catalog";
import { findEnrollment } from "../repositories/enrollments";
import { memberLastEnrollmentId } from "../repositories/beneficiaries";
import { dependentHealthQuestions } from "../repositories/health";
import {
  answerSpouseQuestion,
  copyDependents,
  deleteAllDependents,
  deleteDependent,
  dependentSealedSsns,
  insertDependent,
  listDependents,
  listHeldDependents,
  setSpouseEnrollAccept,
  sourceDependents,
  updateDependent,
  type DependentRow,
  type DependentValues,
  type SealedSsn,
} from "../repositories/dependents";
import {
  addOffer,
  addRefusal,
  childCount,
  dependentTier,
  nextProblem,
  prefetchSelection,
  reaskSpouseAfterDelete,
  spouseAnswerOf,
  spouseCount,
  spouseQuestionApplies,
  type DependentPlanFlags,
  type DependentTier,
  type Relationship,
  type SpouseAnswer,
} from "~/domain/dependents";
import { isoToUsDate, todayIso, type IsoDate } from "~/domain/dates";
import { maskSsn } from "~/domain/identity";
import type { FieldRules } from "~/domain/field-definitions";
import { dependentSchema, type DependentFormOptions, type DependentFormValues, type DependentInput } from "~/forms/dependent";
import {
  answersToValues,
  detailLayout,
  looksLikeAnswers,
  type HealthAnswers,
  type HealthFormValues,
  type HealthQuestionIds,
} from "~/forms/health";
import type { HealthQuestionSetView } from "~/views/health";

type DependentStepData = StepData["dependent_info"];

export interface DependentFlags extends DependentPlanFlags {
  /** a cart plan asks whether a dependent is legally disabled */
  asksLegalDisability: boolean;
}

/** Everything the step decides with, read once per request. */
export interface DependentStep {
  enrollmentId: number;
  tier: DependentTier | null;
  flags: DependentFlags;
  rules: FieldRules;
  /** the active dependents, in order */
  list: DependentRow[];
  /** a spouse held aside after No */
  held: DependentRow[];
  answer: SpouseAnswer;
  /**
   * The questions asked about each dependent (for_dependents), when the health step is
   * required; else null. The same condition and medication questions as the primary's.
   */
  health: HealthQuestionSetView | null;
  today: IsoDate;
  /** the quote's spouse birth date (YYYY-MM-DD) */
  spouseBirthdate: string | null;
}

export async function dependentFlags(services: Services, planIds: readonly number[]): Promise<DependentFlags> {
  const catalog = await loadCatalog(services.db, todayIso(services.now()));
  const plans = planIds.map((id) => catalog.plans.get(id)).filter((p) => p !== undefined);
  return {
    premier: plans.some((p) => p.is_premier === 1),
    premierL713: plans.some((p) => p.is_l713 === 1),
    iha: plans.some((p) => p.is_iha === 1),
    asksLegalDisability: plans.some((p) => p.asks_legal_disability === 1),
  };
}

export async function loadDependentStep(
  services: Services,
  ctx: Pick<WizardContext, "enrollment" | "planIds" | "state" | "locale">,
): Promise<DependentStep> {
  const withHealth = ctx.state.steps.includes("primary_health_info");
  const [flags, rules, list, held, questions] = await Promise.all([
    dependentFlags(services, ctx.planIds),
    fieldRules(services, ctx, "dependent_info"),
    listDependents(services.db, ctx.enrollment.id),
    listHeldDependents(services.db, ctx.enrollment.id),
    withHealth ? dependentHealthQuestions(services.db) : Promise.resolve(null),
  ]);
  const text = (q: { text_en: string; text_es: string }) => (ctx.locale === "es" ? q.text_es : q.text_en);
  const health: HealthQuestionSetView | null =
    questions && (questions.conditions.length || questions.medication)
      ? {
          questions: questions.conditions.map((q) => ({ id: q.id, text: text(q), layout: detailLayout(q.id) })),
          medication: questions.medication ? { id: questions.medication.id, text: text(questions.medication) } : null,
        }
      : null;
  return {
    enrollmentId: ctx.enrollment.id,
    tier: dependentTier(ctx.enrollment.tier),
    flags,
    rules,
    list,
    held,
    answer: spouseAnswerOf(ctx.enrollment.spouse_enroll_accept),
    health,
    today: todayIso(services.now()),
    spouseBirthdate: ctx.enrollment.spouse_birthdate,
  };
}

/** Which questions a dependent's answer set holds; null when none are asked. */
export function healthQuestionIds(step: Pick<DependentStep, "health">): HealthQuestionIds | null {
  return step.health ? { conditionIds: step.health.questions.map((q) => q.id), medicationId: step.health.medication?.id ?? null } : null;
}

/** The form's options for one dependent of this relationship. */
export function formOptions(step: DependentStep, relationship: Relationship, ssnOnFile = false): DependentFormOptions {
  return {
    today: step.today,
    relationship,
    ssnOnFile,
    asksLegalDisability: step.flags.asksLegalDisability,
    healthQuestions: healthQuestionIds(step),
  };
}

export type { DependentView };

export function dependentViews(rows: readonly DependentRow[]): DependentView[] {
  return rows.map((d, i) => ({
    id: d.id,
    number: i + 1,
    relationship: d.relationship,
    firstName: d.first_name,
    middleName: d.middle_name,
    lastName: d.last_name,
    birthdate: isoToUsDate(d.birthdate),
    ssnMasked: maskSsn(d.ssn_last4),
    ssnLast4: d.ssn_last4,
  }));
}

function open<T>(services: Services, sealed: string | null, read: (s: string) => T): T | null {
  if (!sealed) return null;
  try {
    return read(sealed);
  } catch (error) {
    services.log.warn("dependent field could not be opened", { error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/**
 * Answers saved before dependents had the full questions: `{ "140": { answer, detail } }`. A
 * Yes keeps its note as the condition's (or the first medication's) name and stays Yes, so
 * the re-check names the dependent until the rest of the details are given; never a silent No.
 */
function fromOneLineAnswers(saved: unknown, q: HealthQuestionIds): unknown {
  if (!saved || typeof saved !== "object" || Array.isArray(saved)) return null;
  const old = saved as Record<string, { answer?: unknown; detail?: unknown } | undefined>;
  const yes = (id: number) => Object.prototype.hasOwnProperty.call(old, String(id)) && old[String(id)]?.answer === 1;
  const note = (id: number) => (typeof old[String(id)]?.detail === "string" ? String(old[String(id)]?.detail) : "");
  return {
    condition_questions: q.conditionIds.map((id) => {
      if (!yes(id)) return { question_id: id, yes_no_flag: 0, conditions: [] };
      const layout = detailLayout(id);
      const detail = layout === "special" ? { condition: note(id) } : layout === "standard" ? { health_condition: note(id) } : null;
      return { question_id: id, yes_no_flag: 1, conditions: detail ? [detail] : [] };
    }),
    medication_question:
      q.medicationId === null
        ? null
        : {
            question_id: q.medicationId,
            yes_no_flag: yes(q.medicationId) ? 1 : 0,
            medications: yes(q.medicationId) ? [{ medication: note(q.medicationId) }] : [],
          },
    notes: "",
  };
}

/** A dependent's saved health answers as the form's values (every question No when none are saved). */
function healthValues(services: Services, q: HealthQuestionIds, sealed: string | null): HealthFormValues {
  const saved = open(services, sealed, (s) => services.cipher.decryptJson<unknown>(s));
  return answersToValues(q, looksLikeAnswers(saved) ? saved : fromOneLineAnswers(saved, q));
}

/** A dependent's disability condition, opened (for the review and the record; never logged). */
export function dependentDisabilityCondition(services: Services, row: Pick<DependentRow, "disability_condition_enc">): string {
  return open(services, row.disability_condition_enc, (s) => services.cipher.decrypt(s)) ?? "";
}

/**
 * A dependent's saved health answers, opened (for the review and the record; never logged):
 * the answers saved before dependents had the full questions read as `healthValues` reads them.
 * Null when none are saved or they cannot be opened.
 */
export function dependentHealthAnswers(
  services: Services,
  q: HealthQuestionIds,
  row: Pick<DependentRow, "health_enc">,
): HealthAnswers | null {
  const saved = open(services, row.health_enc, (s) => services.cipher.decryptJson<unknown>(s));
  const answers = looksLikeAnswers(saved) ? saved : fromOneLineAnswers(saved, q);
  return (answers as HealthAnswers | null) ?? null;
}

/**
 * A saved dependent as the form would post it: empty or null fields dropped (as ''), the SSN
 * box empty (an SSN on file is never sent back), the sealed fields opened, the health answers
 * under health_info.
 */
export function formValues(services: Services, step: DependentStep, row: DependentRow): DependentFormValues {
  const str = (v: string | number | null) => (v === null || v === undefined ? "" : String(v));
  const values: DependentFormValues = {
    first_name: row.first_name ?? "",
    middle_name: row.middle_name ?? "",
    last_name: row.last_name ?? "",
    gender: str(row.gender),
    ssn: "",
    relationship: row.relationship,
    weight: str(row.weight),
    height_feet: str(row.height_feet),
    height_inch: str(row.height_inch),
    birthdate: isoToUsDate(row.birthdate),
    is_legally_disabled: row.is_legally_disabled === 1 ? "1" : "0",
    disability_condition: open(services, row.disability_condition_enc, (s) => services.cipher.decrypt(s)) ?? "",
  };
  const q = healthQuestionIds(step);
  if (q) values.health_info = healthValues(services, q, row.health_enc);
  return values;
}

/** The add popup's starting values: a spouse's birth date comes from the quote; every health question No. */
export function newDependentValues(step: DependentStep, relationship: Relationship): DependentFormValues {
  const values: DependentFormValues = { relationship, is_legally_disabled: "0" };
  if (relationship === "spouse" && step.spouseBirthdate) values.birthdate = isoToUsDate(step.spouseBirthdate);
  const q = healthQuestionIds(step);
  if (q) values.health_info = answersToValues(q, null);
  return values;
}

function sealValues(services: Services, input: DependentInput): DependentValues {
  return {
    first_name: input.first_name,
    middle_name: input.middle_name,
    last_name: input.last_name,
    birthdate: input.birthdate,
    gender: input.gender,
    weight: input.weight,
    height_feet: input.height_feet,
    height_inch: input.height_inch,
    is_legally_disabled: input.is_legally_disabled,
    disability_condition_enc: input.disability_condition ? services.cipher.encrypt(input.disability_condition) : null,
    health_enc: input.health ? services.cipher.encryptJson(input.health) : null,
  };
}

function sealSsn(services: Services, ssn: string): SealedSsn {
  return { ssn_enc: services.cipher.encrypt(ssn), ssn_last4: ssn.slice(-4) };
}

export type DependentSaveResult =
  | { ok: true }
  | { ok: false; reason: "not-found" | "refused"; message: string }
  /** a field's value is refused (shown beside it, with what was typed kept) */
  | { ok: false; reason: "field"; field: "ssn"; message: string };

/**
 * SSNs are unique within the enrollment: a dependent's may be neither another dependent's
 * (held ones too) nor the applicant's own, sealed in the personal step. Both are opened here,
 * on the server; only the message key leaves. `exceptId`: the dependent being edited.
 */
export async function ssnConflict(
  services: Services,
  step: DependentStep,
  ssn: string | null,
  exceptId: number | null,
): Promise<string | null> {
  if (!ssn) return null;
  const personal = await readStep(services, step.enrollmentId, "primary_info");
  if (personal?.secret.ssn === ssn) return "validation.dependentSsnApplicant";
  for (const row of await dependentSealedSsns(services.db, step.enrollmentId)) {
    if (row.id === exceptId || row.ssn_last4 !== ssn.slice(-4)) continue;
    if (open(services, row.ssn_enc, (s) => services.cipher.decrypt(s)) === ssn) return "validation.dependentSsnDuplicate";
  }
  return null;
}

/** The next dependent the server would add, or why none may be added now. */
export function offerFor(step: DependentStep) {
  return addOffer(step.tier, step.list, step.flags, step.answer);
}

/**
 * Adds one dependent. The relationship was set by the server (the form refuses any other);
 * the list is checked again inside the transaction, so a second tab cannot break a rule.
 */
export async function addDependent(services: Services, step: DependentStep, input: DependentInput): Promise<DependentSaveResult> {
  const clash = await ssnConflict(services, step, input.ssn, null);
  if (clash) return { ok: false, reason: "field", field: "ssn", message: clash };
  const res = await insertDependent(
    services.db,
    step.enrollmentId,
    input.relationship,
    sealValues(services, input),
    input.ssn ? sealSsn(services, input.ssn) : null,
    (current) => {
      const offer = addOffer(step.tier, current, step.flags, step.answer);
      if (!offer.ok) return offer.reason ?? "validation.dependentNotAllowed";
      return offer.relationship === input.relationship ? null : "validation.dependentRelationship";
    },
    services.now(),
  );
  if (res.ok) return { ok: true };
  return res.refusal === "not-found"
    ? { ok: false, reason: "not-found", message: "validation.dependentNotFound" }
    : { ok: false, reason: "refused", message: res.refusal };
}

/** Replaces one dependent (its relationship stays). An empty SSN box keeps the SSN on file. */
export async function editDependent(
  services: Services,
  step: DependentStep,
  id: number,
  input: DependentInput,
): Promise<DependentSaveResult> {
  const clash = await ssnConflict(services, step, input.ssn, id);
  if (clash) return { ok: false, reason: "field", field: "ssn", message: clash };
  const res = await updateDependent(
    services.db,
    step.enrollmentId,
    id,
    sealValues(services, input),
    input.ssn ? sealSsn(services, input.ssn) : undefined,
    () => null,
    services.now(),
  );
  return res.ok ? { ok: true } : { ok: false, reason: "not-found", message: "validation.dependentNotFound" };
}

/**
 * Removes one of this enrollment's dependents; another enrollment's id changes nothing.
 * Emptying a premier IF list asks the spouse question again.
 */
export async function removeDependent(services: Services, step: DependentStep, id: number): Promise<DependentSaveResult> {
  const res = await deleteDependent(services.db, step.enrollmentId, id, services.now());
  if (!res) return { ok: false, reason: "not-found", message: "validation.dependentNotFound" };
  if (reaskSpouseAfterDelete(step.tier, res.remaining, step.flags))
    await setSpouseEnrollAccept(services.db, step.enrollmentId, null, services.now());
  return { ok: true };
}

/**
 * "Will you be Enrolling your spouse?": No holds a listed spouse aside, Yes brings a held one
 * back (when the count rules allow). Stored as enrollment.spouse_enroll_accept.
 */
export async function answerSpouse(services: Services, step: DependentStep, answer: 0 | 1): Promise<DependentSaveResult> {
  if (!spouseQuestionApplies(step.tier, step.flags)) return { ok: false, reason: "refused", message: "validation.spouseQuestionNotAsked" };
  await answerSpouseQuestion(
    services.db,
    step.enrollmentId,
    answer,
    (active) => addRefusal(step.tier, active, "spouse", step.flags),
    services.now(),
  );
  return { ok: true };
}

/** A zod path as the form names its input: health_info.condition_questions[0].conditions[0].date_of_onset. */
const fieldName = (path: ReadonlyArray<string | number>) =>
  path.reduce<string>((name, p) => (typeof p === "number" ? `${name}[${p}]` : name ? `${name}.${p}` : p), "");

/**
 * The first saved dependent that fails today's rules — its fields and its health answers
 * alike — with its number, the failing field's name and the first message.
 */
export function firstInvalidDependent(services: Services, step: DependentStep): { n: number; field: string; message: string } | null {
  for (const [i, row] of step.list.entries()) {
    const schema = dependentSchema(step.rules, formOptions(step, row.relationship, Boolean(row.ssn_last4)));
    const parsed = schema.safeParse(formValues(services, step, row));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { n: i + 1, field: fieldName(issue?.path ?? []), message: issue?.message ?? "validation.required" };
    }
  }
  return null;
}

export type FinishResult = { ok: true } | { ok: false; message: string; n?: number };

/**
 * Next: the tier's rules (counts, the spouse question, enough dependents), then every saved
 * dependent valid under today's rules. Marks the step done with a summary.
 */
export async function finishDependents(services: Services, ctx: WizardContext, step: DependentStep): Promise<FinishResult> {
  const problem = nextProblem(step.tier, step.list, step.flags, step.answer);
  if (problem) return { ok: false, message: problem };
  const invalid = firstInvalidDependent(services, step);
  if (invalid) return { ok: false, message: invalid.message, n: invalid.n };
  const saved = await readStep(services, ctx.enrollment.id, "dependent_info");
  const data: DependentStepData = {
    ...(saved?.data ?? {}),
    count: step.list.length,
    spouses: spouseCount(step.list),
    children: childCount(step.list),
    spouse_enroll_accept: step.answer,
  };
  await writeStep(services, ctx.enrollment, "dependent_info", { data, completed: true });
  return { ok: true };
}

/**
 * Existing members: the dependents of their last enrollment are brought over once, when this
 * enrollment has none yet — only those the tier covers, within the count rules. A failed
 * lookup is only logged.
 */
export async function prefetchExistingDependents(services: Services, enrollment: Enrollment, flags: DependentPlanFlags): Promise<number> {
  if (!enrollment.member_id || !dependentTier(enrollment.tier)) return 0;
  try {
    const step = await readStep(services, enrollment.id, "dependent_info");
    if (step?.data.prefetched) return 0;
    const source = await memberLastEnrollmentId(services.db, enrollment.member_id);
    const rows = source && source !== enrollment.id ? await sourceDependents(services.db, source) : [];
    const copied = await copyDependents(services.db, enrollment.id, prefetchSelection(enrollment.tier, rows, flags), services.now());
    // Once looked up, never again: a list the applicant emptied stays empty.
    await writeStep(services, enrollment, "dependent_info", {
      data: { ...(step?.data ?? {}), prefetched: true },
      completed: Boolean(step?.completed),
    });
    return copied;
  } catch (error) {
    services.log.warn("dependent prefetch failed", {
      enrollmentId: enrollment.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return 0;
  }
}

/**
 * Tier IO has no dependents: at completion the review step removes any that were saved
 * (held ones too). Does nothing for an enrollment whose tier has dependents. Returns how
 * many were removed.
 */
export async function deleteDependentsForIO(services: Services, enrollmentId: number): Promise<number> {
  const enrollment = await findEnrollment(services.db, enrollmentId);
  if (!enrollment || dependentTier(enrollment.tier)) return 0;
  return deleteAllDependents(services.db, enrollmentId);
}
