/** Coverage tiers (storefront §3, §4, §9). */
export const TIERS = ["IO", "IS", "IC", "IF"] as const;
export type Tier = (typeof TIERS)[number];

export function isTier(value: unknown): value is Tier {
  return typeof value === "string" && (TIERS as readonly string[]).includes(value);
}

/** Spouse date plus children → IF; spouse only → IS; children only → IC; neither → IO. */
export function deriveTier(hasSpouse: boolean, childCount: number): Tier {
  if (hasSpouse && childCount > 0) return "IF";
  if (hasSpouse) return "IS";
  if (childCount > 0) return "IC";
  return "IO";
}

export const needsSpouse = (tier: Tier) => tier === "IS" || tier === "IF";
export const needsChildren = (tier: Tier) => tier === "IC" || tier === "IF";

/** Children choices in the quote dialogs: 1–8 with a spouse (IF), 1–9 without (IC). */
export function maxChildren(tier: Tier) {
  return tier === "IF" ? 8 : tier === "IC" ? 9 : 0;
}

/**
 * The translation key that names a tier (storefront §3, §9): IC is 'Member + 1 Child' while a
 * premier plan is in the cart, and IS is 'Single + Spouse' in the price rows of plan cards.
 */
export function tierLabelKey(tier: Tier, where: { premierInCart?: boolean; priceRow?: boolean } = {}) {
  if (tier === "IC" && where.premierInCart) return "tiers.ICPremier";
  if (tier === "IS" && where.priceRow) return "tiers.ISPriceRow";
  return `tiers.${tier}`;
}

/**
 * Pet plans are priced per pet, whoever is in the household: a card shows them one price row,
 * "Per pet", not the human tiers (issue 26 #8).
 */
export function isPricedPerPet(categoryKey: string) {
  return categoryKey === "pet";
}
