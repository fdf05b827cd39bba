/**
 * A plan card's drawn part (callout, logo, name, short text, the quote's prices: plan-card-html.ts)
 * made once per priced card and language, and used by every page that shows it (issue 24, ADR 019).
 *
 * The priced cards are the shared listing's (ADR 011: one per site, language, category and quote
 * facts, per catalog, deep-frozen): every visitor asking the same question gets the same card
 * objects, and a new catalog makes new ones (the old ones, and their HTML, are collected with
 * it). The drawn part reads only the priced card's own fields — never the visitor's tick, add
 * button or token, which are drawn per response — so its HTML is the same for everyone shown that
 * card. A card not made from a frozen priced card is drawn as before, every time.
 */
import type { TFunction } from "i18next";
import type { PlanCardData } from "~/views/plans";
import { pricedCardOf, type PricedCard } from "./plan-cards";

/** The HTML and the translation keys its drawing asked for. */
type Drawn = { html: string; keys: readonly string[] };
const drawn = new WeakMap<PricedCard, Map<string, Drawn>>();

type DrawCardBody = (card: PlanCardData, t: TFunction, language: string) => string;

/**
 * `draw` keeping its HTML per shared priced card and language. The drawing itself is the
 * components' (plan-card-html.ts, which the browser runs too); the server's entry hands it in, so
 * this layer never imports a component (tests/layers.test.ts).
 */
export const keptCardBody =
  (draw: DrawCardBody): DrawCardBody =>
  (card, t, language) => {
    const source = pricedCardOf(card);
    if (!source) return draw(card, t, language);
    let byLanguage = drawn.get(source);
    if (!byLanguage) {
      byLanguage = new Map();
      drawn.set(source, byLanguage);
    }
    let made = byLanguage.get(language);
    if (made === undefined) {
      const keys: string[] = [];
      const noting = ((key: string, ...rest: unknown[]) => {
        keys.push(key);
        return (t as unknown as (key: string, ...rest: unknown[]) => string)(key, ...rest);
      }) as unknown as TFunction;
      made = { html: draw(card, noting, language), keys };
      byLanguage.set(language, made);
    } else {
      // The page's strings (i18n-react.tsx, PageStrings) are the keys its render asked for: ask
      // for the same ones, so the page is the one a fresh drawing makes.
      for (const key of made.keys) t(key);
    }
    return made.html;
  };
