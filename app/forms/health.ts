/**
 * Primary Health Questions (enrollment-wizard §2.8, §3 "Health condition question",
 * "Medication question", "Notes", §5 "Health", §8, §9).
 *
 * Field names are remix-validated-form paths, so a plain HTML post and the client both parse
 * into the nested answer set:
 *   condition_questions[N].question_id                 (hidden: which question row N is)
 *   condition_questions[N].yes_no_flag                 1 Yes / 0 No (default No)
 *   condition_questions[N].conditions[0].<field>       the detail fields (only read when Yes)
 *   medication_question.question_id / .yes_no_flag
 *   medication_question.medications[0..2].medication | dosage | medical_condition
 *   notes
 * Errors carry the zod path ["condition_questions", N, "conditions", 0, field] (the spec's
 * condition_questions.N.conditions.0.field); withZod names it `condition_questions[N].conditions[0].field`,
 * exactly the input's name, which is the key useField() and the error summary look up.
 */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { isoToUsDate, parseUsDate, type IsoDate } from "~/domain/dates";
import { phoneDigits } from "~/domain/identity";
import { messageKey } from "~/forms/common";
import { REQUIRED } from "./common";
import { phone, usDate } from "./rules";

// ---------------------------------------------------------------- layouts and names

/** Question 145 has no detail fields; 146 and 147 use the special layout (§3, §9). */
export const NO_DETAIL_QUESTION_IDS: readonly number[] = [145];
export const SPECIAL_QUESTION_IDS: readonly number[] = [146, 147];
export type DetailLayout = "standard" | "special" | "none";

export function detailLayout(questionId: number): DetailLayout {
  if (NO_DETAIL_QUESTION_IDS.includes(questionId)) return "none";
  if (SPECIAL_QUESTION_IDS.includes(questionId)) return "special";
  return "standard";
}

export const STANDARD_FIELDS = [
  "health_condition",
  "date_of_onset",
  "date_of_recovery",
  "is_treatment",
  "is_medicate",
  "d_last_seen",
  "symptoms",
] as const;
export const SPECIAL_FIELDS = [
  "condition",
  "status",
  "last_seen_by_physician",
  "date_of_recovery",
  "physician_name",
  "address",
  "phone",
] as const;
export const MEDICATION_FIELDS = ["medication", "dosage", "medical_condition"] as const;
export type StandardField = (typeof STANDARD_FIELDS)[number];
export type SpecialField = (typeof SPECIAL_FIELDS)[number];
export type MedicationField = (typeof MEDICATION_FIELDS)[number];
export const DATE_FIELDS: ReadonlySet<string> = new Set(["date_of_onset", "date_of_recovery", "d_last_seen", "last_seen_by_physician"]);

/** Up to 3 medications per medication question (§9); notes up to 2000 characters. */
export const MAX_MEDICATIONS = 3;
export const MAX_NOTES = 2000;

// `prefix` places the same answer set inside another form: the dependent popup posts it under
// "health_info." (enrollment-wizard §3 "Dependent", §8), and its errors carry the same prefix.
export const conditionIdName = (i: number, prefix = "") => `${prefix}condition_questions[${i}].question_id`;
export const conditionFlagName = (i: number, prefix = "") => `${prefix}condition_questions[${i}].yes_no_flag`;
export const conditionFieldName = (i: number, field: StandardField | SpecialField, prefix = "") =>
  `${prefix}condition_questions[${i}].conditions[0].${field}`;
export const medicationIdName = (prefix = "") => `${prefix}medication_question.question_id`;
export const medicationFlagName = (prefix = "") => `${prefix}medication_question.yes_no_flag`;
export const medicationFieldName = (n: number, field: MedicationField, prefix = "") =>
  `${prefix}medication_question.medications[${n}].${field}`;
export const notesName = (prefix = "") => `${prefix}notes`;

// ---------------------------------------------------------------- answers (what is stored, encrypted)

export type YesNo = 0 | 1;

export type StandardCondition = {
  health_condition: string;
  date_of_onset: IsoDate;
  date_of_recovery: IsoDate | null;
  is_treatment: YesNo | null;
  is_medicate: YesNo | null;
  d_last_seen: IsoDate;
  symptoms: string;
};

export type SpecialCondition = {
  condition: string;
  status: string;
  last_seen_by_physician: IsoDate;
  date_of_recovery: IsoDate | null;
  physician_name: string;
  address: string;
  /** 10 digits, or '' */
  phone: string;
};

export type ConditionAnswer = { question_id: number; yes_no_flag: YesNo; conditions: Array<StandardCondition | SpecialCondition> };
export type MedicationEntry = { medication: string; dosage: string; medical_condition: string };
export type MedicationAnswer = { question_id: number; yes_no_flag: YesNo; medications: MedicationEntry[] };

// A type (not an interface) so it fits the forms' Record<string, unknown> validators.
export type HealthAnswers = {
  condition_questions: ConditionAnswer[];
  medication_question: MedicationAnswer | null;
  notes: string;
};

/** Which questions the form holds, in order (the server's list; the page gets the same). */
export type HealthQuestionIds = { conditionIds: readonly number[]; medicationId: number | null };

// ---------------------------------------------------------------- form values (strings, as posted)

export type ConditionValues = { question_id: string; yes_no_flag: string; conditions: Array<Record<string, string>> };
export type MedicationValues = { question_id: string; yes_no_flag: string; medications: Array<Record<string, string>> };
export type HealthFormValues = {
  condition_questions: ConditionValues[];
  medication_question?: MedicationValues;
  notes: string;
};

// ---------------------------------------------------------------- reading the post safely

const own = (v: unknown, key: string | number): unknown =>
  v !== null && typeof v === "object" && Object.prototype.hasOwnProperty.call(v, key)
    ? (v as Record<string | number, unknown>)[key]
    : undefined;
/** A posted value as trimmed text: '' when absent, repeated or not text (never throws). */
const str = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

type RawCondition = { question_id: string; yes_no_flag: string; details: Record<string, string> };
type RawMedication = { question_id: string; yes_no_flag: string; entries: Array<Record<MedicationField, string>> };
type RawForm = { conditions: RawCondition[]; medication: RawMedication | null; notes: string };

/** Reads only the rows the server expects (never iterates what was posted). */
function readRaw(v: { condition_questions?: unknown; medication_question?: unknown; notes?: unknown }, q: HealthQuestionIds): RawForm {
  const conditions = q.conditionIds.map((_, i) => {
    const item = own(v.condition_questions, i);
    const detail = own(own(item, "conditions"), 0);
    const details: Record<string, string> = {};
    for (const f of [...STANDARD_FIELDS, ...SPECIAL_FIELDS]) details[f] = str(own(detail, f));
    // No answer posted counts as the default, No.
    return { question_id: str(own(item, "question_id")), yes_no_flag: str(own(item, "yes_no_flag")) || "0", details };
  });
  let medication: RawMedication | null = null;
  if (q.medicationId !== null) {
    const m = v.medication_question;
    const list = own(m, "medications");
    medication = {
      question_id: str(own(m, "question_id")),
      yes_no_flag: str(own(m, "yes_no_flag")) || "0",
      entries: Array.from({ length: MAX_MEDICATIONS }, (_, n) => {
        const e = own(list, n);
        return {
          medication: str(own(e, "medication")),
          dosage: str(own(e, "dosage")),
          medical_condition: str(own(e, "medical_condition")),
        };
      }),
    };
  }
  // Browsers post a textarea's line breaks as CRLF; count them as one character, as the box does.
  const notes = typeof v.notes === "string" ? v.notes.replace(/\r\n?/g, "\n").trim() : "";
  return { conditions, medication, notes };
}

// ---------------------------------------------------------------- the schema

const CHANGED = "validation.healthQuestionsChanged";
/** Markup and control characters have no place in an answer. */
const NOT_PLAIN = /[<>\u0000-\u001F\u007F]/;
/** Notes keep line breaks and tabs, but no control characters and no HTML tags. */
const NOTES_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const NOTES_TAG = /<\s*[a-zA-Z!/?]/;
const TEXT_MAX: Record<string, number> = {
  health_condition: 100,
  symptoms: 500,
  condition: 100,
  status: 100,
  physician_name: 100,
  address: 200,
  medication: 100,
  dosage: 100,
  medical_condition: 100,
};

const phoneNumber = phone();
const yesNo = (v: string): YesNo | null => (v === "1" ? 1 : v === "0" ? 0 : null);

export function healthSchema(q: HealthQuestionIds, today: IsoDate) {
  return z
    .object({ condition_questions: z.unknown(), medication_question: z.unknown(), notes: z.unknown() })
    .transform((v) => readRaw(v, q))
    .superRefine((raw, ctx) => {
      const issue = (path: Array<string | number>, message: string) => ctx.addIssue({ code: "custom", path, message });
      const notFuture = usDate(today);
      const text = (path: Array<string | number>, field: string, value: string, required: boolean) => {
        if (!value) {
          if (required) issue(path, REQUIRED);
        } else if (value.length > (TEXT_MAX[field] ?? 100)) issue(path, "validation.tooLong");
        else if (NOT_PLAIN.test(value)) issue(path, "validation.healthText");
      };
      const date = (path: Array<string | number>, value: string, required: boolean): IsoDate | null => {
        if (!value) {
          if (required) issue(path, REQUIRED);
          return null;
        }
        const problem = notFuture(value);
        if (problem) issue(path, problem);
        return problem ? null : parseUsDate(value);
      };
      const flag = (path: Array<string | number>, posted: { question_id: string; yes_no_flag: string }, expectedId: number | null) => {
        // The hidden id must be the question the server has at this row: never file an answer
        // under another question because the list changed while the page was open.
        if (posted.question_id !== String(expectedId)) issue(path, CHANGED);
        else if (yesNo(posted.yes_no_flag) === null) issue(path, "validation.answerAll");
        else return posted.yes_no_flag === "1";
        return false;
      };

      raw.conditions.forEach((c, i) => {
        const id = q.conditionIds[i];
        if (!flag(["condition_questions", i, "yes_no_flag"], c, id)) return;
        const at = (f: string) => ["condition_questions", i, "conditions", 0, f];
        const d = c.details;
        const layout = detailLayout(id);
        if (layout === "standard") {
          text(at("health_condition"), "health_condition", d.health_condition, true);
          const onset = date(at("date_of_onset"), d.date_of_onset, true);
          const recovery = date(at("date_of_recovery"), d.date_of_recovery, false);
          if (onset && recovery && recovery < onset) issue(at("date_of_recovery"), "validation.recoveryBeforeOnset");
          for (const f of ["is_treatment", "is_medicate"]) if (d[f] && yesNo(d[f]) === null) issue(at(f), "validation.answerAll");
          date(at("d_last_seen"), d.d_last_seen, true);
          text(at("symptoms"), "symptoms", d.symptoms, false);
        } else if (layout === "special") {
          text(at("condition"), "condition", d.condition, true);
          text(at("status"), "status", d.status, false);
          date(at("last_seen_by_physician"), d.last_seen_by_physician, true);
          date(at("date_of_recovery"), d.date_of_recovery, false);
          text(at("physician_name"), "physician_name", d.physician_name, false);
          text(at("address"), "address", d.address, false);
          // Only the characters of a phone number, then the phone rule.
          if (d.phone) {
            const problem = /^[\d\s().+-]+$/.test(d.phone) ? phoneNumber(d.phone) : "validation.phoneFormat";
            if (problem) issue(at("phone"), problem);
          }
        }
      });

      const m = raw.medication;
      if (m && flag(["medication_question", "yes_no_flag"], m, q.medicationId)) {
        m.entries.forEach((e, n) => {
          // The first medication is required; the second and third count only when filled in.
          if (n > 0 && !MEDICATION_FIELDS.some((f) => e[f])) return;
          for (const f of MEDICATION_FIELDS) text(["medication_question", "medications", n, f], f, e[f], f === "medication");
        });
      }

      if (raw.notes.length > MAX_NOTES) issue(["notes"], messageKey("validation.healthNotesTooLong", { max: MAX_NOTES }));
      else if (NOTES_CONTROL.test(raw.notes) || NOTES_TAG.test(raw.notes)) issue(["notes"], "validation.notesPlainText");
    })
    .transform((raw): HealthAnswers => {
      const condition_questions = raw.conditions.map((c, i): ConditionAnswer => {
        const question_id = q.conditionIds[i];
        // Details are kept only for a Yes, and only those of the question's layout.
        if (c.yes_no_flag !== "1") return { question_id, yes_no_flag: 0, conditions: [] };
        const d = c.details;
        const layout = detailLayout(question_id);
        if (layout === "none") return { question_id, yes_no_flag: 1, conditions: [] };
        if (layout === "special") {
          return {
            question_id,
            yes_no_flag: 1,
            conditions: [
              {
                condition: d.condition,
                status: d.status,
                last_seen_by_physician: parseUsDate(d.last_seen_by_physician) as IsoDate,
                date_of_recovery: parseUsDate(d.date_of_recovery),
                physician_name: d.physician_name,
                address: d.address,
                phone: d.phone ? phoneDigits(d.phone) : "",
              },
            ],
          };
        }
        return {
          question_id,
          yes_no_flag: 1,
          conditions: [
            {
              health_condition: d.health_condition,
              date_of_onset: parseUsDate(d.date_of_onset) as IsoDate,
              date_of_recovery: parseUsDate(d.date_of_recovery),
              is_treatment: yesNo(d.is_treatment),
              is_medicate: yesNo(d.is_medicate),
              d_last_seen: parseUsDate(d.d_last_seen) as IsoDate,
              symptoms: d.symptoms,
            },
          ],
        };
      });
      const m = raw.medication;
      const medication_question: MedicationAnswer | null =
        m && q.medicationId !== null
          ? {
              question_id: q.medicationId,
              yes_no_flag: m.yes_no_flag === "1" ? 1 : 0,
              medications: m.yes_no_flag === "1" ? m.entries.filter((e, n) => n === 0 || MEDICATION_FIELDS.some((f) => e[f])) : [],
            }
          : null;
      return { condition_questions, medication_question, notes: raw.notes };
    });
}

export const healthValidator = (q: HealthQuestionIds, today: IsoDate) => withZod(healthSchema(q, today));

// ---------------------------------------------------------------- saved answers → form values

const emptyRecord = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, ""])) as Record<string, string>;
const shown = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const shownDate = (v: unknown) => (typeof v === "string" ? isoToUsDate(v) : "");

/**
 * The form's values for the current questions: every question No and every box empty, then
 * whatever saved answers there are, matched by question id (an answer to a question no longer
 * asked is dropped; a new question starts at No). Reads stored data defensively.
 */
export function answersToValues(q: HealthQuestionIds, saved: unknown): HealthFormValues {
  const savedConditions = own(saved, "condition_questions");
  const list = Array.isArray(savedConditions) ? savedConditions : [];
  const condition_questions = q.conditionIds.map((id): ConditionValues => {
    const details = emptyRecord([...STANDARD_FIELDS, ...SPECIAL_FIELDS]);
    const answer = list.find((a) => Number(own(a, "question_id")) === id);
    const yes = Number(own(answer, "yes_no_flag")) === 1;
    const detail = own(own(answer, "conditions"), 0);
    if (yes && detail) {
      for (const f of [...STANDARD_FIELDS, ...SPECIAL_FIELDS])
        details[f] = DATE_FIELDS.has(f) ? shownDate(own(detail, f)) : shown(own(detail, f));
    }
    return { question_id: String(id), yes_no_flag: yes ? "1" : "0", conditions: [details] };
  });
  const values: HealthFormValues = { condition_questions, notes: shown(own(saved, "notes")) };
  if (q.medicationId !== null) {
    const m = own(saved, "medication_question");
    const yes = Number(own(m, "question_id")) === q.medicationId && Number(own(m, "yes_no_flag")) === 1;
    const meds = own(m, "medications");
    values.medication_question = {
      question_id: String(q.medicationId),
      yes_no_flag: yes ? "1" : "0",
      medications: Array.from({ length: MAX_MEDICATIONS }, (_, n) => {
        const e = yes && Array.isArray(meds) ? own(meds, n) : undefined;
        return {
          medication: shown(own(e, "medication")),
          dosage: shown(own(e, "dosage")),
          medical_condition: shown(own(e, "medical_condition")),
        };
      }),
    };
  }
  return values;
}

/** Saved answers look like an answer set (at least the list of condition questions). */
export function looksLikeAnswers(saved: unknown): boolean {
  return Array.isArray(own(saved, "condition_questions"));
}
