/**
 * Quote e-mails (Save Cart) and their reminders: HTML and text, in the visitor's language,
 * branded by the rep or group, listing the plans, the tier and the prices, with a link back to
 * the cart and a link to stop reminders. Everything the visitor typed is escaped.
 */
import type { Services } from "../services";
import type { Branding } from "../repositories/branding";
import type { CartView } from "./cart-view";
import { formatMoney, formatWholeDollars, isoToUs } from "~/utils/format";
import type { CompareCell, CompareRow } from "~/domain/compare";

/** The comparison a quote e-mail can carry (issue 18): the compared plans and the rows. */
export interface QuoteComparison {
  plans: Array<{ name: string }>;
  rows: CompareRow[];
}

export interface QuoteEmailInput {
  locale: string;
  branding: Branding;
  /** the name the visitor typed; null when it may not be relayed (an address the enrollment did not confirm) */
  name: string | null;
  message: string | null;
  cart: Pick<CartView, "lines" | "totals" | "tierLabelKey" | "effectiveDate">;
  /** absolute links; null in a preview (the token exists only once sent) */
  cartUrl: string | null;
  declineUrl: string | null;
  kind: "quote" | "reminder";
  comparison?: QuoteComparison | null;
}

export function escapeHtml(s: string) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

export async function renderQuoteEmail(services: Services, input: QuoteEmailInput) {
  const t = await services.i18n.getFixedT(input.locale, "common");
  const base = services.config.publicBaseUrl;
  const brand = input.branding;
  const color = brand.brandColor ?? "#1d4e89";
  const money = (c: number) => formatMoney(c, input.locale);
  const tier = input.cart.tierLabelKey ? t(input.cart.tierLabelKey) : "";
  const pending = t("quoteEmail.linkPending");
  const subject =
    input.kind === "reminder" ? t("quoteEmail.reminderSubject", { brand: brand.name }) : t("quoteEmail.subject", { brand: brand.name });
  const greeting = input.name ? t("quoteEmail.greeting", { name: input.name }) : t("quoteEmail.greetingNoName");
  const intro = input.kind === "reminder" ? t("quoteEmail.reminderIntro") : t("quoteEmail.intro", { brand: brand.name });
  const lines = input.cart.lines.map((l) => ({
    name: l.name,
    coverage: l.coverageAmount ? t("plan.coverage", { amount: formatWholeDollars(l.coverageAmount, input.locale) }) : "",
    price: money(l.priceCents),
  }));

  const cellText = (c: CompareCell): string => {
    switch (c.kind) {
      case "text":
        return c.text;
      case "list":
        return c.items.join("; ");
      case "price":
        return `${money(c.priceCents)}${t("plans.perMonth")}`;
      case "pricingError":
        return (
          t(`pricing.${c.errorCode}`)
            .replace(/<\/?action>/g, "")
            .split(". ")[0]
            .replace(/\.$/, "") + "."
        );
      case "noQuote":
        return "—";
      default:
        return t("compare.notIncluded");
    }
  };
  const comparison = input.comparison?.plans.length ? input.comparison : null;
  const compareRows = comparison
    ? comparison.rows.map((r) => ({ label: "key" in r.label ? t(r.label.key) : r.label.text, cells: r.cells.map(cellText) }))
    : [];
  const compareText = comparison
    ? [
        "",
        t("compare.emailTitle"),
        ...comparison.plans.flatMap((p, i) => ["", `* ${p.name}`, ...compareRows.map((r) => `  ${r.label}: ${r.cells[i]}`)]),
      ]
    : [];
  const cellStyle = "padding:6px;border:1px solid #ccc;vertical-align:top;text-align:left;font-size:13px";
  const compareHtml = comparison
    ? `<table style="border-collapse:collapse;width:100%;margin:16px 0" data-comparison>
<caption style="text-align:left;font-weight:bold;padding:6px 0">${escapeHtml(t("compare.emailTitle"))}</caption>
<thead><tr><td style="${cellStyle}"></td>${comparison.plans.map((p) => `<th scope="col" style="${cellStyle}">${escapeHtml(p.name)}</th>`).join("")}</tr></thead>
<tbody>
${compareRows.map((r) => `<tr><th scope="row" style="${cellStyle}">${escapeHtml(r.label)}</th>${r.cells.map((c) => `<td style="${cellStyle}">${escapeHtml(c)}</td>`).join("")}</tr>`).join("\n")}
</tbody></table>`
    : "";

  const text = [
    greeting,
    "",
    intro,
    ...(input.message ? ["", t("quoteEmail.messageLabel"), input.message] : []),
    "",
    `${t("filter.tier")}: ${tier}`,
    ...(input.cart.effectiveDate ? [`${t("cart.effectiveDate")}: ${isoToUs(input.cart.effectiveDate)}`] : []),
    "",
    ...lines.map((l) => `- ${l.name}${l.coverage ? ` (${l.coverage})` : ""}: ${l.price}${t("plans.perMonth")}`),
    "",
    `${t("cart.initialMonth")}: ${money(input.cart.totals.initialMonthCents)}`,
    `${t("cart.recurringMonth")}: ${money(input.cart.totals.recurringMonthCents)}`,
    ...compareText,
    "",
    `${t("quoteEmail.viewCart")}: ${input.cartUrl ?? pending}`,
    "",
    t("quoteEmail.questions", { phone: brand.phone, email: brand.email }),
    "",
    `${t("quoteEmail.stopReminders")}: ${input.declineUrl ?? pending}`,
  ].join("\n");

  const row = (cells: string[], bold = false) =>
    `<tr>${cells.map((c, i) => `<td style="padding:8px;border-bottom:1px solid #ddd;${i === cells.length - 1 ? "text-align:right;" : ""}${bold ? "font-weight:bold;" : ""}">${c}</td>`).join("")}</tr>`;
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl.startsWith("/") ? base + brand.logoUrl : brand.logoUrl)}" alt="${escapeHtml(brand.name)}" width="180" style="display:block">`
    : `<strong>${escapeHtml(brand.name)}</strong>`;
  const link = (href: string | null, label: string) =>
    href ? `<a href="${escapeHtml(href)}" style="color:${color}">${escapeHtml(label)}</a>` : escapeHtml(`${label} (${pending})`);
  const body = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="background:#fff;border-top:6px solid ${color};max-width:600px">
<tr><td style="padding:24px">${logo}</td></tr>
<tr><td style="padding:0 24px">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${input.message ? `<p><strong>${escapeHtml(t("quoteEmail.messageLabel"))}</strong><br>${escapeHtml(input.message).replace(/\n/g, "<br>")}</p>` : ""}
<p>${escapeHtml(t("filter.tier"))}: <strong>${escapeHtml(tier)}</strong>${input.cart.effectiveDate ? `<br>${escapeHtml(t("cart.effectiveDate"))}: ${escapeHtml(isoToUs(input.cart.effectiveDate))}` : ""}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${lines.map((l) => row([`${escapeHtml(l.name)}${l.coverage ? `<br><small>${escapeHtml(l.coverage)}</small>` : ""}`, `${escapeHtml(l.price)}${escapeHtml(t("plans.perMonth"))}`])).join("\n")}
${row([escapeHtml(t("cart.initialMonth")), escapeHtml(money(input.cart.totals.initialMonthCents))], true)}
${row([escapeHtml(t("cart.recurringMonth")), escapeHtml(money(input.cart.totals.recurringMonthCents))], true)}
</table>
${compareHtml}
<p style="margin:24px 0">${input.cartUrl ? `<a href="${escapeHtml(input.cartUrl)}" style="background:${color};color:#fff;padding:12px 20px;text-decoration:none;display:inline-block">${escapeHtml(t("quoteEmail.viewCart"))}</a>` : link(null, t("quoteEmail.viewCart"))}</p>
<p>${escapeHtml(t("quoteEmail.questions", { phone: brand.phone, email: brand.email }))}</p>
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#4b5257">${link(input.declineUrl, t("quoteEmail.stopReminders"))}</td></tr>
</table></td></tr></table>`;
  const html = `<!doctype html><html lang="${input.locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f3f2f1;font-family:Arial,Helvetica,sans-serif;color:#1b1b1b">${body}</body></html>`;
  return { subject, text, html, bodyHtml: body };
}
