import { afterAll, beforeAll, expect, it } from "vitest";
import { action as personalAction } from "~/routes/enrollment.personal-info";
import { action as contactAction } from "~/routes/enrollment.contact-info";
import { loader as employerLoader, action as employerAction } from "~/routes/enrollment.employer-info";
import { loader as frameLoader } from "~/routes/enrollment";
import { DEMO } from "~/.server/db/seed";
import { loadWizard } from "~/.server/wizard/steps";
import { screenOf, type TabName } from "~/domain/wizard-steps";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import type { TestClient } from "../support/client";
import { inWizard, EMPLOYER_FORM } from "../support/journeys";

const HERE = "/enrollment/employer-info";
const PERSONAL = {
  intent: "next",
  first_name: "Ana",
  last_name: "Lopez",
  height_feet: "5",
  height_inch: "6",
  weight: "140",
  marital_status: "1",
  ssn: "123-45-6789",
  prior_coverage_flag: "0",
};
const CONTACT = {
  intent: "next",
  email: "ana.lopez@gmail.com",
  phone_number: "2145550234",
  address1: "4410 Gaston Avenue",
  city: "Dallas",
  zip: "75246",
  state: "TX",
  with_validation: "1",
};
/** An employee of the demo group (Acme Logistics), so the employer tab is in the step list. */
const GROUP_SESSION = {
  eprocess: "group",
  groupId: DEMO.group.id,
  enrollType: "new-group-member",
  repAuthenticated: true,
  portalId: DEMO.portals.employer.id,
};

const GOOD: Record<string, string> = {
  ...EMPLOYER_FORM,
  "holiday_policy.Birthday": "1",
};

describeEachDatabase("wizard: employer information", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  /** Through personal and contact information by their own actions, to the employer step. */
  async function atEmployer(o: { plans?: string[]; session?: Record<string, unknown> } = {}) {
    const { client, first } = await inWizard(app, { session: o.session ?? GROUP_SESSION, plans: o.plans });
    expect(first).toBe("/enrollment/personal-info");
    const personal = await client.submit(personalAction, first, PERSONAL);
    expect(personal.location, JSON.stringify(personal.data)).toBe("/enrollment/contact-info");
    const contact = await client.submit(contactAction, "/enrollment/contact-info", CONTACT);
    expect(contact.location, JSON.stringify(contact.data)).toBe(HERE);
    return client;
  }

  async function employerRow(client: TestClient) {
    const id = (await client.session()).tempId!;
    return app.store.db
      .selectFrom("enrollment_steps")
      .selectAll()
      .where("enrollment_id", "=", id)
      .where("tab_name", "=", "employer_info")
      .executeTakeFirst();
  }

  async function nextAfterEmployer(client: TestClient) {
    const frame = await client.load(frameLoader, HERE);
    const tabs = frame.data.progress.map((p: { tab: string }) => p.tab) as string[];
    return tabs[tabs.indexOf("employer_info") + 1];
  }

  it("prefills the employer's name, phone and address from the group; no Skip without an IHA plan", async () => {
    const client = await atEmployer();
    const frame = await client.load(frameLoader, HERE);
    expect(frame.data.progress.map((p: { tab: string }) => p.tab)).toEqual([
      "primary_info",
      "contact_info",
      "employer_info",
      "agreement_info",
      "billing_info",
      "review_info",
    ]);
    const page = await client.load(employerLoader, HERE);
    expect(page.status).toBe(200);
    expect(page.data.values).toMatchObject({
      name: "Acme Logistics Inc.",
      phone: "(214) 555-0160",
      address1: "1845 Commerce Street",
      city: "Dallas",
      state: "TX",
      zip: "75201",
      with_validation: "1",
      holiday_policy: {},
    });
    expect(page.data.fromGroup).toBe(true);
    expect(page.data.canSkip).toBe(false);
    expect(page.data.defaultEmail).toBe("ana.lopez@gmail.com");
    expect(page.data.rules.holiday_policy).toEqual({ shown: true, required: true, readOnly: false });
    // address line 2 is shown and optional (issue 26 #14)
    expect(page.data.rules.address2).toEqual({ shown: true, required: false, readOnly: false });
    expect(page.data.choices.employment_status).toEqual(["A", "C", "R"]);
    expect(page.data.options.holiday_policy.map((o: { value: string }) => o.value)).toEqual([
      "Standard_6",
      "Presendents_Day",
      "Columbus_Day",
      "Religious_Days",
      "Birthday",
      "Floating_Day",
    ]);
    expect(page.data.options.emp_industry.length).toBeGreaterThan(5);
  });

  it("is not reachable before contact information is done", async () => {
    const { client } = await inWizard(app, { session: GROUP_SESSION });
    expect((await client.load(employerLoader, HERE)).location).toBe("/enrollment/personal-info");
  });

  it.each([
    [{ name: "" }, "name", "validation.required"],
    [{ name: "<b>Acme</b>" }, "name", "validation.employerName"],
    [{ name: "A".repeat(101) }, "name", "validation.employerName"],
    [{ name: "Acme; DROP TABLE" }, "name", "validation.employerName"],
    [{ phone: "" }, "phone", "validation.required"],
    [{ phone: "214-555" }, "phone", "validation.phoneFormat"],
    [{ phone: "phone" }, "phone", "validation.phoneFormat"],
    [{ address1: "" }, "address1", "validation.required"],
    [{ address1: "<script>" }, "address1", "validation.plainText"],
    [{ city: "Dallas!" }, "city", "validation.plainText"],
    [{ zip: "7520" }, "zip", "validation.zipFormat"],
    [{ zip: "" }, "zip", "validation.required"],
    [{ zip: "00000" }, "zip", "validation.zipInvalid"],
    [{ state: "T1" }, "state", "validation.state"],
    [{ average_work_week: "" }, "average_work_week", "validation.required"],
    [{ average_work_week: "80" }, "average_work_week", "validation.required"],
    [{ compensation_type: "CASH" }, "compensation_type", "validation.required"],
    [{ employment_status: "" }, "employment_status", "validation.required"],
    [{ employment_status: "X" }, "employment_status", "validation.required"],
    [{ employment_status: "R" }, "employment_status", "validation.retiredEmployer"],
    [{ emp_industry: "mining" }, "emp_industry", "validation.required"],
    [{ emp_vac_policy: "" }, "emp_vac_policy", "validation.required"],
    [{ emp_barg_unit: "TEAMSTERS" }, "emp_barg_unit", "validation.required"],
    [{ employment_start_date: "" }, "employment_start_date", "validation.required"],
    [{ employment_start_date: "02/30/2019" }, "employment_start_date", "validation.invalidDate"],
    [{ employment_start_date: "2019-03-01" }, "employment_start_date", "validation.invalidDate"],
    [{ employment_start_date: "01/01/2099" }, "employment_start_date", "validation.futureDate"],
    [{ occupation: "" }, "occupation", "validation.required"],
    [{ occupation: "<i>Driver</i>" }, "occupation", "validation.plainText"],
    [{ emp_num_employed: "" }, "emp_num_employed", "validation.required"],
    [{ emp_num_employed: "0" }, "emp_num_employed", "validation.employeeCount"],
    [{ emp_num_employed: "1000001" }, "emp_num_employed", "validation.employeeCount"],
    [{ emp_num_employed: "12.5" }, "emp_num_employed", "validation.employeeCount"],
    [{ emp_num_employed: "ten" }, "emp_num_employed", "validation.employeeCount"],
    [{ "holiday_policy.Standard_6": "", "holiday_policy.Birthday": "" }, "holiday_policy", "validation.holidayPolicy"],
    [
      { "holiday_policy.Standard_6": "", "holiday_policy.Birthday": "", "holiday_policy.Christmas": "1" },
      "holiday_policy",
      "validation.holidayPolicy",
    ],
  ])("refuses %j (%s: %s) and saves nothing", async (bad, name, message) => {
    const client = await atEmployer();
    const fields = Object.fromEntries(Object.entries({ ...GOOD, ...bad }).filter(([, v]) => v !== ""));
    const res = await client.submit(employerAction, HERE, fields);
    expect(res.status, JSON.stringify(res.data)).toBe(422);
    expect(res.data.fieldErrors[name]).toBe(message);
    expect(await employerRow(client)).toBeUndefined();
  });

  it("shows every problem at once", async () => {
    const client = await atEmployer();
    const res = await client.submit(employerAction, HERE, { intent: "next", zip: "00000", employment_status: "R" });
    expect(res.status).toBe(422);
    expect(res.data.fieldErrors).toMatchObject({
      name: "validation.required",
      phone: "validation.required",
      address1: "validation.required",
      city: "validation.required",
      zip: "validation.zipInvalid",
      state: "validation.required",
      average_work_week: "validation.required",
      employment_start_date: "validation.required",
      occupation: "validation.required",
      compensation_type: "validation.required",
      employment_status: "validation.retiredEmployer",
      emp_industry: "validation.required",
      emp_num_employed: "validation.required",
      emp_vac_policy: "validation.required",
      emp_barg_unit: "validation.required",
      holiday_policy: "validation.holidayPolicy",
    });
  });

  it("retired employment blocks progress: refused, nothing saved, the step stays open", async () => {
    const client = await atEmployer();
    const res = await client.submit(employerAction, HERE, { ...GOOD, employment_status: "R" });
    expect(res.status).toBe(422);
    expect(res.location).toBeNull();
    expect(res.data.fieldErrors).toEqual({ employment_status: "validation.retiredEmployer" });
    expect(await employerRow(client)).toBeUndefined();
    expect((await client.load(employerLoader, HERE)).status).toBe(200);
  });

  it("saves a valid step as JSON (holiday flags, ISO date, state from the ZIP) and moves to the next step", async () => {
    const client = await atEmployer();
    const next = await nextAfterEmployer(client);
    expect(next).toBe("agreement_info");
    // without JavaScript nothing filled the state: the server sets it from the ZIP
    const res = await client.submit(employerAction, HERE, { ...GOOD, state: "OK", emp_num_employed: "1,200" });
    expect(res.location, JSON.stringify(res.data)).toBe("/enrollment/agreement-signature");
    const row = await employerRow(client);
    expect(row?.completed_at).not.toBeNull();
    expect(JSON.parse(row!.data)).toEqual({
      name: "Acme Logistics Inc.",
      phone: "2145550160",
      address1: "1845 Commerce Street",
      city: "Dallas",
      zip: "75201",
      state: "TX",
      with_validation: 1,
      average_work_week: "40+",
      employment_start_date: "2019-03-01",
      occupation: "Warehouse lead",
      compensation_type: "G20",
      employment_status: "A",
      emp_industry: "transportation",
      emp_num_employed: 1200,
      emp_vac_policy: "TWO_WEEKS",
      emp_barg_unit: "NONE",
      holiday_policy: { Standard_6: 1, Presendents_Day: 0, Columbus_Day: 0, Religious_Days: 0, Birthday: 1, Floating_Day: 0 },
    });
    const id = (await client.session()).tempId!;
    expect(
      (await app.store.db.selectFrom("enrollments").select("saved_tab").where("id", "=", id).executeTakeFirstOrThrow()).saved_tab,
    ).toBe("agreement_info");
    // coming back shows what was saved, not the group's defaults
    const page = await client.load(employerLoader, HERE);
    expect(page.data.values).toMatchObject({
      occupation: "Warehouse lead",
      employment_start_date: "03/01/2019",
      emp_num_employed: "1200",
      phone: "(214) 555-0160",
      holiday_policy: { Standard_6: "1", Birthday: "1" },
    });
    expect(page.data.fromGroup).toBe(false);
  });

  it("accepts the holiday policy as a repeated field too, and counts the applicant alone as 1", async () => {
    const client = await atEmployer();
    const fields: Record<string, string | string[]> = {
      ...GOOD,
      emp_num_employed: "1",
      holiday_policy: ["Columbus_Day", "Floating_Day", "Bogus"],
    };
    delete fields["holiday_policy.Standard_6"];
    delete fields["holiday_policy.Birthday"];
    expect((await client.submit(employerAction, HERE, fields)).location).toBe("/enrollment/agreement-signature");
    const data = JSON.parse((await employerRow(client))!.data);
    expect(data.holiday_policy).toEqual({
      Standard_6: 0,
      Presendents_Day: 0,
      Columbus_Day: 1,
      Religious_Days: 0,
      Birthday: 0,
      Floating_Day: 1,
    });
    expect(data.emp_num_employed).toBe(1);
  });

  it("Save & Continue Later keeps a draft without finishing the step", async () => {
    const client = await atEmployer();
    const res = await client.submit(employerAction, HERE, { ...GOOD, intent: "save-later", occupation: "Dispatcher" });
    expect(res.location).toBe(`${HERE}?dialog=save-later`);
    const row = await employerRow(client);
    expect(row).toBeDefined();
    expect(row!.completed_at).toBeNull();
    expect(JSON.parse(row!.data)).toMatchObject({ occupation: "Dispatcher", employment_start_date: "2019-03-01" });
    const page = await client.load(employerLoader, `${HERE}?dialog=save-later`);
    expect(page.data.dialog).toBe("save-later");
    expect(page.data.values.occupation).toBe("Dispatcher");
    // the step is not done: the next step stays closed and sends the visitor back here
    const refused = await loadWizard(
      app.services,
      { request: client.request("/enrollment/agreement-signature"), context: client.loadContext() },
      "agreement_info",
    ).catch((r: unknown) => r);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("location")).toBe(HERE);
    // an unfinished form is kept as typed (a draft); the checked data stays as it was
    const partial = await client.submit(employerAction, HERE, { intent: "save-later", occupation: "Driver" });
    expect(partial.location).toBe(`${HERE}?dialog=save-later`);
    expect(JSON.parse((await employerRow(client))!.data).occupation).toBe("Dispatcher");
    expect((await client.load(employerLoader, HERE)).data.values).toMatchObject({ occupation: "Driver", name: "" });
  });

  it("refuses Skip when the cart holds no IHA plan, and saves nothing", async () => {
    const client = await atEmployer();
    const res = await client.submit(employerAction, HERE, { intent: "skip" });
    expect(res.status).toBe(403);
    expect(res.location).toBeNull();
    expect(res.data.formError).toBe("validation.skipNotAllowed");
    expect(await employerRow(client)).toBeUndefined();
  });

  it("offers Skip with an IHA plan in the cart; skipping finishes the step and moves on", async () => {
    const client = await atEmployer({ plans: [DEMO.plans.iha] });
    const page = await client.load(employerLoader, HERE);
    expect(page.data.canSkip).toBe(true);
    const next = await nextAfterEmployer(client);
    const res = await client.submit(employerAction, HERE, { intent: "skip" });
    expect(res.location).toMatch(/^\/enrollment\//);
    expect(res.location).not.toBe(HERE);
    expect(res.location).toBe(`/enrollment/${screenOf(next as TabName)}`);
    const row = await employerRow(client);
    expect(row?.completed_at).not.toBeNull();
    expect(JSON.parse(row!.data)).toEqual({ skipped: true });
    // coming back: the form is offered again with the group's defaults
    const again = await client.load(employerLoader, HERE);
    expect(again.data.skipped).toBe(true);
    expect(again.data.values.name).toBe("Acme Logistics Inc.");
  });

  it("an IHA plan brings the step to a member without a group: no defaults, Skip offered", async () => {
    const client = await atEmployer({ plans: [DEMO.plans.iha], session: {} });
    const page = await client.load(employerLoader, HERE);
    expect(page.data.canSkip).toBe(true);
    expect(page.data.fromGroup).toBe(false);
    expect(page.data.values).toMatchObject({ name: "", phone: "", address1: "", zip: "" });
  });
});
