/**
 * The Beneficiary Information step on the server (enrollment-wizard §2.7, §4 "Beneficiary",
 * §5, §8): each beneficiary is validated and saved on its own (add, edit, delete), the list
 * rules are checked against what is saved, and Next finishes the step only at exactly 100 %.
 * SSNs are sealed on the way in and only their last four digits ever leave this module.
 */
import type { Services } from "../services";
import type { Enrollment } from "../db/schema";
import { readStep, writeStep } from "./steps";
import {
  copyBeneficiaries,
  deleteBeneficiary,
  insertBeneficiary,
  listBeneficiaries,
  memberLastEnrollmentId,
  updateBeneficiary,
  type BeneficiaryRow,
  type BeneficiaryValues,
  type SealedSsn,
} from "../repositories/beneficiaries";
import { MAX_BENEFICIARIES, canContinue, beneficiaryTotal, saveRefusal, totalMessage, type SaveRefusal } from "~/domain/beneficiaries";
import { isoToUsDate, type IsoDate } from "~/domain/dates";
import { maskSsn } from "~/domain/identity";
import type { FieldRules } from "~/domain/field-definitions";
import { beneficiarySchema, type BeneficiaryInput } from "~/forms/beneficiary";
import { messageKey } from "~/forms/common";
import type { BeneficiaryView } from "~/views/wizard";

export type { BeneficiaryView } from "~/views/wizard";

export function beneficiaryViews(rows: readonly BeneficiaryRow[]): BeneficiaryView[] {
  return rows.map((b, i) => ({
    id: b.id,
    number: i + 1,
    firstName: b.first_name,
    middleName: b.middle_name,
    lastName: b.last_name,
    birthdate: isoToUsDate(b.birthdate),
    relationship: b.relationship,
    percentage: b.percentage,
    ssnMasked: maskSsn(b.ssn_last4),
    ssnLast4: b.ssn_last4,
  }));
}

export function beneficiaries(services: Services, enrollmentId: number) {
  return listBeneficiaries(services.db, enrollmentId);
}

/**
 * Existing members: their last enrollment's beneficiaries are copied in once, when this
 * enrollment has none yet. A failed lookup is only logged: the saved temporary list stays.
 */
export async function prefetchExistingBeneficiaries(services: Services, enrollment: Enrollment): Promise<number> {
  if (!enrollment.member_id) return 0;
  try {
    const step = await readStep(services, enrollment.id, "beneficiary_info");
    if (step?.data.prefetched) return 0;
    const source = await memberLastEnrollmentId(services.db, enrollment.member_id);
    // Copies only into an empty list (checked in the same transaction as the copy).
    const copied =
      source && source !== enrollment.id
        ? await copyBeneficiaries(services.db, source, enrollment.id, MAX_BENEFICIARIES, services.now())
        : 0;
    // Once looked up, never again: a list the applicant emptied stays empty.
    await writeStep(services, enrollment, "beneficiary_info", {
      data: { ...(step?.data ?? {}), prefetched: true },
      completed: Boolean(step?.completed),
    });
    return copied;
  } catch (error) {
    services.log.warn("beneficiary prefetch failed", {
      enrollmentId: enrollment.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return 0;
  }
}

export type BeneficiarySaveResult = { ok: true } | { ok: false; reason: "not-found" | "max" | "total"; message: string };

function refusalMessage(refusal: SaveRefusal | "not-found"): Extract<BeneficiarySaveResult, { ok: false }> {
  if (refusal === "not-found") return { ok: false, reason: "not-found", message: "validation.beneficiaryNotFound" };
  if (refusal.reason === "max")
    return { ok: false, reason: "max", message: messageKey("validation.beneficiaryMax", { max: MAX_BENEFICIARIES }) };
  return { ok: false, reason: "total", message: messageKey("validation.beneficiaryTotalHigh", { n: refusal.total }) };
}

function seal(services: Services, ssn: string): SealedSsn {
  return { ssn_enc: services.cipher.encrypt(ssn), ssn_last4: ssn.slice(-4) };
}

function valuesOf(input: BeneficiaryInput): BeneficiaryValues {
  return {
    first_name: input.first_name,
    middle_name: input.middle_name,
    last_name: input.last_name,
    birthdate: input.birthdate,
    relationship: input.relationship,
    percentage: input.percentage,
  };
}

export async function addBeneficiary(services: Services, enrollment: Enrollment, input: BeneficiaryInput): Promise<BeneficiarySaveResult> {
  const res = await insertBeneficiary(
    services.db,
    enrollment.id,
    valuesOf(input),
    input.ssn ? seal(services, input.ssn) : null,
    (others) => saveRefusal(others, input.percentage, "add"),
    services.now(),
  );
  return res.ok ? { ok: true } : refusalMessage(res.refusal);
}

/** An empty SSN box keeps the SSN on file. */
export async function editBeneficiary(
  services: Services,
  enrollment: Enrollment,
  id: number,
  input: BeneficiaryInput,
): Promise<BeneficiarySaveResult> {
  const res = await updateBeneficiary(
    services.db,
    enrollment.id,
    id,
    valuesOf(input),
    input.ssn ? seal(services, input.ssn) : undefined,
    (others) => saveRefusal(others, input.percentage, "edit"),
    services.now(),
  );
  return res.ok ? { ok: true } : refusalMessage(res.refusal);
}

export async function removeBeneficiary(services: Services, enrollment: Enrollment, id: number): Promise<BeneficiarySaveResult> {
  return (await deleteBeneficiary(services.db, enrollment.id, id)) ? { ok: true } : refusalMessage("not-found");
}

export interface BeneficiaryCheck {
  rules: FieldRules;
  relationshipValues: readonly string[];
  today: IsoDate;
}

/**
 * What stops the list from being finished: no beneficiary, a total other than exactly 100, or
 * a saved beneficiary no longer valid under today's rules (a prefetched one may lack what is
 * now required). Null when the list is complete. Reads only: Next and Complete both ask it.
 */
export async function beneficiaryProblem(services: Services, enrollmentId: number, check: BeneficiaryCheck): Promise<string | null> {
  const list = await listBeneficiaries(services.db, enrollmentId);
  if (!list.length) return "validation.beneficiaryNone";
  if (!canContinue(list)) {
    const m = totalMessage(beneficiaryTotal(list));
    return messageKey(m.key, m.values);
  }
  for (const [i, b] of list.entries()) {
    const schema = beneficiarySchema(check.rules, check.relationshipValues, check.today, { ssnOnFile: Boolean(b.ssn_last4) });
    const parsed = schema.safeParse({
      first_name: b.first_name,
      middle_name: b.middle_name ?? "",
      last_name: b.last_name,
      birthdate: isoToUsDate(b.birthdate),
      relationship: b.relationship,
      ssn: "",
      beneficiary_percentage: String(b.percentage),
    });
    if (!parsed.success) return messageKey("validation.beneficiaryInvalid", { n: i + 1 });
  }
  return null;
}

/** Next: the list must be complete (beneficiaryProblem); marks the step done. */
export async function finishBeneficiaries(
  services: Services,
  enrollment: Enrollment,
  check: BeneficiaryCheck,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const problem = await beneficiaryProblem(services, enrollment.id, check);
  if (problem) return { ok: false, message: problem };
  const list = await listBeneficiaries(services.db, enrollment.id);
  const step = await readStep(services, enrollment.id, "beneficiary_info");
  await writeStep(services, enrollment, "beneficiary_info", { data: { ...(step?.data ?? {}), count: list.length }, completed: true });
  return { ok: true };
}
