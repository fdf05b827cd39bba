import { describe, it, expect } from "vitest";
import { backTarget, firstIncomplete, nextAfter, progress, stepAccess } from "./wizard";
import type { TabName } from "./wizard-steps";

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
    expect(backTarget("primary_info", false)).toBe("/cart");
    expect(backTarget("contact_info", false)).toBeNull();
    expect(backTarget("contact_info", true)).toBe("/enrollment/review-confirm");
  });
  it("marks earlier steps done in the progress bar", () => {
    expect(progress(state(["primary_info"]), "contact_info").map((p) => p.state)).toEqual(["done", "current", "todo", "todo", "todo", "todo"]);
  });
});
