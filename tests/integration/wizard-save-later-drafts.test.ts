/**
 * Save & Continue Later keeps a step exactly as typed, valid or not (issue 13, point 4): the
 * resumed step (by the e-mailed code, the direct link, or a reload) shows it; an invalid draft
 * leaves the step unfinished; an SSN typed into a draft is never stored in clear.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ActionFunctionArgs } from "@remix-run/node";
import { loader as personalLoader, action as personalAction } from "~/routes/enrollment.personal-info";
import { loader as contactLoader, action as contactAction } from "~/routes/enrollment.contact-info";
import { loader as employerLoader, action as employerAction } from "~/routes/enrollment.employer-info";
import { action as continueAction } from "~/routes/continue-enrollment";
import { loader as directLoader, action as directAction } from "~/routes/direct-continue.$id.$tab";
import { DEMO } from "~/.server/db/seed";
import { loadWizard } from "~/.server/wizard/steps";
import type { TabName } from "~/domain/wizard-steps";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { inWizard } from "../support/journeys";
import { opened } from "../support/outbox";

const PERSONAL_URL = "/enrollment/personal-info";
const CONTACT_URL = "/enrollment/contact-info";
const EMPLOYER_URL = "/enrollment/employer-info";

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
  phone_number: "(214) 555-0234",
  address1: "4410 Gaston Avenue",
  address2: "",
  city: "Dallas",
  zip: "75246",
  state: "TX",
  with_validation: "1",
};
const GROUP_SESSION = {
  eprocess: "group",
  groupId: DEMO.group.id,
  enrollType: "new-group-member",
  repAuthenticated: true,
  portalId: DEMO.portals.employer.id,
};

/** Typing with several mistakes: a bad last name, inches, SSN and prior-coverage date. */
const PERSONAL_TYPED = {
  first_name: "Ana ",
  last_name: "Lopez2",
  height_feet: "5",
  height_inch: "13",
  weight: "140",
  marital_status: "1",
  ssn: "123-45-678",
  prior_coverage_flag: "1",
  prior_carrier_name: "Acme Health",
  prior_effective_date: "13/45/2020",
  prior_term_date: "",
};
const CONTACT_TYPED = {
  email: "ana@",
  phone_number: "12345",
  address1: "100 Main St",
  address2: "Apt <4>",
  city: "Dallas",
  zip: "7520",
  state: "TX",
  with_validation: "",
};
const EMPLOYER_TYPED = {
  name: "Acme Logistics Inc.",
  phone: "214-555",
  address1: "1845 Commerce Street",
  address2: "",
  city: "Dallas",
  zip: "752",
  state: "TX",
  with_validation: "1",
  average_work_week: "40+",
  employment_start_date: "02/30/20",
  occupation: "Dispatcher",
  compensation_type: "",
  employment_status: "A",
  emp_industry: "transportation",
  emp_num_employed: "lots",
  emp_vac_policy: "TWO_WEEKS",
  emp_barg_unit: "",
};

type Action = (args: ActionFunctionArgs) => unknown;

describeEachDatabase("wizard: Save & Continue Later keeps what was typed", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  const enrollmentId = async (c: TestClient) => (await c.session()).tempId!;
  const stepRow = async (c: TestClient, tab: TabName) =>
    app.store.db
      .selectFrom("enrollment_steps")
      .selectAll()
      .where("enrollment_id", "=", await enrollmentId(c))
      .where("tab_name", "=", tab)
      .executeTakeFirst();

  /** The visitor may not go past `tab`: the step after it sends them back. */
  async function stepStillRequired(c: TestClient, tab: TabName, url: string) {
    const row = await stepRow(c, tab);
    expect(row?.completed_at ?? null).toBeNull();
    const refused = await loadWizard(
      app.services,
      { request: c.request("/enrollment/review-confirm"), context: c.loadContext() },
      "review_info",
    ).catch((r: unknown) => r);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("location")).toBe(url);
  }

  /** Sends the save-for-later e-mail from the step's dialog; returns the code and the direct link. */
  async function sendResume(c: TestClient, action: Action, url: string) {
    const email = `resume.${Math.random().toString(36).slice(2)}@gmail.com`;
    expect((await c.submit(action, `${url}?dialog=save-later`, { intent: "send-resume", email })).location).toBe(
      `${url}?dialog=save-later&sent=1`,
    );
    const mail = opened(
      app,
      await app.store.db
        .selectFrom("outbox")
        .selectAll()
        .where("recipient", "=", email)
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirstOrThrow(),
    );
    return {
      email,
      code: /([A-Z2-9]{5}-[A-Z2-9]{5})/.exec(mail.text_body)![1],
      link: /\/direct-continue\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec(mail.text_body)!,
    };
  }

  /** A new browser that continues by the e-mailed code. */
  async function resumeByCode(sent: { email: string; code: string }, url: string) {
    const fresh = new TestClient(app.services);
    fresh.clientIp = `192.0.2.${Math.floor(Math.random() * 200) + 20}`;
    expect((await fresh.submit(continueAction, "/continue-enrollment", { code: sent.code, email: sent.email })).location).toBe(url);
    return fresh;
  }

  /** A new browser that continues by the e-mailed direct link. */
  async function resumeByLink(sent: { link: RegExpExecArray }, url: string) {
    const fresh = new TestClient(app.services);
    // the link's page writes nothing; its Continue button resumes (issue 23)
    expect((await fresh.load(directLoader, sent.link[0], { id: sent.link[1], tab: sent.link[2] })).location).toBeNull();
    expect(
      (await fresh.submit(directAction, sent.link[0], { intent: "continue" }, { params: { id: sent.link[1], tab: sent.link[2] } }))
        .location,
    ).toBe(url);
    return fresh;
  }

  /** No column of the step's row holds the value in clear. */
  async function notInClear(c: TestClient, tab: TabName, ...values: string[]) {
    const row = JSON.stringify(await stepRow(c, tab));
    for (const v of values) expect(row).not.toContain(v);
  }

  // ---- personal information

  it("personal: invalid typing saved for later comes back exactly, by the code, the link and a reload; the step stays unfinished", async () => {
    let { client } = await inWizard(app);
    const res = await client.submit(personalAction, PERSONAL_URL, { ...PERSONAL_TYPED, intent: "save-later" });
    expect(res.location).toBe(`${PERSONAL_URL}?dialog=save-later`);
    const sent = await sendResume(client, personalAction, PERSONAL_URL);

    const reloaded = await client.load(personalLoader, `${PERSONAL_URL}?dialog=save-later`);
    expect(reloaded.data.values).toMatchObject(PERSONAL_TYPED);
    // each browser that resumes it holds it from then on (the one before loses it: issue 23); an
    // e-mail opens once (ADR 003): the browser holding it saves for later again before the link is tried
    for (const resume of [
      () => resumeByCode(sent, PERSONAL_URL),
      async () => resumeByLink(await sendResume(client, personalAction, PERSONAL_URL), PERSONAL_URL),
    ]) {
      const other = await resume();
      const page = await other.load(personalLoader, PERSONAL_URL);
      expect(page.status).toBe(200);
      expect(page.data.values).toMatchObject(PERSONAL_TYPED);
      expect(page.data.ssnLast4).toBeNull();
      expect((await client.session()).tempId).toBeUndefined();
      client = other;
    }
    await stepStillRequired(client, "primary_info", PERSONAL_URL);
    // the mistyped SSN is stored, but never in clear
    await notInClear(client, "primary_info", "123-45-678", "12345678");
    // Next checks it all, as ever
    const next = await client.submit(personalAction, PERSONAL_URL, { ...PERSONAL_TYPED, intent: "next" });
    expect(next.status).toBe(422);
    expect(next.data.fieldErrors).toMatchObject({
      last_name: "validation.lastName",
      height_inch: "validation.inch",
      ssn: "validation.ssn",
      prior_effective_date: "validation.invalidDate",
    });
  });

  it("personal: a valid draft is kept (SSN on file, masked) without finishing the step; Next then finishes it and the draft is gone", async () => {
    const { client } = await inWizard(app);
    expect((await client.submit(personalAction, PERSONAL_URL, { ...PERSONAL, first_name: "Anabel", intent: "save-later" })).location).toBe(
      `${PERSONAL_URL}?dialog=save-later`,
    );
    const other = await resumeByCode(await sendResume(client, personalAction, PERSONAL_URL), PERSONAL_URL);
    const page = await other.load(personalLoader, PERSONAL_URL);
    expect(page.data.values).toMatchObject({
      first_name: "Anabel",
      last_name: "Lopez",
      height_feet: "5",
      height_inch: "6",
      weight: "140",
      marital_status: "1",
      prior_coverage_flag: "0",
    });
    expect(page.data.values.ssn ?? "").toBe("");
    expect(page.data.ssnLast4).toBe("6789");
    expect(JSON.stringify(page.data)).not.toContain("123456789");
    await notInClear(other, "primary_info", "123456789", "123-45-6789");
    await stepStillRequired(other, "primary_info", PERSONAL_URL);
    // Next with the box left empty keeps the SSN on file and finishes the step
    expect((await other.submit(personalAction, PERSONAL_URL, { ...PERSONAL, first_name: "Anabel", ssn: "" })).location).toBe(CONTACT_URL);
    expect((await stepRow(other, "primary_info"))!.completed_at).not.toBeNull();
    // typed afresh and saved with Next: the page shows what was saved, not an old draft
    expect((await other.submit(personalAction, PERSONAL_URL, { ...PERSONAL_TYPED, intent: "save-later" })).location).toBe(
      `${PERSONAL_URL}?dialog=save-later`,
    );
    expect((await other.submit(personalAction, PERSONAL_URL, { ...PERSONAL, first_name: "Anna" })).location).toBe(CONTACT_URL);
    const after = await other.load(personalLoader, PERSONAL_URL);
    expect(after.data.values).toMatchObject({ first_name: "Anna", last_name: "Lopez", height_inch: "6" });
    expect(after.data.values.ssn ?? "").toBe("");
  });

  it("personal: an invalid draft of a finished step makes it unfinished again, so the later steps wait for it", async () => {
    const { client } = await inWizard(app);
    expect((await client.submit(personalAction, PERSONAL_URL, PERSONAL)).location).toBe(CONTACT_URL);
    expect((await client.submit(personalAction, PERSONAL_URL, { ...PERSONAL, weight: "0", intent: "save-later" })).location).toBe(
      `${PERSONAL_URL}?dialog=save-later`,
    );
    expect((await client.load(personalLoader, PERSONAL_URL)).data.values.weight).toBe("0");
    expect((await client.load(contactLoader, CONTACT_URL)).location).toBe(PERSONAL_URL);
    await stepStillRequired(client, "primary_info", PERSONAL_URL);
  });

  it("personal: Enter Enroller Code without JavaScript keeps the typing (a draft), opens the dialog by URL, and the typing is there after the code", async () => {
    const { client } = await inWizard(app);
    const open = await client.submit(personalAction, PERSONAL_URL, { ...PERSONAL_TYPED, intent: "enroller-dialog" });
    expect(open.location).toBe(`${PERSONAL_URL}?dialog=enroller`);
    const dialog = await client.load(personalLoader, `${PERSONAL_URL}?dialog=enroller`);
    expect(dialog.data.dialog).toBe("enroller");
    expect(dialog.data.values).toMatchObject(PERSONAL_TYPED);
    expect(
      (await client.submit(personalAction, `${PERSONAL_URL}?dialog=enroller`, { intent: "enroller-code", enrollerCode: DEMO.rep.code }))
        .location,
    ).toBe(PERSONAL_URL);
    const back = await client.load(personalLoader, PERSONAL_URL);
    expect(back.data.enrollerCode).toBe(DEMO.rep.code);
    expect(back.data.values).toMatchObject(PERSONAL_TYPED);
    await notInClear(client, "primary_info", "123-45-678", "12345678");
    await stepStillRequired(client, "primary_info", PERSONAL_URL);
  });

  // ---- contact information

  async function onContact(session?: Record<string, unknown>) {
    const { client } = await inWizard(app, session ? { session } : {});
    expect((await client.submit(personalAction, PERSONAL_URL, PERSONAL)).location).toBe(CONTACT_URL);
    return client;
  }

  it("contact: invalid typing (a bad e-mail, phone and ZIP) saved for later comes back exactly; the step stays unfinished", async () => {
    let client = await onContact();
    expect((await client.submit(contactAction, CONTACT_URL, { ...CONTACT_TYPED, intent: "save-later" })).location).toBe(
      `${CONTACT_URL}?dialog=save-later`,
    );
    const sent = await sendResume(client, contactAction, CONTACT_URL);
    // an e-mail opens once (ADR 003): the browser holding it saves for later again before the link is tried
    for (const resume of [
      async () => client,
      () => resumeByCode(sent, CONTACT_URL),
      async () => resumeByLink(await sendResume(client, contactAction, CONTACT_URL), CONTACT_URL),
    ]) {
      const other = await resume();
      client = other;
      const page = await other.load(contactLoader, CONTACT_URL);
      expect(page.status).toBe(200);
      expect(page.data.values).toMatchObject(CONTACT_TYPED);
      expect(page.data.flags).toEqual({ email: false, phone: false });
    }
    await stepStillRequired(client, "contact_info", CONTACT_URL);
    const next = await client.submit(contactAction, CONTACT_URL, { ...CONTACT_TYPED, intent: "next" });
    expect(next.data.fieldErrors).toMatchObject({
      email: "validation.emailFormat",
      phone_number: "validation.phoneFormat",
      zip: "validation.zipFormat",
    });
  });

  it("contact: a ZIP of no state, or an address taken by another member, is a draft too: kept as typed, the step unfinished", async () => {
    const client = await onContact();
    expect((await client.submit(contactAction, CONTACT_URL, CONTACT)).location).not.toBe(CONTACT_URL);
    expect(
      (await client.submit(contactAction, CONTACT_URL, { ...CONTACT, zip: "00000", city: "Nowhere", intent: "save-later" })).location,
    ).toBe(`${CONTACT_URL}?dialog=save-later`);
    const page = await client.load(contactLoader, CONTACT_URL);
    expect(page.data.values).toMatchObject({ zip: "00000", city: "Nowhere", phone_number: "(214) 555-0234" });
    await stepStillRequired(client, "contact_info", CONTACT_URL);

    const member = await app.store.db
      .selectFrom("members")
      .select("email")
      .where("id", "=", DEMO.members.ids.underRep[0])
      .executeTakeFirstOrThrow();
    expect((await client.submit(contactAction, CONTACT_URL, { ...CONTACT, email: member.email!, intent: "save-later" })).location).toBe(
      `${CONTACT_URL}?dialog=save-later`,
    );
    expect((await client.load(contactLoader, CONTACT_URL)).data.values.email).toBe(member.email);
    await stepStillRequired(client, "contact_info", CONTACT_URL);
    expect((await client.submit(contactAction, CONTACT_URL, { ...CONTACT, email: member.email! })).data.fieldErrors.email).toBe(
      "validation.emailExists",
    );
  });

  it("contact: a valid draft is kept without finishing the step", async () => {
    const client = await onContact();
    expect((await client.submit(contactAction, CONTACT_URL, { ...CONTACT, address2: "Suite 5", intent: "save-later" })).location).toBe(
      `${CONTACT_URL}?dialog=save-later`,
    );
    const other = await resumeByLink(await sendResume(client, contactAction, CONTACT_URL), CONTACT_URL);
    const page = await other.load(contactLoader, CONTACT_URL);
    expect(page.data.values).toMatchObject({
      email: "ana.lopez@gmail.com",
      phone_number: "(214) 555-0234",
      address1: "4410 Gaston Avenue",
      address2: "Suite 5",
      city: "Dallas",
      zip: "75246",
      state: "TX",
      with_validation: "1",
    });
    await stepStillRequired(other, "contact_info", CONTACT_URL);
    expect((await other.submit(contactAction, CONTACT_URL, { ...CONTACT, address2: "Suite 5" })).location).not.toBe(CONTACT_URL);
    expect((await stepRow(other, "contact_info"))!.completed_at).not.toBeNull();
  });

  // ---- employer information

  async function atEmployer() {
    const client = await onContact(GROUP_SESSION);
    expect((await client.submit(contactAction, CONTACT_URL, CONTACT)).location).toBe(EMPLOYER_URL);
    return client;
  }

  it("employer: invalid typing (a bad phone, ZIP, date and count) saved for later comes back exactly, holidays included; the step stays unfinished", async () => {
    let client = await atEmployer();
    const res = await client.submit(employerAction, EMPLOYER_URL, {
      ...EMPLOYER_TYPED,
      "holiday_policy.Standard_6": "1",
      "holiday_policy.Birthday": "1",
      intent: "save-later",
    });
    expect(res.location).toBe(`${EMPLOYER_URL}?dialog=save-later`);
    const sent = await sendResume(client, employerAction, EMPLOYER_URL);
    for (const resume of [async () => client, () => resumeByCode(sent, EMPLOYER_URL)]) {
      const other = await resume();
      client = other;
      const page = await other.load(employerLoader, EMPLOYER_URL);
      expect(page.status).toBe(200);
      expect(page.data.values).toMatchObject({ ...EMPLOYER_TYPED, holiday_policy: { Standard_6: "1", Birthday: "1" } });
      expect(page.data.fromGroup).toBe(false);
    }
    await stepStillRequired(client, "employer_info", EMPLOYER_URL);
    const next = await client.submit(employerAction, EMPLOYER_URL, { ...EMPLOYER_TYPED, intent: "next" });
    expect(next.data.fieldErrors).toMatchObject({
      phone: "validation.phoneFormat",
      zip: "validation.zipFormat",
      employment_start_date: "validation.invalidDate",
      emp_num_employed: "validation.employeeCount",
    });
  });

  it("employer: a cleared field stays cleared in the draft (the group's default does not come back)", async () => {
    const client = await atEmployer();
    expect((await client.submit(employerAction, EMPLOYER_URL, { ...EMPLOYER_TYPED, name: "", intent: "save-later" })).location).toBe(
      `${EMPLOYER_URL}?dialog=save-later`,
    );
    const page = await client.load(employerLoader, EMPLOYER_URL);
    expect(page.data.values.name).toBe("");
    expect(page.data.values.holiday_policy).toEqual({});
  });
});
