/**
 * The review's problems (what stops Complete): a step's problem has its "Fix this step" link; an
 * enrollment that can no longer be completed (employment or the enrollment period ended) has no
 * fix, and the heading says it cannot be completed instead of asking for a fix.
 */
import { describe, expect, it } from "vitest";
import { Problems } from "~/components/wizard/ReviewStep";
import { renderComponent } from "../support/render-component";

describe("the review's problems", () => {
  it("asks for a fix when a step can fix it", async () => {
    const html = await renderComponent(<Problems problems={[{ tab: "billing_info", message: "review.problems.billing" }]} />);
    expect(html).toContain("We cannot complete your enrollment yet. Please fix the following:");
    expect(html).toContain("Fix this step");
  });

  it("says the enrollment cannot be completed when nothing in the wizard can fix it", async () => {
    const html = await renderComponent(<Problems problems={[{ tab: "enrollment", message: "review.problems.employeeTerminated" }]} />);
    expect(html).toContain("This enrollment cannot be completed:");
    expect(html).not.toContain("Please fix the following");
    expect(html).not.toContain("Fix this step");
    expect(html).toContain("Your enrollment");
    expect(html).toContain("your employment has ended");
  });

  it("asks for a fix when a fixable problem comes with one that is not", async () => {
    const html = await renderComponent(
      <Problems
        problems={[
          { tab: "enrollment", message: "review.problems.windowClosed" },
          { tab: "cart", message: "review.problems.stepIncomplete" },
        ]}
      />,
    );
    expect(html).toContain("Please fix the following");
  });
});
