/** Quote forms: tier choice, the dependents dialog, and (later) the landing quote. */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { ageOn, parseUsDate, type IsoDate } from "~/domain/dates";
import { deriveTier, maxChildren, needsChildren, needsSpouse, TIERS } from "~/domain/tiers";
import { choice, REQUIRED } from "./common";
import { postedText, usDate, zip as zipRule } from "./rules";

export const tierChoiceSchema = z.object({ tier: choice([...TIERS], "validation.chooseTier") });
export const tierChoiceValidator = withZod(tierChoiceSchema);

/** 'Please provide the following information': spouse date of birth (IS, IF), children (IC, IF). */
export function dependentsInfoSchema(today: IsoDate) {
  return z
    .object({
      tier: choice([...TIERS], "validation.chooseTier"),
      spouseDob: z.string().trim().max(10, "validation.invalidDate").optional(),
      childCount: z.string().trim().max(2).optional(),
    })
    .superRefine((v, ctx) => {
      if (needsSpouse(v.tier)) {
        if (!v.spouseDob) ctx.addIssue({ code: "custom", path: ["spouseDob"], message: REQUIRED });
        else {
          const problem = spouseDobProblem(v.spouseDob, today);
          if (problem) ctx.addIssue({ code: "custom", path: ["spouseDob"], message: problem });
        }
      }
      if (needsChildren(v.tier)) {
        const n = Number(v.childCount);
        if (!v.childCount) ctx.addIssue({ code: "custom", path: ["childCount"], message: REQUIRED });
        else if (!Number.isInteger(n) || n < 1 || n > maxChildren(v.tier))
          ctx.addIssue({ code: "custom", path: ["childCount"], message: "validation.childCount" });
      }
    })
    .transform((v) => ({
      tier: v.tier,
      spouseDob: needsSpouse(v.tier) && v.spouseDob ? parseUsDate(v.spouseDob) : null,
      childCount: needsChildren(v.tier) ? Number(v.childCount) : 0,
    }));
}
export const dependentsInfoValidator = (today: IsoDate) => withZod(dependentsInfoSchema(today));

/** Zip: required, exactly 5 digits (its state is checked on the server). */
export function zipProblem(zip: string): string | null {
  return zip ? zipRule()(zip) : REQUIRED;
}

/** A spouse's date of birth, when given: mm/dd/yyyy, not in the future, an adult. */
export function spouseDobProblem(dob: string, today: IsoDate): string | null {
  const problem = usDate(today)(dob);
  if (problem) return problem;
  return ageOn(parseUsDate(dob) as IsoDate, today) < 18 ? "validation.spouseAdult" : null;
}

/** Date of birth: required, mm/dd/yyyy, not in the future, age 18 to 100. */
export function dobProblem(dob: string, today: IsoDate): string | null {
  if (!dob) return REQUIRED;
  const problem = usDate(today)(dob);
  if (problem) return problem;
  const age = ageOn(parseUsDate(dob) as IsoDate, today);
  return age < 18 || age > 100 ? "validation.ageRange" : null;
}

/**
 * The landing quote (storefront §2 Landing, §5): zip, date of birth, gender, spouse date
 * of birth and number of children (the tier is derived from them), tobacco use, category.
 */
export function quoteSchema(today: IsoDate, options: { requireCategory: boolean; allowOtherGender?: boolean }) {
  // Every field is checked in one pass (superRefine) so the visitor sees all problems at once.
  const text = postedText;
  return z
    .object({ zip: text, dob: text, gender: text, spouseDob: text, childCount: text, smoker: text, category: text })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      const zip = zipProblem(v.zip);
      if (zip) issue("zip", zip);
      const dob = dobProblem(v.dob, today);
      if (dob) issue("dob", dob);
      // 2 ("others") is offered on the plan page only (storefront §3); elsewhere 0 Male, 1 Female (§5).
      if (v.gender !== "0" && v.gender !== "1" && !(options.allowOtherGender && v.gender === "2")) issue("gender", REQUIRED);
      const spouse = v.spouseDob ? spouseDobProblem(v.spouseDob, today) : null;
      if (spouse) issue("spouseDob", spouse);
      const n = v.childCount ? Number(v.childCount) : 0;
      if (!Number.isInteger(n) || n < 0 || n > (v.spouseDob ? 8 : 9)) issue("childCount", "validation.childCount");
      if (v.smoker && v.smoker !== "0" && v.smoker !== "1") issue("smoker", REQUIRED);
      if (options.requireCategory && (!v.category || v.category.length > 40)) issue("category", "validation.chooseCategory");
    })
    .transform((v) => {
      const childCount = v.childCount ? Number(v.childCount) : 0;
      const spouseBirthdate = v.spouseDob ? parseUsDate(v.spouseDob) : null;
      return {
        zip: v.zip,
        birthdate: parseUsDate(v.dob) as IsoDate,
        gender: Number(v.gender),
        spouseBirthdate,
        childCount,
        tier: deriveTier(Boolean(spouseBirthdate), childCount),
        smoker: v.smoker === "" ? null : Number(v.smoker),
        category: v.category && v.category.length <= 40 ? v.category : null,
      };
    });
}
export const quoteValidator = (today: IsoDate, requireCategory: boolean, allowOtherGender = false) =>
  withZod(quoteSchema(today, { requireCategory, allowOtherGender }));
export type QuoteInput = z.output<ReturnType<typeof quoteSchema>>;

/** The older two-step form, step one: ZIP, date of birth and the category. */
export function slideStepOneSchema(today: IsoDate) {
  const text = postedText;
  return z
    .object({ zip: text, dob: text, category: text })
    .superRefine((v, ctx) => {
      const zip = zipProblem(v.zip);
      if (zip) ctx.addIssue({ code: "custom", path: ["zip"], message: zip });
      const dob = dobProblem(v.dob, today);
      if (dob) ctx.addIssue({ code: "custom", path: ["dob"], message: dob });
      if (!v.category || v.category.length > 40) ctx.addIssue({ code: "custom", path: ["category"], message: "validation.chooseCategory" });
    })
    .transform((v) => ({ zip: v.zip, birthdate: parseUsDate(v.dob) as IsoDate, category: v.category }));
}
export const slideStepOneValidator = (today: IsoDate) => withZod(slideStepOneSchema(today));

/** The older two-step form: step two needs both gender and tobacco use. */
export const slideStepTwoSchema = z
  .object({ gender: z.string().optional(), smoker: z.string().optional() })
  .superRefine((v, ctx) => {
    const ok = (x: string | undefined) => x === "0" || x === "1";
    if (!ok(v.gender) || !ok(v.smoker)) {
      if (!ok(v.gender)) ctx.addIssue({ code: "custom", path: ["gender"], message: "validation.bothFields" });
      if (!ok(v.smoker)) ctx.addIssue({ code: "custom", path: ["smoker"], message: "validation.bothFields" });
    }
  })
  .transform((v) => ({ gender: Number(v.gender), smoker: Number(v.smoker) }));
export const slideStepTwoValidator = withZod(slideStepTwoSchema);
