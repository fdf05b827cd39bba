/**
 * Security review (w6, high): a Save & Continue Later e-mail outlived the code takeover of an
 * invitation link (ADR 023) or a member benefit store link (ADR 033). Whoever pressed Start first
 * on a forwarded link mailed himself a resume code and link; after the employee (or member) took
 * the enrollment over with the e-mailed code, that resume link put it back in the stranger's
 * browser (what she typed) — and, for a member link, the member into his session. Every change of
 * holder now ends the older resume codes and links (holdEnrollment), and a member link's code ends
 * those of the member's unfinished enrollments held by another browser.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as windowsAction } from "~/routes/_store.group-windows";
import { action as employeeAction } from "~/routes/_store.group-roster_.$id";
import { action as progressAction } from "~/routes/_store.group-progress";
import { action as homeAction } from "~/routes/_store.home";
import { action as personalAction } from "~/routes/enrollment.personal-info";
import { action as continueAction } from "~/routes/continue-enrollment";
import { loader as memberStoreLoader, action as memberStoreAction } from "~/routes/member-benefit-store.$id.$tier";
import * as direct from "~/routes/direct-continue.$id.$tab";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient, signInGroupAdmin } from "../support/staff";
import { openedAll } from "../support/outbox";
import { memberLink } from "../support/member-links";
import { addPlan, markStepsDone, checkOut } from "../support/journeys";
import type { TestClient } from "../support/client";
import { OPEN_WINDOW, invitationTokens, postInvitation, rosterEmployeeForm } from "../support/roster";

const STRANGER = "mallory@example.net";

describeEachDatabase("a resume e-mail does not outlive the code takeover of a link", (kind) => {
  let app: TestApp;
  let admin: TestClient;
  const db = () => app.store.db;
  const mails = async (k: string) =>
    openedAll(app, await db().selectFrom("outbox").selectAll().where("kind", "=", k).orderBy("id").execute());
  const post = postInvitation;
  const holderOf = async (id: number) =>
    (await db().selectFrom("enrollments").select("holder").where("id", "=", id).executeTakeFirstOrThrow()).holder;

  beforeAll(async () => {
    app = await createTestApp(kind);
    app.clock.now = new Date("2026-11-10T15:00:00Z");
    admin = await signInGroupAdmin(app);
    await admin.submit(windowsAction, "/group-windows", OPEN_WINDOW);
    await admin.submit(
      employeeAction,
      "/group-roster/new",
      rosterEmployeeForm({ ref: "RT-1", first: "Elena", email: "elena@example.com" }),
      {
        params: { id: "new" },
      },
    );
    await admin.submit(progressAction, "/group-progress", { intent: "invite", audience: "pending" });
  });
  afterAll(() => app.close());

  /** The checked-out enrollment of `c` goes to the wizard, and `c` mails itself a Save & Continue Later e-mail. */
  async function checkOutAndMailResume(c: TestClient) {
    await checkOut(c);
    const sent = await c.submit(personalAction, "/enrollment/personal-info", { intent: "send-resume", email: STRANGER });
    expect(sent.location).toContain("sent=1");
    const mail = (await mails("save_later")).pop()!;
    const m = /\/direct-continue\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec(mail.text_body!)!;
    const code = /([A-Z2-9]{5}-[A-Z2-9]{5})/.exec(mail.text_body!)![1]!;
    return { code, link: { path: m[0], params: { id: m[1]!, tab: m[2]! } } };
  }

  /** The stranger's resume link and code open nothing any more (the link's "used" page, the code's "already used"). */
  async function resumeRefused(c: TestClient, saved: Awaited<ReturnType<typeof checkOutAndMailResume>>) {
    const page = await c.load(direct.loader, saved.link.path, saved.link.params);
    expect([page.status, page.data]).toEqual([410, { state: "used" }]);
    const back = await c.submit(direct.action, saved.link.path, { intent: "continue" }, { params: saved.link.params });
    expect([back.location, back.status, back.data]).toEqual([null, 410, { state: "used" }]);
    const byCode = await c.submit(continueAction, "/continue-enrollment", { code: saved.code, email: STRANGER });
    expect(byCode.location).toBeNull();
    expect(byCode.data.fieldErrors.code).toBe("validation.resumeUsed");
    const s = await c.session();
    expect(s.tempId).toBeUndefined();
    expect(s.memberId).toBeUndefined();
  }

  it("invitation: the employee's code ends the resume link and code the stranger who pressed Start first mailed himself", async () => {
    const token = (await invitationTokens(app, "elena@example.com"))[0]!;
    const stranger = newClient(app);
    expect((await post(stranger, token, { intent: "start" })).location).toBe("/home");
    const id = (await stranger.session()).tempId!;
    await stranger.submit(homeAction, "/home", {
      intent: "quote",
      zip: "75201",
      dob: "01/13/1980",
      gender: "1",
      spouseDob: "",
      childCount: "0",
      smoker: "",
      category: "dental",
    });
    await addPlan(stranger, "BSD-PPO-ESS");
    const saved = await checkOutAndMailResume(stranger);

    // the employee takes her enrollment over with the code e-mailed to the roster address (ADR 023)
    const elena = newClient(app);
    expect((await post(elena, token, { intent: "start" })).location).toBe(`/invitation/${token}?refused=needsCode`);
    expect((await post(elena, token, { intent: "send-code" })).location).toBe(`/invitation/${token}?refused=codeSent`);
    const code = /\b(\d{6})\b/.exec((await mails("employee_code")).pop()!.text_body!)![1]!;
    expect((await post(elena, token, { intent: "verify-code", code })).location).not.toContain("refused");
    expect((await elena.session()).tempId).toBe(id);
    await markStepsDone(app, elena, ["primary_info"]);
    const held = await holderOf(id);

    await resumeRefused(stranger, saved);
    await resumeRefused(newClient(app), saved);
    // she still holds it
    expect(await holderOf(id)).toBe(held);
    expect((await elena.session()).tempId).toBe(id);
  });

  it("member link: the member's code ends the resume link and code the first presser mailed himself", async () => {
    const member = (await db().selectFrom("members").selectAll().where("group_id", "=", 1929).orderBy("id").execute())[0]!;
    const l = memberLink(app, member.id);
    const stranger = newClient(app);
    expect((await stranger.submit(memberStoreAction, l.path, { intent: "start" }, { params: l.params })).location).toBe("/plans");
    const id = (await stranger.session()).tempId!;
    await addPlan(stranger, "BSD-PPO-ESS");
    const saved = await checkOutAndMailResume(stranger);

    // the member takes the link back with the code e-mailed to her address on file (ADR 033)
    const owner = newClient(app);
    await owner.submit(memberStoreAction, l.path, { intent: "send-code" }, { params: l.params });
    const code = /\b(\d{6})\b/.exec((await mails("member_code")).pop()!.text_body!)![1]!;
    expect((await owner.submit(memberStoreAction, l.path, { intent: "verify-code", code }, { params: l.params })).location).toBe("/plans");
    expect((await owner.session()).memberId).toBe(member.id);

    // a fresh browser of the stranger: the link refuses it, and so does the resume e-mail now
    const later = newClient(app);
    expect((await later.load(memberStoreLoader, l.path, l.params)).data).toMatchObject({ state: "code", name: null });
    await resumeRefused(later, saved);
    const enrollment = await db().selectFrom("enrollments").select(["member_id", "holder"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(enrollment.member_id).toBe(member.id);
    // the member still holds the link
    expect((await owner.load(memberStoreLoader, l.path, l.params)).location).toBe("/plans");
    expect((await owner.session()).memberId).toBe(member.id);
  });
});
