/**
 * The consent to electronic records and signatures a US e-signature needs (ESIGN Act,
 * 15 U.S.C. §7001(c)(1)): before consenting, the consumer is told that they may have the
 * records on paper and how to ask for them; that they may withdraw consent, how, and what
 * follows; what the consent covers; how to update the contact details records are sent to;
 * and the hardware and software needed to open and keep the records. Pure: the page shows
 * the text and the server records exactly the text shown (its version and SHA-256).
 */

/** Changes whenever the wording's meaning changes: a consent to an older version no longer counts. */
export const ESIGN_CONSENT_VERSION = "2026-11-esign-1";

/** The disclosures, in the order §7001(c)(1)(B)–(C) lists them. */
export const ESIGN_SECTIONS = ["scope", "paperCopy", "withdraw", "contactDetails", "hardware"] as const;
export type EsignSection = (typeof ESIGN_SECTIONS)[number];

export interface EsignConsentText {
  version: string;
  title: string;
  intro: string;
  sections: Array<{ key: EsignSection; heading: string; body: string }>;
  /** the box's label */
  agree: string;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Where a paper copy is asked for and consent withdrawn: the site's support line and address. */
export interface SupportContact {
  phone: string;
  email: string;
}

/** The consent text in the language of `t`, with the site's support contact filled in. */
export function esignConsentText(t: Translate, support: SupportContact): EsignConsentText {
  const vars = { phone: support.phone, email: support.email };
  return {
    version: ESIGN_CONSENT_VERSION,
    title: t("esign.title"),
    intro: t("esign.intro"),
    sections: ESIGN_SECTIONS.map((key) => ({ key, heading: t(`esign.${key}.heading`), body: t(`esign.${key}.body`, vars) })),
    agree: t("esign.agree"),
  };
}

/** The exact string the SHA-256 is taken of (and that is kept): the text as JSON, keys in a fixed order. */
export function esignConsentCanonical(text: EsignConsentText): string {
  return JSON.stringify({
    version: text.version,
    title: text.title,
    intro: text.intro,
    sections: text.sections.map((s) => ({ key: s.key, heading: s.heading, body: s.body })),
    agree: text.agree,
  });
}

/** Reads a kept canonical text back; null when it is not one. */
export function parseEsignConsent(canonical: string): EsignConsentText | null {
  try {
    const v = JSON.parse(canonical) as EsignConsentText;
    if (typeof v?.version !== "string" || typeof v.title !== "string" || !Array.isArray(v.sections)) return null;
    return v;
  } catch {
    return null;
  }
}
