/**
 * A refused post changes nothing (issue 16): the actions that used to write before they could
 * still refuse. Review & Confirm saved the notes before checking the intent (an unknown intent
 * answered 400 with the notes saved), and before the signature-by-text check and Complete's own
 * checks; the contact step kept its draft when no code could be sent.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { action as contactAction } from "~/routes/enrollment.contact-info";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { inWizard, markStepsDone, type JourneyOptions } from "../support/journeys";

const REVIEW = "/enrollment/review-confirm";
const CONTACT = "/enrollment/contact-info";
const REP_SESSION = { eprocess: "rep", agentId: DEMO.rep.id, repAuthenticated: true, portalId: 1, enrollType: "new-member" };

describeEachDatabase("refused posts change nothing", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  async function at(tab: string, o: JourneyOptions = {}) {
    const { client } = await inWizard(app, o);
    const id = (await client.session()).tempId!;
    const steps = JSON.parse(
      (await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow()).step_list!,
    ) as string[];
    await markStepsDone(app, client, steps.slice(0, steps.indexOf(tab)));
    return { client, id };
  }
  const enrollment = (id: number) =>
    app.store.db
      .selectFrom("enrollments")
      .select(["additional_notes", "send_sms", "updated_at", "status"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("review: an unknown intent is refused (400) before the notes are saved", async () => {
    const { client, id } = await at("review_info");
    const before = await enrollment(id);
    const res = await client.submit(reviewAction, REVIEW, { intent: "publish", additional_notes: "call me" });
    expect(res.status).toBe(400);
    expect(await enrollment(id)).toEqual(before);
    // Save & Continue Later still keeps them
    expect((await client.submit(reviewAction, REVIEW, { intent: "save-later", additional_notes: "call me" })).location).toBe(
      `${REVIEW}?dialog=save-later`,
    );
    expect((await enrollment(id)).additional_notes).toBe("call me");
  });

  it("review: Complete refused by its checks keeps nothing and gives the notes back as typed", async () => {
    const { client, id } = await at("review_info");
    // the contact step is marked done, but what it holds no longer passes (Complete checks again)
    await app.store.db
      .updateTable("enrollment_steps")
      .set({ data: JSON.stringify({ email: "not an address" }) })
      .where("enrollment_id", "=", id)
      .where("tab_name", "=", "contact_info")
      .execute();
    const before = await enrollment(id);
    const res = await client.submit(reviewAction, REVIEW, { intent: "complete", additional_notes: "after 5pm" });
    expect(res.status).toBe(422);
    expect(res.data.problems.map((p: { tab: string }) => p.tab)).toContain("contact_info");
    expect(res.data.notes).toBe("after 5pm");
    expect(await enrollment(id)).toEqual(before);
  });

  it("review: the signature-by-text box left empty is refused before anything is saved", async () => {
    const { client, id } = await at("review_info", { session: REP_SESSION });
    await app.store.db
      .updateTable("enrollment_steps")
      .set({ data: JSON.stringify({ method: null, signed_at: null, eprocess: "rep", agreements: [] }) })
      .where("enrollment_id", "=", id)
      .where("tab_name", "=", "agreement_info")
      .execute();
    const before = await enrollment(id);
    const res = await client.submit(reviewAction, REVIEW, { intent: "complete", additional_notes: "x" });
    expect(res.status).toBe(422);
    expect(res.data.fieldErrors.send_sms).toBe("validation.signatureByText");
    expect(await enrollment(id)).toEqual(before);
  });

  it("contact: Verify when no code may be sent (locked) keeps no draft", async () => {
    const { client, id } = await at("contact_info");
    const row = () =>
      app.store.db
        .selectFrom("enrollment_steps")
        .selectAll()
        .where("enrollment_id", "=", id)
        .where("tab_name", "=", "contact_info")
        .executeTakeFirst();
    const before = await row();
    await app.store.db
      .insertInto("rate_limits")
      .values({ key: `otp-fail:${id}`, window_start: new Date().toISOString(), count: 1000 })
      .execute();
    const res = await client.submit(contactAction, CONTACT, {
      intent: "verify-email",
      email: "new.address@gmail.com",
      phone_number: "2145550234",
      address1: "1 Elm St",
      city: "Dallas",
      zip: "75201",
      state: "TX",
      with_validation: "1",
    });
    expect(res.status).toBe(422);
    expect(res.data.fieldErrors.email).toBe("validation.otpLocked");
    expect(await row()).toEqual(before);
  });
});
