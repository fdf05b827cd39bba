/**
 * The receipt e-mail (enrollment-wizard §2.13): its text and an HTML version that reads as a
 * document in any mail client (issue 26 #14) — the language declared, a title, simple inline
 * styles (mail clients drop style sheets), the plans and prices in a table with its headers,
 * the totals, dark text on white (AA contrast), nothing that needs images or scripts.
 */
import { escapeHtml } from "../store/quote-email";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface ReceiptMailFacts {
  locale: string;
  name: string;
  confirmation: string;
  effectiveDate: string;
  lines: Array<{ name: string; price: string }>;
  initialMonth: string;
  recurringMonth: string;
  /** a sentence after the totals (the attached record's note), applicant's copy only */
  note?: string | null;
  /** the link to where each plan stands at its carrier (issue 29), applicant's copy only */
  statusUrl?: string | null;
}

export function receiptText(t: Translate, f: ReceiptMailFacts): string {
  return [
    t("receipt.emailGreeting", { name: f.name }),
    "",
    t("receipt.emailIntro"),
    `${t("receipt.confirmation")}: ${f.confirmation}`,
    `${t("cart.effectiveDate")}: ${f.effectiveDate}`,
    "",
    ...f.lines.map((l) => `- ${l.name}: ${l.price}`),
    "",
    `${t("cart.initialMonth")}: ${f.initialMonth}`,
    `${t("cart.recurringMonth")}: ${f.recurringMonth}`,
    ...(f.note ? ["", f.note] : []),
    ...(f.statusUrl ? ["", t("receipt.emailStatusLink"), f.statusUrl] : []),
  ].join("\n");
}

const TEXT = "#1b1b1b";
const CELL = "padding:8px 12px;border-bottom:1px solid #b1b4b6;text-align:left;vertical-align:top";

export function receiptHtml(t: Translate, f: ReceiptMailFacts): string {
  const e = escapeHtml;
  const subject = t("receipt.emailSubject");
  const row = (label: string, value: string, bold = false) =>
    `<tr><th scope="row" style="${CELL};font-weight:${bold ? "bold" : "normal"}">${e(label)}</th><td style="${CELL};text-align:right;white-space:nowrap${bold ? ";font-weight:bold" : ""}">${e(value)}</td></tr>`;
  const body = `<main style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">
<h1 style="font-size:24px;line-height:1.25;margin:0 0 16px">${e(subject)}</h1>
<p style="margin:0 0 12px">${e(t("receipt.emailGreeting", { name: f.name }))}</p>
<p style="margin:0 0 12px">${e(t("receipt.emailIntro"))}</p>
<p style="margin:0 0 4px">${e(t("receipt.confirmation"))}: <strong>${e(f.confirmation)}</strong></p>
<p style="margin:0 0 16px">${e(t("cart.effectiveDate"))}: <strong>${e(f.effectiveDate)}</strong></p>
<table style="border-collapse:collapse;width:100%;margin:0 0 16px">
<caption style="text-align:left;font-weight:bold;padding:0 0 8px">${e(t("cart.tableCaption"))}</caption>
<thead><tr><th scope="col" style="${CELL}">${e(t("cart.plan"))}</th><th scope="col" style="${CELL};text-align:right">${e(t("cart.monthly"))}</th></tr></thead>
<tbody>
${f.lines.map((l) => `<tr><td style="${CELL}">${e(l.name)}</td><td style="${CELL};text-align:right;white-space:nowrap">${e(l.price)}</td></tr>`).join("\n")}
</tbody>
<tfoot>
${row(t("cart.initialMonth"), f.initialMonth, true)}
${row(t("cart.recurringMonth"), f.recurringMonth, true)}
</tfoot>
</table>
${f.note ? `<p style="margin:0 0 12px">${e(f.note)}</p>` : ""}
${f.statusUrl ? `<p style="margin:0 0 12px"><a href="${e(f.statusUrl)}" style="color:#1d4ed8">${e(t("receipt.emailStatusLink"))}</a></p>` : ""}
</main>`;
  return `<!doctype html>
<html lang="${e(f.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f2f1;color:${TEXT};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">${body}</body></html>`;
}
