/**
 * The review step (review_info): the other steps' answers and Complete. What it keeps of its
 * own is the additional notes typed on it (enrollment-wizard §3 "Review data": review_info
 * additional_notes), on the enrollment: the record prints them.
 */
import { group, row } from "./rows";
import type { StepDefinition } from "./types";
import type { NoData } from "../step-data";

const TAB = "review_info";

/** It keeps nothing. */
declare module "../step-data" {
  interface StepData {
    review_info: NoData;
  }
  interface StepSecret {
    review_info: NoData;
  }
}

export const reviewStep = {
  tab: TAB,
  screen: "review-confirm",
  titleKey: "wizard.tabs.review_info",
  historyLabelKey: "wizard.tabs.review_info",
  /** The notes (the review page itself shows them in their box, so it has no section of its own there). */
  async reviewRows(_services, { enrollment, t }) {
    return group(null, [row(t("review.notesLabel"), enrollment.additional_notes?.trim() ?? "", null)]);
  },
  async record() {
    return {};
  },
  /** Complete is this step: the other steps are what it checks. */
  async recheck() {
    return null;
  },
} satisfies StepDefinition<typeof TAB>;
