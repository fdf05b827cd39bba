import { describe, it, expect } from "vitest";
import { backTarget, firstIncomplete, nextAfter, progress, stepAccess } from "./wizard";
import { screenOf, type TabName } from "./wizard-steps";

const steps: TabName[] = ["primary_info", "contact_info", "beneficiary_info", "agreement_info", "billing_info", "review_info"];
const state = (done: TabName[]) => ({ steps, completed: new Set(done) });

describe("wizard navigation", () => {
  it("opens the first unfinished step and refuses to skip ahead", () => {
    expect(firstIncomplete(state([]))).toBe("primary_info");
    expect(stepAccess(state([]), "primary_info")).toEqual({ ok: true });
    expect(stepAccess(state([]), "billing_info")).toEqual({ ok: false, redirectTo: "primary_info" });
    expect(stepAccess(state(["primary_info"]), "contact_info")).toEqual({ ok: true });
    expect(stepAccess(state(["primary_info"]), "beneficiary_info")).toEqual({ ok: false, redirectTo: "contact_info" });
  });
  it("lets the visitor go back to any finished step", () => {
    expect(stepAccess(state(["primary_info", "contact_info"]), "primary_info")).toEqual({ ok: true });
  });
  it("refuses a step the enrollment does not have", () => {
    expect(stepAccess(state(["primary_info"]), "employer_info")).toEqual({ ok: false, redirectTo: "contact_info" });
    expect(stepAccess(state(steps), "employer_info")).toEqual({ ok: false, redirectTo: "review_info" });
  });
  it("moves to the next required step after a save", () => {
    expect(nextAfter(state(["primary_info"]), "primary_info", false)).toBe("contact_info");
    expect(nextAfter(state(steps), "billing_info", false)).toBe("review_info");
    expect(nextAfter(state(steps), "review_info", false)).toBeNull();
  });
  it("returns to the review when the marker is set, unless a step is still missing", () => {
    expect(nextAfter(state(steps), "contact_info", true)).toBe("review_info");
    expect(nextAfter(state(["primary_info", "contact_info"]), "contact_info", true)).toBe("beneficiary_info");
  });
  it("shows Back on the personal step (to the cart) and on other steps only from the review", () => {
    expect(backTarget(state([]), "primary_info", false)).toBe("/cart");
    expect(backTarget(state(["primary_info"]), "contact_info", false)).toBeNull();
    expect(backTarget(state(steps), "contact_info", true)).toBe("/enrollment/review-confirm");
  });
  it("on a step opened from the review, Back goes to the review: the personal step included", () => {
    expect(backTarget(state(steps), "primary_info", true)).toBe("/enrollment/review-confirm");
    expect(backTarget(state(steps), "billing_info", true)).toBe("/enrollment/review-confirm");
  });
  it("the review's Back goes to the step before it in the list, marker or not", () => {
    expect(backTarget(state(steps), "review_info", false)).toBe("/enrollment/billing-information");
    // an abandoned edit leaves the marker set: Back still never points at the review itself
    expect(backTarget(state(steps), "review_info", true)).toBe("/enrollment/billing-information");
    const middle: TabName[] = ["primary_info", "contact_info", "review_info", "agreement_info", "billing_info"];
    expect(backTarget({ steps: middle, completed: new Set(middle) }, "review_info", true)).toBe("/enrollment/contact-info");
    expect(backTarget({ steps: ["review_info"], completed: new Set() }, "review_info", false)).toBe("/cart");
  });
  it("Back never points at the page itself, nor at a review that would send the visitor back here", () => {
    // the step being edited is unfinished (a step before it is missing): the review is not open, so no Back to it
    expect(backTarget(state(["primary_info", "beneficiary_info", "agreement_info", "billing_info"]), "contact_info", true)).toBeNull();
    expect(backTarget(state(["contact_info"]), "primary_info", true)).toBe("/cart");
    // no review in the list: the marker means nothing
    const noReview: TabName[] = ["primary_info", "contact_info"];
    expect(backTarget({ steps: noReview, completed: new Set(noReview) }, "contact_info", true)).toBeNull();
    for (const tab of steps)
      for (const marker of [false, true])
        for (const done of [[], steps]) {
          expect(backTarget(state(done as TabName[]), tab, marker)).not.toBe(`/enrollment/${screenOf(tab)}`);
        }
  });
  it("marks earlier steps done in the progress bar", () => {
    expect(progress(state(["primary_info"]), "contact_info").map((p) => p.state)).toEqual([
      "done",
      "current",
      "todo",
      "todo",
      "todo",
      "todo",
    ]);
  });
});
