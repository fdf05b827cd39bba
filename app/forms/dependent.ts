/**
 * One dependent, as the add and edit popups post it (enrollment-wizard §2.9, §5 "Dependent").
 * Lenient strings in, one superRefine for the rules, a typed value out. Which optional inputs
 * exist comes from the server: the field definitions (weight and height are shown, and then
 * required, for some plans), whether a cart plan asks about legal disability, and whether the
 * dependent health questions apply (then the same answer set as the primary applicant's,
 * under "health_info."). The relationship is the server's: a different one is refused.
 * The count rules are checked by the server against the saved list, and so is an SSN's
 * uniqueness (against the other dependents and the applicant's sealed SSN): the browser
 * never holds them. The age rules (a spouse 18 or more, a child under 26 unless legally
 * disabled) are here, so the browser and the server judge alike.
 */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import type { FieldRules } from "~/domain/field-definitions";
import { dependentAgeProblem, type Relationship } from "~/domain/dependents";
import { parseUsDate, type IsoDate } from "~/domain/dates";
import { REQUIRED, choice } from "./common";
import { NAME_FIELDS, buildRules, definedFields, nameRules, postedText, ssnDigits, usDate } from "./rules";
import { healthSchema, type HealthAnswers, type HealthFormValues, type HealthQuestionIds } from "./health";

export const DEPENDENT_FIELDS = [
  "first_name",
  "middle_name",
  "last_name",
  "gender",
  "ssn",
  "relationship",
  "weight",
  "height_feet",
  "height_inch",
  "birthdate",
  "is_legally_disabled",
  "disability_condition",
] as const;

export const DISABILITY_CONDITION_MAX = 500;

/**
 * A dependent's health answers (§3 "Dependent": health_info {notes, condition_questions,
 * medication_question}) are the primary applicant's answer set, posted and keyed under this
 * prefix: `health_info.condition_questions[N].conditions[0].field` (§8).
 */
export const HEALTH_PREFIX = "health_info.";

export interface DependentFormOptions {
  today: IsoDate;
  /** the relationship the server set for this dependent */
  relationship: Relationship;
  /** an SSN is on file (edit): an empty box keeps it */
  ssnOnFile?: boolean;
  /** a cart plan asks whether the dependent is legally disabled */
  asksLegalDisability?: boolean;
  /** the health questions asked about dependents, when health questions are required; else none */
  healthQuestions?: HealthQuestionIds | null;
}

/** A dependent as the popup shows it: its fields as text, its health answers as the health form's values. */
export type DependentFormValues = Record<string, string | HealthFormValues>;

export type DependentInput = {
  relationship: Relationship;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  /** YYYY-MM-DD */
  birthdate: IsoDate;
  gender: 0 | 1;
  /** 9 digits, or null: none given (on edit, keep the one on file) */
  ssn: string | null;
  weight: number | null;
  height_feet: number | null;
  height_inch: number | null;
  is_legally_disabled: 0 | 1;
  disability_condition: string | null;
  /** the answer set (as the primary applicant's); null when the health questions do not apply */
  health: HealthAnswers | null;
};

/** Some question is asked: the health part of the form exists. */
export function asksHealth(q: HealthQuestionIds | null | undefined): q is HealthQuestionIds {
  return Boolean(q && (q.conditionIds.length > 0 || q.medicationId !== null));
}

const names = nameRules();
const build = buildRules();
/** The name and birthdate: asked and required whatever the definitions say. */
const ALWAYS = { always: true, required: true };

export function dependentSchema(rules: FieldRules, options: DependentFormOptions) {
  const q = asksHealth(options.healthQuestions) ? options.healthQuestions : null;
  const fields = Object.fromEntries(DEPENDENT_FIELDS.map((f) => [f, postedText])) as Record<
    (typeof DEPENDENT_FIELDS)[number],
    typeof postedText
  >;
  const health = q ? healthSchema(q, options.today) : null;
  // Name, gender and birthdate make the dependent: always asked. The rest as the server says.
  const { on, checker } = definedFields(rules);
  return z
    .object({ ...fields, health_info: z.unknown() })
    .transform((v, ctx) => {
      // The health answers are checked by the primary applicant's schema, each error put under
      // "health_info" so it lands on the input of the same name. Checked here, not as a nested
      // schema, so that a health error never hides the dependent's own errors (all shown at once).
      if (!health) return { ...v, health_info: null };
      const answers = health.safeParse(v.health_info ?? {});
      if (answers.success) return { ...v, health_info: answers.data };
      for (const i of answers.error.issues) ctx.addIssue({ code: "custom", path: ["health_info", ...i.path], message: i.message });
      return { ...v, health_info: null };
    })
    .superRefine((v, ctx) => {
      const { issue, check, checkEach, checkSsn } = checker(ctx);
      checkEach(names, v, NAME_FIELDS, { first_name: ALWAYS, last_name: ALWAYS });
      if (!["0", "1"].includes(v.gender)) issue("gender", REQUIRED);
      // Read-only on the page and set by the server: anything else posted is tampering.
      if (v.relationship !== options.relationship) issue("relationship", "validation.dependentRelationship");
      const disabled = Boolean(options.asksLegalDisability) && v.is_legally_disabled === "1";
      // A spouse is 18 or more; a child under 26 unless legally disabled (domain/dependents).
      if (check("birthdate", v.birthdate, usDate(options.today), ALWAYS)) {
        const age = dependentAgeProblem(options.relationship, parseUsDate(v.birthdate) ?? options.today, options.today, disabled);
        if (age) issue("birthdate", age);
      }
      checkSsn(v.ssn, options.ssnOnFile);
      checkEach(build, v, ["weight", "height_feet", "height_inch"]);
      if (options.asksLegalDisability) {
        if (!["0", "1"].includes(v.is_legally_disabled)) issue("is_legally_disabled", REQUIRED);
        else if (v.is_legally_disabled === "1") {
          if (!v.disability_condition) issue("disability_condition", REQUIRED);
          else if (v.disability_condition.length > DISABILITY_CONDITION_MAX) issue("disability_condition", "validation.tooLong");
        }
      }
    })
    .transform((v): DependentInput => {
      const num = (f: "weight" | "height_feet" | "height_inch") => (on(f) && v[f] !== "" ? Number(v[f]) : null);
      const disabled = options.asksLegalDisability && v.is_legally_disabled === "1" ? 1 : 0;
      return {
        relationship: options.relationship,
        first_name: v.first_name,
        middle_name: on("middle_name") && v.middle_name ? v.middle_name : null,
        last_name: v.last_name,
        birthdate: parseUsDate(v.birthdate) ?? "",
        gender: v.gender === "1" ? 1 : 0,
        ssn: on("ssn") && ssnDigits(v.ssn) ? ssnDigits(v.ssn) : null,
        weight: num("weight"),
        height_feet: num("height_feet"),
        height_inch: num("height_inch"),
        is_legally_disabled: disabled,
        disability_condition: disabled ? v.disability_condition : null,
        health: q ? v.health_info : null,
      };
    });
}

export const dependentValidator = (rules: FieldRules, options: DependentFormOptions) => withZod(dependentSchema(rules, options));

/** "Will you be Enrolling your spouse?": Yes (1) or No (0), else 'Please select spouse status'. */
export const spouseAnswerSchema = z.object({ spouse_enroll_accept: choice(["0", "1"], "validation.spouseStatus") });
export const spouseAnswerValidator = withZod(spouseAnswerSchema);
