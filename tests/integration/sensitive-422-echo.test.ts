/**
 * Security review (where sensitive data ends up): a refused post must not send a typed SSN back
 * to the browser. The pages themselves never do ("An SSN on file is shown masked, never sent back
 * in the page": registry/personal.ts; the roster and billing strip the numbers from a refusal), but
 * the wizard's personal, beneficiary and dependent steps answer a 422 whose `repopulateFields`
 * carries the whole SSN as typed — into the HTML of the no-JavaScript page, the browser's cache and
 * anything that records responses.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as personalAction } from "~/routes/enrollment.personal-info";
import { action as contactAction } from "~/routes/enrollment.contact-info";
import { action as beneficiaryAction } from "~/routes/enrollment.beneficiary-info";
import { action as dependentAction } from "~/routes/enrollment.dependent-information";
import { findEnrollment } from "~/.server/repositories/enrollments";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { inWizard, markStepsDone } from "../support/journeys";
import { PERSONAL_FORM } from "../support/step-payloads";

const WHOLE = (ssn: string) => new RegExp(`${ssn.slice(0, 3)}-?${ssn.slice(3, 5)}-?${ssn.slice(5)}`);

describeEachDatabase("a refused wizard post never echoes a typed SSN (security review)", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  it("personal information: a refusal for another field leaves the SSN out of the 422", async () => {
    const { client } = await inWizard(app);
    const res = await client.submit(personalAction, "/enrollment/personal-info", { ...PERSONAL_FORM, first_name: "" });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.data)).not.toMatch(WHOLE("123456789"));
  });

  it("a beneficiary: a refusal for another field leaves the SSN out of the 422", async () => {
    const { client } = await inWizard(app, { plans: ["SML-TERM20"] });
    expect((await client.submit(personalAction, "/enrollment/personal-info", PERSONAL_FORM)).status).toBe(302);
    const contact = await client.submit(contactAction, "/enrollment/contact-info", {
      intent: "next",
      email: "ana.lopez@gmail.com",
      phone_number: "2145550234",
      address1: "100 Main St",
      city: "Dallas",
      zip: "75201",
      state: "TX",
      birth_state: "TX",
      birth_city: "Dallas",
      with_validation: "1",
    });
    expect(contact.location, JSON.stringify(contact.data)).toBe("/enrollment/beneficiary-info");
    const res = await client.submit(beneficiaryAction, "/enrollment/beneficiary-info?dialog=add", {
      intent: "add",
      first_name: "",
      last_name: "Lopez",
      birthdate: "05/17/1990",
      relationship: "spouse",
      ssn: "234-56-7890",
      beneficiary_percentage: "60",
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.data)).not.toMatch(WHOLE("234567890"));
  });

  it("a dependent: a refusal for another field leaves the SSN out of the 422", async () => {
    const { client } = await inWizard(app, { spouseDob: "05/05/1985", childCount: "0", plans: ["BSD-PPO-ESS"] });
    const steps: string[] = JSON.parse((await findEnrollment(app.store.db, (await client.session()).tempId!))!.step_list ?? "[]");
    await markStepsDone(app, client, steps.slice(0, steps.indexOf("dependent_info")));
    const res = await client.submit(dependentAction, "/enrollment/dependent-information?dialog=add", {
      intent: "add",
      relationship: "spouse",
      first_name: "",
      last_name: "Lopez",
      gender: "1",
      birthdate: "05/05/1985",
      ssn: "456-78-9012",
      weight: "120",
      height_feet: "5",
      height_inch: "4",
      is_legally_disabled: "0",
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.data)).not.toMatch(WHOLE("456789012"));
  });
});
