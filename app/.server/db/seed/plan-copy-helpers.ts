/**
 * Plan marketing copy for the demo catalog: one English and one Spanish text per plan.
 * Copy is written as plain data (bullets, paragraphs, Q&A pairs) and rendered to the small
 * HTML subset the storefront allows (p, ul, ol, li, strong, em, h4, br, a).
 */
import type { Insertable } from "kysely";
import type { PlanTextTable } from "../schema";

export type Locale = "en" | "es";

export interface LocaleCopy {
  name: string;
  /** bullets for the plan card */
  short: string[];
  callout?: string;
  header?: string;
  /** paragraphs; inline <strong>/<em> allowed */
  body: string[];
  blueBar?: string;
  association?: string;
  exclusions?: string[];
  exclusionsTitle?: string;
  /** paragraphs of a worked claim example */
  example?: string[];
  exampleTitle?: string;
  faq?: Array<[question: string, answer: string]>;
  faqTitle?: string;
  decline?: string;
  special?: string;
}

export interface PlanCopy {
  en: LocaleCopy;
  es: LocaleCopy;
}

const TITLES: Record<Locale, { exclusions: string; example: string; faq: string }> = {
  en: { exclusions: "Exclusions & Limitations", example: "How a Claim Works", faq: "Frequently Asked Questions" },
  es: { exclusions: "Exclusiones y limitaciones", example: "Cómo funciona una reclamación", faq: "Preguntas frecuentes" },
};

/** The membership association behind association-based plans (limited medical, bundles…). */
export const ASSOCIATION: Record<Locale, string> = {
  en: "This plan is made available through membership in the Heartland Consumer Benefits Association (HCBA), a nonprofit association that negotiates group rates for individuals, families and small businesses. Association membership is included in your monthly price.",
  es: "Este plan se ofrece a través de la membresía en la Heartland Consumer Benefits Association (HCBA), una asociación sin fines de lucro que negocia tarifas grupales para personas, familias y pequeñas empresas. La membresía de la asociación está incluida en su pago mensual.",
};

/** Escapes ampersands that are not already entities (plan names such as "Accident & Illness"). */
const amp = (html: string) => html.replace(/&(?!amp;|lt;|gt;|quot;|#\d+;)/g, "&amp;");

export const ul = (items: string[]) => amp(`<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`);
export const paras = (ps: string[]) => amp(ps.map((p) => `<p>${p}</p>`).join(""));
export const faqHtml = (qa: Array<[string, string]>) => amp(qa.map(([q, a]) => `<h4>${q}</h4><p>${a}</p>`).join(""));

/** Whole dollars as "$1,500" (the US convention, also used in US Spanish copy). */
export function usd(dollars: number): string {
  const fixed = Number.isInteger(dollars)
    ? dollars.toLocaleString("en-US")
    : dollars.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `$${fixed}`;
}

export function planTextRows(planId: number, copy: PlanCopy): Insertable<PlanTextTable>[] {
  return (["en", "es"] as const).map((locale) => {
    const c = copy[locale];
    const t = TITLES[locale];
    return {
      plan_id: planId,
      locale,
      name: c.name,
      short_text: ul(c.short),
      callout_text: c.callout ?? null,
      header_text: c.header ?? null,
      body_text: paras(c.body),
      blue_bar_text: c.blueBar ?? null,
      association_text: c.association ? paras([c.association]) : null,
      exclusions_title: c.exclusions ? (c.exclusionsTitle ?? t.exclusions) : null,
      exclusions_text: c.exclusions ? ul(c.exclusions) : null,
      example_title: c.example ? (c.exampleTitle ?? t.example) : null,
      example_text: c.example ? paras(c.example) : null,
      faq_title: c.faq ? (c.faqTitle ?? t.faq) : null,
      faq_text: c.faq ? faqHtml(c.faq) : null,
      decline_message: c.decline ? paras([c.decline]) : null,
      special_message: c.special ? paras([c.special]) : null,
    };
  });
}
