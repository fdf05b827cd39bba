/** The employer step (employer_info): the employer and the job, or skipped (IHA carts only). */
import { fieldRules, optionLists, readStep } from "../steps";
import { employerSkipAllowed } from "../employer";
import { isoToUsDate, todayIso } from "~/domain/dates";
import { EMPLOYER_OPTION_LISTS, employerSchema, type EmployerChoices } from "~/forms/employer";
import type { RecordFacts } from "~/domain/enrollment-record";
import { asFormValues, failsSchema } from "./checks";
import type { StepDefinition } from "./types";

const TAB = "employer_info";

export const employerStep = {
  tab: TAB,
  screen: "employer-info",
  titleKey: "wizard.tabs.employer_info",
  historyLabelKey: "wizard.tabs.employer_info",
  async reviewTile(services, ctx) {
    const d = (await readStep(services, ctx.enrollment.id, TAB))?.data ?? {};
    if (d.skipped) return [{ label: "review.skipped", value: "✓" }];
    const lists = await optionLists(services, ["employment_status"], ctx.locale);
    return [
      { label: "employer.name", value: String(d.name ?? "") },
      { label: "employer.occupation", value: String(d.occupation ?? "") },
      { label: "employer.employmentStatus", value: lists.employment_status.find((o) => o.value === d.employment_status)?.label ?? "" },
      { label: "employer.startDate", value: isoToUsDate(typeof d.employment_start_date === "string" ? d.employment_start_date : null) },
    ].filter((l) => l.value);
  },
  /** The record shows the employer as its review tile reads (only when the cart asks for it). */
  async record(services, rc): Promise<Pick<RecordFacts, "otherSteps">> {
    if (!rc.state.steps.includes(TAB)) return { otherSteps: [] };
    const lines = await employerStep.reviewTile(services, {
      enrollment: rc.enrollment,
      locale: rc.locale,
      planIds: rc.planIds,
      state: rc.state,
    } as Parameters<typeof employerStep.reviewTile>[1]);
    return {
      otherSteps: lines.length
        ? [{ title: rc.t(employerStep.titleKey), lines: lines.map((l) => ({ label: rc.t(l.label), value: l.value })) }]
        : [],
    };
  },
  async recheck(services, ctx) {
    const [rules, saved, lists] = await Promise.all([
      fieldRules(services, ctx, TAB),
      readStep(services, ctx.enrollment.id, TAB),
      optionLists(services, Object.values(EMPLOYER_OPTION_LISTS), ctx.locale),
    ]);
    if (saved?.data.skipped) return (await employerSkipAllowed(services, ctx.planIds)) ? null : "review.problems.stepIncomplete";
    const choices = Object.fromEntries(
      Object.entries(EMPLOYER_OPTION_LISTS).map(([f, key]) => [f, (lists[key] ?? []).map((o) => o.value)]),
    ) as unknown as EmployerChoices;
    return failsSchema(employerSchema(rules, todayIso(services.now()), choices), asFormValues(saved?.data ?? {}));
  },
} satisfies StepDefinition<typeof TAB>;
