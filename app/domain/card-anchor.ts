/**
 * Coming back to a plan card after adding it from a list (issue 26 #3). The add redirects to the
 * list with `added=<plan id>` and the card's fragment (`/plans?type=dental&added=12#plan-12`): the
 * browser, with or without JavaScript, scrolls to the card, and the page shows its message. The
 * message's way out goes to the list without `added` and with the fragment: a new page (a link
 * to the same address with another fragment would only scroll, leaving the message open) that
 * opens at the card again.
 */

/** The id of a plan's card in a list. */
export function cardId(planId: number | string): string {
  return `plan-${planId}`;
}

/** The list at `back` (a local path), marked as just added to and opened at the plan's card. */
export function backToCard(back: string, planId: number): string {
  const url = new URL(back, "http://local");
  url.searchParams.set("added", String(planId));
  return `${url.pathname}${url.search}#${cardId(planId)}`;
}

/** Where the message's way out goes from `here` (path and query): the list at the card just added, or `here`. */
export function closeToCard(here: string): string {
  const url = new URL(here, "http://local");
  const added = url.searchParams.get("added");
  if (!added || !/^\d{1,12}$/.test(added)) return here;
  url.searchParams.delete("added");
  return `${url.pathname}${url.search}#${cardId(added)}`;
}
