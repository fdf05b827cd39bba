/**
 * The priced listing, shared by every visitor who asks the same question (ADR 011).
 *
 * A plans screen's sections are a pure function of the catalog and of these inputs only: the
 * site, the language, the quote facts (state, ZIP area, age, tier, gender, tobacco, salary,
 * hours), the age group, the category asked for and whether a premier plan is in the cart.
 * The key is built from exactly those, and the computation is handed the inputs *as read back
 * from the key* — it cannot see anything the key does not hold. What belongs to one visitor
 * (the cart's ticks, the add buttons their answers open, the CSRF token, the flash, the cart
 * badge, the CSP nonce) is never cached: it is laid over a copy of the entry per request.
 *
 * One LRU per catalog object: when the catalog is read again (it changed, or its minute is up)
 * the old entries go with the old catalog. Entries are frozen, so no request can alter them.
 */
import type { Catalog } from "../repositories/catalog";
import type { QuoteFacts } from "~/domain/pricing";
import { pricedSections, type PricedSection } from "./plan-cards";

/** Entries kept per catalog (least recently used go first). */
export const LISTING_CACHE_SIZE = 1000;

export interface ListingInputs {
  siteId: number;
  locale: string;
  facts: QuoteFacts | null;
  over65: boolean;
  type: string | null;
  premierInCart: boolean;
}

type KeyFacts = [
  state: string | null,
  area: string | null,
  age: number | null,
  tier: QuoteFacts["tier"],
  gender: number | null,
  smoker: number | null,
  annualIncome: number | null,
  workingHours: number | null,
];
type Key = [siteId: number, locale: string, over65: boolean, type: string | null, premierInCart: boolean, facts: KeyFacts | null];

/**
 * The key, in a fixed order. Of the ZIP only its area (first three digits) is kept: pricing
 * reads nothing more of it (domain/pricing.ts, availability()), and the facts the listing is
 * computed from carry only that area (see inputsOf).
 */
export function listingKey(inputs: ListingInputs): string {
  const f = inputs.facts;
  const facts: KeyFacts | null = f
    ? [f.state, f.zip ? f.zip.slice(0, 3) : null, f.age, f.tier, f.gender, f.smoker, f.annualIncome, f.workingHours]
    : null;
  const key: Key = [inputs.siteId, inputs.locale, inputs.over65, inputs.type, inputs.premierInCart, facts];
  return JSON.stringify(key);
}

/** The inputs, read back from a key: all the computation ever sees. */
function inputsOf(key: string): ListingInputs {
  const [siteId, locale, over65, type, premierInCart, f] = JSON.parse(key) as Key;
  const facts: QuoteFacts | null = f
    ? { state: f[0], zip: f[1], age: f[2], tier: f[3], gender: f[4], smoker: f[5], annualIncome: f[6], workingHours: f[7] }
    : null;
  return { siteId, locale, over65, type, premierInCart, facts };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const caches = new WeakMap<Catalog, Map<string, readonly PricedSection[]>>();

/** The priced sections for these inputs: from the cache, or computed (from the key alone) and kept. */
export function cachedPricedSections(catalog: Catalog, inputs: ListingInputs, size = LISTING_CACHE_SIZE): readonly PricedSection[] {
  let cache = caches.get(catalog);
  if (!cache) caches.set(catalog, (cache = new Map()));
  const key = listingKey(inputs);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const keyed = inputsOf(key);
  const sections = deepFreeze(
    pricedSections(catalog, {
      over65: keyed.over65,
      type: keyed.type,
      ctx: { facts: keyed.facts, locale: keyed.locale, premierInCart: keyed.premierInCart },
    }),
  );
  cache.set(key, sections);
  if (cache.size > size) cache.delete(cache.keys().next().value!);
  return sections;
}

/** How many listings are kept for this catalog (tests). */
export function cachedListings(catalog: Catalog) {
  return caches.get(catalog)?.size ?? 0;
}

/** Forgets every listing kept for this catalog (tests). */
export function clearListingCache(catalog: Catalog) {
  caches.delete(catalog);
}
