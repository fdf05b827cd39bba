/**
 * Issue 26 #14: "Address line 2 never appears". The spec's contact, employer and billing steps
 * have address2; it is shown (optional) and what is typed in it is kept.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as contactLoader, action as contactAction } from "~/routes/enrollment.contact-info";
import { loader as billingLoader } from "~/routes/enrollment.billing-information";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { inWizard, markStepsDone } from "../support/journeys";
import { PERSONAL_FORM } from "../support/step-payloads";
import { action as personalAction } from "~/routes/enrollment.personal-info";

const CONTACT = {
  intent: "next",
  email: "ana.lopez@gmail.com",
  phone_number: "(214) 555-0234",
  address1: "100 Main St",
  address2: "Apt 4B",
  city: "Dallas",
  zip: "75201",
  state: "TX",
  with_validation: "1",
};

describeEachDatabase("address line 2 (issue 26 #14)", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  it("the contact step shows address line 2, optional, and keeps what is typed there", async () => {
    const { client } = await inWizard(app);
    expect((await client.submit(personalAction, "/enrollment/personal-info", PERSONAL_FORM)).location).toBe("/enrollment/contact-info");
    const page = (await client.load(contactLoader, "/enrollment/contact-info")).data;
    expect(page.rules.address2).toEqual({ shown: true, required: false, readOnly: false });
    const res = await client.submit(contactAction, "/enrollment/contact-info", CONTACT);
    expect(res.data?.fieldErrors).toBeUndefined();
    const id = (await client.session()).tempId!;
    const row = await app.store.db
      .selectFrom("enrollment_steps")
      .select("data")
      .where("enrollment_id", "=", id)
      .where("tab_name", "=", "contact_info")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.data).address2).toBe("Apt 4B");
    expect((await client.load(contactLoader, "/enrollment/contact-info")).data.values.address2).toBe("Apt 4B");
    // left empty, it is not required
    const empty = await client.submit(contactAction, "/enrollment/contact-info", { ...CONTACT, address2: "" });
    expect(empty.data?.fieldErrors).toBeUndefined();
  });

  it("the billing step shows it too (and the employer step's rules, for a group employee)", async () => {
    const { client } = await inWizard(app);
    const id = (await client.session()).tempId!;
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    const steps = JSON.parse(e.step_list!) as string[];
    const rules = await app.store.db
      .selectFrom("field_definitions")
      .select(["tab_name", "required", "optional"])
      .where("field_name", "=", "address2")
      .where("plan_id", "is", null)
      .execute();
    expect(rules.map((r) => [r.tab_name, r.required, r.optional]).sort()).toEqual([
      ["billing_info", 1, 1],
      ["contact_info", 1, 1],
      ["employer_info", 1, 1],
    ]);
    await markStepsDone(app, client, steps.slice(0, steps.indexOf("billing_info")));
    const billing = await client.load(billingLoader, "/enrollment/billing-information");
    expect(billing.data.rules.address2).toMatchObject({ shown: true, required: false });
  });
});
