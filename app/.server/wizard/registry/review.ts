/** The review step (review_info): the tiles of the other steps and Complete; it keeps nothing of its own. */
import type { StepDefinition } from "./types";

const TAB = "review_info";

export const reviewStep = {
  tab: TAB,
  screen: "review-confirm",
  titleKey: "wizard.tabs.review_info",
  historyLabelKey: "wizard.tabs.review_info",
  /** It has no tile of its own. */
  async reviewTile() {
    return [];
  },
  async record() {
    return {};
  },
  /** Complete is this step: the other steps are what it checks. */
  async recheck() {
    return null;
  },
} satisfies StepDefinition<typeof TAB>;
