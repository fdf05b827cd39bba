import { describe, expect, it } from "vitest";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { renderEnrollmentPdf, wrapText } from "./enrollment-pdf";
import type { RecordContent } from "~/domain/enrollment-record";

// a real 1×1 PNG, as the signature pad would send (much smaller)
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const HASH = "0123456789abcdef".repeat(4);

function content(over: Partial<RecordContent> = {}): RecordContent {
  const long = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(60);
  return {
    format: "enrollment-record/2",
    locale: "en",
    title: "Enrollment record",
    applicantName: "Zoë Łukasz 😀",
    header: [
      { label: "Applicant", value: "Zoë Łukasz 😀" },
      { label: "Confirmation number", value: "BS-2026-ABCD2345" },
    ],
    plansHeading: "Plans and monthly prices",
    plans: [{ label: "Dental Plus — 東京", value: "$32.10/month" }],
    totals: [{ label: "Initial month", value: "$32.10" }],
    sections: [
      {
        heading: "Personal",
        groups: [
          {
            title: null,
            lines: [
              { label: "Social Security Number", value: "XXX-XX-6789" },
              { label: "Address", value: "x".repeat(400) },
            ],
          },
        ],
      },
      {
        heading: "Health",
        groups: [{ title: "Applicant: Zoë", lines: [{ label: "Asthma?", value: "Yes\nCondition: Asthma" }] }],
      },
    ],
    agreementsHeading: "Agreements",
    agreements: Array.from({ length: 4 }, (_, i) => ({ heading: `Agreement ${i + 1}`, body: long, accepted: "Accepted" })),
    consent: {
      heading: "Consent to electronic records and signatures",
      intro: "Intro",
      sections: [{ heading: "Paper", body: "Call us." }],
      lines: [{ label: "Consent text SHA-256", value: "ab".repeat(32) }],
    },
    signature: { heading: "Signature", lines: [{ label: "How it was signed", value: "Drawn" }], imagePngBase64: PNG },
    hashLabel: "SHA-256 of this record's content",
    footer: "Keep it.",
    ...over,
  };
}

const options = {
  contentSha256: HASH,
  createdAt: new Date("2026-11-24T13:05:09Z"),
  pageLabel: (n: number, total: number) => `Page ${n} of ${total}`,
};

describe("enrollment PDF", () => {
  it("renders names and text outside WinAnsi without throwing, wraps and paginates, prints the hash on every page", async () => {
    const bytes = await renderEnrollmentPdf(content(), options);
    const doc = await PDFDocument.load(bytes);
    const pages = doc.getPageCount();
    expect(pages).toBeGreaterThan(1);
    expect(doc.getTitle()).toBe("Enrollment record — Zoë Lukasz ?");
    expect(doc.getCreationDate()?.toISOString()).toBe("2026-11-24T13:05:09.000Z");
    const proxy = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(proxy, { mergePages: false });
    const perPage = text as string[];
    expect(perPage).toHaveLength(pages);
    perPage.forEach((t, i) => {
      expect(t).toContain(`Page ${i + 1} of ${pages}`);
      expect(t).toContain(HASH);
    });
    const all = perPage.join("\n");
    expect(all).toContain("Zoë Lukasz ?");
    expect(all).toContain("Dental Plus — ??");
    expect(all).toContain("XXX-XX-6789");
    // the drawn signature is an image in the file
    expect(Buffer.from(bytes).toString("latin1")).toMatch(/\/Subtype\s*\/Image/);
  });

  it("the same content renders to the same bytes", async () => {
    const a = await renderEnrollmentPdf(content(), options);
    const b = await renderEnrollmentPdf(content(), options);
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
  });

  it("a drawn signature that is not a PNG is left out, not thrown", async () => {
    const bytes = await renderEnrollmentPdf(
      content({ signature: { heading: "Signature", lines: [], imagePngBase64: "bm90IGEgcG5n" } }),
      options,
    );
    expect(Buffer.from(bytes).toString("latin1")).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it("wraps a paragraph within the width and cuts a word longer than a line", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const lines = wrapText(`short words here ${"x".repeat(300)} end`, font, 10, 200);
    for (const l of lines) expect(font.widthOfTextAtSize(l, 10)).toBeLessThanOrEqual(200);
    expect(lines.join("").replace(/ /g, "")).toBe(`shortwordshere${"x".repeat(300)}end`);
  });
});

/** The text each BT…ET object of the first page shows, its hex strings decoded (WinAnsi ≈ Latin-1 here). */
async function textObjects(bytes: Uint8Array): Promise<string[]> {
  const { inflateSync } = await import("node:zlib");
  const raw = Buffer.from(bytes).toString("latin1");
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let body = Buffer.from(m[1]!, "latin1");
    try {
      body = inflateSync(body);
    } catch {
      // not compressed
    }
    const s = body.toString("latin1");
    for (const bt of s.matchAll(/BT([\s\S]*?)ET/g)) {
      const hex = [...bt[1]!.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((h) => Buffer.from(h[1]!, "hex").toString("latin1"));
      if (hex.length) out.push(hex.join(""));
    }
  }
  return out;
}

describe("enrollment PDF label and value (issue 26 #14)", () => {
  it("draws a label and its value as one text object, the space inside it, so no reader reads 'Life:$35.65'", async () => {
    const bytes = await renderEnrollmentPdf(
      content({ plans: [{ label: "Life", value: "$35.65/month" }], totals: [{ label: "Initial month", value: "$35.65" }] }),
      options,
    );
    const objects = await textObjects(bytes);
    expect(objects).toContain("Life: $35.65/month");
    expect(objects).toContain("Initial month: $35.65");
    expect(objects).toContain("Applicant: Zoë Lukasz ?");
    // no text object ends with the space a reader would trim
    expect(objects.filter((o) => o.endsWith(" "))).toEqual([]);
  });
});
