/** The contact step (contact_info): e-mail, phone and home address. */
import { fieldRules, readStep } from "../steps";
import { formatPhone } from "~/utils/format";
import { contactSchema, type ContactInput } from "~/forms/contact";
import { asFormValues, failsSchema } from "./checks";
import { changeHref, group, row } from "./rows";
import type { StepDefinition } from "./types";
import type { NoData } from "../step-data";

const TAB = "contact_info";

/** What it keeps: what the form posts, and which addresses were verified by a code. */
export interface ContactData extends ContactInput {
  /** keyed hashes of the e-mail and phone that were verified by a code */
  verified: { email?: string; phone?: string };
}
declare module "../step-data" {
  interface StepData {
    contact_info: ContactData;
  }
  interface StepSecret {
    contact_info: NoData;
  }
}

export const contactStep = {
  tab: TAB,
  screen: "contact-info",
  titleKey: "wizard.tabs.contact_info",
  historyLabelKey: "wizard.tabs.contact_info",
  async reviewRows(services, { enrollment, t }) {
    const d = (await readStep(services, enrollment.id, TAB))?.data ?? {};
    const change = changeHref(TAB);
    return group(null, [
      row(t("contact.email"), d.email, change),
      row(t("contact.phone"), formatPhone(d.phone_number), change),
      row(
        t("review.address"),
        [d.address1, d.address2, d.city, `${d.state ?? ""} ${d.zip ?? ""}`.trim()].filter(Boolean).join(", "),
        change,
      ),
      row(t("contact.birthState"), d.birth_state, change),
      row(t("contact.birthCity"), d.birth_city, change),
    ]);
  },
  /** Its answers are its review rows. */
  async record() {
    return {};
  },
  async recheck(services, ctx) {
    const [rules, saved] = await Promise.all([fieldRules(services, ctx, TAB), readStep(services, ctx.enrollment.id, TAB)]);
    return failsSchema(contactSchema(rules), asFormValues(saved?.data ?? {}));
  },
} satisfies StepDefinition<typeof TAB>;
