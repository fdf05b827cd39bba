/** The beneficiary step (beneficiary_info): who receives a life plan's benefit, adding up to 100%. */
import { fieldRules, optionLists } from "../steps";
import { beneficiaryProblem } from "../beneficiaries";
import { listBeneficiaries } from "../../repositories/beneficiaries";
import { isoToUsDate, todayIso } from "~/domain/dates";
import { maskSsn } from "~/domain/identity";
import { changeHref, group, row } from "./rows";
import type { StepDefinition } from "./types";
import type { NoData } from "../step-data";

const TAB = "beneficiary_info";

/** What it keeps: the list itself is in `beneficiaries`. */
export interface BeneficiaryStepData {
  /** the existing member's beneficiaries were looked up (once) */
  prefetched?: boolean;
  count?: number;
}
declare module "../step-data" {
  interface StepData {
    beneficiary_info: BeneficiaryStepData;
  }
  interface StepSecret {
    beneficiary_info: NoData;
  }
}

export const beneficiaryStep = {
  tab: TAB,
  screen: "beneficiary-info",
  titleKey: "wizard.tabs.beneficiary_info",
  historyLabelKey: "wizard.tabs.beneficiary_info",
  /** One group per beneficiary: name, birth date, relationship, SSN masked, percentage. */
  async reviewRows(services, { enrollment, locale, t }) {
    const [rows, options] = await Promise.all([
      listBeneficiaries(services.db, enrollment.id),
      optionLists(services, ["beneficiary_relationship"], locale),
    ]);
    return rows.flatMap((b, i) => {
      const change = changeHref(TAB, { dialog: "edit", b: String(b.id) });
      const name = [b.first_name, b.middle_name, b.last_name].filter(Boolean).join(" ");
      return group(t("beneficiary.item", { n: i + 1, name }), [
        row(t("review.name"), name, change),
        row(t("beneficiary.birthdate"), isoToUsDate(b.birthdate), change),
        row(
          t("beneficiary.relationship"),
          options.beneficiary_relationship.find((o) => o.value === b.relationship)?.label ?? b.relationship,
          change,
        ),
        row(t("beneficiary.ssn"), maskSsn(b.ssn_last4), change),
        row(t("beneficiary.percentage"), `${b.percentage}%`, change),
      ]);
    });
  },
  /** Its answers are its review rows. */
  async record() {
    return {};
  },
  async recheck(services, ctx) {
    const [rules, options] = await Promise.all([
      fieldRules(services, ctx, TAB),
      optionLists(services, ["beneficiary_relationship"], ctx.locale),
    ]);
    return beneficiaryProblem(services, ctx.enrollment.id, {
      rules,
      relationshipValues: options.beneficiary_relationship.map((o) => o.value),
      today: todayIso(services.now()),
    });
  },
} satisfies StepDefinition<typeof TAB>;
