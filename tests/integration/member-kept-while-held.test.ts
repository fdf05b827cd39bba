/**
 * The journeys the session's member rule (ADR 033 addendum w8) must not break: a member is kept
 * while this browser holds her link, one of her enrollments or its receipt, or while a verified rep
 * who chose her from his Current Members is signed in. A member who resumes her own enrollment in
 * another browser goes on through the wizard and the receipt, and is forgotten on Return to
 * homepage (as she is on Cancel Enrollment: member-link-kept-after-cancel.test.ts).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as memberHomeLoader } from "~/routes/_store.member-home";
import { loader as personalLoader } from "~/routes/enrollment.personal-info";
import { loader as reviewLoader, action as reviewAction } from "~/routes/enrollment.review-confirm";
import { loader as receiptLoader, action as receiptAction } from "~/routes/enrollment_.receipt";
import { action as continueAction } from "~/routes/continue-enrollment";
import { action as cartAction } from "~/routes/_store.cart";
import { action as agentMembersAction } from "~/routes/_store.agent-select-member";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient, signInRep } from "../support/staff";
import { openedAll } from "../support/outbox";
import { checkOut, markStepsDone } from "../support/journeys";
import { memberLink, memberStoreMembers, postMemberLink } from "../support/member-links";

const REVIEW = "/enrollment/review-confirm";

describeEachDatabase("the member a session keeps while something here speaks for her", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  it("a member who resumes her own enrollment keeps it through the wizard and the receipt, until Return to homepage", async () => {
    const member = (await memberStoreMembers(app))[0]!;
    // her link, on her laptop: into the wizard, every step but the review done, saved for later to her own address
    const laptop = newClient(app);
    expect((await postMemberLink(laptop, memberLink(app, member.id), { intent: "start" })).location).toBe("/plans");
    await checkOut(laptop, ["BSD-PPO-ESS"]);
    const id = (await laptop.session()).tempId!;
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    await markStepsDone(
      app,
      laptop,
      (JSON.parse(e.step_list!) as string[]).filter((s) => s !== "review_info"),
    );
    await laptop.submit(reviewAction, REVIEW, { intent: "send-resume", email: member.email! });
    const rows = await app.store.db.selectFrom("outbox").selectAll().where("kind", "=", "save_later").orderBy("id").execute();
    const code = /([A-Z2-9]{5}-[A-Z2-9]{5})/.exec(openedAll(app, rows).pop()!.text_body)![1]!;

    // on her phone, with the code: the enrollment and the member come with it
    const phone = newClient(app);
    expect((await phone.submit(continueAction, "/continue-enrollment", { code, email: member.email! })).location).toMatch(
      /^\/enrollment\//,
    );
    expect(await phone.session()).toMatchObject({ tempId: id, memberId: member.id });
    expect((await phone.load(memberHomeLoader, "/member-home")).data?.member).toMatchObject({ firstName: member.first_name });
    expect((await phone.load(personalLoader, "/enrollment/personal-info")).status).toBe(200);
    expect((await phone.load(reviewLoader, REVIEW)).status).toBe(200);

    // she completes it: the receipt keeps her
    expect((await phone.submit(reviewAction, REVIEW, { intent: "complete" })).location).toBe("/enrollment/receipt");
    expect((await phone.load(receiptLoader, "/enrollment/receipt")).data.confirmation).toMatch(/^BS-/);
    expect(await phone.session()).toMatchObject({ receiptId: id, memberId: member.id });
    expect((await phone.load(memberHomeLoader, "/member-home")).data?.member).toMatchObject({ firstName: member.first_name });

    // Return to homepage: nothing of hers is left in that browser
    await phone.submit(receiptAction, "/enrollment/receipt", {});
    expect((await phone.session()).memberId).toBeUndefined();
    expect((await phone.load(memberHomeLoader, "/member-home")).data?.member).toBeNull();
  });

  it("a verified rep keeps the member he chose from his Current Members after cancelling her enrollment", async () => {
    const memberId = DEMO.members.ids.underRep[0];
    const rep = await signInRep(app, newClient(app));
    expect(
      (await rep.submit(agentMembersAction, "/agent-select-member", { intent: "tier", memberId: String(memberId), tier: "IO" })).location,
    ).toBe("/plans");
    expect(await rep.session()).toMatchObject({ memberId, enrollType: "existing-member" });
    expect((await rep.submit(cartAction, "/cart", { intent: "cancel-enrollment" })).location).toBe("/plans");
    const s = await rep.session();
    expect(s.tempId).toBeUndefined();
    expect(s.memberId).toBe(memberId);
    expect((await rep.load(memberHomeLoader, "/member-home")).data?.member).not.toBeNull();
  });

  it("a member of another rep's is not kept in a verified rep's session", async () => {
    const rep = await signInRep(app, newClient(app));
    const other = await app.store.db
      .selectFrom("members")
      .select("id")
      .where((eb) => eb.or([eb("rep_id", "is", null), eb("rep_id", "!=", DEMO.rep.id)]))
      .executeTakeFirstOrThrow();
    await rep.setSession({ memberId: other.id, enrollType: "existing-member" });
    expect((await rep.session()).memberId).toBeUndefined();
  });
});
