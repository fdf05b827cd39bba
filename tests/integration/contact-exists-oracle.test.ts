/**
 * "Email Already Exists." / "Phone already exists" (enrollment-wizard §2.5) tells whoever types an
 * address whether it is a member's. Enrollments are free, so unbounded it is a way to learn who is
 * insured here, one address after another (security review w10). A client gets at most
 * CONTACT_TAKEN_LIMIT such answers an hour; after that every address or number it checks is
 * refused with a wait — taken or not, so the refusal says nothing — and nothing is saved.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as personalAction } from "~/routes/enrollment.personal-info";
import { action as contactAction } from "~/routes/enrollment.contact-info";
import { DEMO } from "~/.server/db/seed";
import { CONTACT_TAKEN_LIMIT } from "~/.server/wizard/contact";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { inWizard } from "../support/journeys";

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
  address1: "100 Main St",
  address2: "",
  city: "Dallas",
  zip: "75201",
  state: "TX",
  with_validation: "1",
};
const HERE = "/enrollment/contact-info";

describeEachDatabase("contact step: 'already exists' answers are bounded per client", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  async function onContact(ip: string) {
    const { client } = await inWizard(app);
    client.clientIp = ip;
    expect((await client.submit(personalAction, "/enrollment/personal-info", PERSONAL)).location).toBe(HERE);
    return client;
  }

  it("after the limit, a taken and a free address get the same refusal, and the step is not saved", async () => {
    const member = await app.store.db
      .selectFrom("members")
      .select("email")
      .where("id", "=", DEMO.members.ids.underRep[0])
      .executeTakeFirstOrThrow();
    const c = await onContact("198.51.100.91");
    for (let i = 0; i < CONTACT_TAKEN_LIMIT.max; i++) {
      const res = await c.submit(contactAction, HERE, { ...CONTACT, email: member.email! });
      expect(res.data.fieldErrors.email).toBe("validation.emailExists");
    }
    const taken = await c.submit(contactAction, HERE, { ...CONTACT, email: member.email! });
    expect(taken.status).toBe(429);
    expect(taken.data.fieldErrors.email).toBe("validation.tooManyContactChecks");
    const free = await c.submit(contactAction, HERE, { ...CONTACT, email: "someone.new@gmail.com" });
    expect(free.status).toBe(429);
    expect(free.data.fieldErrors.email).toBe("validation.tooManyContactChecks");
    const id = (await c.session()).tempId!;
    const step = await app.store.db
      .selectFrom("enrollment_steps")
      .select("completed_at")
      .where("enrollment_id", "=", id)
      .where("tab_name", "=", "contact_info")
      .executeTakeFirst();
    expect(step?.completed_at ?? null).toBeNull();

    // another client is not affected; an hour later this one is not either
    const other = await onContact("198.51.100.92");
    expect((await other.submit(contactAction, HERE, { ...CONTACT, email: member.email! })).data.fieldErrors.email).toBe(
      "validation.emailExists",
    );
    app.clock.now = new Date(app.clock.now.getTime() + CONTACT_TAKEN_LIMIT.windowMs + 1);
    expect((await c.submit(contactAction, HERE, { ...CONTACT, email: "someone.new@gmail.com" })).location).not.toBeUndefined();
  });

  it("addresses nobody has are never counted: a client may correct its address as often as it likes", async () => {
    const c = await onContact("198.51.100.93");
    for (let i = 0; i < CONTACT_TAKEN_LIMIT.max + 3; i++) {
      const res = await c.submit(contactAction, HERE, { ...CONTACT, email: `new.person${i}@gmail.com`, intent: "save-later" });
      expect(res.location).toBe(`${HERE}?dialog=save-later`);
    }
    expect((await c.submit(contactAction, HERE, { ...CONTACT, email: "ana.new@gmail.com" })).location).toBeDefined();
  });
});
