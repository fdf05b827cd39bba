import type { QuoteDefaults } from "~/views/shopping";
/** What the plan page shows (the loader of /plan/:id/:planName gives it); its own module, so the page's lazily loaded parts can name it without an import loop. */
import type { PlanCardData } from "~/views/plans";
import type { FilterSummary, SelectionBanner as Banner } from "~/views/shopping";
import type { PricingErrorCode } from "~/domain/pricing";
import type { Tier } from "~/domain/tiers";

export interface PlanPageData {
  plan: {
    id: number;
    href: string;
    name: string;
    logoUrl: string | null;
    callout: string | null;
    headerText: string | null;
    blueBarText: string | null;
    associationHtml: string;
    bodyHtml: string;
    exclusions: { title: string | null; html: string } | null;
    example: { title: string | null; html: string } | null;
    faq: { title: string | null; html: string } | null;
    specialMessageHtml: string;
    /** the plan's health-question decline message, sanitised HTML (utils/sanitize.ts); empty: the default text */
    declineHtml: string;
    hideAddToCart: boolean;
    requiresSalary: boolean;
    minWorkingHours: number | null;
    tobaccoRated: boolean;
    isPremier: boolean;
  };
  quoted: boolean;
  inCart: boolean;
  /** the member's current plan (held active): no add */
  current: boolean;
  pricing:
    | { ok: true; entries: Array<{ planPriceId: number; priceCents: number; coverageAmount: number | null }> }
    | { ok: false; errorCode: PricingErrorCode }
    | null;
  eligibility: Array<{ id: number; text: string; trueCondition: number }> | null;
  enrollQuestions: { outcome: "accepted" | "declined" | null } | null;
  membershipOptions: Array<{ planPriceId: number; priceCents: number; name: string; bodyHtml: string }>;
  needsMembership: boolean;
  companion: { name: string; priceCents: number | null } | null;
  salary: { annualIncome: number | null; workingHours: number | null };
  smoker: number | null;
  suggestions: PlanCardData[];
  filter: FilterSummary | null;
  banner: Banner;
  eprocess: string | null;
  hasMember: boolean;
  enrollType: string | null;
  hasPortalOrGroup: boolean;
  memberDashboardUrl: string | null;
  dialog: string | null;
  portalChoice: {
    forRep: boolean;
    portals: Array<{ value: string; label: string }>;
    groups: Array<{ value: string; label: string }>;
  } | null;
  dependentsFor: Tier | null;
  chosenMembership: number | null;
  /** the portal dialog: a rep's typed quote going through it (sealed by the server) */
  carriedQuote: string | null;
  /** the quote dialog after the portal dialog: what the rep had typed */
  quoteDefaults: QuoteDefaults | null;
}
