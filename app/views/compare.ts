/** What the server sends the compare tray and the comparison page (issue 18). Types only. */
import type { CompareRow } from "~/domain/compare";
import type { SelectionBanner } from "./shopping";

export type { CompareRow, CompareCell } from "~/domain/compare";

export interface CompareTrayData {
  /** the chosen plans, in the order chosen */
  plans: Array<{ id: number; name: string; href: string }>;
  /** the comparison of the chosen plans; null when none is chosen */
  href: string | null;
  max: number;
}

export interface ComparisonData {
  ids: number[];
  plans: Array<{
    id: number;
    name: string;
    href: string;
    inCart: boolean;
    /** the member's current plan (held active): no add */
    current: boolean;
    hideAdd: boolean;
    /** the price id to add straight from the comparison; null: Add to cart goes to the plan page */
    directAdd: number | null;
    /** this comparison without the plan */
    removeHref: string;
  }>;
  rows: CompareRow[];
  differencesOnly: boolean;
  /** how many rows differ (of all rows, whatever is shown) */
  differingRows: number;
  quoted: boolean;
  tierLabelKey: string | null;
  banner: SelectionBanner;
}
