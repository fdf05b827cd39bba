/** Forms of the entry screens: access codes, age choice, portal and group choice. */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { choice, idField, requiredText } from "./common";

export const repCodeSchema = z.object({
  code: requiredText(32, "validation.codeTooLong"),
});
export const repCodeValidator = withZod(repCodeSchema);

export const groupPurposes = ["employee", "add-employee", "view-plans"] as const;
export type GroupPurpose = (typeof groupPurposes)[number];

export const groupCodeSchema = z.object({
  code: requiredText(32, "validation.codeTooLong"),
  purpose: choice([...groupPurposes]).default("employee"),
});
export const groupCodeValidator = withZod(groupCodeSchema);

export const ageChoiceSchema = z.object({
  age: choice(["under65", "over65", "groups"], "validation.chooseAge"),
});
export const ageChoiceValidator = withZod(ageChoiceSchema);

/** Agent home: a portal, then direct enrollment or one of the rep's groups. */
export const newMemberSchema = z.discriminatedUnion("choice", [
  z.object({ choice: z.literal("direct"), portal: idField("validation.choosePlatform") }),
  z.object({ choice: z.literal("group"), portal: idField("validation.choosePlatform"), group: idField("validation.chooseGroup") }),
]);
export const newMemberValidator = withZod(newMemberSchema);

export const portalOnlySchema = z.object({ portal: idField("validation.choosePlatform") });
export const portalOnlyValidator = withZod(portalOnlySchema);

export const over65Schema = z.object({
  over65: choice(["0", "1"], "validation.chooseAge"),
  redirectTo: z.string().max(2000).optional(),
});
export const over65Validator = withZod(over65Schema);
