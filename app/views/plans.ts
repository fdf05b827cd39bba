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
  /** priced by salary and no salary known yet: the card says so instead of a price */
  needsSalary: boolean;
  inCart: boolean;
  /** a plan the member already holds, active: shown as their current plan, never with an add */
  current: boolean;
  hideAdd: boolean;
  /** the price id to add straight from the card; null: the card's add goes to the plan page */
  directAdd: number | null;
}

export interface PlanSection<Card = PlanCardData> {
  key: string;
  heading: string;
  plans: Card[];
  /** bundles: grouped by the number of products */
  bundles?: Array<{ size: number; plans: Card[] }>;
}

/**
 * A card as a plans screen sends it to the browser (issue 24). What the card shows but the browser
 * never changes — callout, logo, name heading, short text, the price list — is drawn as one piece
 * of HTML (components/plan-card-html.ts). In a document it is in the HTML only: the hydration data
 * carries the card's id, name, link and what the visitor's own buttons need, and hydration keeps
 * the server's piece as it is. Loader data fetched by a client navigation carries the whole card,
 * from which the browser draws the same piece.
 */
export type ListedCard = Pick<PlanCardData, "id" | "name" | "href" | "inCart" | "current" | "hideAdd" | "directAdd"> &
  Partial<Pick<PlanCardData, "callout" | "logoUrl" | "shortHtml" | "tierPrices" | "needsSalary">>;

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
export interface PlansListingData<Card = PlanCardData> {
  /** the category the list is narrowed to, when a known one was asked for */
  type: string | null;
  sections: PlanSection<Card>[];
  categories: Array<{ key: string; label: string }>;
  filter: FilterSummary | null;
  banner: SelectionBanner;
  recommended: RecommendedCard[];
}
