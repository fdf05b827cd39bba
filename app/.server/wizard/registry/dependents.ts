/** The dependent step (dependent_info): the spouse and children the tier covers. */
import type { WizardContext } from "../steps";
import { dependentDisabilityCondition, dependentFlags, firstInvalidDependent, loadDependentStep } from "../dependents";
import { listDependents } from "../../repositories/dependents";
import { nextProblem, type SpouseAnswer } from "~/domain/dependents";
import { isoToUsDate } from "~/domain/dates";
import { messageKey } from "~/forms/common";
import { maskSsn } from "~/domain/identity";
import { genderLabelKey } from "~/utils/format";
import { changeHref, group, row } from "./rows";
import type { StepDefinition } from "./types";
import type { NoData } from "../step-data";

const TAB = "dependent_info";

/** What it keeps: the list itself is in `dependents`. */
export interface DependentStepData {
  /** the existing member's dependents were looked up (once) */
  prefetched?: boolean;
  count?: number;
  spouses?: number;
  children?: number;
  spouse_enroll_accept?: SpouseAnswer;
}
declare module "../step-data" {
  interface StepData {
    dependent_info: DependentStepData;
  }
  interface StepSecret {
    dependent_info: NoData;
  }
}

export const dependentStep = {
  tab: TAB,
  screen: "dependent-information",
  titleKey: "wizard.tabs.dependent_info",
  historyLabelKey: "wizard.tabs.dependent_info",
  /** One group per dependent: every answer of the popup, the SSN masked (the health answers are the health step's rows). */
  async reviewRows(services, { enrollment, planIds, t }) {
    const [rows, flags] = await Promise.all([listDependents(services.db, enrollment.id), dependentFlags(services, planIds)]);
    // the legal-disability question is asked only where a cart plan asks it
    const disabled = (d: (typeof rows)[number]) =>
      flags.asksLegalDisability || d.is_legally_disabled === 1 ? (d.is_legally_disabled === 1 ? t("common.yes") : t("common.no")) : "";
    return rows.flatMap((d, i) => {
      const change = changeHref(TAB, { dialog: "edit", d: String(d.id) });
      const name = [d.first_name, d.middle_name, d.last_name].filter(Boolean).join(" ");
      const gender = genderLabelKey(d.gender);
      const hasHeight = d.height_feet !== null || d.height_inch !== null;
      return group(t("dependent.item", { n: i + 1, name }), [
        row(t("review.name"), name, change),
        row(t("dependent.relationship"), d.relationship === "spouse" ? t("review.spouse") : t("review.child"), change),
        row(t("dependent.birthdate"), isoToUsDate(d.birthdate), change),
        row(t("dependent.gender"), gender ? t(gender) : "", change),
        row(t("dependent.ssn"), maskSsn(d.ssn_last4), change),
        row(
          t("dependent.height"),
          hasHeight ? t("review.heightValue", { feet: d.height_feet ?? 0, inches: d.height_inch ?? 0 }) : "",
          change,
        ),
        row(t("dependent.weight"), d.weight === null ? "" : String(d.weight), change),
        row(t("dependent.legallyDisabled"), disabled(d), change),
        row(t("dependent.disabilityCondition"), d.is_legally_disabled === 1 ? dependentDisabilityCondition(services, d) : "", change),
      ]);
    });
  },
  /** Its answers are its review rows. */
  async record() {
    return {};
  },
  async recheck(services, ctx) {
    const step = await loadDependentStep(services, ctx as WizardContext);
    const count = nextProblem(step.tier, step.list, step.flags, step.answer);
    if (count) return count;
    const invalid = firstInvalidDependent(services, step);
    return invalid ? messageKey("dependent.numbered", { n: invalid.n, message: invalid.message }) : null;
  },
} satisfies StepDefinition<typeof TAB>;
