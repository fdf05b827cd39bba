/**
 * The field rules, each declared once (issue 25): a rule takes a filled-in value and gives the
 * translation key of what is wrong with it, or null. Whether a field is asked at all, and
 * whether an empty one is an error, is the server's field definition, applied by `definedFields`
 * below; a rule only judges what was typed. The forms check every field in one pass (all the
 * problems shown at once), so they compose rules inside one superRefine rather than per-field
 * zod schemas. A rule takes its message as a parameter where the spec words it differently
 * (the card's billing ZIP says "Invalid Zip code", contact and employer "Enter 5 digit zip code").
 */
import { z, type RefinementCtx } from "zod";
import { isReadOnly, isRequired, isShown, type FieldRules } from "~/domain/field-definitions";
import { isValidEmail, isValidSsn, phoneDigits } from "~/domain/identity";
import { parseUsDate, type IsoDate } from "~/domain/dates";
import { REQUIRED, isValidName } from "./common";

/** What is wrong with a filled-in value (a translation key), or null. */
export type Rule = (value: string) => string | null;

/** A posted text field, lenient: absent or not text is '', always trimmed. The rules judge it. */
export const postedText = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim());

/** Address lines, cities, bank names, occupations: letters, digits and the usual punctuation; no markup. */
const PLAIN_PUNCTUATION = " .,'#\\-/&";
const plainPattern = (extra: string) => new RegExp(`^[\\p{L}\\p{M}0-9${PLAIN_PUNCTUATION}${extra}]+$`, "u");
const PLAIN_TEXT = plainPattern("");

/** Plain text up to `max` characters; `extra` punctuation for free answers (questions, companies). */
export function plainText(max = 100, extra = ""): Rule {
  const pattern = extra ? plainPattern(extra) : PLAIN_TEXT;
  return (s) => (s.length <= max && pattern.test(s) ? null : "validation.plainText");
}

/** A person's name (see isValidName); the message names the field ("Please enter valid first name"). */
export const personName =
  (message: string, max?: number): Rule =>
  (s) =>
    isValidName(s, "person", max) ? null : message;

/** An organization's name (an employer, a company holding an account): digits and & , ( ) / too. */
export const organizationName =
  (message: string, max = 100): Rule =>
  (s) =>
    isValidName(s, "organization", max) ? null : message;

/** An SSN as typed: spaces and dashes are dropped; 9 digits of an issuable shape. */
/**
 * What a refused post sends back to be typed into the form again (remix-validated-form's
 * `repopulateFields`, and without JavaScript the inputs' values): everything typed but the SSN,
 * which is typed again — a whole SSN is never sent back in a page (ADR 026; security review,
 * stop 38). The server's answer is the same for the browser's check, so nothing else changes.
 */
export function typedBackWithoutSsn<T extends Record<string, unknown>>(submitted: T): Omit<T, "ssn"> {
  const { ssn: _ssn, ...rest } = submitted;
  return rest;
}
export const ssnDigits = (input: string) => input.replace(/[\s-]/g, "");
export const ssn = (): Rule => (s) => (isValidSsn(s) ? null : "validation.ssn");

/**
 * A date typed mm/dd/yyyy (parsed once, by parseUsDate), not after `today` when given:
 * "validation.futureDate" by default, or the field's own wording ("validation.notAfterToday").
 */
export const usDate =
  (today?: IsoDate, afterToday = "validation.futureDate"): Rule =>
  (s) => {
    const iso = parseUsDate(s);
    if (!iso) return "validation.invalidDate";
    return today !== undefined && iso > today ? afterToday : null;
  };

/** Height: feet one digit, not zero; inches 0 to 11. Weight: up to 3 digits, more than zero. */
export const heightFeet = (): Rule => (s) => (/^\d$/.test(s) && s !== "0" ? null : "validation.heightZero");
export const heightInches = (): Rule => (s) => (/^\d{1,2}$/.test(s) && Number(s) <= 11 ? null : "validation.inch");
export const weight = (): Rule => (s) => (/^\d{1,3}$/.test(s) && Number(s) > 0 ? null : "validation.weight");

/**
 * An e-mail address (domain/identity's isValidEmail, the roster import's too). The message is the
 * form's: "Invalid email format…" on contact, the spec's modal wording "Enter a valid email address"
 * in the verification and console forms.
 */
export const email =
  (message = "validation.emailFormat"): Rule =>
  (s) =>
    isValidEmail(s) ? null : message;

/** A US phone number: 10 digits once punctuation (and a leading 1) is dropped. */
export const phone = (): Rule => (s) => (/^\d{10}$/.test(phoneDigits(s)) ? null : "validation.phoneFormat");

/** A ZIP code: 5 digits. The message is the spec's for the form (see above). */
export const zip =
  (message = "validation.zipFormat"): Rule =>
  (s) =>
    /^\d{5}$/.test(s) ? null : message;

/** A state: two letters (stored uppercased). */
export const state = (): Rule => (s) => (/^[A-Za-z]{2}$/.test(s) ? null : "validation.state");

/** A person's name: first, middle and last, each message naming its field. */
export const NAME_FIELDS = ["first_name", "middle_name", "last_name"] as const;
export type NameField = (typeof NAME_FIELDS)[number];
export function nameRules(): Record<NameField, Rule> {
  return {
    first_name: personName("validation.firstName"),
    middle_name: personName("validation.middleName"),
    last_name: personName("validation.lastName"),
  };
}

/** Height and weight, asked together (personal, and a dependent when the plan underwrites). */
export const BUILD_FIELDS = ["height_feet", "height_inch", "weight"] as const;
export type BuildField = (typeof BUILD_FIELDS)[number];
export function buildRules(): Record<BuildField, Rule> {
  return { height_feet: heightFeet(), height_inch: heightInches(), weight: weight() };
}

export const ADDRESS_FIELDS = ["address1", "address2", "city", "state", "zip"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The address block of contact, employer and the card's billing address. */
export function addressRules(zipMessage?: string): Record<AddressField, Rule> {
  return { address1: plainText(), address2: plainText(), city: plainText(), state: state(), zip: zip(zipMessage) };
}

/**
 * The server's field definitions applied to a form, the one way every step does it: a field is
 * checked when it is shown and not read-only (`on`), and an empty one is an error when it is
 * also required (`req`). `check` reports what is wrong under the field's name and says
 * whether the value is good. `required` overrides the definition (an SSN on file may be left
 * empty; a name the step always asks). `editableReadOnly` keeps the contact step's reading,
 * where a read-only field is still checked as posted.
 */
export function definedFields(rules: FieldRules, options: { editableReadOnly?: boolean } = {}) {
  const on = (f: string) => isShown(rules, f) && (options.editableReadOnly || !isReadOnly(rules, f));
  const req = (f: string) => on(f) && isRequired(rules, f);
  const readOnly = (f: string) => isReadOnly(rules, f);
  const checker = (ctx: RefinementCtx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    /** Checks `value` (the field's posted text unless given) against `rule` when the field is on. */
    const check = (f: string, value: string, rule: Rule, opts: { required?: boolean; always?: boolean } = {}): boolean => {
      if (!opts.always && !on(f)) return false;
      if (!value) {
        if (opts.required ?? req(f)) issue(f, REQUIRED);
        return false;
      }
      const problem = rule(value);
      if (problem) issue(f, problem);
      return !problem;
    };
    /** Checks a block of rules (a name, an address) in the order of `fields`, each by its own definition. */
    const checkEach = <F extends string>(
      block: Record<F, Rule>,
      values: Partial<Record<F, string>>,
      fields: readonly F[],
      opts: Partial<Record<F, { required?: boolean; always?: boolean }>> = {},
    ) => {
      for (const f of fields) check(f, values[f] ?? "", block[f], opts[f]);
    };
    /**
     * An SSN as typed (spaces and dashes dropped). One already on file is never sent back to the
     * page: with `onFile`, leaving the box empty keeps it.
     */
    const checkSsn = (value: string, onFile = false) => check("ssn", ssnDigits(value), ssn(), { required: req("ssn") && !onFile });
    return { issue, check, checkEach, checkSsn };
  };
  return { on, req, readOnly, checker };
}
