import { describe, expect, it } from "vitest";
import { backToCard, cardId, closeToCard } from "./card-anchor";

describe("coming back to a plan card (issue 26 #3)", () => {
  it("names a card by its plan", () => {
    expect(cardId(12)).toBe("plan-12");
  });

  it("sends an add back to the list, marked and at the card", () => {
    expect(backToCard("/plans", 12)).toBe("/plans?added=12#plan-12");
    expect(backToCard("/plans?type=dental", 7)).toBe("/plans?type=dental&added=7#plan-7");
    // a second add replaces the first mark; an old fragment goes
    expect(backToCard("/plans?type=dental&added=7#plan-7", 9)).toBe("/plans?type=dental&added=9#plan-9");
  });

  it("closes the message to a new page of the list at the card, or stays where it is", () => {
    expect(closeToCard("/plans?type=dental&added=7")).toBe("/plans?type=dental#plan-7");
    expect(closeToCard("/plans?added=7")).toBe("/plans#plan-7");
    expect(closeToCard("/plans?type=dental")).toBe("/plans?type=dental");
    expect(closeToCard("/cart")).toBe("/cart");
    // anything but a plan id is not a card
    expect(closeToCard("/plans?added=x%22%3E")).toBe("/plans?added=x%22%3E");
  });
});
