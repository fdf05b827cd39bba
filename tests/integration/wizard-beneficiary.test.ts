import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as personalAction } from "~/routes/enrollment.personal-info";
import { action as contactAction } from "~/routes/enrollment.contact-info";
import { loader, action } from "~/routes/enrollment.beneficiary-info";
import { screenOf, type TabName } from "~/domain/wizard-steps";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import type { TestClient } from "../support/client";
import { inWizard } from "../support/journeys";

/** Term life, not tobacco rated, sold to a 37-year-old in TX without extra answers. */
const TERM_LIFE = "SML-TERM20";
const HERE = "/enrollment/beneficiary-info";

const PERSONAL = {
  intent: "next",
  first_name: "Ana",
  last_name: "Carter-Lee",
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
  address1: "100 Main St",
  city: "Dallas",
  zip: "75201",
  state: "TX",
  birth_state: "TX",
  birth_city: "Dallas",
  with_validation: "1",
};
const MARIA = {
  intent: "add",
  first_name: "Maria",
  last_name: "Lopez",
  birthdate: "05/17/1990",
  relationship: "spouse",
  ssn: "234-56-7890",
  beneficiary_percentage: "60",
};
const LUIS = {
  intent: "add",
  first_name: "Luis",
  last_name: "Lopez",
  birthdate: "09/02/2015",
  relationship: "child",
  ssn: "345-67-8901",
  beneficiary_percentage: "40",
};

describeEachDatabase("wizard: beneficiary information", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  /** A visitor with personal and contact information done, now on the beneficiary step. */
  async function atBeneficiaries() {
    const { client } = await inWizard(app, { plans: [TERM_LIFE] });
    const personal = await client.submit(personalAction, "/enrollment/personal-info", PERSONAL);
    expect(personal.location, JSON.stringify(personal.data)).toBe("/enrollment/contact-info");
    const contact = await client.submit(contactAction, "/enrollment/contact-info", CONTACT);
    expect(contact.location, JSON.stringify(contact.data)).toBe(HERE);
    const id = (await client.session()).tempId!;
    return { client, id };
  }
  const rows = (enrollmentId: number) =>
    app.store.db.selectFrom("beneficiaries").selectAll().where("enrollment_id", "=", enrollmentId).orderBy("position").execute();
  const add = (client: TestClient, fields: Record<string, string>) => client.submit(action, `${HERE}?dialog=add`, fields);

  it("opens after contact information, with an empty list, Add offered and the relationships", async () => {
    const { client } = await atBeneficiaries();
    const page = await client.load(loader, HERE);
    expect(page.status).toBe(200);
    expect(page.data.beneficiaries).toEqual([]);
    expect(page.data.canAdd).toBe(true);
    expect(page.data.canContinue).toBe(false);
    expect(page.data.totalMessage).toBeNull();
    expect(page.data.rules.ssn).toEqual({ shown: true, required: true, readOnly: false });
    expect(page.data.relationships.map((o: { value: string }) => o.value)).toContain("spouse");
    expect((await client.load(loader, `${HERE}?dialog=add`)).data.dialog).toBe("add");
  });

  describe("validates each beneficiary on its own", () => {
    let shared: { client: TestClient; id: number };
    beforeAll(async () => {
      shared = await atBeneficiaries();
    });

    it.each([
      [{ first_name: "" }, "first_name", "validation.required"],
      [{ first_name: "M4ria" }, "first_name", "validation.firstName"],
      [{ first_name: "<b>Maria</b>" }, "first_name", "validation.firstName"],
      [{ last_name: "" }, "last_name", "validation.required"],
      [{ last_name: "Lopez2" }, "last_name", "validation.lastName"],
      [{ relationship: "" }, "relationship", "validation.required"],
      [{ relationship: "boss" }, "relationship", "validation.required"],
      [{ birthdate: "" }, "birthdate", "validation.required"],
      [{ birthdate: "13/45/1990" }, "birthdate", "validation.invalidDate"],
      [{ birthdate: "02/30/1990" }, "birthdate", "validation.invalidDate"],
      [{ birthdate: "1990-05-17" }, "birthdate", "validation.invalidDate"],
      [{ birthdate: "01/01/2999" }, "birthdate", "validation.futureDate"],
      [{ ssn: "" }, "ssn", "validation.required"],
      [{ ssn: "666-12-3456" }, "ssn", "validation.ssn"],
      [{ ssn: "12345" }, "ssn", "validation.ssn"],
      [{ ssn: "1234567890" }, "ssn", "validation.ssn"],
      [{ ssn: "abc-de-fghi" }, "ssn", "validation.ssn"],
      [{ beneficiary_percentage: "" }, "beneficiary_percentage", "validation.required"],
      [{ beneficiary_percentage: "0" }, "beneficiary_percentage", "validation.beneficiaryPercentage"],
      [{ beneficiary_percentage: "101" }, "beneficiary_percentage", "validation.beneficiaryPercentage"],
      [{ beneficiary_percentage: "1000" }, "beneficiary_percentage", "validation.beneficiaryPercentage"],
    ])("refuses %j (%s: %s) and saves nothing", async (bad, name, message) => {
      const res = await add(shared.client, { ...MARIA, ...bad });
      expect(res.status).toBe(422);
      expect(res.data.fieldErrors[name]).toBe(message);
      expect(await rows(shared.id)).toHaveLength(0);
    });

    it("strips non-digits from the percentage (50% is 50)", async () => {
      const { client, id } = await atBeneficiaries();
      expect((await add(client, { ...MARIA, beneficiary_percentage: "50%" })).location).toBe(HERE);
      expect((await rows(id))[0].percentage).toBe(50);
    });
  });

  it("two beneficiaries at 60 + 40: refusals on the way, then Next advances", async () => {
    const { client, id } = await atBeneficiaries();
    expect((await add(client, MARIA)).location).toBe(HERE);
    let page = await client.load(loader, HERE);
    expect(page.data.beneficiaries).toMatchObject([
      { number: 1, firstName: "Maria", lastName: "Lopez", percentage: 60, birthdate: "05/17/1990", ssnMasked: "XXX-XX-7890" },
    ]);
    expect(page.data.totalMessage).toEqual({ tone: "error", key: "validation.beneficiaryTotalLow", values: { n: 60 } });
    expect(page.data.canAdd).toBe(true);

    // Next before the total is 100: the total message in the main error area, nothing done
    const early = await client.submit(action, HERE, { intent: "next" });
    expect(early.status).toBe(422);
    expect(early.data.mainError).toBe('validation.beneficiaryTotalLow::{"n":60}');

    // a save that would pass 100 is refused with the over-100 message
    const over = await add(client, { ...LUIS, beneficiary_percentage: "50" });
    expect(over.status).toBe(422);
    expect(over.data.fieldErrors.beneficiary_percentage).toBe('validation.beneficiaryTotalHigh::{"n":110}');
    expect(await rows(id)).toHaveLength(1);

    expect((await add(client, LUIS)).location).toBe(HERE);
    page = await client.load(loader, HERE);
    expect(page.data.beneficiaries.map((b: { number: number; firstName: string }) => `${b.number} ${b.firstName}`)).toEqual([
      "1 Maria",
      "2 Luis",
    ]);
    expect(page.data.totalMessage).toEqual({ tone: "ok", key: "beneficiary.totalOk", values: { n: 100 } });
    expect(page.data.canAdd).toBe(false);
    expect(page.data.canContinue).toBe(true);
    // Add is no longer offered, even by URL
    expect((await client.load(loader, `${HERE}?dialog=add`)).data.dialog).toBeNull();

    const next = await client.submit(action, HERE, { intent: "next" });
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    const steps = JSON.parse(e.step_list!) as TabName[];
    expect(next.location).toBe(`/enrollment/${screenOf(steps[steps.indexOf("beneficiary_info") + 1])}`);
    const step = await app.store.db
      .selectFrom("enrollment_steps")
      .selectAll()
      .where("enrollment_id", "=", id)
      .where("tab_name", "=", "beneficiary_info")
      .executeTakeFirstOrThrow();
    expect(step.completed_at).not.toBeNull();
  });

  it("Next is refused with no beneficiaries, and with a total of 90", async () => {
    const { client, id } = await atBeneficiaries();
    const none = await client.submit(action, HERE, { intent: "next" });
    expect(none.status).toBe(422);
    expect(none.data.mainError).toBe("validation.beneficiaryNone");
    expect((await add(client, { ...MARIA, beneficiary_percentage: "90" })).location).toBe(HERE);
    const ninety = await client.submit(action, HERE, { intent: "next" });
    expect(ninety.status).toBe(422);
    expect(ninety.data.mainError).toBe('validation.beneficiaryTotalLow::{"n":90}');
    expect(
      await app.store.db
        .selectFrom("enrollment_steps")
        .selectAll()
        .where("enrollment_id", "=", id)
        .where("tab_name", "=", "beneficiary_info")
        .execute(),
    ).toHaveLength(0);
  });

  it("allows at most 3 beneficiaries", async () => {
    const { client, id } = await atBeneficiaries();
    for (const [first, pct] of [
      ["Maria", "30"],
      ["Luis", "30"],
      ["Sofia", "30"],
    ])
      expect((await add(client, { ...MARIA, first_name: first, beneficiary_percentage: pct })).location).toBe(HERE);
    const page = await client.load(loader, HERE);
    expect(page.data.canAdd).toBe(false);
    expect(page.data.totalMessage.key).toBe("validation.beneficiaryTotalLow");
    const fourth = await add(client, { ...MARIA, first_name: "Pedro", beneficiary_percentage: "10" });
    expect(fourth.status).toBe(422);
    expect(fourth.data.mainError).toBe('validation.beneficiaryMax::{"max":3}');
    expect(await rows(id)).toHaveLength(3);
  });

  it("stores the SSN sealed and never sends it to the page", async () => {
    const { client, id } = await atBeneficiaries();
    await add(client, MARIA);
    const [row] = await rows(id);
    expect(row.ssn_last4).toBe("7890");
    expect(row.ssn_enc).not.toContain("234567890");
    expect(app.services.cipher.decrypt(row.ssn_enc!)).toBe("234567890");
    const page = await client.load(loader, HERE);
    const text = JSON.stringify(page.data);
    expect(text).not.toContain("234567890");
    expect(text).not.toContain("234-56-7890");
    expect(text).not.toContain(row.ssn_enc!);
    expect(text).toContain("XXX-XX-7890");
    const edit = await client.load(loader, `${HERE}?dialog=edit&b=${row.id}`);
    expect(edit.data.editing).toMatchObject({
      id: row.id,
      number: 1,
      ssnLast4: "7890",
      values: { first_name: "Maria", ssn: "", beneficiary_percentage: "60", birthdate: "05/17/1990" },
    });
    expect(JSON.stringify(edit.data)).not.toContain("234567890");
  });

  it("edit: an empty SSN keeps the one on file; a new one replaces it; over 100 is refused", async () => {
    const { client, id } = await atBeneficiaries();
    await add(client, MARIA);
    await add(client, LUIS);
    const [maria, luis] = await rows(id);
    const kept = await client.submit(action, `${HERE}?dialog=edit&b=${maria.id}`, {
      ...MARIA,
      intent: "edit",
      id: String(maria.id),
      first_name: "María",
      ssn: "",
      beneficiary_percentage: "55",
    });
    expect(kept.location).toBe(HERE);
    let after = (await rows(id)).find((b) => b.id === maria.id)!;
    expect(after).toMatchObject({ first_name: "María", percentage: 55, ssn_last4: "7890", position: 1 });
    expect(app.services.cipher.decrypt(after.ssn_enc!)).toBe("234567890");

    const over = await client.submit(action, `${HERE}?dialog=edit&b=${maria.id}`, {
      ...MARIA,
      intent: "edit",
      id: String(maria.id),
      ssn: "",
      beneficiary_percentage: "70",
    });
    expect(over.status).toBe(422);
    expect(over.data.fieldErrors.beneficiary_percentage).toBe('validation.beneficiaryTotalHigh::{"n":110}');

    const replaced = await client.submit(action, `${HERE}?dialog=edit&b=${luis.id}`, {
      ...LUIS,
      intent: "edit",
      id: String(luis.id),
      ssn: "456-78-9012",
    });
    expect(replaced.location).toBe(HERE);
    after = (await rows(id)).find((b) => b.id === luis.id)!;
    expect(after.ssn_last4).toBe("9012");
    expect(app.services.cipher.decrypt(after.ssn_enc!)).toBe("456789012");
  });

  it("delete removes one's own; another enrollment's id is not found and changes nothing", async () => {
    const owner = await atBeneficiaries();
    const other = await atBeneficiaries();
    await add(owner.client, MARIA);
    await add(other.client, LUIS);
    const [mine] = await rows(owner.id);
    const [theirs] = await rows(other.id);

    const foreignDelete = await owner.client.submit(action, HERE, { intent: "delete", id: String(theirs.id) });
    expect(foreignDelete.status).toBe(404);
    expect(foreignDelete.data.mainError).toBe("validation.beneficiaryNotFound");
    const foreignEdit = await owner.client.submit(action, `${HERE}?dialog=edit&b=${theirs.id}`, {
      ...MARIA,
      intent: "edit",
      id: String(theirs.id),
      beneficiary_percentage: "10",
    });
    expect(foreignEdit.status).toBe(404);
    expect(await rows(other.id)).toEqual([theirs]);
    const peek = await owner.client.load(loader, `${HERE}?dialog=edit&b=${theirs.id}`);
    expect(peek.data.editing).toBeNull();
    expect(JSON.stringify(peek.data)).not.toContain("Luis");
    expect((await owner.client.load(loader, `${HERE}?dialog=delete&b=${theirs.id}`)).data.deleting).toBeNull();

    expect((await owner.client.load(loader, `${HERE}?dialog=delete&b=${mine.id}`)).data.deleting).toEqual({
      id: mine.id,
      number: 1,
      name: "Maria Lopez",
    });
    expect((await owner.client.submit(action, HERE, { intent: "delete", id: String(mine.id) })).location).toBe(HERE);
    expect(await rows(owner.id)).toHaveLength(0);
    expect(await rows(other.id)).toHaveLength(1);
  });

  it("Save & Continue Later opens the e-mail dialog", async () => {
    const { client } = await atBeneficiaries();
    expect((await client.submit(action, HERE, { intent: "save-later" })).location).toBe(`${HERE}?dialog=save-later`);
  });

  it("an existing member's last enrollment's beneficiaries are prefetched once", async () => {
    const db = app.store.db;
    const at = new Date().toISOString();
    const cipher = app.services.cipher;
    const previous = await db
      .insertInto("enrollments")
      .values({ status: "completed", locale: "en", created_at: at, updated_at: at, completed_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("beneficiaries")
      .values([
        {
          enrollment_id: previous.id,
          position: 2,
          first_name: "Luis",
          middle_name: null,
          last_name: "Lopez",
          birthdate: "2015-09-02",
          relationship: "child",
          ssn_enc: cipher.encrypt("345678901"),
          ssn_last4: "8901",
          percentage: 25,
        },
        {
          enrollment_id: previous.id,
          position: 1,
          first_name: "Maria",
          middle_name: null,
          last_name: "Lopez",
          birthdate: "1990-05-17",
          relationship: "spouse",
          ssn_enc: cipher.encrypt("234567890"),
          ssn_last4: "7890",
          percentage: 75,
        },
      ])
      .execute();
    const member = await db
      .insertInto("members")
      .values({
        rep_id: null,
        group_id: null,
        portal_id: 1,
        first_name: "Ana",
        last_name: "Carter-Lee",
        birthdate: "1988-04-12",
        gender: 1,
        email: null,
        phone: null,
        ssn_enc: null,
        ssn_last4: null,
        address1: null,
        address2: null,
        city: null,
        state: null,
        zip: null,
        last_enrollment_id: previous.id,
        created_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const { client, id } = await atBeneficiaries();
    await db.updateTable("enrollments").set({ member_id: member.id }).where("id", "=", id).execute();
    const page = await client.load(loader, HERE);
    expect(page.data.beneficiaries).toMatchObject([
      { number: 1, firstName: "Maria", percentage: 75, ssnMasked: "XXX-XX-7890" },
      { number: 2, firstName: "Luis", percentage: 25, ssnMasked: "XXX-XX-8901" },
    ]);
    expect(page.data.canContinue).toBe(true);
    expect(JSON.stringify(page.data)).not.toContain("234567890");
    const copied = await rows(id);
    expect(cipher.decrypt(copied[0].ssn_enc!)).toBe("234567890");
    // the source enrollment keeps its own
    expect(await rows(previous.id)).toHaveLength(2);

    // once: a list the member emptied is not filled again
    for (const b of copied) await client.submit(action, HERE, { intent: "delete", id: String(b.id) });
    expect((await client.load(loader, HERE)).data.beneficiaries).toEqual([]);
    expect(await rows(id)).toHaveLength(0);

    // a member whose last enrollment had none keeps the (empty) temporary list, without error
    const empty = await db
      .insertInto("enrollments")
      .values({ status: "completed", locale: "en", created_at: at, updated_at: at, completed_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const second = await db
      .insertInto("members")
      .values({
        rep_id: null,
        group_id: null,
        portal_id: 1,
        first_name: "Bea",
        last_name: "Ruiz",
        birthdate: "1988-04-12",
        gender: 1,
        email: null,
        phone: null,
        ssn_enc: null,
        ssn_last4: null,
        address1: null,
        address2: null,
        city: null,
        state: null,
        zip: null,
        last_enrollment_id: empty.id,
        created_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const other = await atBeneficiaries();
    await db.updateTable("enrollments").set({ member_id: second.id }).where("id", "=", other.id).execute();
    const otherPage = await other.client.load(loader, HERE);
    expect(otherPage.status).toBe(200);
    expect(otherPage.data.beneficiaries).toEqual([]);
  });

  it("Next checks each saved beneficiary again: a prefetched one without the now-required SSN must be edited first", async () => {
    const db = app.store.db;
    const at = new Date().toISOString();
    const previous = await db
      .insertInto("enrollments")
      .values({ status: "completed", locale: "en", created_at: at, updated_at: at, completed_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("beneficiaries")
      .values({
        enrollment_id: previous.id,
        position: 1,
        first_name: "Maria",
        middle_name: null,
        last_name: "Lopez",
        birthdate: "1990-05-17",
        relationship: "spouse",
        ssn_enc: null,
        ssn_last4: null,
        percentage: 100,
      })
      .execute();
    const member = await db
      .insertInto("members")
      .values({
        rep_id: null,
        group_id: null,
        portal_id: 1,
        first_name: "Ana",
        last_name: "Carter-Lee",
        birthdate: "1988-04-12",
        gender: 1,
        email: null,
        phone: null,
        ssn_enc: null,
        ssn_last4: null,
        address1: null,
        address2: null,
        city: null,
        state: null,
        zip: null,
        last_enrollment_id: previous.id,
        created_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { client, id } = await atBeneficiaries();
    await db.updateTable("enrollments").set({ member_id: member.id }).where("id", "=", id).execute();
    const page = await client.load(loader, HERE);
    expect(page.data.canContinue).toBe(true);
    const refused = await client.submit(action, HERE, { intent: "next" });
    expect(refused.status).toBe(422);
    expect(refused.data.mainError).toBe('validation.beneficiaryInvalid::{"n":1}');
    const [maria] = await rows(id);
    // editing without an SSN is refused (none on file), with one it is saved
    const noSsn = await client.submit(action, `${HERE}?dialog=edit&b=${maria.id}`, {
      ...MARIA,
      intent: "edit",
      id: String(maria.id),
      ssn: "",
      beneficiary_percentage: "100",
    });
    expect(noSsn.data.fieldErrors.ssn).toBe("validation.required");
    expect(
      (
        await client.submit(action, `${HERE}?dialog=edit&b=${maria.id}`, {
          ...MARIA,
          intent: "edit",
          id: String(maria.id),
          beneficiary_percentage: "100",
        })
      ).location,
    ).toBe(HERE);
    expect((await client.submit(action, HERE, { intent: "next" })).location).not.toBe(HERE);
    expect((await rows(id))[0].ssn_last4).toBe("7890");
  });
});
