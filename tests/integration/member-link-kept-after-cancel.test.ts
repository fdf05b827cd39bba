/**
 * Security review (w8, authorization). ADR 033's addendum closes "losing the hold ends the link,
 * not the session" for a browser the first presser (a forwarded member link) resumed his enrollment
 * in: the session drops the member together with the enrollment held elsewhere. It relies on that
 * session still naming the enrollment (`tempId`). A session made by a resume (restoreSession) holds
 * the member (`memberId`) without the link's `memberLinkUntil`, so nothing else ever checks it —
 * and Cancel Enrollment in the cart drops `tempId` but keeps `memberId`. The stranger cancels in his
 * second browser before the member takes her link back, and that browser stays the member's for
 * good: the member home greets her and starts new enrollments as her, with her identity on file
 * (name, date of birth, SSN last four, address; her saved bank account and cards in billing).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as memberHomeLoader, action as memberHomeAction } from "~/routes/_store.member-home";
import { action as personalAction } from "~/routes/enrollment.personal-info";
import { action as continueAction } from "~/routes/continue-enrollment";
import { action as cartAction } from "~/routes/_store.cart";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient } from "../support/staff";
import { openedAll } from "../support/outbox";
import { checkOut } from "../support/journeys";
import { memberLink, memberStoreMembers, postMemberLink, takeLinkWithCode } from "../support/member-links";

describeEachDatabase("a member link's stranger keeps the member after cancelling the resumed enrollment", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  it("once the member takes her link back, the stranger's resumed browser knows nothing of her", async () => {
    const member = (await memberStoreMembers(app))[0]!;
    const l = memberLink(app, member.id);
    // 1. the stranger (a forwarded mail) presses the button first and checks out into the wizard
    const stranger = newClient(app);
    expect((await postMemberLink(stranger, l, { intent: "start" })).location).toBe("/plans");
    await checkOut(stranger, ["BSD-PPO-ESS"]);
    const id = (await stranger.session()).tempId!;
    // 2. he saves for later to his own address and resumes in a second browser of his
    await stranger.submit(personalAction, "/enrollment/personal-info", { intent: "send-resume", email: "mallory@example.net" });
    const rows = await app.store.db.selectFrom("outbox").selectAll().where("kind", "=", "save_later").orderBy("id").execute();
    const code = /([A-Z2-9]{5}-[A-Z2-9]{5})/.exec(openedAll(app, rows).pop()!.text_body)![1]!;
    const second = newClient(app);
    expect((await second.submit(continueAction, "/continue-enrollment", { code, email: "mallory@example.net" })).location).toMatch(
      /^\/enrollment\//,
    );
    expect(await second.session()).toMatchObject({ tempId: id, memberId: member.id });
    // 3. there he cancels that enrollment (the cart's Cancel Enrollment): tempId goes, memberId stays
    expect((await second.submit(cartAction, "/cart", { intent: "cancel-enrollment" })).location).toBe("/plans");

    // 4. the member takes her link back with the code e-mailed to her
    await takeLinkWithCode(app, l, member.email!);

    // the stranger's second browser must know nothing of her now (ADR 033 addendum, ADR 001)
    const home = await second.load(memberHomeLoader, "/member-home");
    expect(JSON.stringify(home.data ?? null)).not.toContain(member.first_name);
    expect((await second.session()).memberId).toBeUndefined();
    // nor start an enrollment as her
    const before = await app.store.db.selectFrom("enrollments").select("id").where("member_id", "=", member.id).execute();
    await second.submit(memberHomeAction, "/member-home", { tier: "IO" });
    const after = await app.store.db.selectFrom("enrollments").select("id").where("member_id", "=", member.id).execute();
    expect(after.length).toBe(before.length);
  });
});
