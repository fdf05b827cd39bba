import { describe, it, expect } from "vitest";
import {
  enterLanding,
  enterReferral,
  enterSite,
  groupConfirmed,
  needsPortalChoice,
  repConfirmed,
  startDirectEnrollment,
  startGroupEnrollment,
  verifiedData,
  withoutSignIn,
} from "./session-mode";

describe("session mode (storefront §4)", () => {
  it("lets an applicant in on the default host with the site's defaults", () => {
    const p = enterSite({}, { kind: "default", repId: null, groupId: null, portalId: 1 })!;
    expect(p.set).toMatchObject({ eprocess: "applicant", enrollType: "new-member", portalId: 1, repAuthenticated: true });
    expect(p.set.openType).toBeUndefined();
  });
  it("sets new-group-member for the white-label host's group", () => {
    const p = enterSite({}, { kind: "white_label", repId: 3, groupId: 1, portalId: 2 })!;
    expect(p.set).toMatchObject({ eprocess: "applicant", enrollType: "new-group-member", openType: "group", groupId: 1, agentId: 3 });
  });
  it("keeps the mode of someone already inside", () => {
    expect(
      enterSite({ repAuthenticated: true, eprocess: "rep", agentId: 1 }, { kind: "default", repId: null, groupId: null, portalId: 1 }),
    ).toBeNull();
  });
  it("a rep landing stores the rep, open_type agent and new-member", () => {
    const p = enterLanding({}, { kind: "rep", id: 1, slug: "jane-carter", repId: 1, portalId: 1 }, "default");
    expect(p.set).toMatchObject({
      eprocess: "applicant",
      openType: "agent",
      enrollType: "new-member",
      agentId: 1,
      landing: "jane-carter",
      portalId: 1,
    });
    expect(p.unset).toContain("groupId");
  });
  it("a group landing stores the group; new-group-member only on the white-label host", () => {
    const owner = { kind: "group" as const, id: 1, slug: "acme-logistics", repId: 1, portalId: 2 };
    expect(enterLanding({}, owner, "default").set).toMatchObject({ openType: "group", enrollType: "new-member", groupId: 1, agentId: 1 });
    expect(enterLanding({}, owner, "white_label").set.enrollType).toBe("new-group-member");
  });
  it("keeps the cart when the same owner lands again, drops it for another owner", () => {
    const current = { eprocess: "applicant" as const, agentId: 1, tempId: 9 };
    expect(enterLanding(current, { kind: "rep", id: 1, slug: "jane-carter", repId: 1, portalId: 1 }, "default").unset).not.toContain(
      "tempId",
    );
    expect(enterLanding(current, { kind: "rep", id: 2, slug: "other", repId: 2, portalId: 1 }, "default").unset).toContain("tempId");
  });
  it("a referral stores its code and the referrer's ids", () => {
    const p = enterReferral({}, { code: "RF8Q2KD7", repId: 1, groupId: null, portalId: 1 });
    expect(p.set).toMatchObject({ referral: "RF8Q2KD7", referralValid: true, agentId: 1, eprocess: "applicant", repAuthenticated: true });
  });
  it("a confirmed rep code starts the rep mode afresh but keeps the age choice", () => {
    const p = repConfirmed({ over65: true, tempId: 4, groupId: 3 }, 1);
    expect(p.set).toEqual({ eprocess: "rep", agentId: 1, repAuthenticated: true, over65: true });
    expect(p.unset).toEqual(expect.arrayContaining(["tempId", "groupId", "openType", "enrollType"]));
  });
  it("a confirmed group code sets eprocess group, for enrolling or for viewing plans", () => {
    expect(groupConfirmed({}, { id: 1, repId: 1, portalId: 2 }, "enroll").set).toMatchObject({
      eprocess: "group",
      groupId: 1,
      enrollType: "new-group-member",
    });
    expect(groupConfirmed({}, { id: 1, repId: 1, portalId: 2 }, "view-plans").set).toMatchObject({ groupViewPlans: true });
  });
  it("agent home: direct enrollment is new-member with eprocess rep; a group enrollment drops any tempId", () => {
    expect(startDirectEnrollment({ tempId: 5 }, 1).set).toEqual({ enrollType: "new-member", eprocess: "rep", portalId: 1 });
    const g = startGroupEnrollment(2, 1);
    expect(g.set).toEqual({ enrollType: "new-group-member", eprocess: "rep", portalId: 2, groupId: 1 });
    expect(g.unset).toContain("tempId");
  });
});

describe("a rep's new quote goes through the portal chooser (storefront §4 'Quote start on the plan page')", () => {
  it("asks a rep with neither a portal nor a group to choose one first", () => {
    expect(needsPortalChoice(repConfirmed({}, 1).set)).toBe(true);
    expect(needsPortalChoice({ eprocess: "rep", agentId: 1, repAuthenticated: true })).toBe(true);
  });
  it("lets a rep quote once a portal (direct) or a group is chosen", () => {
    expect(needsPortalChoice({ eprocess: "rep", agentId: 1, ...startDirectEnrollment({}, 1).set })).toBe(false);
    expect(needsPortalChoice({ eprocess: "rep", agentId: 1, ...startGroupEnrollment(2, 1).set })).toBe(false);
    expect(needsPortalChoice({ eprocess: "rep", agentId: 1, groupId: 1 })).toBe(false);
  });
  it("never stops applicants or groups, whose portal comes from their site, landing or group", () => {
    expect(needsPortalChoice({ eprocess: "applicant", repAuthenticated: true })).toBe(false);
    expect(needsPortalChoice({ eprocess: "group", groupId: 1 })).toBe(false);
    expect(needsPortalChoice({})).toBe(false);
  });
});

describe("a rep or group admin verified by a code", () => {
  it("a rep works as themselves from the agent home: their own mode, no cart of before, nothing of the sign-in left", () => {
    const data = verifiedData(
      {
        eprocess: "applicant",
        agentId: 9,
        tempId: 4,
        over65: true,
        pendingRepId: 1,
        verifySubject: "rep:1",
        verifyChannel: "email",
        verifyKey: "a".repeat(22),
      },
      { kind: "rep", repId: 1 },
    );
    expect(data).toEqual({ eprocess: "rep", agentId: 1, repAuthenticated: true, over65: true });
  });
  it("an admin works for their group", () => {
    const data = verifiedData(
      { eprocess: "group", groupId: 1, tempId: 8, verifySubject: "group_admin:2" },
      { kind: "group_admin", group: { id: 1, repId: 1, portalId: 2 } },
    );
    expect(data).toEqual({
      eprocess: "group",
      groupId: 1,
      agentId: 1,
      portalId: 2,
      enrollType: "new-group-member",
      repAuthenticated: true,
    });
  });
  it("signing in again keeps what the session held, without the sign-in's keys", () => {
    expect(withoutSignIn({ eprocess: "rep", agentId: 1, tempId: 5, resumeFrom: "x".repeat(43), verifySubject: "rep:1" })).toEqual({
      eprocess: "rep",
      agentId: 1,
      tempId: 5,
    });
  });
});
