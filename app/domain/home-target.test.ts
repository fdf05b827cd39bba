import { describe, it, expect } from "vitest";
import { homeTarget } from "./home-target";

describe("homeTarget", () => {
  it("sends a referred visitor back to their referral page", () => {
    expect(homeTarget({ referral: "RF8Q2KD7", openType: "agent", eprocess: "rep", siteKind: "default" })).toBe("/referrals?rid=RF8Q2KD7");
    expect(homeTarget({ referral: "RF8Q2KD7", siteKind: "partner" })).toBe("/referrals?rid=RF8Q2KD7");
  });
  it("escapes the referral id in the address", () => {
    expect(homeTarget({ referral: "a&b=<c>", siteKind: "default" })).toBe("/referrals?rid=a%26b%3D%3Cc%3E");
  });
  it("sends the white-label host's referrals to /", () => {
    expect(homeTarget({ referral: "RF8Q2KD7", siteKind: "white_label" })).toBe("/");
  });
  it("sends anyone with an open_type to / (the landing they came from)", () => {
    for (const openType of ["agent", "group", "user"]) expect(homeTarget({ openType, eprocess: "rep", siteKind: "partner" })).toBe("/");
  });
  it("sends a rep to the agent home on every host", () => {
    for (const siteKind of ["default", "white_label", "partner"] as const)
      expect(homeTarget({ eprocess: "rep", siteKind })).toBe("/agent-home");
  });
  it("sends an applicant to the member home", () => {
    expect(homeTarget({ eprocess: "applicant", siteKind: "default" })).toBe("/member-home");
    expect(homeTarget({ eprocess: "sigapplicant", siteKind: "partner" })).toBe("/member-home");
  });
  it("sends a group to the group home, but to / on the main and white-label hosts", () => {
    expect(homeTarget({ eprocess: "group", siteKind: "partner" })).toBe("/group-home");
    expect(homeTarget({ eprocess: "group", siteKind: "default" })).toBe("/");
    expect(homeTarget({ eprocess: "group", siteKind: "white_label" })).toBe("/");
  });
  it("falls back to / with nothing stored", () => {
    expect(homeTarget({ siteKind: "default" })).toBe("/");
    expect(homeTarget({ eprocess: "unknown", siteKind: "partner" })).toBe("/");
  });
});
