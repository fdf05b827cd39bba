/** The personal step (primary_info): the applicant's name, body, marital status and SSN. */
import { findMember } from "../../repositories/entry";
import { fieldRules, optionLists, readStep } from "../steps";
import { isoToUsDate, todayIso } from "~/domain/dates";
import { personalSchema } from "~/forms/personal";
import type { RecordFacts } from "~/domain/enrollment-record";
import { asFormValues, failsSchema } from "./checks";
import type { StepDefinition } from "./types";

const TAB = "primary_info";

export const personalStep = {
  tab: TAB,
  screen: "personal-info",
  titleKey: "wizard.tabs.primary_info",
  historyLabelKey: "wizard.tabs.primary_info",
  async reviewTile(services, ctx) {
    const step = await readStep(services, ctx.enrollment.id, TAB);
    const lists = await optionLists(services, ["marital_status"], ctx.locale);
    const d = step?.data ?? {};
    const marital = lists.marital_status.find((o) => o.value === String(d.marital_status))?.label ?? "";
    return [
      { label: "review.name", value: [d.first_name, d.middle_name, d.last_name].filter(Boolean).join(" ") },
      { label: "quote.dob", value: isoToUsDate(ctx.enrollment.birthdate) },
      { label: "personal.maritalStatus", value: marital },
      { label: "personal.ssn", value: step?.secret.ssn ? `XXX-XX-${step.secret.ssn.slice(-4)}` : "" },
    ].filter((l) => l.value);
  },
  async record(services, { enrollment, locale }): Promise<Pick<RecordFacts, "applicant">> {
    const [personal, lists, member] = await Promise.all([
      readStep(services, enrollment.id, TAB),
      optionLists(services, ["marital_status"], locale),
      enrollment.member_id ? findMember(services.db, enrollment.member_id) : Promise.resolve(undefined),
    ]);
    const p = personal?.data ?? {};
    return {
      applicant: {
        first: p.first_name ?? member?.first_name ?? "",
        middle: p.middle_name ?? null,
        last: p.last_name ?? member?.last_name ?? "",
        birthdate: enrollment.birthdate,
        maritalStatus: lists.marital_status.find((o) => o.value === String(p.marital_status ?? ""))?.label ?? null,
        // an existing member's SSN stays on file (not asked again): the record shows none
        ssn: personal?.secret.ssn ?? null,
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
