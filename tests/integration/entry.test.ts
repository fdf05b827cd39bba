import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as accessLoader, action as accessAction } from "~/routes/access";
import { loader as landingLoader } from "~/routes/$landing";
import { loader as indexLoader } from "~/routes/_index";
import { loader as referralsLoader } from "~/routes/referrals";
import { loader as externalLoader } from "~/routes/external";
import { action as notMySiteAction } from "~/routes/not-my-site";
import { loader as agentHomeLoader, action as agentHomeAction } from "~/routes/_store.agent-home";
import { loader as groupHomeLoader, action as groupHomeAction } from "~/routes/_store.group-home";
import { loader as memberHomeLoader, action as memberHomeAction } from "~/routes/_store.member-home";
import { loader as storeLoader } from "~/routes/_store";
import { loader as configErrorLoader } from "~/routes/landing-config-error.$enrollType";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { sendSignInCode, signInRep, typeSignInCode } from "../support/staff";

describeEachDatabase("entry: codes, landings, referrals and homes", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  const client = (ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`, host?: string) => {
    const c = new TestClient(app.services, host);
    c.clientIp = ip;
    return c;
  };

  // ---- rep access code
  it("rep code: empty gets 'Field is required'", async () => {
    const res = await client().submit(accessAction, "/access", { intent: "rep-code", code: "   " });
    expect(res.status).toBe(422);
    expect(res.data.fieldErrors.code).toBe("validation.required");
  });

  it("rep code: unknown gets a clear message under the input and keeps what was typed", async () => {
    const res = await client().submit(accessAction, "/access", { intent: "rep-code", code: "NOPE9999" });
    expect(res.data.fieldErrors.code).toBe("validation.unknownRepCode");
    expect(res.data.repopulateFields.code).toBe("NOPE9999");
  });

  it("rep code: trimmed and case-insensitive → confirmation → the rep's sign-in by code → agent home in rep mode", async () => {
    const c = client();
    const res = await c.submit(accessAction, "/access", { intent: "rep-code", code: `  ${DEMO.rep.code.toLowerCase()} ` });
    expect(res.location).toBe("/access?step=confirm-rep");
    const page = await c.load(accessLoader, "/access?step=confirm-rep");
    expect(page.data.rep).toMatchObject({ name: DEMO.rep.name, code: DEMO.rep.code, email: DEMO.rep.email });
    const confirmed = await c.submit(accessAction, "/access", { intent: "confirm-rep" });
    // the code identifies the rep; the agent home needs the rep verified (issue 15)
    expect(confirmed.location).toBe("/verify");
    expect((await c.load(agentHomeLoader, "/agent-home")).location).toBe("/?next=%2Fagent-home");
    const { code } = await sendSignInCode(app, c, `rep:${DEMO.rep.id}:email`);
    expect((await typeSignInCode(c, code)).location).toBe("/agent-home");
    expect(await c.session()).toMatchObject({ eprocess: "rep", agentId: DEMO.rep.id, repAuthenticated: true });
    const home = await c.load(agentHomeLoader, "/agent-home");
    expect(home.data.repName).toBe(DEMO.rep.name);
  });

  it("rep code: Cancel resets", async () => {
    const c = client();
    await c.submit(accessAction, "/access", { intent: "rep-code", code: DEMO.rep.code });
    expect((await c.submit(accessAction, "/access", { intent: "cancel" })).location).toBe("/access");
    expect((await c.session()).pendingRepId).toBeUndefined();
    expect((await c.load(accessLoader, "/access?step=confirm-rep")).data.step).toBeNull();
  });

  it("rep code: a rep without a landing URL goes to landing-config-error", async () => {
    const c = client();
    await c.submit(accessAction, "/access", { intent: "rep-code", code: DEMO.repNoLanding.code });
    const res = await c.submit(accessAction, "/access", { intent: "confirm-rep" });
    expect(res.location).toBe("/landing-config-error/rep");
    expect((await c.session()).eprocess).toBeUndefined();
    expect((await c.load(configErrorLoader, "/landing-config-error/rep", { enrollType: "rep" })).data.type).toBe("rep");
    expect((await c.load(configErrorLoader, "/landing-config-error/<x>", { enrollType: "<x>" })).status).toBe(404);
  });

  it("throttles a client after 10 wrong codes in 10 minutes, shared across rep and group codes", async () => {
    const c = client("192.0.2.77");
    for (let i = 0; i < 10; i++) {
      const r = await c.submit(accessAction, "/access", { intent: i % 2 ? "rep-code" : "group-code", code: `WRONG${i}` });
      expect(r.status).toBe(422);
    }
    const blocked = await c.submit(accessAction, "/access", { intent: "rep-code", code: DEMO.rep.code });
    expect(blocked.status).toBe(429);
    expect(blocked.data.fieldErrors.code).toBe("validation.tooManyCodes");
    // another client is not affected
    expect((await client("192.0.2.78").submit(accessAction, "/access", { intent: "rep-code", code: DEMO.rep.code })).location).toBe(
      "/access?step=confirm-rep",
    );
    // ten minutes later the count starts again
    app.clock.now = new Date(app.clock.now.getTime() + 10 * 60 * 1000 + 1);
    expect((await c.submit(accessAction, "/access", { intent: "rep-code", code: DEMO.rep.code })).location).toBe(
      "/access?step=confirm-rep",
    );
    app.clock.now = new Date();
  });

  // ---- group enrollment code
  it("group code: empty, unknown, then company confirmation → group home", async () => {
    const c = client();
    expect((await c.submit(accessAction, "/access", { intent: "group-code", code: "" })).data.fieldErrors.code).toBe("validation.required");
    expect((await c.submit(accessAction, "/access", { intent: "group-code", code: "ZZZ" })).data.fieldErrors.code).toBe(
      "validation.unknownGroupCode",
    );
    const res = await c.submit(accessAction, "/access", { intent: "group-code", code: DEMO.group.code.toLowerCase(), purpose: "employee" });
    expect(res.location).toBe("/access?step=confirm-group&purpose=employee");
    expect((await c.load(accessLoader, res.location!)).data.group.companyName).toBe(DEMO.group.companyName);
    const yes = await c.submit(accessAction, "/access", { intent: "confirm-group", purpose: "employee" });
    expect(yes.location).toBe("/group-home");
    expect(await c.session()).toMatchObject({ eprocess: "group", groupId: DEMO.group.id, repAuthenticated: true });
    expect((await c.load(groupHomeLoader, "/group-home")).data.companyName).toBe(DEMO.group.companyName);
  });

  it("group code: No resets; a group without a landing URL goes to the error page", async () => {
    const c = client();
    await c.submit(accessAction, "/access", { intent: "group-code", code: DEMO.group.code });
    expect((await c.submit(accessAction, "/access", { intent: "cancel" })).location).toBe("/access");
    expect((await c.session()).pendingGroupId).toBeUndefined();
    await c.submit(accessAction, "/access", { intent: "group-code", code: DEMO.groupNoLanding.code });
    expect((await c.submit(accessAction, "/access", { intent: "confirm-group" })).location).toBe("/landing-config-error/group");
  });

  it("group options: View Plans sets the group-view-plans flag; Add New Employee starts a new-group-member enrollment", async () => {
    const c = client();
    await c.submit(accessAction, "/access", { intent: "group-code", code: DEMO.group.code, purpose: "view-plans" });
    expect((await c.submit(accessAction, "/access", { intent: "confirm-group", purpose: "view-plans" })).location).toBe("/plans");
    expect((await c.session()).groupViewPlans).toBe(true);
    const d = client();
    await d.setSession({ tempId: 123 });
    await d.submit(accessAction, "/access", { intent: "group-code", code: DEMO.group.code, purpose: "add-employee" });
    expect((await d.submit(accessAction, "/access", { intent: "confirm-group", purpose: "add-employee" })).location).toBe("/home");
    const s = await d.session();
    expect(s).toMatchObject({ enrollType: "new-group-member", groupId: DEMO.group.id, eprocess: "group" });
    expect(s.tempId).toBeUndefined();
  });

  it("age choice sets the over-65 flag; Groups opens the group options", async () => {
    const c = client();
    expect((await c.submit(accessAction, "/access", { intent: "age", age: "over65" })).location).toBe("/access#rep-code");
    expect((await c.session()).over65).toBe(true);
    expect((await c.submit(accessAction, "/access", { intent: "age", age: "groups" })).location).toBe("/access?step=groups");
    expect((await c.submit(accessAction, "/access", { intent: "age", age: "teen" })).data.fieldErrors.age).toBe("validation.chooseAge");
  });

  // ---- guard
  it("the main layout needs the flag: partner sites send visitors to the access page, the default host lets applicants in", async () => {
    expect((await client(undefined, "partners.localhost:3000").load(storeLoader, "/plans")).location).toBe("/access");
    const c = client();
    const res = await c.load(storeLoader, "/plans?type=dental");
    expect(res.location).toBe("/?next=%2Fplans%3Ftype%3Ddental");
    const landing = await c.load(indexLoader, res.location!);
    expect(landing.location).toBe("/plans?type=dental");
    expect(await c.session()).toMatchObject({ eprocess: "applicant", enrollType: "new-member", repAuthenticated: true });
    expect((await c.load(storeLoader, "/plans")).status).toBe(200);
  });

  it("the white-label host's home is its group, enrolling new group members", async () => {
    const c = client(undefined, `${DEMO.hosts.whiteLabel}:3000`);
    await c.load(indexLoader, "/");
    expect(await c.session()).toMatchObject({ enrollType: "new-group-member", openType: "group", groupId: DEMO.group.id });
  });

  // ---- landing slugs
  it("a landing slug stores the rep and redirects once so the whole page is branded", async () => {
    const c = client();
    const first = await c.load(landingLoader, `/${DEMO.rep.slug}`, { landing: DEMO.rep.slug });
    expect(first.location).toBe(`/${DEMO.rep.slug}?entered=1`);
    const page = await c.load(landingLoader, first.location!, { landing: DEMO.rep.slug });
    expect(page.status).toBe(200);
    expect(page.data.branding).toMatchObject({ kind: "rep", name: expect.stringContaining("Jane") });
    expect(await c.session()).toMatchObject({ agentId: DEMO.rep.id, openType: "agent", landing: DEMO.rep.slug });
  });

  it("a group slug stores the group", async () => {
    const c = client();
    await c.load(landingLoader, `/${DEMO.group.slug}`, { landing: DEMO.group.slug });
    expect(await c.session()).toMatchObject({ groupId: DEMO.group.id, openType: "group" });
  });

  it("an unknown slug is a 404 that clears the landing state; markup in a slug is just unknown", async () => {
    const c = client();
    await c.load(landingLoader, `/${DEMO.rep.slug}`, { landing: DEMO.rep.slug });
    const res = await c.load(landingLoader, "/no-such-rep", { landing: "no-such-rep" });
    expect(res.status).toBe(404);
    expect((await c.session()).landing).toBeUndefined();
    expect((await c.load(landingLoader, "/x", { landing: "<script>alert(1)</script>" })).status).toBe(404);
  });

  // ---- referrals and external sites
  it("a valid referral shows 'Referred By' the referrer; missing or unknown rid goes to /404, a deactivated one is 410", async () => {
    const c = client();
    const first = await c.load(referralsLoader, `/referrals?rid=${DEMO.referral.code}`);
    const page = await c.load(referralsLoader, first.location!);
    expect(page.data.referrerName).toBe(DEMO.referral.referrerName);
    expect(await c.session()).toMatchObject({ referral: DEMO.referral.code, referralValid: true });
    expect((await c.load(referralsLoader, "/referrals")).location).toBe("/404");
    expect((await c.load(referralsLoader, "/referrals?rid=NOPE1234")).location).toBe("/404");
    // a deactivated referral says so: "This link is no longer active" (410, issue 27)
    expect((await c.load(referralsLoader, `/referrals?rid=${DEMO.referral.inactiveCode}`)).status).toBe(410);
    expect((await c.session()).referral).toBeUndefined();
  });

  it("an external site entry takes its settings; an unknown one goes to /404", async () => {
    const c = client();
    expect((await c.load(externalLoader, "/external?site=elevate")).location).toBe("/home");
    expect(await c.session()).toMatchObject({ fromSite: DEMO.hosts.whiteLabel, groupId: DEMO.group.id });
    expect((await c.load(externalLoader, "/external?site=https://evil.example")).location).toBe("/404");
  });

  // ---- homes
  it("agent home: a portal and direct enrollment, or one of the rep's own groups; tampered ids refused", async () => {
    const c = await signInRep(app, client());
    await c.setSession({ tempId: 77 });
    const page = await c.load(agentHomeLoader, "/agent-home?step=portal");
    expect(page.data.portals.map((p: { value: string }) => p.value)).toEqual(DEMO.rep.portalIds.map(String));
    expect((await c.submit(agentHomeAction, "/agent-home", { choice: "direct" })).data.fieldErrors.portal).toBe(
      "validation.choosePlatform",
    );
    expect((await c.submit(agentHomeAction, "/agent-home", { choice: "direct", portal: "3" })).data.fieldErrors.portal).toBe(
      "validation.choosePlatform",
    );
    expect((await c.submit(agentHomeAction, "/agent-home", { choice: "group", portal: "1" })).data.fieldErrors.group).toBe(
      "validation.chooseGroup",
    );
    expect(
      (await c.submit(agentHomeAction, "/agent-home", { choice: "group", portal: "1", group: String(DEMO.groupNoLanding.id + 100) })).data
        .fieldErrors.group,
    ).toBe("validation.chooseGroup");
    const direct = await c.submit(agentHomeAction, "/agent-home", { choice: "direct", portal: "1" });
    expect(direct.location).toBe("/home");
    expect(await c.session()).toMatchObject({ enrollType: "new-member", eprocess: "rep", portalId: 1 });
    const group = await c.submit(agentHomeAction, "/agent-home", { choice: "group", portal: "2", group: String(DEMO.group.id) });
    expect(group.location).toBe("/home");
    const s = await c.session();
    expect(s).toMatchObject({ enrollType: "new-group-member", groupId: DEMO.group.id, portalId: 2 });
    expect(s.tempId).toBeUndefined();
  });

  it("agent home is for reps only, verified by a code: a cookie that only claims to be the rep opens nothing", async () => {
    const c = client();
    await c.setSession({ eprocess: "applicant", repAuthenticated: true });
    expect((await c.load(agentHomeLoader, "/agent-home")).location).toBe("/access");
    const claims = client();
    await claims.setSession({ eprocess: "rep", agentId: DEMO.rep.id, repAuthenticated: true });
    expect((await claims.load(agentHomeLoader, "/agent-home")).location).toBe("/access");
  });

  it("group home: Add New Employee and View Plans", async () => {
    const c = client();
    await c.setSession({ eprocess: "group", groupId: DEMO.group.id, repAuthenticated: true, tempId: 5 });
    expect((await c.submit(groupHomeAction, "/group-home", { intent: "add-employee" })).location).toBe("/home");
    const s = await c.session();
    expect(s).toMatchObject({ enrollType: "new-group-member", eprocess: "group", groupId: DEMO.group.id, portalId: DEMO.group.portalId });
    expect(s.tempId).toBeUndefined();
    expect((await c.submit(groupHomeAction, "/group-home", { intent: "view-plans" })).location).toBe("/plans");
  });

  it("member home greets the member and starts an existing-member enrollment from the tier", async () => {
    const memberId = DEMO.members.ids.underRep[0];
    // a member nothing in the session speaks for (no link held, no enrollment of hers, no staff) is nobody (ADR 033 addendum w8)
    const bare = client();
    await bare.setSession({ eprocess: "applicant", repAuthenticated: true, memberId, enrollType: "existing-member" });
    expect((await bare.load(memberHomeLoader, "/member-home")).data.member).toBeNull();
    expect(await bare.session()).not.toHaveProperty("memberId");
    // the member's verified rep (Current Members' choice) speaks for her
    const c = await signInRep(app, client());
    await c.setSession({ eprocess: "applicant", repAuthenticated: true, memberId });
    const page = await c.load(memberHomeLoader, "/member-home");
    expect(`${page.data.member.firstName} ${page.data.member.lastName}`).toBe(DEMO.members.underRep[0]);
    expect((await c.submit(memberHomeAction, "/member-home", { intent: "tier" })).data.fieldErrors.tier).toBe("validation.chooseTier");
    expect((await c.submit(memberHomeAction, "/member-home", { intent: "tier", tier: "IF" })).location).toBe(
      "/member-home?step=dependents&tier=IF",
    );
    const bad = await c.submit(memberHomeAction, "/member-home", {
      intent: "dependents",
      tier: "IF",
      spouseDob: "01/01/2020",
      childCount: "12",
    });
    expect(bad.data.fieldErrors).toEqual({ spouseDob: "validation.spouseAdult", childCount: "validation.childCount" });
    const ok = await c.submit(memberHomeAction, "/member-home", {
      intent: "dependents",
      tier: "IF",
      spouseDob: "04/12/1980",
      childCount: "2",
    });
    expect(ok.location).toBe("/plans");
    const s = await c.session();
    expect(s).toMatchObject({ enrollType: "existing-member", memberId });
    const enrollment = await app.store.db.selectFrom("enrollments").selectAll().where("id", "=", s.tempId!).executeTakeFirstOrThrow();
    expect(enrollment).toMatchObject({
      tier: "IF",
      enroll_type: "existing-member",
      type: "existing",
      member_id: memberId,
      spouse_birthdate: "1980-04-12",
      child_count: 2,
    });
  });

  it("Not My Site clears everything", async () => {
    const c = client();
    await c.setSession({ eprocess: "rep", agentId: 1, repAuthenticated: true, tempId: 3, over65: true });
    expect((await c.submit(notMySiteAction, "/not-my-site", {})).location).toBe("/access");
    expect(await c.session()).toEqual({});
    const rep = await signInRep(app, client());
    await rep.setSession({ tempId: 3, over65: true });
    expect((await rep.submit(notMySiteAction, "/not-my-site", {})).location).toBe("/access");
    expect(await rep.session()).toEqual({});
    expect((await rep.load(agentHomeLoader, "/agent-home")).location).toBe("/?next=%2Fagent-home");
  });
});
