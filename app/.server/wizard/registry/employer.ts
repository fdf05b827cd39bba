/** The employer step (employer_info): the employer and the job, or skipped (IHA carts only). */
import { fieldRules, optionLists, readStep } from "../steps";
import { employerSkipAllowed } from "../employer";
import { isoToUsDate, todayIso } from "~/domain/dates";
import { EMPLOYER_OPTION_LISTS, employerSchema, type EmployerChoices, type EmployerData } from "~/forms/employer";
import { formatPhone } from "~/utils/format";
import { asFormValues, failsSchema } from "./checks";
import { changeHref, group, row } from "./rows";
import type { StepDefinition } from "./types";
import type { NoData } from "../step-data";

const TAB = "employer_info";

/** What it keeps: its fields, or the skip of an IHA cart. */
export type EmployerStepData = EmployerData & { skipped?: boolean };
declare module "../step-data" {
  interface StepData {
    employer_info: EmployerStepData;
  }
  interface StepSecret {
    employer_info: NoData;
  }
}

export const employerStep = {
  tab: TAB,
  screen: "employer-info",
  titleKey: "wizard.tabs.employer_info",
  historyLabelKey: "wizard.tabs.employer_info",
  /** Every answer, each choice by its label in the page's language. */
  async reviewRows(services, { enrollment, locale, t }) {
    const d = (await readStep(services, enrollment.id, TAB))?.data ?? {};
    const change = changeHref(TAB);
    if (d.skipped) return group(null, [row(t("review.skipped"), "✓", change)]);
    const lists = await optionLists(services, Object.values(EMPLOYER_OPTION_LISTS), locale);
    const choice = (field: keyof typeof EMPLOYER_OPTION_LISTS) => {
      const v = d[field];
      return typeof v === "string" ? ((lists[EMPLOYER_OPTION_LISTS[field]] ?? []).find((o) => o.value === v)?.label ?? v) : "";
    };
    const holidays = Object.entries(d.holiday_policy ?? {})
      .filter(([, on]) => on === 1)
      .map(([h]) => (lists[EMPLOYER_OPTION_LISTS.holiday_policy] ?? []).find((o) => o.value === h)?.label ?? h);
    return group(null, [
      row(t("employer.name"), d.name, change),
      row(t("employer.phone"), formatPhone(d.phone), change),
      row(
        t("review.address"),
        [d.address1, d.address2, d.city, `${d.state ?? ""} ${d.zip ?? ""}`.trim()].filter(Boolean).join(", "),
        change,
      ),
      row(t("employer.averageWorkWeek"), choice("average_work_week"), change),
      row(t("employer.startDate"), isoToUsDate(d.employment_start_date ?? null), change),
      row(t("employer.occupation"), d.occupation, change),
      row(t("employer.compensationType"), choice("compensation_type"), change),
      row(t("employer.employmentStatus"), choice("employment_status"), change),
      row(t("employer.industry"), choice("emp_industry"), change),
      row(t("employer.numEmployed"), d.emp_num_employed === undefined ? "" : String(d.emp_num_employed), change),
      row(t("employer.vacationPolicy"), choice("emp_vac_policy"), change),
      row(t("employer.bargainingUnit"), choice("emp_barg_unit"), change),
      row(t("employer.holidayPolicy"), holidays.join(", "), change),
    ]);
  },
  /** Its answers are its review rows. */
  async record() {
    return {};
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
