/** The beneficiary step (beneficiary_info): who receives a life plan's benefit, adding up to 100%. */
import { fieldRules, optionLists } from "../steps";
import { beneficiaryProblem } from "../beneficiaries";
import { listBeneficiaries } from "../../repositories/beneficiaries";
import { todayIso } from "~/domain/dates";
import type { RecordFacts } from "~/domain/enrollment-record";
import type { StepDefinition } from "./types";

const TAB = "beneficiary_info";

export const beneficiaryStep = {
  tab: TAB,
  screen: "beneficiary-info",
  titleKey: "wizard.tabs.beneficiary_info",
  historyLabelKey: "wizard.tabs.beneficiary_info",
  async reviewTile(services, ctx) {
    const rows = await listBeneficiaries(services.db, ctx.enrollment.id);
    return rows.map((b, i) => ({ label: "review.beneficiaryN", value: `#${i + 1} ${b.first_name} ${b.last_name} — ${b.percentage}%` }));
  },
  async record(services, { enrollment }): Promise<Pick<RecordFacts, "beneficiaries">> {
    const rows = await listBeneficiaries(services.db, enrollment.id);
    return {
      beneficiaries: rows.map((b) => ({
        name: [b.first_name, b.middle_name, b.last_name].filter(Boolean).join(" "),
        relationship: b.relationship,
        percentage: b.percentage,
        ssn: b.ssn_last4,
      })),
    };
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
