/**
 * The enrollment record (issue 18, the "electronic copy" of enrollment-wizard §1): what the
 * applicant reviewed and signed, as one structure — plans and prices, the effective date, each
 * step's answers, the agreements and the ESIGN consent with their texts, the signature and the
 * times. Pure: the use case gathers the facts, this builds (and masks) the content, the PDF
 * adapter only lays it out; the SHA-256 printed in the PDF is taken of `canonicalRecord`.
 *
 * Each step's answers are the rows its review shows (issue 26 #10: the same answers, the
 * dependents' health answers and the review's notes among them), made by the step registry.
 * Masking: an SSN, a bank account or a card number never enters the content whole, only its
 * last four digits (the rows are masked where they are made; `maskSsn` of domain/identity, `lastFourOnly`).
 * Health answers are in the applicant's own copy only (`copy: "applicant"`).
 */
import { isoToUsDate } from "./dates";
import type { EsignConsentText } from "./esign-consent";

export const RECORD_FORMAT = "enrollment-record/2";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface Line {
  label: string;
  value: string;
}

export interface RecordFacts {
  locale: string;
  /** the applicant's copy holds the health answers; another copy would leave them out */
  copy: "applicant" | "staff";
  policyNumber: string;
  enrollmentId: number;
  completedAt: string;
  effectiveDate: string;
  tierLabel: string;
  /** the applicant's name (the record's header) */
  applicant: { first: string; middle?: string | null; last: string };
  plans: Array<{ name: string; carrier?: string | null; priceCents: number }>;
  totals: { initialMonthCents: number; recurringMonthCents: number };
  /**
   * Each step's answers as the review shows them (its review rows, in the record's language,
   * SSNs and accounts already masked), in the steps' order; the review's notes among them.
   */
  answers: Array<{ tab: string; title: string; groups: RecordGroup[] }>;
  agreements: Array<{ head: string; bodyHtml: string; accepted: boolean }>;
  consent: { text: EsignConsentText; sha256: string; consentedAt: string } | null;
  /** byText: given later by the applicant on the page of the text message's link (ADR 005) */
  signature: {
    method: "drawn" | "typed" | null;
    signedAt: string | null;
    typedName?: string | null;
    pngDataUrl?: string | null;
    awaitingText: boolean;
    byText?: boolean;
  };
}

export interface RecordGroup {
  /** a person's answers within a step ("Dependent #1: Sam Lopez"); null for the step's own */
  title: string | null;
  lines: Line[];
}

export interface RecordSection {
  heading: string;
  groups: RecordGroup[];
}

/** The step whose answers only the applicant's own copy holds. */
export const HEALTH_TAB = "primary_health_info";

export interface RecordContent {
  format: typeof RECORD_FORMAT;
  locale: string;
  title: string;
  applicantName: string;
  /** label/value lines at the top: policy, enrollment, dates */
  header: Line[];
  plansHeading: string;
  plans: Line[];
  totals: Line[];
  /** the steps' answers; the health answers (the applicant's and the dependents') in the applicant's copy only */
  sections: RecordSection[];
  agreementsHeading: string;
  agreements: Array<{ heading: string; body: string; accepted: string }>;
  consent: { heading: string; intro: string; sections: Array<{ heading: string; body: string }>; lines: Line[] } | null;
  signature: { heading: string; lines: Line[]; imagePngBase64: string | null };
  /** the words printed beside the hash */
  hashLabel: string;
  footer: string;
}

/** Only the last four digits, the rest as bullets: "•••• 6789"; empty when there is nothing. */
export function lastFourOnly(value: string | null | undefined): string {
  const digits = (value ?? "").replace(/\D/g, "");
  if (!digits) return "";
  return `•••• ${digits.slice(-4)}`;
}

/** An ISO instant as "2026-11-24 13:05:09 UTC". */
export function utcStamp(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/**
 * The character a numeric reference names, or U+FFFD for one that names none a text may hold (past
 * U+10FFFF, a surrogate, a control): catalog text is typed by people, and &#99999999; must not
 * make String.fromCodePoint throw, and the record with it.
 */
function character(code: number): string {
  const control = (code < 0x20 && code !== 0x09 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f);
  if (!Number.isInteger(code) || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) || control) return "\ufffd";
  return String.fromCodePoint(code);
}

/** Agreement texts are kept as (sanitised) HTML: their words, paragraphs kept, no markup. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr)\s*\/?>/gi, "\n")
    .replace(/<li[^>]*>/gi, "• ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(?:(\d{1,8})|[xX]([0-9a-fA-F]{1,6}));/g, (_, dec?: string, hex?: string) =>
      character(dec ? Number(dec) : Number.parseInt(hex!, 16)),
    )
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const PNG_PREFIX = "data:image/png;base64,";
const nonEmpty = (lines: Line[]) => lines.filter((l) => l.value);

export function buildRecordContent(f: RecordFacts, t: Translate, money: (cents: number) => string): RecordContent {
  const name = [f.applicant.first, f.applicant.middle, f.applicant.last].filter(Boolean).join(" ");
  const sections: RecordSection[] = f.answers
    .filter((a) => f.copy === "applicant" || a.tab !== HEALTH_TAB)
    .map((a) => ({
      heading: a.title,
      groups: a.groups.map((g) => ({ title: g.title, lines: nonEmpty(g.lines) })).filter((g) => g.lines.length),
    }))
    .filter((s) => s.groups.length);
  const sig = f.signature;
  const png = sig.method === "drawn" && sig.pngDataUrl?.startsWith(PNG_PREFIX) ? sig.pngDataUrl.slice(PNG_PREFIX.length) : null;
  const method =
    sig.method === "drawn"
      ? t("record.signatureDrawn")
      : sig.method === "typed"
        ? t("record.signatureTyped")
        : sig.awaitingText
          ? t("record.signatureAwaiting")
          : t("record.signatureNone");
  return {
    format: RECORD_FORMAT,
    locale: f.locale,
    title: t("record.title"),
    applicantName: name,
    header: nonEmpty([
      { label: t("record.applicant"), value: name },
      { label: t("receipt.confirmation"), value: f.policyNumber },
      { label: t("record.enrollmentId"), value: String(f.enrollmentId) },
      { label: t("cart.effectiveDate"), value: isoToUsDate(f.effectiveDate) },
      { label: t("record.tier"), value: f.tierLabel },
      { label: t("record.completedAt"), value: utcStamp(f.completedAt) },
      // a copy without the health answers says so (ADR 012 addendum); the applicant's copy has no such line
      { label: t("record.copy"), value: f.copy === "staff" ? t("record.staffCopy") : "" },
    ]),
    plansHeading: t("record.plans"),
    plans: f.plans.map((p) => ({
      label: p.carrier ? `${p.name} (${p.carrier})` : p.name,
      value: `${money(p.priceCents)}${t("plans.perMonth")}`,
    })),
    totals: [
      { label: t("cart.initialMonth"), value: money(f.totals.initialMonthCents) },
      { label: t("cart.recurringMonth"), value: money(f.totals.recurringMonthCents) },
    ],
    sections,
    agreementsHeading: t("record.agreements"),
    agreements: f.agreements.map((a) => ({
      heading: a.head,
      body: htmlToText(a.bodyHtml),
      accepted: a.accepted ? t("record.accepted") : t("record.notAccepted"),
    })),
    consent: f.consent
      ? {
          heading: f.consent.text.title,
          intro: f.consent.text.intro,
          sections: f.consent.text.sections.map((s) => ({ heading: s.heading, body: s.body })),
          lines: [
            { label: t("record.consentGiven"), value: `${f.consent.text.agree} — ${t("record.accepted")}` },
            { label: t("record.consentVersion"), value: f.consent.text.version },
            { label: t("record.consentHash"), value: f.consent.sha256 },
            { label: t("record.consentedAt"), value: utcStamp(f.consent.consentedAt) },
          ],
        }
      : null,
    signature: {
      heading: t("agreement.signature"),
      lines: nonEmpty([
        { label: t("record.signatureMethod"), value: method },
        { label: t("agreement.typedName"), value: sig.method === "typed" ? (sig.typedName ?? "") : "" },
        { label: t("record.signedAt"), value: utcStamp(sig.signedAt) },
        // empty (and so left out) unless signed from the text message: earlier records keep their content and hash
        { label: t("record.signedVia"), value: sig.byText && sig.method ? t("record.signedByText") : "" },
      ]),
      imagePngBase64: png,
    },
    hashLabel: t("record.hash"),
    footer: t("record.footer"),
  };
}

/** The exact string whose SHA-256 is printed in the PDF and stored: the content as JSON. */
export function canonicalRecord(content: RecordContent): string {
  return JSON.stringify(content);
}

/**
 * The PDF's standard fonts (Helvetica) encode WinAnsi (Windows-1252) only. Every other character
 * is made safe: a letter with a diacritic WinAnsi lacks loses the mark (Ł → L, ő → o), a few
 * common ones are spelled out, anything else (emoji, CJK, control characters) becomes "?". Never throws.
 */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const SPELLED: Record<string, string> = {
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Ħ: "H",
  ħ: "h",
  ı: "i",
  Ŀ: "L",
  ŀ: "l",
  ŉ: "'n",
  ſ: "s",
  Ŧ: "T",
  ŧ: "t",
  "\u2212": "-",
  "\u2010": "-",
  "\u2011": "-",
  "\u2043": "-",
  "\u00a0": " ",
  "\u202f": " ",
  "\u2009": " ",
  "\u2026": "…",
  "\u2032": "'",
  "\u2033": '"',
  "\u2713": "x",
  "\u270d": "",
};

export function inWinAnsi(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

export function toWinAnsi(text: string): string {
  let out = "";
  // composed first: "e" + a combining diaeresis is "ë", which WinAnsi has
  for (const ch of text.normalize("NFC")) {
    if (ch === "\n" || ch === "\t") {
      out += ch === "\t" ? " " : "\n";
      continue;
    }
    if (inWinAnsi(ch)) {
      out += ch;
      continue;
    }
    if (ch in SPELLED) {
      out += SPELLED[ch];
      continue;
    }
    const bare = ch.normalize("NFD").replace(/\p{M}+/gu, "");
    out += bare && [...bare].every(inWinAnsi) ? bare : /\p{M}/u.test(ch) ? "" : "?";
  }
  return out;
}
