/** The dependent step (dependent_info): the spouse and children the tier covers. */
import type { WizardContext } from "../steps";
import { firstInvalidDependent, loadDependentStep } from "../dependents";
import { listDependents } from "../../repositories/dependents";
import { nextProblem } from "~/domain/dependents";
import { isoToUsDate } from "~/domain/dates";
import { messageKey } from "~/forms/common";
import type { RecordFacts } from "~/domain/enrollment-record";
import type { StepDefinition } from "./types";

const TAB = "dependent_info";

export const dependentStep = {
  tab: TAB,
  screen: "dependent-information",
  titleKey: "wizard.tabs.dependent_info",
  historyLabelKey: "wizard.tabs.dependent_info",
  async reviewTile(services, ctx) {
    const rows = await listDependents(services.db, ctx.enrollment.id);
    return rows.map((d, i) => ({
      label: d.relationship === "spouse" ? "review.spouse" : "review.child",
      value: `#${i + 1} ${d.first_name} ${d.last_name} (${isoToUsDate(d.birthdate)})`,
    }));
  },
  async record(services, { enrollment, t }): Promise<Pick<RecordFacts, "dependents">> {
    const rows = await listDependents(services.db, enrollment.id);
    return {
      dependents: rows.map((d) => ({
        name: [d.first_name, d.middle_name, d.last_name].filter(Boolean).join(" "),
        relationship: d.relationship === "spouse" ? t("review.spouse") : t("review.child"),
        birthdate: d.birthdate,
        ssn: d.ssn_last4,
      })),
    };
  },
  async recheck(services, ctx) {
    const step = await loadDependentStep(services, ctx as WizardContext);
    const count = nextProblem(step.tier, step.list, step.flags, step.answer);
    if (count) return count;
    const invalid = firstInvalidDependent(services, step);
    return invalid ? messageKey("dependent.numbered", { n: invalid.n, message: invalid.message }) : null;
  },
} satisfies StepDefinition<typeof TAB>;
