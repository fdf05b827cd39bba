import { describe, expect, it } from "vitest";
import {
  buildRecordContent,
  canonicalRecord,
  htmlToText,
  lastFourOnly,
  toWinAnsi,
  inWinAnsi,
  utcStamp,
  type RecordFacts,
} from "./enrollment-record";
import { ESIGN_CONSENT_VERSION, ESIGN_SECTIONS, esignConsentCanonical, esignConsentText, parseEsignConsent } from "./esign-consent";
import en from "../../public/locales/en/common.json";
import es from "../../public/locales/es/common.json";

/** A translator over the real locale files (interpolating {{x}}), as i18next would. */
function translator(dict: unknown) {
  return (key: string, options?: Record<string, unknown>) => {
    const v = key.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), dict);
    if (typeof v !== "string") throw new Error(`missing translation ${key}`);
    return v.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? ""));
  };
}
const tEn = translator(en);
const tEs = translator(es);
const money = (c: number) => `$${(c / 100).toFixed(2)}`;
const SUPPORT = { phone: "(888) 555-0142", email: "support@benefitstore.example" };

function facts(over: Partial<RecordFacts> = {}): RecordFacts {
  const consentText = esignConsentText(tEn, SUPPORT);
  return {
    locale: "en",
    copy: "applicant",
    policyNumber: "BS-2026-ABCD2345",
    enrollmentId: 42,
    completedAt: "2026-11-24T13:05:09.123Z",
    effectiveDate: "2026-12-01",
    tierLabel: "Family",
    applicant: { first: "Ana", middle: null, last: "Lopez" },
    plans: [
      { name: "Silver 3000", priceCents: 45678 },
      { name: "Dental Plus", priceCents: 3210 },
    ],
    totals: { initialMonthCents: 48888, recurringMonthCents: 48888 },
    answers: [
      {
        tab: "primary_info",
        title: "Personal Information",
        groups: [
          {
            title: null,
            lines: [
              { label: "Name", value: "Ana Lopez" },
              { label: "Middle name", value: "" },
              { label: "Social Security Number", value: "XXX-XX-6789" },
            ],
          },
        ],
      },
      { tab: "employer_info", title: "Employer Information", groups: [{ title: null, lines: [{ label: "Employer name", value: "" }] }] },
      {
        tab: "primary_health_info",
        title: "Health Questions",
        groups: [
          {
            title: "Applicant: Ana Lopez",
            lines: [{ label: "Have you been treated for asthma?", value: "Yes\nName of the condition: Asthma" }],
          },
          { title: "Dependent #1: Maria Lopez", lines: [{ label: "Do you take medication?", value: "No" }] },
        ],
      },
      { tab: "review_info", title: "Review", groups: [{ title: null, lines: [{ label: "Additional notes", value: "Call after 5pm" }] }] },
    ],
    agreements: [
      { head: "Terms <&> Conditions", bodyHtml: "<p>First &amp; foremost.</p><ul><li>One</li><li>Two</li></ul>", accepted: true },
    ],
    consent: { text: consentText, sha256: "ab".repeat(32), consentedAt: "2026-11-24T13:00:00.000Z" },
    signature: { method: "typed", signedAt: "2026-11-24T13:00:00.000Z", typedName: "Ana Lopez", pngDataUrl: null, awaitingText: false },
    ...over,
  };
}

describe("enrollment record content", () => {
  it("holds each step's answers as its review rows, in order, the unanswered and the empty steps left out", () => {
    const content = buildRecordContent(facts(), tEn, money);
    expect(content.sections.map((x) => x.heading)).toEqual(["Personal Information", "Health Questions", "Review"]);
    expect(content.sections[0]?.groups).toEqual([
      {
        title: null,
        lines: [
          { label: "Name", value: "Ana Lopez" },
          { label: "Social Security Number", value: "XXX-XX-6789" },
        ],
      },
    ]);
    expect(content.sections[2]?.groups[0]?.lines).toEqual([{ label: "Additional notes", value: "Call after 5pm" }]);
  });

  it("masking helpers keep the last four digits whatever the punctuation", () => {
    expect(lastFourOnly("0001 2345 6789")).toBe("•••• 6789");
    expect(lastFourOnly("6789")).toBe("•••• 6789");
    expect(lastFourOnly(null)).toBe("");
  });

  it("holds the health answers (the applicant's and the dependents') in the applicant's copy, and not in another copy", () => {
    const own = buildRecordContent(facts(), tEn, money);
    expect(own.sections.find((x) => x.heading === "Health Questions")?.groups.map((g) => g.title)).toEqual([
      "Applicant: Ana Lopez",
      "Dependent #1: Maria Lopez",
    ]);
    const staff = buildRecordContent(facts({ copy: "staff" }), tEn, money);
    expect(staff.sections.map((x) => x.heading)).toEqual(["Personal Information", "Review"]);
    expect(canonicalRecord(staff)).not.toContain("Asthma");
  });

  it("carries the agreements' texts as plain text and the ESIGN consent's full text, version and hash", () => {
    const content = buildRecordContent(facts(), tEn, money);
    expect(content.agreements).toEqual([
      { heading: "Terms <&> Conditions", body: "First & foremost.\n• One\n• Two", accepted: "Accepted" },
    ]);
    expect(content.consent?.heading).toBe(en.esign.title);
    expect(content.consent?.sections.map((s) => s.heading)).toEqual(ESIGN_SECTIONS.map((k) => en.esign[k].heading));
    const paper = content.consent!.sections.find((s) => s.heading === en.esign.paperCopy.heading)!;
    expect(paper.body).toContain("(888) 555-0142");
    expect(paper.body).toContain("support@benefitstore.example");
    expect(content.consent?.lines).toContainEqual({ label: "Consent text version", value: ESIGN_CONSENT_VERSION });
    expect(content.consent?.lines).toContainEqual({ label: "Consent text SHA-256", value: "ab".repeat(32) });
    expect(content.consent?.lines).toContainEqual({ label: "Consented", value: "2026-11-24 13:00:00 UTC" });
    expect(buildRecordContent(facts({ consent: null }), tEn, money).consent).toBeNull();
  });

  it("names the plans with their prices, the effective date, the policy and the times", () => {
    const content = buildRecordContent(facts(), tEn, money);
    expect(content.plans).toEqual([
      { label: "Silver 3000", value: "$456.78/month" },
      { label: "Dental Plus", value: "$32.10/month" },
    ]);
    expect(content.header).toContainEqual({ label: en.receipt.confirmation, value: "BS-2026-ABCD2345" });
    expect(content.header).toContainEqual({ label: en.cart.effectiveDate, value: "12/01/2026" });
    expect(content.header).toContainEqual({ label: en.record.completedAt, value: "2026-11-24 13:05:09 UTC" });
    expect(content.applicantName).toBe("Ana Lopez");
  });

  it("signature: the typed name, or the drawn PNG's data, or the text-message request", () => {
    const typed = buildRecordContent(facts(), tEn, money).signature;
    expect(typed.lines).toContainEqual({ label: en.agreement.typedName, value: "Ana Lopez" });
    expect(typed.imagePngBase64).toBeNull();
    const drawn = buildRecordContent(
      facts({
        signature: {
          method: "drawn",
          signedAt: "2026-11-24T13:00:00Z",
          pngDataUrl: "data:image/png;base64,iVBORw0KGgo=",
          awaitingText: false,
        },
      }),
      tEn,
      money,
    ).signature;
    expect(drawn.imagePngBase64).toBe("iVBORw0KGgo=");
    expect(drawn.lines[0]).toEqual({ label: en.record.signatureMethod, value: en.record.signatureDrawn });
    const later = buildRecordContent(facts({ signature: { method: null, signedAt: null, awaitingText: true } }), tEn, money).signature;
    expect(later.lines).toEqual([{ label: en.record.signatureMethod, value: en.record.signatureAwaiting }]);
  });

  it("is in the language it is built in", () => {
    const content = buildRecordContent(
      facts({
        locale: "es",
        consent: { text: esignConsentText(tEs, SUPPORT), sha256: "cd".repeat(32), consentedAt: "2026-11-24T13:00:00Z" },
      }),
      tEs,
      money,
    );
    expect(content.title).toBe(es.record.title);
    expect(content.consent?.heading).toBe(es.esign.title);
    expect(content.plansHeading).toBe(es.record.plans);
  });

  it("the same facts give the same canonical content (the hash is reproducible)", () => {
    expect(canonicalRecord(buildRecordContent(facts(), tEn, money))).toBe(canonicalRecord(buildRecordContent(facts(), tEn, money)));
    expect(canonicalRecord(buildRecordContent(facts(), tEn, money))).not.toBe(
      canonicalRecord(buildRecordContent(facts({ effectiveDate: "2027-01-01" }), tEn, money)),
    );
  });

  it("htmlToText and utcStamp", () => {
    expect(htmlToText("<p>A&nbsp;b</p><p>c&#39;s &lt;d&gt;</p>")).toBe("A b\nc's <d>");
    expect(htmlToText("<ul><li>One</li><li>Two &amp; three</li></ul>")).toBe("• One\n• Two & three");
    expect(utcStamp("2026-01-02T03:04:05.678Z")).toBe("2026-01-02 03:04:05 UTC");
    expect(utcStamp(null)).toBe("");
  });
});

describe("WinAnsi (the PDF's standard fonts)", () => {
  it("keeps what WinAnsi has, strips marks it lacks, spells out a few, replaces the rest", () => {
    expect(toWinAnsi("Zoë Łukasz")).toBe("Zoë Lukasz");
    expect(toWinAnsi("Siobhán O’Brien-Ní Bhriain — 100 €")).toBe("Siobhán O’Brien-Ní Bhriain — 100 €");
    expect(toWinAnsi("Dvořák Đorđe Ő")).toBe("Dvorák Dorde O");
    expect(toWinAnsi("Zoe\u0308 Lukas\u030c Lukas\u0301")).toBe("Zoë Lukaš Lukas");
    expect(toWinAnsi("Ana 😀 Lopez")).toBe("Ana ? Lopez");
    expect(toWinAnsi("東京")).toBe("??");
    expect(toWinAnsi("a\u0000b\tc\nd")).toBe("a?b c\nd");
    for (const ch of toWinAnsi("Zoë Łukasz 😀 Ωmega ǅ \u{1F3F3}\u{FE0F}\u200D\u{1F308}"))
      expect(ch === "\n" || inWinAnsi(ch), ch).toBe(true);
  });
});

describe("ESIGN consent text", () => {
  it("has every §7001(c) disclosure, in both languages, with the support contact", () => {
    for (const t of [tEn, tEs]) {
      const text = esignConsentText(t, SUPPORT);
      expect(text.version).toBe(ESIGN_CONSENT_VERSION);
      expect(text.sections.map((s) => s.key)).toEqual(["scope", "paperCopy", "withdraw", "contactDetails", "hardware"]);
      for (const s of text.sections) expect(s.body.length, s.key).toBeGreaterThan(40);
      expect(text.sections.find((s) => s.key === "withdraw")!.body).toContain(SUPPORT.phone);
      expect(text.sections.find((s) => s.key === "hardware")!.body).toMatch(/PDF/);
    }
  });

  it("its canonical form reads back, and differs by language", () => {
    const canonical = esignConsentCanonical(esignConsentText(tEn, SUPPORT));
    expect(parseEsignConsent(canonical)).toEqual(esignConsentText(tEn, SUPPORT));
    expect(canonical).not.toBe(esignConsentCanonical(esignConsentText(tEs, SUPPORT)));
    expect(parseEsignConsent("not json")).toBeNull();
  });
});
