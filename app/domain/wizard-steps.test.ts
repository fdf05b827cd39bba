import { describe, it, expect } from "vitest";
import { buildStepList, type TabRow } from "./wizard-steps";

const row = (
  tab_name: string,
  sort_order: number,
  required = 1,
  plan_id: number | null = null,
  enroll_type: string | null = null,
): TabRow => ({ tab_name, sort_order, required, plan_id, enroll_type });

describe("buildStepList", () => {
  const defaults = [
    row("primary_info", 0),
    row("contact_info", 1),
    row("employer_info", 2, 0),
    row("beneficiary_info", 3, 0),
    row("dependent_info", 5),
    row("review_info", 6),
    row("agreement_info", 7),
    row("billing_info", 8),
  ];
  it("keeps only required tabs, in order", () => {
    expect(buildStepList(defaults, { planIds: [1], enrollType: "new-member", tier: "IF" })).toEqual([
      "primary_info",
      "contact_info",
      "dependent_info",
      "review_info",
      "agreement_info",
      "billing_info",
    ]);
  });
  it("adds a tab a plan in the cart requires, and only for that plan", () => {
    const rows = [...defaults, row("beneficiary_info", 3, 1, 7)];
    expect(buildStepList(rows, { planIds: [7], enrollType: "new-member", tier: "IO" })).toContain("beneficiary_info");
    expect(buildStepList(rows, { planIds: [8], enrollType: "new-member", tier: "IO" })).not.toContain("beneficiary_info");
  });
  it("adds a tab an enroll type requires", () => {
    const rows = [...defaults, row("employer_info", 2, 1, null, "new-group-member")];
    expect(buildStepList(rows, { planIds: [], enrollType: "new-group-member", tier: "IO" })[2]).toBe("employer_info");
    expect(buildStepList(rows, { planIds: [], enrollType: "new-member", tier: "IO" })).not.toContain("employer_info");
  });
  it("a non-required row never adds a tab, and any required row does", () => {
    const rows = [row("primary_info", 0), row("beneficiary_info", 3, 0, 5), row("beneficiary_info", 4, 1, 6)];
    expect(buildStepList(rows, { planIds: [5], enrollType: null, tier: "IO" })).toEqual(["primary_info"]);
    expect(buildStepList(rows, { planIds: [5, 6], enrollType: null, tier: "IO" })).toEqual(["primary_info", "beneficiary_info"]);
  });
  it("skips dependents for a member-only tier", () => {
    expect(buildStepList(defaults, { planIds: [], enrollType: null, tier: "IO" })).not.toContain("dependent_info");
  });
  it("scans order values 0 to 10 only and ignores unknown tabs", () => {
    const rows = [row("review_info", 10), row("primary_info", 0), row("billing_info", 11), row("mystery", 1)];
    expect(buildStepList(rows, { planIds: [], enrollType: null, tier: "IO" })).toEqual(["primary_info", "review_info"]);
  });
});
