/**
 * The part of a plan card the browser never changes — callout, logo, name heading, short text and
 * the price list — as one piece of HTML (issue 24). React renders it as one element
 * (`dangerouslySetInnerHTML`) instead of some thirty per card, and a document's hydration data
 * need not carry what it shows (views/plans.ts, ListedCard): hydration keeps the server's piece.
 * The same function draws it in the browser after a client navigation, from the whole card.
 * Text is escaped here; `shortHtml` is the server's sanitised HTML (utils/sanitize.ts), as before.
 */
import type { TFunction } from "i18next";
import type { ListedCard, PlanCardData } from "~/views/plans";
import { formatMoney } from "~/utils/format";
import { escapeHtml } from "~/utils/escape-html";
import * as s from "./PlanCard.css";

export { escapeHtml };

export type CardBody = Pick<PlanCardData, "id" | "name" | "callout" | "logoUrl" | "shortHtml" | "tierPrices"> & { needsSalary?: boolean };

/**
 * The card's own buttons: "Your current plan" for a plan the member holds active (no add),
 * the tick when the plan is in the cart, else its add (a submit button of
 * the list's one form `addForm`, or a link to the plan page), and View More Details. Drawn from
 * what the browser has too (ListedCard), so hydration draws the same.
 */
export function planCardActionsHtml(card: ListedCard, addForm: string, t: TFunction): string {
  let html = "";
  const name = { name: card.name };
  const href = escapeHtml(card.href);
  if (card.current) html += `<p class="${s.inCart}" data-testid="current-plan">${escapeHtml(t("plans.currentPlan"))}</p>`;
  else if (card.inCart)
    html += `<p class="${s.inCart}" data-testid="in-cart"><span aria-hidden="true">✓</span> ${escapeHtml(t("plans.addedToCart"))}</p>`;
  else if (!card.hideAdd) {
    const label = `aria-label="${escapeHtml(t("plans.addNamed", name))}"><span aria-hidden="true">+</span> ${escapeHtml(t("plans.add"))}`;
    html += card.directAdd
      ? `<button class="button" type="submit" form="${escapeHtml(addForm)}" name="add" value="${card.id}:${card.directAdd}" ${label}</button>`
      : `<a class="button" href="${href}" ${label}</a>`;
  }
  html += `<a class="button button--secondary" href="${href}" aria-label="${escapeHtml(t("plans.moreDetailsNamed", name))}">${escapeHtml(t("plans.moreDetails"))}</a>`;
  return html;
}

export function planCardBodyHtml(card: CardBody, t: TFunction, language: string): string {
  let html = "";
  if (card.callout) html += `<p class="${s.callout}">${escapeHtml(card.callout)}</p>`;
  if (card.logoUrl) html += `<img class="${s.logo}" src="${escapeHtml(card.logoUrl)}" alt="" width="240" height="64" loading="lazy">`;
  html += `<h3 id="plan-${card.id}-title" class="${s.name}">${escapeHtml(card.name)}</h3>`;
  html += `<div class="${s.short}">${card.shortHtml}</div>`;
  if (card.needsSalary) html += `<p class="${s.short}" data-testid="salary-for-price">${escapeHtml(t("plans.salaryForPrice"))}</p>`;
  else if (card.tierPrices.length) {
    const perMonth = escapeHtml(t("plans.perMonth"));
    html += `<dl class="${s.prices}">`;
    for (const p of card.tierPrices) {
      html += `<div class="${s.priceRow}"><dt>${escapeHtml(t(p.labelKey))}</dt><dd>${escapeHtml(formatMoney(p.priceCents, language))}<span class="muted">${perMonth}</span></dd></div>`;
    }
    html += "</dl>";
  }
  return html;
}
