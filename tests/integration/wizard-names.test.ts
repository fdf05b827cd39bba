/**
 * Real names pass wherever a name is checked (issue 13, point 9): the account holder name the
 * billing step prefills from the personal step ("John O'Neil") no longer fails its own rule,
 * and apostrophes (straight or curly), hyphens, periods and accented letters are accepted in
 * every name field — while digits only, markup and symbols are still refused.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as billingLoader, action as billingAction } from "~/routes/enrollment.billing-information";
import { action as personalAction } from "~/routes/enrollment.personal-info";
import { action as contactAction } from "~/routes/enrollment.contact-info";
import { action as beneficiaryAction } from "~/routes/enrollment.beneficiary-info";
import { action as dependentAction } from "~/routes/enrollment.dependent-information";
import { action as employerAction } from "~/routes/enrollment.employer-info";
import { action as agreementAction } from "~/routes/enrollment.agreement-signature";
import { action as cartAction } from "~/routes/_store.cart";
import { todayIso } from "~/domain/dates";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import type { TestClient } from "../support/client";
import { addPlan, inWizard, markStepsDone, quotedClient, type JourneyOptions, EMPLOYER_FORM } from "../support/journeys";

const PERSONAL = {
  intent: "next",
  height_feet: "5",
  height_inch: "6",
  weight: "140",
  marital_status: "1",
  ssn: "123-45-6789",
  prior_coverage_flag: "0",
};
const CONTACT = {
  intent: "next",
  email: "john.oneil@gmail.com",
  phone_number: "2145550234",
  address1: "100 Main St",
  city: "Dallas",
  zip: "75201",
  state: "TX",
  birth_state: "TX",
  birth_city: "Dallas",
  with_validation: "1",
};
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
/** Refused in every name field: digits only, markup, braces, an e-mail's @. */
const NOT_NAMES = ["12345", "<b>Ana</b>", "{Ana}", "ana@example.com"];

describeEachDatabase("wizard: real names pass every name rule", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  /** Steps before `tab` done; the personal step saved through its action with this name. */
  async function at(tab: string, o: JourneyOptions = {}, name = { first_name: "John", last_name: "O'Neil" }) {
    const { client } = await inWizard(app, o);
    const personal = await client.submit(personalAction, "/enrollment/personal-info", { ...PERSONAL, ...name });
    expect(personal.location, JSON.stringify(personal.data)).toBe("/enrollment/contact-info");
    const id = (await client.session()).tempId!;
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    const steps = JSON.parse(e.step_list!) as string[];
    await markStepsDone(app, client, steps.slice(1, steps.indexOf(tab)));
    return { client, id };
  }

  it("the personal step takes O'Neil, O’Neil, Zoë, José Peña-Ruiz, St. John; refuses digits and markup", async () => {
    for (const [first_name, last_name] of [
      ["Zoë", "O’Neil"],
      ["José", "Peña-Ruiz"],
      ["Mary Jo", "St. John"],
    ]) {
      const { client } = await inWizard(app);
      const res = await client.submit(personalAction, "/enrollment/personal-info", { ...PERSONAL, first_name, last_name });
      expect(res.location, `${first_name} ${last_name}: ${JSON.stringify(res.data)}`).toBe("/enrollment/contact-info");
    }
    const { client } = await inWizard(app);
    for (const bad of NOT_NAMES) {
      const res = await client.submit(personalAction, "/enrollment/personal-info", { ...PERSONAL, first_name: bad, last_name: bad });
      expect(res.data.fieldErrors, bad).toMatchObject({ first_name: "validation.firstName", last_name: "validation.lastName" });
    }
    expect(
      (await client.submit(personalAction, "/enrollment/personal-info", { ...PERSONAL, first_name: "   ", last_name: "Lopez" })).data
        .fieldErrors.first_name,
    ).toBe("validation.required");
  });

  it("billing: the prefilled account holder name 'John O'Neil' saves as it is", async () => {
    const { client } = await at("billing_info");
    const page = await client.load(billingLoader, "/enrollment/billing-information");
    expect(page.data.values.account_name).toBe("John O'Neil");
    const bank = {
      intent: "next",
      payment_method: "eft",
      bill_date: "15",
      routing_number: "021000021",
      bank_name: "Chase",
      account_name: page.data.values.account_name,
      account_number: "40417220356789",
      account_type: "checking",
      account_holder_type: "individual",
    };
    const res = await client.submit(billingAction, "/enrollment/billing-information", bank);
    expect(res.location, JSON.stringify(res.data)).toBe("/enrollment/review-confirm");
    for (const bad of [...NOT_NAMES, "Ana2"]) {
      expect(
        (await client.submit(billingAction, "/enrollment/billing-information", { ...bank, account_name: bad })).data.fieldErrors
          .account_name,
        bad,
      ).toBe("validation.accountName");
    }
    expect(
      (await client.submit(billingAction, "/enrollment/billing-information", { ...bank, account_name: "  " })).data.fieldErrors
        .account_name,
    ).toBe("validation.required");
    // a company holds the account: digits and & are part of real company names
    expect(
      (
        await client.submit(billingAction, "/enrollment/billing-information", {
          ...bank,
          account_name: "O'Neil & Sons 2 LLC",
          account_holder_type: "company",
        })
      ).location,
    ).toBe("/enrollment/review-confirm");
    expect(
      (
        await client.submit(billingAction, "/enrollment/billing-information", {
          ...bank,
          account_name: "12345",
          account_holder_type: "company",
        })
      ).data.fieldErrors.account_name,
    ).toBe("validation.accountName");
  });

  it("billing: the names on a card take Zoë O’Neil-Smith", async () => {
    const { client } = await at("billing_info");
    const year = String(Number(todayIso(app.clock.now).slice(0, 4)) + 2);
    const card = {
      intent: "next",
      payment_method: "cc",
      bill_date: "28",
      first_name_on_cc: "Zoë",
      last_name_on_cc: "O’Neil-Smith",
      card_number: "4111111111111111",
      expiration_month: "12",
      expiration_year: year,
      security_code: "123",
      address1: "500 Elm St",
      city: "Dallas",
      state: "TX",
      zip: "75201",
    };
    expect((await client.submit(billingAction, "/enrollment/billing-information", card)).location).toBe("/enrollment/review-confirm");
    const bad = await client.submit(billingAction, "/enrollment/billing-information", {
      ...card,
      first_name_on_cc: "{Zoë}",
      last_name_on_cc: "12345",
    });
    expect(bad.data.fieldErrors).toMatchObject({ first_name_on_cc: "validation.firstName", last_name_on_cc: "validation.lastName" });
  });

  it("beneficiaries: José Peña and D’Arcy St. John are added; markup is refused", async () => {
    const { client } = await inWizard(app, { plans: ["SML-TERM20"] });
    expect(
      (await client.submit(personalAction, "/enrollment/personal-info", { ...PERSONAL, first_name: "John", last_name: "O'Neil" })).location,
    ).toBe("/enrollment/contact-info");
    expect((await client.submit(contactAction, "/enrollment/contact-info", CONTACT)).location).toBe("/enrollment/beneficiary-info");
    const add = (fields: Record<string, string>) =>
      client.submit(beneficiaryAction, "/enrollment/beneficiary-info?dialog=add", {
        intent: "add",
        birthdate: "05/17/1990",
        relationship: "spouse",
        ssn: "234-56-7890",
        beneficiary_percentage: "50",
        ...fields,
      });
    for (const bad of NOT_NAMES)
      expect((await add({ first_name: bad, last_name: "Peña" })).data.fieldErrors.first_name, bad).toBe("validation.firstName");
    expect((await add({ first_name: "José", last_name: "Peña" })).status).toBe(302);
    expect(
      (await add({ first_name: "D’Arcy", last_name: "St. John", relationship: "child", birthdate: "09/02/2015", ssn: "345-67-8901" }))
        .status,
    ).toBe(302);
    const id = (await client.session()).tempId!;
    const rows = await app.store.db
      .selectFrom("beneficiaries")
      .select(["first_name", "last_name"])
      .where("enrollment_id", "=", id)
      .orderBy("position")
      .execute();
    expect(rows).toEqual([
      { first_name: "José", last_name: "Peña" },
      { first_name: "D’Arcy", last_name: "St. John" },
    ]);
  });

  it("dependents: Zoë O’Neil is added; digits only are refused", async () => {
    const { client, id } = await at("dependent_info", { spouseDob: "05/05/1985", childCount: "0" });
    const spouse = {
      intent: "add",
      relationship: "spouse",
      gender: "1",
      birthdate: "05/05/1985",
      ssn: "456-78-9012",
      weight: "120",
      height_feet: "5",
      height_inch: "4",
      is_legally_disabled: "0",
    };
    const add = (fields: Record<string, string>) =>
      client.submit(dependentAction, "/enrollment/dependent-information?dialog=add", { ...spouse, ...fields });
    for (const bad of NOT_NAMES)
      expect((await add({ first_name: "Zoë", last_name: bad })).data.fieldErrors.last_name, bad).toBe("validation.lastName");
    const ok = await add({ first_name: "Zoë", last_name: "O’Neil" });
    expect(ok.status, JSON.stringify(ok.data)).toBe(302);
    const rows = await app.store.db.selectFrom("dependents").select(["first_name", "last_name"]).where("enrollment_id", "=", id).execute();
    expect(rows).toEqual([{ first_name: "Zoë", last_name: "O’Neil" }]);
  });

  it("employer: O’Neil’s Café & Co. is a company name; digits alone are not", async () => {
    const session = {
      eprocess: "group",
      groupId: DEMO.group.id,
      enrollType: "new-group-member",
      repAuthenticated: true,
      portalId: DEMO.portals.employer.id,
    };
    const { client } = await at("employer_info", { session });
    const employer: Record<string, string> = { ...EMPLOYER_FORM, name: "O’Neil’s Café & Co." };
    for (const bad of NOT_NAMES)
      expect(
        (await client.submit(employerAction, "/enrollment/employer-info", { ...employer, name: bad })).data.fieldErrors.name,
        bad,
      ).toBe("validation.employerName");
    const ok = await client.submit(employerAction, "/enrollment/employer-info", employer);
    expect(ok.status, JSON.stringify(ok.data)).toBe(302);
  });

  it("agreement: the broker's name takes Siobhán O’Brien-Ní Bhriain", async () => {
    const session = { eprocess: "rep", agentId: DEMO.rep.id, repAuthenticated: true, portalId: 1, enrollType: "new-member" };
    const { client } = await at("agreement_info", { session });
    const page = await client.load((await import("~/routes/enrollment.agreement-signature")).loader, "/enrollment/agreement-signature");
    const ticks = Object.fromEntries(
      (page.data.agreements as Array<{ id: number; required: boolean }>).filter((a) => a.required).map((a) => [`agreement_${a.id}`, "1"]),
    );
    const submit = (agent_name: string) =>
      client.submit(agreementAction, "/enrollment/agreement-signature", {
        intent: "next",
        ...ticks,
        esign_consent: "1",
        signature: PNG,
        agent_name,
        agent_code: DEMO.rep.code,
      });
    for (const bad of NOT_NAMES) expect((await submit(bad)).data.fieldErrors.agent_name, bad).toBe("validation.validName");
    expect((await submit("Siobhán O’Brien-Ní Bhriain")).location).toBe("/enrollment/billing-information");
  });

  it("Save Cart: the quote's name takes St. John O’Neil; digits only are refused", async () => {
    const c: TestClient = await quotedClient(app);
    await addPlan(c, "BSD-PPO-ESS");
    const send = (name: string) =>
      c.submit(cartAction, "/cart?dialog=save", { intent: "send-quote", name, email: "john.oneil@gmail.com", message: "" });
    for (const bad of NOT_NAMES) expect((await send(bad)).data.fieldErrors.name, bad).toBe("validation.validName");
    expect((await send("St. John O’Neil")).location).toMatch(/^\/cart\?dialog=quote-sent/);
  });
});
