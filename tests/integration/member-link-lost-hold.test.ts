/**
 * ADR 033's known limit, closed: "losing the hold ends the link, not the session". A browser that
 * pressed a member link's button first (a forwarded mail) kept the member in its session after the
 * member took the link back with her code: its member home greeted her by name and its enrollment
 * (the member's on file) went on in the wizard, prefilled, until that session ended (20 minutes idle,
 * 12 hours). Now every read of a session that came in by a member link checks that this browser
 * still holds the link; one that no longer does forgets the member and the enrollment.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as memberHomeLoader } from "~/routes/_store.member-home";
import { loader as personalLoader, action as personalAction } from "~/routes/enrollment.personal-info";
import { action as continueAction } from "~/routes/continue-enrollment";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient } from "../support/staff";
import { openedAll } from "../support/outbox";
import { checkOut } from "../support/journeys";
import {
  memberLink,
  memberLinkPage,
  memberStoreMembers,
  postMemberLink,
  takeLinkWithCode,
  type MemberLinkPath,
} from "../support/member-links";

describeEachDatabase("a browser that lost a member link's hold loses the member", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  /** The first presser (a forwarded mail) in the store as the member, checked out into the wizard. */
  const strangerInWizard = async (l: MemberLinkPath) => {
    const stranger = newClient(app);
    expect((await postMemberLink(stranger, l, { intent: "start" })).location).toBe("/plans");
    await checkOut(stranger, ["BSD-PPO-ESS"]);
    return stranger;
  };

  it("the first presser's member home, cart and wizard forget the member once she takes the link back", async () => {
    const member = (await memberStoreMembers(app))[0]!;
    const l = memberLink(app, member.id);
    const stranger = await strangerInWizard(l);
    // before: the stranger's wizard has the member's details (the known limit of ADR 033)
    expect(JSON.stringify((await stranger.load(personalLoader, "/enrollment/personal-info")).data)).toContain(member.first_name);
    expect((await stranger.load(memberHomeLoader, "/member-home")).data?.member).toMatchObject({ firstName: member.first_name });

    const owner = await takeLinkWithCode(app, l, member.email!);

    // after: nothing of the member in the stranger's browser
    const home = await stranger.load(memberHomeLoader, "/member-home");
    expect(JSON.stringify(home.data ?? null)).not.toContain(member.first_name);
    const personal = await stranger.load(personalLoader, "/enrollment/personal-info");
    expect(personal.status).not.toBe(200);
    expect(JSON.stringify(personal.data ?? null)).not.toContain(member.first_name);
    const session = await stranger.session();
    expect(session.memberId).toBeUndefined();
    expect(session.tempId).toBeUndefined();
    // the member goes on
    expect((await owner.load(memberHomeLoader, "/member-home")).data?.member).toMatchObject({ firstName: member.first_name });
    expect((await owner.session()).memberId).toBe(member.id);
  });

  it("a browser the first presser resumed his enrollment in (by his own resume e-mail) loses it and the member too", async () => {
    const member = (await memberStoreMembers(app))[0]!;
    const l = memberLink(app, member.id);
    const stranger = await strangerInWizard(l);
    const id = (await stranger.session()).tempId!;
    await stranger.submit(personalAction, "/enrollment/personal-info", { intent: "send-resume", email: "mallory@example.net" });
    const rows = await app.store.db.selectFrom("outbox").selectAll().where("kind", "=", "save_later").orderBy("id").execute();
    const code = /([A-Z2-9]{5}-[A-Z2-9]{5})/.exec(openedAll(app, rows).pop()!.text_body)![1]!;
    // resumed in a second browser of his before the member takes the link back
    const second = newClient(app);
    expect((await second.submit(continueAction, "/continue-enrollment", { code, email: "mallory@example.net" })).location).toMatch(
      /^\/enrollment\//,
    );
    expect(await second.session()).toMatchObject({ tempId: id, memberId: member.id });

    await takeLinkWithCode(app, l, member.email!);

    const personal = await second.load(personalLoader, "/enrollment/personal-info");
    expect(JSON.stringify(personal.data ?? null)).not.toContain(member.first_name);
    const s = await second.session();
    expect(s.tempId).toBeUndefined();
    expect(s.memberId).toBeUndefined();
    expect(JSON.stringify((await second.load(memberHomeLoader, "/member-home")).data ?? null)).not.toContain(member.first_name);
  });

  it("the holder keeps the member on every read; a session that came in another way is not touched", async () => {
    const member = (await memberStoreMembers(app))[1]!;
    const l = memberLink(app, member.id, "IF");
    const holder = newClient(app);
    expect((await postMemberLink(holder, l, { intent: "start" })).location).toBe("/member-home?step=dependents&tier=IF");
    for (let i = 0; i < 3; i++)
      expect((await holder.load(memberHomeLoader, "/member-home?step=dependents&tier=IF")).data).toMatchObject({
        member: { firstName: member.first_name },
      });
    // a link of another member taken back elsewhere changes nothing here
    const other = (await memberStoreMembers(app))[0]!;
    const l2 = memberLink(app, other.id);
    await postMemberLink(newClient(app), l2, { intent: "start" });
    await takeLinkWithCode(app, l2, other.email!);
    expect((await holder.load(memberHomeLoader, "/member-home?step=dependents&tier=IF")).data).toMatchObject({
      member: { firstName: member.first_name },
    });
    // the link page, GET, in the holder's browser still goes on
    expect((await memberLinkPage(holder, l)).location).toBe("/member-home?step=dependents&tier=IF");
  });
});
