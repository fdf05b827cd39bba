/**
 * The enrollment record as a PDF (issue 18; ADR 012): lays out the content the domain built
 * (app/domain/enrollment-record.ts) with pdf-lib and its standard fonts — US Letter, wrapped
 * lines, as many pages as it takes, "Page n of N" and the content's SHA-256 on every page.
 * Text outside WinAnsi is made safe first (toWinAnsi), so no name or emoji can make it throw;
 * a drawn signature that is not a readable PNG is named instead of drawn.
 *
 * A label and the first line of its value are one text object ("Life: $35.65/month"), the space
 * between them inside it: readers that trim the space ending a text object (copy and paste from
 * a browser's viewer, some text extractors) read "Life:$35.65" otherwise (issue 26 #14).
 */
import {
  PDFDocument,
  StandardFonts,
  beginText,
  endText,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingRgbColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type PDFFont,
  type PDFName,
  type PDFPage,
} from "pdf-lib";
import { toWinAnsi, type Line, type RecordContent } from "~/domain/enrollment-record";

const PAGE = { width: 612, height: 792 };
const MARGIN = 54;
const FOOTER = 36;
const BODY = 10;
const LEADING = 13.5;
const GREY = rgb(0.35, 0.35, 0.35);

export interface PdfOptions {
  /** the record's SHA-256, printed on every page */
  contentSha256: string;
  /** the PDF's creation date: the completion, so the file says when the record was made */
  createdAt: Date;
  /** "Page {{n}} of {{total}}" in the record's language */
  pageLabel: (n: number, total: number) => string;
}

/** Splits a paragraph into lines no wider than `width` (a word longer than a line is cut). */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/ +/).filter(Boolean)) {
      let w = word;
      while (font.widthOfTextAtSize(w, size) > width) {
        // cut a word that cannot fit on a line of its own (a hash, a long address)
        let n = w.length - 1;
        while (n > 1 && font.widthOfTextAtSize(w.slice(0, n), size) > width) n--;
        if (line) lines.push(line);
        lines.push(w.slice(0, n));
        line = "";
        w = w.slice(n);
      }
      const next = line ? `${line} ${w}` : w;
      if (font.widthOfTextAtSize(next, size) <= width) line = next;
      else {
        lines.push(line);
        line = w;
      }
    }
    lines.push(line);
  }
  return lines;
}

export async function renderEnrollmentPdf(content: RecordContent, options: PdfOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const safe = (s: string) => toWinAnsi(s);
  doc.setTitle(safe(`${content.title} — ${content.applicantName}`));
  doc.setAuthor("Benefit Store");
  doc.setCreator("Benefit Store");
  doc.setProducer("Benefit Store (pdf-lib)");
  doc.setLanguage(content.locale === "es" ? "es-US" : "en-US");
  doc.setCreationDate(options.createdAt);
  doc.setModificationDate(options.createdAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * MARGIN;

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const room = (h: number) => {
    if (y - h < MARGIN + FOOTER) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
    }
  };
  const text = (s: string, o: { font?: PDFFont; size?: number; indent?: number; color?: ReturnType<typeof rgb> } = {}) => {
    const font = o.font ?? regular;
    const size = o.size ?? BODY;
    const indent = o.indent ?? 0;
    const leading = size * 1.35;
    for (const line of wrapText(safe(s), font, size, width - indent)) {
      room(leading);
      y -= leading;
      if (line) page.drawText(line, { x: MARGIN + indent, y, size, font, color: o.color ?? rgb(0, 0, 0) });
    }
  };
  // one font resource per page and font, reused by every run on that page
  const fontKeys = new Map<PDFPage, Map<PDFFont, PDFName>>();
  const fontKey = (font: PDFFont): PDFName => {
    let keys = fontKeys.get(page);
    if (!keys) fontKeys.set(page, (keys = new Map()));
    let key = keys.get(font);
    if (!key) keys.set(font, (key = page.node.newFontDictionary(font.name, font.ref)));
    return key;
  };
  /** Draws runs of text in different fonts, one after another on a line, as one text object. */
  const runs = (x: number, parts: Array<{ text: string; font: PDFFont }>) => {
    const ops = [pushGraphicsState(), beginText(), setFillingRgbColor(0, 0, 0), setTextMatrix(1, 0, 0, 1, x, y)];
    for (const part of parts) {
      if (!part.text) continue;
      ops.push(setFontAndSize(fontKey(part.font), BODY), showText(part.font.encodeText(part.text)));
    }
    ops.push(endText(), popGraphicsState());
    page.pushOperators(...ops);
  };
  const gap = (h = 6) => {
    y -= h;
  };
  const heading = (s: string, size = 12.5) => {
    room(size * 1.35 + LEADING * 2);
    gap(8);
    text(s, { font: bold, size });
    gap(2);
  };
  const lines = (items: Line[], indent = 0) => {
    for (const l of items) {
      const label = `${l.label}: `;
      const safeLabel = safe(label);
      const labelWidth = bold.widthOfTextAtSize(safeLabel, BODY);
      // a short label sits beside its value; a long one above it
      if (labelWidth < width * 0.4) {
        const valueLines = wrapText(safe(l.value), regular, BODY, width - indent - labelWidth);
        room(LEADING);
        y -= LEADING;
        runs(MARGIN + indent, [
          { text: safeLabel, font: bold },
          { text: valueLines[0] ?? "", font: regular },
        ]);
        for (const v of valueLines.slice(1)) {
          room(LEADING);
          y -= LEADING;
          page.drawText(v, { x: MARGIN + indent + labelWidth, y, size: BODY, font: regular });
        }
      } else {
        text(label, { font: bold, indent });
        text(l.value, { indent: indent + 12 });
      }
    }
  };

  text(content.title, { font: bold, size: 18 });
  gap(4);
  lines(content.header);
  lines([{ label: content.hashLabel, value: options.contentSha256 }]);

  heading(content.plansHeading);
  lines(content.plans);
  gap(4);
  lines(content.totals);

  for (const section of content.sections) {
    heading(section.heading);
    for (const g of section.groups) {
      if (g.title) {
        gap(3);
        text(g.title, { font: bold, size: 11 });
      }
      lines(g.lines, g.title ? 12 : 0);
    }
  }

  heading(content.agreementsHeading);
  for (const a of content.agreements) {
    text(a.heading, { font: bold, size: 11 });
    text(a.body);
    text(a.accepted, { font: bold, indent: 12 });
    gap(6);
  }

  if (content.consent) {
    heading(content.consent.heading);
    text(content.consent.intro);
    for (const s of content.consent.sections) {
      gap(3);
      text(s.heading, { font: bold });
      text(s.body);
    }
    gap(4);
    lines(content.consent.lines);
  }

  heading(content.signature.heading);
  lines(content.signature.lines);
  if (content.signature.imagePngBase64) {
    try {
      const png = await doc.embedPng(content.signature.imagePngBase64);
      const scale = Math.min(1, 240 / png.width, 90 / png.height);
      const w = png.width * scale;
      const h = png.height * scale;
      room(h + 8);
      y -= h + 6;
      page.drawImage(png, { x: MARGIN, y, width: w, height: h });
      page.drawLine({ start: { x: MARGIN, y: y - 2 }, end: { x: MARGIN + 260, y: y - 2 }, thickness: 0.5, color: GREY });
    } catch {
      // not a readable PNG: the method line above still says it was drawn
    }
  }
  gap(10);
  text(content.footer, { color: GREY, size: 9 });

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const footer = safe(`${content.title} · ${content.applicantName} · ${options.pageLabel(i + 1, pages.length)}`);
    p.drawText(footer, { x: MARGIN, y: MARGIN - 4, size: 8, font: regular, color: GREY });
    p.drawText(`SHA-256 ${options.contentSha256}`, { x: MARGIN, y: MARGIN - 16, size: 7, font: regular, color: GREY });
  });
  return doc.save({ useObjectStreams: false });
}
