/**
 * What each review tile shows when opened: the step's saved answers, readable, sensitive
 * values masked. Steps describe themselves here; a step without a summary says it is done.
 */
import type { Services } from "../services";
import type { WizardContext } from "./steps";
import { readStep, optionLists } from "./steps";
import type { TabName } from "~/domain/wizard-steps";
import { isoToUsDate } from "~/domain/dates";
import { formatPhone } from "~/utils/format";
import { listBeneficiaries } from "../repositories/beneficiaries";
import { listDependents } from "../repositories/dependents";
import type { SummaryLine } from "~/views/wizard";
import { dottedLastFour } from "~/domain/cards";
import { billingChoice } from "./billing";

export type { SummaryLine } from "~/views/wizard";

type Summarizer = (services: Services, ctx: WizardContext) => Promise<SummaryLine[]>;

const personal: Summarizer = async (services, ctx) => {
  const step = await readStep<Record<string, string | number>, { ssn: string }>(services, ctx.enrollment.id, "primary_info");
  const lists = await optionLists(services, ["marital_status"], ctx.locale);
  const d = step?.data ?? {};
  const marital = lists.marital_status.find((o) => o.value === String(d.marital_status))?.label ?? "";
  return [
    { label: "review.name", value: [d.first_name, d.middle_name, d.last_name].filter(Boolean).join(" ") },
    { label: "quote.dob", value: isoToUsDate(ctx.enrollment.birthdate) },
    { label: "personal.maritalStatus", value: marital },
    { label: "personal.ssn", value: step?.secret.ssn ? `XXX-XX-${step.secret.ssn.slice(-4)}` : "" },
  ].filter((l) => l.value);
};

const contact: Summarizer = async (services, ctx) => {
  const d = (await readStep<Record<string, string>>(services, ctx.enrollment.id, "contact_info"))?.data ?? {};
  return [
    { label: "contact.email", value: d.email ?? "" },
    { label: "contact.phone", value: formatPhone(d.phone_number) },
    { label: "review.address", value: [d.address1, d.address2, d.city, `${d.state ?? ""} ${d.zip ?? ""}`.trim()].filter(Boolean).join(", ") },
  ].filter((l) => l.value);
};

const employer: Summarizer = async (services, ctx) => {
  const d = (await readStep<Record<string, string | number | boolean>>(services, ctx.enrollment.id, "employer_info"))?.data ?? {};
  if (d.skipped) return [{ label: "review.skipped", value: "✓" }];
  const lists = await optionLists(services, ["employment_status"], ctx.locale);
  return [
    { label: "employer.name", value: String(d.name ?? "") },
    { label: "employer.occupation", value: String(d.occupation ?? "") },
    { label: "employer.employmentStatus", value: lists.employment_status.find((o) => o.value === d.employment_status)?.label ?? "" },
    { label: "employer.startDate", value: isoToUsDate(typeof d.employment_start_date === "string" ? d.employment_start_date : null) },
  ].filter((l) => l.value);
};

const beneficiaries: Summarizer = async (services, ctx) => {
  const rows = await listBeneficiaries(services.db, ctx.enrollment.id);
  return rows.map((b, i) => ({ label: "review.beneficiaryN", value: `#${i + 1} ${b.first_name} ${b.last_name} — ${b.percentage}%` }));
};

const health: Summarizer = async (services, ctx) => {
  const step = await readStep<Record<string, unknown>, { condition_questions?: Array<{ yes_no_flag: number }>; medication_question?: { yes_no_flag: number } | null }>(services, ctx.enrollment.id, "primary_health_info");
  const answers = step?.secret;
  if (!answers?.condition_questions) return [];
  const yes = answers.condition_questions.filter((q) => q.yes_no_flag === 1).length + (answers.medication_question?.yes_no_flag === 1 ? 1 : 0);
  const total = answers.condition_questions.length + (answers.medication_question ? 1 : 0);
  return [{ label: "review.healthAnswered", value: `${total - yes} / ${yes}` }];
};

const agreement: Summarizer = async (services, ctx) => {
  const d = (await readStep<{ method?: string | null; signed_at?: string | null }>(services, ctx.enrollment.id, "agreement_info"))?.data ?? {};
  if (!d.signed_at) return [];
  return [
    { label: "review.signedOn", value: isoToUsDate(d.signed_at.slice(0, 10)) },
    { label: "review.signatureMethod", value: d.method === "drawn" ? "✍" : d.method === "typed" ? "Aa" : "" },
  ].filter((l) => l.value);
};

const dependents: Summarizer = async (services, ctx) => {
  const rows = await listDependents(services.db, ctx.enrollment.id);
  return rows.map((d, i) => ({ label: d.relationship === "spouse" ? "review.spouse" : "review.child", value: `#${i + 1} ${d.first_name} ${d.last_name} (${isoToUsDate(d.birthdate)})` }));
};

/** The method, and the bank account or card by its last four digits only (never the number). */
const billing: Summarizer = async (services, ctx) => {
  const choice = await billingChoice(services, ctx.enrollment.id, ctx.locale);
  if (!choice) return [];
  return [
    { label: "billing.method", value: choice.method },
    { label: "billing.bankName", value: choice.bank?.name ?? "" },
    { label: "review.account", value: choice.bank ? [choice.bank.type, dottedLastFour(choice.bank.last4)].filter(Boolean).join(" ") : "" },
    { label: "review.card", value: choice.card ? [choice.card.brand, dottedLastFour(choice.card.last4)].filter(Boolean).join(" ") : "" },
    { label: "billing.billDate", value: choice.billDate ?? "" },
  ].filter((l) => l.value);
};

const SUMMARIES: Readonly<Partial<Record<TabName, Summarizer>>> = {
  primary_info: personal,
  contact_info: contact,
  employer_info: employer,
  beneficiary_info: beneficiaries,
  primary_health_info: health,
  dependent_info: dependents,
  agreement_info: agreement,
  billing_info: billing,
};

export async function summarize(services: Services, ctx: WizardContext, tab: TabName): Promise<SummaryLine[]> {
  const fn = SUMMARIES[tab];
  return fn ? fn(services, ctx) : [];
}
