/** The contact step (contact_info): e-mail, phone and home address. */
import { fieldRules, readStep } from "../steps";
import { formatPhone } from "~/utils/format";
import { contactSchema } from "~/forms/contact";
import type { RecordFacts } from "~/domain/enrollment-record";
import { asFormValues, failsSchema } from "./checks";
import type { StepDefinition } from "./types";

const TAB = "contact_info";

export const contactStep = {
  tab: TAB,
  screen: "contact-info",
  titleKey: "wizard.tabs.contact_info",
  historyLabelKey: "wizard.tabs.contact_info",
  async reviewTile(services, ctx) {
    const d = (await readStep(services, ctx.enrollment.id, TAB))?.data ?? {};
    return [
      { label: "contact.email", value: d.email ?? "" },
      { label: "contact.phone", value: formatPhone(d.phone_number) },
      {
        label: "review.address",
        value: [d.address1, d.address2, d.city, `${d.state ?? ""} ${d.zip ?? ""}`.trim()].filter(Boolean).join(", "),
      },
    ].filter((l) => l.value);
  },
  async record(services, { enrollment }): Promise<Pick<RecordFacts, "contact">> {
    const c = (await readStep(services, enrollment.id, TAB))?.data ?? {};
    return {
      contact: {
        email: c.email ?? null,
        phone: formatPhone(c.phone_number),
        address: [c.address1, c.address2, c.city, `${c.state ?? ""} ${c.zip ?? ""}`.trim()].filter(Boolean).join(", "),
      },
    };
  },
  async recheck(services, ctx) {
    const [rules, saved] = await Promise.all([fieldRules(services, ctx, TAB), readStep(services, ctx.enrollment.id, TAB)]);
    return failsSchema(contactSchema(rules), asFormValues(saved?.data ?? {}));
  },
} satisfies StepDefinition<typeof TAB>;
