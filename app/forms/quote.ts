/** Quote forms: tier choice, the dependents dialog, and (later) the landing quote. */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { ageOn, parseUsDate, type IsoDate } from "~/domain/dates";
import { maxChildren, needsChildren, needsSpouse, TIERS } from "~/domain/tiers";
import { choice, REQUIRED } from "./common";

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
          const iso = parseUsDate(v.spouseDob);
          if (!iso) ctx.addIssue({ code: "custom", path: ["spouseDob"], message: "validation.invalidDate" });
          else if (iso > today) ctx.addIssue({ code: "custom", path: ["spouseDob"], message: "validation.futureDate" });
          else if (ageOn(iso, today) < 18) ctx.addIssue({ code: "custom", path: ["spouseDob"], message: "validation.spouseAdult" });
        }
      }
      if (needsChildren(v.tier)) {
        const n = Number(v.childCount);
        if (!v.childCount) ctx.addIssue({ code: "custom", path: ["childCount"], message: REQUIRED });
        else if (!Number.isInteger(n) || n < 1 || n > maxChildren(v.tier)) ctx.addIssue({ code: "custom", path: ["childCount"], message: "validation.childCount" });
      }
    })
    .transform((v) => ({
      tier: v.tier,
      spouseDob: needsSpouse(v.tier) && v.spouseDob ? parseUsDate(v.spouseDob) : null,
      childCount: needsChildren(v.tier) ? Number(v.childCount) : 0,
    }));
}
export const dependentsInfoValidator = (today: IsoDate) => withZod(dependentsInfoSchema(today));
