/** What the server sends the plans screens, the plan page and the recommendations: plan cards and sections. Types only. */
import type { Tier } from "~/domain/tiers";
import type { FilterSummary, SelectionBanner } from "./shopping";

export interface PlanCardData {
  id: number;
  name: string;
  href: string;
  logoUrl: string | null;
  shortHtml: string;
  callout: string | null;
  /** each tier's price for this applicant; only tiers above 0; labelKey names the tier in a price row */
  tierPrices: Array<{ tier: Tier; priceCents: number; labelKey: string }>;
  inCart: boolean;
  hideAdd: boolean;
  /** the price id to add straight from the card; null: the card's add goes to the plan page */
  directAdd: number | null;
}

export interface PlanSection {
  key: string;
  heading: string;
  plans: PlanCardData[];
  /** bundles: grouped by the number of products */
  bundles?: Array<{ size: number; plans: PlanCardData[] }>;
}

/** A recommended product: the recommendation service's pick, priced. */
export interface RecommendedCard {
  id: number;
  name: string;
  href: string;
  logoUrl: string | null;
  categoryLabel: string;
  startingFromCents: number | null;
}

/** The data of a plans screen (/plans and /new-plans). */
export interface PlansListingData {
  /** the category the list is narrowed to, when a known one was asked for */
  type: string | null;
  sections: PlanSection[];
  categories: Array<{ key: string; label: string }>;
  filter: FilterSummary | null;
  banner: SelectionBanner;
  recommended: RecommendedCard[];
}
