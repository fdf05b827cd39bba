/** The personal step (primary_info): the applicant's name, body, marital status and SSN. */
import { findMember } from "../../repositories/entry";
import { fieldRules, optionLists, readStep } from "../steps";
import { isoToUsDate, todayIso, type IsoDate } from "~/domain/dates";
import { personalSchema } from "~/forms/personal";
import type { RecordFacts } from "~/domain/enrollment-record";
import { maskSsn } from "~/domain/identity";
import { genderLabelKey } from "~/utils/format";
import { asFormValues, failsSchema } from "./checks";
import { changeHref, group, row } from "./rows";
import type { StepDefinition } from "./types";

const TAB = "primary_info";

/** What it keeps: only shown, editable fields; numbers as numbers, dates ISO. The SSN is sealed. */
export type PersonalData = {
  first_name: string;
  middle_name: string;
  last_name: string;
  height_feet: number;
  height_inch: number;
  weight: number;
  marital_status: number;
  prior_coverage_flag: number;
  prior_carrier_name: string;
  prior_effective_date: IsoDate;
  prior_term_date: IsoDate;
};
export interface PersonalSecret {
  ssn: string;
}
declare module "../step-data" {
  interface StepData {
    primary_info: PersonalData;
  }
  interface StepSecret {
    primary_info: PersonalSecret;
  }
}

export const personalStep = {
  tab: TAB,
  screen: "personal-info",
  titleKey: "wizard.tabs.primary_info",
  historyLabelKey: "wizard.tabs.primary_info",
  /** Every answer, the quote's birth date and gender included; the SSN masked. */
  async reviewRows(services, { enrollment, locale, t }) {
    const [step, lists] = await Promise.all([readStep(services, enrollment.id, TAB), optionLists(services, ["marital_status"], locale)]);
    const d = step?.data ?? {};
    const change = changeHref(TAB);
    const gender = genderLabelKey(enrollment.gender);
    const hasHeight = d.height_feet !== undefined || d.height_inch !== undefined;
    const prior =
      d.prior_coverage_flag === 1 ? "personal.hadPriorCoverage" : d.prior_coverage_flag === 0 ? "personal.noPriorCoverage" : null;
    return group(null, [
      row(t("review.name"), [d.first_name, d.middle_name, d.last_name].filter(Boolean).join(" "), change),
      // from the quote: not changed on this step
      row(t("quote.dob"), isoToUsDate(enrollment.birthdate), null),
      row(t("quote.gender"), gender ? t(gender) : "", null),
      row(t("personal.height"), hasHeight ? t("review.heightValue", { feet: d.height_feet ?? 0, inches: d.height_inch ?? 0 }) : "", change),
      row(t("personal.weight"), d.weight === undefined ? "" : String(d.weight), change),
      row(t("personal.maritalStatus"), lists.marital_status.find((o) => o.value === String(d.marital_status))?.label, change),
      row(t("personal.ssn"), maskSsn(step?.secret.ssn), change),
      row(t("personal.priorCoverage"), prior ? t(prior) : "", change),
      ...(d.prior_coverage_flag === 1
        ? [
            row(t("personal.priorCarrier"), d.prior_carrier_name, change),
            row(t("personal.priorEffective"), isoToUsDate(d.prior_effective_date ?? null), change),
            row(t("personal.priorTerm"), isoToUsDate(d.prior_term_date ?? null), change),
          ]
        : []),
    ]);
  },
  /** The applicant's name for the record's header (the answers are its review rows). */
  async record(services, { enrollment }): Promise<Pick<RecordFacts, "applicant">> {
    const [personal, member] = await Promise.all([
      readStep(services, enrollment.id, TAB),
      enrollment.member_id ? findMember(services.db, enrollment.member_id) : Promise.resolve(undefined),
    ]);
    const p = personal?.data ?? {};
    return {
      applicant: {
        first: p.first_name ?? member?.first_name ?? "",
        middle: p.middle_name ?? null,
        last: p.last_name ?? member?.last_name ?? "",
      },
    };
  },
  async recheck(services, ctx) {
    const { enrollment } = ctx;
    const [rules, saved] = await Promise.all([fieldRules(services, ctx, TAB), readStep(services, enrollment.id, TAB)]);
    // The SSN is kept encrypted (or is on file for an existing member); the enroller code has its own check.
    const ssnOnFile = Boolean(saved?.secret.ssn || enrollment.member_id);
    const withoutCode = { ...rules, enroller_code: { shown: false, required: false, readOnly: false } };
    return failsSchema(personalSchema(withoutCode, todayIso(services.now()), { ssnOnFile }), {
      ...asFormValues(saved?.data ?? {}),
      ssn: "",
    });
  },
} satisfies StepDefinition<typeof TAB>;
