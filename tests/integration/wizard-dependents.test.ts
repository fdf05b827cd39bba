import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as depLoader, action as depAction } from "~/routes/enrollment.dependent-information";
import { deleteDependentsForIO, prefetchExistingDependents, dependentFlags } from "~/.server/wizard/dependents";
import { findEnrollment } from "~/.server/repositories/enrollments";
import { cartLines } from "~/.server/repositories/cart";
import { todayIso } from "~/domain/dates";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import type { TestClient } from "../support/client";
import { inWizard, markStepsDone, type JourneyOptions } from "../support/journeys";

const HERE = "/enrollment/dependent-information";
const IF = { spouseDob: "05/05/1985", childCount: "2" };
const IS = { spouseDob: "05/05/1985", childCount: "0" };
const IC = { spouseDob: "", childCount: "2" };

/** The dependent health questions (medical plans) all left at No, as the popup posts them. */
const healthAllNo = (): Record<string, string> => ({
  ...Object.fromEntries(
    [140, 141, 142, 145, 146, 147].flatMap((qid, i) => [
      [`health_info.condition_questions[${i}].question_id`, String(qid)],
      [`health_info.condition_questions[${i}].yes_no_flag`, "0"],
    ]),
  ),
  "health_info.medication_question.question_id": "148",
  "health_info.medication_question.yes_no_flag": "0",
});

/** A good dependent as the add popup posts it (fields for every plan; unshown ones are ignored). */
const person = (relationship: "spouse" | "child", extra: Record<string, string> = {}) => ({
  intent: "add",
  relationship,
  first_name: relationship === "spouse" ? "Maria" : "Leo",
  last_name: "Lopez",
  gender: relationship === "spouse" ? "1" : "0",
  birthdate: relationship === "spouse" ? "05/05/1985" : "03/14/2015",
  ssn: relationship === "spouse" ? "456-78-9012" : "234-56-7890",
  weight: "120",
  height_feet: "5",
  height_inch: "4",
  is_legally_disabled: "0",
  ...extra,
});

describeEachDatabase("wizard: dependent information", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  /** A visitor at the dependent step: the steps before it are marked done. */
  async function atDependents(o: JourneyOptions) {
    const { client } = await inWizard(app, o);
    const id = (await client.session()).tempId!;
    const enrollment = (await findEnrollment(app.store.db, id))!;
    const steps: string[] = JSON.parse(enrollment.step_list ?? "[]");
    expect(steps).toContain("dependent_info");
    await markStepsDone(app, client, steps.slice(0, steps.indexOf("dependent_info")));
    return { client, id, steps };
  }

  /** Dependents put straight into the database (for the count rules' boundaries). */
  async function seed(id: number, spouses: number, children: number, extra: Record<string, unknown> = {}) {
    const rows = [...Array.from({ length: spouses }, () => "spouse" as const), ...Array.from({ length: children }, () => "child" as const)];
    const start = Number(
      (
        await app.store.db
          .selectFrom("dependents")
          .select((eb) => eb.fn.max("position").as("p"))
          .where("enrollment_id", "=", id)
          .executeTakeFirst()
      )?.p ?? 0,
    );
    for (const [i, relationship] of rows.entries()) {
      await app.store.db
        .insertInto("dependents")
        .values({
          enrollment_id: id,
          position: start + i + 1,
          relationship,
          first_name: relationship === "spouse" ? "Maria" : `Kid`,
          middle_name: null,
          last_name: "Lopez",
          birthdate: relationship === "spouse" ? "1985-05-05" : "2015-03-14",
          gender: 0,
          ssn_enc: app.services.cipher.encrypt("345678901"),
          ssn_last4: "8901",
          weight: 100,
          height_feet: 5,
          height_inch: 0,
          is_legally_disabled: 0,
          disability_condition_enc: null,
          health_enc: null,
          held: 0,
          ...extra,
        })
        .execute();
    }
  }

  const rows = (id: number) =>
    app.store.db.selectFrom("dependents").selectAll().where("enrollment_id", "=", id).orderBy("position").execute();
  const add = (client: TestClient, fields: Record<string, string>) => client.submit(depAction, `${HERE}?dialog=add`, fields);
  const page = (client: TestClient, query = "") => client.load(depLoader, `${HERE}${query}`);

  describe("tier IF (dental plan)", () => {
    it("heads the step, offers a spouse first (birth date from the quote), then children; Next at two", async () => {
      const { client, id, steps } = await atDependents({ ...IF, plans: ["BSD-PPO-ESS"] });
      expect(steps.slice(0, steps.indexOf("dependent_info"))).toEqual(["primary_info", "contact_info"]);
      let p = await page(client, "?dialog=add");
      expect(p.data.heading).toBe("dependent.headingFamily");
      expect(p.data.add).toEqual({ relationship: "spouse", number: 1 });
      expect(p.data.adding.values).toMatchObject({ relationship: "spouse", birthdate: "05/05/1985" });
      expect(p.data.asksLegalDisability).toBe(true);
      expect(p.data.next).toEqual({ allowed: false, message: "validation.dependentIFMin" });
      expect((await client.submit(depAction, HERE, { intent: "next" })).data.mainError).toBe("validation.dependentIFMin");

      expect((await add(client, person("spouse"))).location).toBe(HERE);
      p = await page(client, "?dialog=add");
      expect(p.data.add).toEqual({ relationship: "child", number: 2 });
      expect(p.data.adding.values.birthdate).toBeUndefined();
      expect((await add(client, person("child"))).location).toBe(HERE);

      p = await page(client);
      expect(
        p.data.dependents.map((d: { relationship: string; number: number; firstName: string }) => [d.relationship, d.number, d.firstName]),
      ).toEqual([
        ["spouse", 1, "Maria"],
        ["child", 2, "Leo"],
      ]);
      expect(p.data.next).toEqual({ allowed: true, message: null });
      const res = await client.submit(depAction, HERE, { intent: "next" });
      expect(res.location).toBe(`/enrollment/${"agreement-signature"}`);
      const step = await app.store.db
        .selectFrom("enrollment_steps")
        .selectAll()
        .where("enrollment_id", "=", id)
        .where("tab_name", "=", "dependent_info")
        .executeTakeFirstOrThrow();
      expect(step.completed_at).not.toBeNull();
      expect(JSON.parse(step.data)).toMatchObject({ count: 2, spouses: 1, children: 1 });
    });

    it("refuses a tampered relationship and saves nothing", async () => {
      const { client, id } = await atDependents({ ...IF, plans: ["BSD-PPO-ESS"] });
      const res = await add(client, person("child"));
      expect(res.status).toBe(422);
      expect(res.data.fieldErrors.relationship).toBe("validation.dependentRelationship");
      expect((await add(client, { ...person("spouse"), relationship: "" })).data.fieldErrors.relationship).toBe(
        "validation.dependentRelationship",
      );
      expect(await rows(id)).toHaveLength(0);
      // an edit cannot change it either
      await add(client, person("spouse"));
      const [spouse] = await rows(id);
      const edit = await client.submit(depAction, `${HERE}?dialog=edit&d=${spouse.id}`, {
        ...person("child"),
        intent: "edit",
        id: String(spouse.id),
      });
      expect(edit.data.fieldErrors.relationship).toBe("validation.dependentRelationship");
      expect((await rows(id))[0].relationship).toBe("spouse");
    });

    it("seals the SSN, shows only its last four, and keeps it when an edit leaves the box empty", async () => {
      const { client, id } = await atDependents({ ...IF, plans: ["BSD-PPO-ESS"] });
      await add(client, person("spouse", { is_legally_disabled: "1", disability_condition: "Cerebral palsy" }));
      const [row] = await rows(id);
      expect(row.ssn_enc).not.toContain("456789012");
      expect(app.services.cipher.decrypt(row.ssn_enc!)).toBe("456789012");
      expect(row.ssn_last4).toBe("9012");
      expect(row.disability_condition_enc).not.toContain("Cerebral");
      expect(app.services.cipher.decrypt(row.disability_condition_enc!)).toBe("Cerebral palsy");
      const p = await page(client, `?dialog=edit&d=${row.id}`);
      const text = JSON.stringify(p.data);
      expect(text).not.toContain("456789012");
      expect(text).not.toContain("456-78-9012");
      expect(text).not.toContain(row.ssn_enc!);
      expect(p.data.dependents[0].ssnMasked).toBe("XXX-XX-9012");
      expect(p.data.editing).toMatchObject({ id: row.id, number: 1, ssnLast4: "9012" });
      expect(p.data.editing.values).toMatchObject({
        ssn: "",
        first_name: "Maria",
        birthdate: "05/05/1985",
        is_legally_disabled: "1",
        disability_condition: "Cerebral palsy",
      });
      const edit = await client.submit(depAction, `${HERE}?dialog=edit&d=${row.id}`, {
        ...person("spouse"),
        intent: "edit",
        id: String(row.id),
        ssn: "",
        first_name: "Mariana",
      });
      expect(edit.location).toBe(HERE);
      const [after] = await rows(id);
      expect(after.first_name).toBe("Mariana");
      expect(app.services.cipher.decrypt(after.ssn_enc!)).toBe("456789012");
      expect(after.is_legally_disabled).toBe(0);
      expect(after.disability_condition_enc).toBeNull();
    });

    it.each([
      [{ first_name: "" }, "first_name", "validation.required"],
      [{ first_name: "Leo2" }, "first_name", "validation.firstName"],
      [{ last_name: "<b>" }, "last_name", "validation.lastName"],
      [{ gender: "" }, "gender", "validation.required"],
      [{ gender: "2" }, "gender", "validation.required"],
      [{ birthdate: "" }, "birthdate", "validation.required"],
      [{ birthdate: "02/30/2015" }, "birthdate", "validation.invalidDate"],
      [{ birthdate: "01/01/2999" }, "birthdate", "validation.futureDate"],
      [{ ssn: "" }, "ssn", "validation.required"],
      [{ ssn: "666-12-3456" }, "ssn", "validation.ssn"],
      [{ ssn: "1234567890" }, "ssn", "validation.ssn"],
      [{ is_legally_disabled: "" }, "is_legally_disabled", "validation.required"],
      [{ is_legally_disabled: "1", disability_condition: "" }, "disability_condition", "validation.required"],
    ])("refuses %j (%s: %s)", async (bad, name, message) => {
      const { client, id } = await atDependents({ ...IF, plans: ["BSD-PPO-ESS"] });
      const res = await add(client, person("spouse", bad));
      expect(res.status).toBe(422);
      expect(res.data.fieldErrors[name]).toBe(message);
      expect(await rows(id)).toHaveLength(0);
    });

    it("asks no weight or height unless the plans need them", async () => {
      const { client, id } = await atDependents({ ...IF, plans: ["BSD-PPO-ESS"] });
      const p = await page(client);
      expect(p.data.rules.weight?.shown ?? false).toBe(false);
      expect((await add(client, person("spouse", { weight: "", height_feet: "", height_inch: "" }))).location).toBe(HERE);
      expect((await rows(id))[0].weight).toBeNull();
    });

    it("caps the list at 10: the form is no longer offered and a posted add is refused", async () => {
      const { client, id } = await atDependents({ ...IF, plans: ["BSD-PPO-ESS"] });
      await seed(id, 1, 8);
      expect((await page(client)).data.add).toEqual({ relationship: "child", number: 10 });
      expect((await add(client, person("child"))).location).toBe(HERE);
      const p = await page(client, "?dialog=add");
      expect(p.data.dependents).toHaveLength(10);
      expect(p.data.add).toBeNull();
      expect(p.data.addBlocked).toBe("validation.dependentMax");
      expect(p.data.dialog).toBeNull();
      const res = await add(client, person("child"));
      expect(res.status).toBe(422);
      expect(res.data.mainError).toBe("validation.dependentMax");
      expect(await rows(id)).toHaveLength(10);
      // 1 spouse + 9 children is within the rules
      expect(p.data.next.allowed).toBe(true);
    });

    it("IF without a spouse: children stop at 9, and Next waits for the spouse", async () => {
      const { client, id } = await atDependents({ ...IF, plans: ["BSD-PPO-ESS"] });
      await seed(id, 0, 9);
      expect((await page(client)).data.add).toEqual({ relationship: "spouse", number: 10 });
      expect((await page(client)).data.next).toEqual({ allowed: false, message: "validation.dependentIFMin" });
      expect((await client.submit(depAction, HERE, { intent: "next" })).data.mainError).toBe("validation.dependentIFMin");
      await seed(id, 0, 1);
      const p = await page(client);
      expect(p.data.next).toEqual({ allowed: false, message: "validation.dependentChildMax" });
    });

    it("deletes only its own dependents: another enrollment's id changes nothing", async () => {
      const a = await atDependents({ ...IF, plans: ["BSD-PPO-ESS"] });
      const b = await atDependents({ ...IF, plans: ["BSD-PPO-ESS"] });
      await add(a.client, person("spouse"));
      const [theirs] = await rows(a.id);
      const del = await b.client.submit(depAction, HERE, { intent: "delete", id: String(theirs.id) });
      expect(del.status).toBe(404);
      expect(del.data.mainError).toBe("validation.dependentNotFound");
      const edit = await b.client.submit(depAction, `${HERE}?dialog=edit&d=${theirs.id}`, {
        ...person("spouse"),
        intent: "edit",
        id: String(theirs.id),
        first_name: "Hacker",
      });
      expect(edit.status).toBe(404);
      expect(await rows(a.id)).toHaveLength(1);
      expect((await rows(a.id))[0].first_name).toBe("Maria");
      // and their page does not open it
      expect((await page(b.client, `?dialog=edit&d=${theirs.id}`)).data.editing).toBeNull();
      // the owner may
      expect((await a.client.submit(depAction, HERE, { intent: "delete", id: String(theirs.id) })).location).toBe(HERE);
      expect(await rows(a.id)).toHaveLength(0);
    });

    it("Save & Continue Later names the first invalid dependent and keeps the e-mail dialog closed", async () => {
      const { client, id } = await atDependents({ ...IF, plans: ["BSD-PPO-ESS"] });
      await add(client, person("spouse"));
      // brought over without an SSN, which is now required
      await seed(id, 0, 1, { ssn_enc: null, ssn_last4: null });
      const res = await client.submit(depAction, HERE, { intent: "save-later" });
      expect(res.status).toBe(422);
      expect(res.data).toEqual({ mainError: "validation.required", dependentNumber: 2 });
      // Next says the same
      const next = await client.submit(depAction, HERE, { intent: "next" });
      expect(next.data).toEqual({ mainError: "validation.required", dependentNumber: 2 });
      const [, bad] = await rows(id);
      await app.store.db
        .updateTable("dependents")
        .set({ ssn_enc: app.services.cipher.encrypt("456789012"), ssn_last4: "9012" })
        .where("id", "=", bad.id)
        .execute();
      expect((await client.submit(depAction, HERE, { intent: "save-later" })).location).toBe(`${HERE}?dialog=save-later`);
    });

    it("shows the edit lock only while an edit popup is open", async () => {
      const { client, id } = await atDependents({ ...IF, plans: ["BSD-PPO-ESS"] });
      await add(client, person("spouse"));
      const [row] = await rows(id);
      expect((await page(client, `?dialog=edit&d=${row.id}`)).data.editing).not.toBeNull();
      expect((await page(client)).data.editing).toBeNull();
    });
  });

  describe("tier IS", () => {
    it("allows one spouse; Next once the spouse is added", async () => {
      const { client, id } = await atDependents({ ...IS, plans: ["BSD-PPO-ESS"] });
      let p = await page(client);
      expect(p.data.heading).toBe("dependent.headingSpouse");
      expect(p.data.add).toEqual({ relationship: "spouse", number: 1 });
      expect(p.data.next.message).toBe("validation.dependentISMin");
      expect((await add(client, person("child"))).data.fieldErrors.relationship).toBe("validation.dependentRelationship");
      expect((await add(client, person("spouse"))).location).toBe(HERE);
      p = await page(client);
      expect(p.data.add).toBeNull();
      expect(p.data.addBlocked).toBe("validation.dependentSpouseOne");
      const again = await add(client, person("spouse"));
      expect(again.status).toBe(422);
      expect(again.data.mainError).toBe("validation.dependentSpouseOne");
      expect(await rows(id)).toHaveLength(1);
      expect(p.data.next.allowed).toBe(true);
      expect((await client.submit(depAction, HERE, { intent: "next" })).location).toMatch(/^\/enrollment\//);
    });
  });

  describe("tier IC", () => {
    it("offers children only; a family of two or three children gets through Next on an ordinary plan", async () => {
      const { client, id, steps } = await atDependents({ ...IC, plans: ["BSD-PPO-ESS"] });
      let p = await page(client);
      expect(p.data.heading).toBe("dependent.headingChild");
      expect(p.data.add).toEqual({ relationship: "child", number: 1 });
      expect(p.data.next.message).toBe("validation.dependentICMin");
      expect((await add(client, person("spouse"))).data.fieldErrors.relationship).toBe("validation.dependentRelationship");
      expect((await add(client, person("child"))).location).toBe(HERE);
      expect((await page(client)).data.next.allowed).toBe(true);
      expect((await add(client, person("child", { first_name: "Sofia", gender: "1", ssn: "345-67-8902" }))).location).toBe(HERE);
      p = await page(client);
      expect(p.data.dependents).toHaveLength(2);
      expect(p.data.next).toEqual({ allowed: true, message: null });
      expect(p.data.add).toEqual({ relationship: "child", number: 3 });
      expect((await add(client, person("child", { first_name: "Mateo", ssn: "345-67-8903" }))).location).toBe(HERE);
      expect((await page(client)).data.next).toEqual({ allowed: true, message: null });
      const res = await client.submit(depAction, HERE, { intent: "next" });
      expect(res.location).toBe(
        `/enrollment/${{ agreement_info: "agreement-signature", review_info: "review-confirm" }[steps[steps.indexOf("dependent_info") + 1] as string]}`,
      );
      const step = await app.store.db
        .selectFrom("enrollment_steps")
        .selectAll()
        .where("enrollment_id", "=", id)
        .where("tab_name", "=", "dependent_info")
        .executeTakeFirstOrThrow();
      expect(step.completed_at).not.toBeNull();
      expect(JSON.parse(step.data)).toMatchObject({ count: 3, spouses: 0, children: 3 });
    });

    it("takes up to 9 children on an ordinary plan, no more", async () => {
      const { client, id } = await atDependents({ ...IC, plans: ["BSD-PPO-ESS"] });
      await seed(id, 0, 8);
      expect((await add(client, person("child"))).location).toBe(HERE);
      let p = await page(client);
      expect(p.data.dependents).toHaveLength(9);
      expect(p.data.next).toEqual({ allowed: true, message: null });
      p = await page(client);
      expect(p.data.dependents).toHaveLength(9);
      expect(p.data.add).toBeNull();
      expect(p.data.addBlocked).toBe("validation.dependentChildMax");
      expect((await add(client, person("child"))).data.mainError).toBe("validation.dependentChildMax");
      expect(await rows(id)).toHaveLength(9);
      expect((await client.submit(depAction, HERE, { intent: "next" })).location).toMatch(/^\/enrollment\//);
      // a tenth that got in (brought over) blocks Next
      await seed(id, 0, 1);
      p = await page(client);
      expect(p.data.next).toEqual({ allowed: false, message: "validation.dependentChildMax" });
    });

    it("L713 plan: one child; a second is refused with the L713 message", async () => {
      const { client, id, steps } = await atDependents({ ...IC, category: "medical", plans: ["LUH-L713"] });
      expect(steps).toContain("primary_health_info");
      let p = await page(client, "?dialog=add");
      // medical plans need build, and the health questions for dependents apply (tests/integration/wizard-dependent-health.test.ts)
      expect(p.data.rules.weight).toEqual({ shown: true, required: true, readOnly: false });
      expect(p.data.health.questions.map((q: { id: number }) => q.id)).toEqual([140, 141, 142, 145, 146, 147]);
      expect(p.data.health.medication.id).toBe(148);
      const child = (extra: Record<string, string> = {}) => person("child", { ...healthAllNo(), ...extra });
      expect((await add(client, child({ weight: "" }))).data.fieldErrors.weight).toBe("validation.required");
      expect((await add(client, child({ weight: "0" }))).data.fieldErrors.weight).toBe("validation.weight");
      expect((await add(client, child({ height_feet: "0" }))).data.fieldErrors.height_feet).toBe("validation.heightZero");
      expect((await add(client, child({ height_inch: "12" }))).data.fieldErrors.height_inch).toBe("validation.inch");
      expect((await add(client, child())).location).toBe(HERE);
      expect(await rows(id)).toHaveLength(1);
      p = await page(client);
      expect(p.data.add).toBeNull();
      expect(p.data.addBlocked).toBe("validation.dependentL713");
      expect(p.data.next.allowed).toBe(true);
      const res = await add(client, person("child"));
      expect(res.status).toBe(422);
      expect(res.data.mainError).toBe("validation.dependentL713");
      // a second child that got in (brought over) blocks Next with the same message
      await seed(id, 0, 1);
      p = await page(client);
      expect(p.data.next).toEqual({ allowed: false, message: "validation.dependentL713" });
      expect((await client.submit(depAction, HERE, { intent: "next" })).data.mainError).toBe("validation.dependentL713");
    });
  });

  describe("IHA plan", () => {
    it("IC: at most 5 children; Next with one or more", async () => {
      const { client, id } = await atDependents({ ...IC, category: "limited_medical", plans: ["KHA-IHA"] });
      expect((await page(client)).data.asksLegalDisability).toBe(false);
      await seed(id, 0, 3);
      expect((await page(client)).data.next.allowed).toBe(true);
      expect((await add(client, person("child", healthAllNo()))).location).toBe(HERE);
      expect((await page(client)).data.add).toEqual({ relationship: "child", number: 5 });
      await seed(id, 0, 1);
      const p = await page(client);
      expect(p.data.add).toBeNull();
      expect(p.data.addBlocked).toBe("validation.dependentIhaIC");
      expect((await add(client, person("child", healthAllNo()))).data.mainError).toBe("validation.dependentIhaIC");
      await seed(id, 0, 1);
      expect((await page(client)).data.next).toEqual({ allowed: false, message: "validation.dependentIhaIC" });
    });

    it("IF: at most 9 dependents", async () => {
      const { client, id } = await atDependents({ ...IF, category: "limited_medical", plans: ["KHA-IHA"] });
      await seed(id, 1, 7);
      expect((await add(client, person("child", healthAllNo()))).location).toBe(HERE);
      const p = await page(client);
      expect(p.data.dependents).toHaveLength(9);
      expect(p.data.add).toBeNull();
      expect(p.data.addBlocked).toBe("validation.dependentIhaIF");
      expect(p.data.next.allowed).toBe(true);
      expect((await add(client, person("child", healthAllNo()))).data.mainError).toBe("validation.dependentIhaIF");
      expect(await rows(id)).toHaveLength(9);
    });
  });

  describe("sanity checks: ages and SSNs (issue 26 #11)", () => {
    /** mm/dd/yyyy for someone `years` old today, `days` short of that birthday when days > 0. */
    const bornYearsAgo = (years: number, days = 0) => {
      const [y, m, d] = todayIso(app.services.now()).split("-").map(Number);
      const date = new Date(Date.UTC(y - years, m - 1, d + days));
      const p = (n: number) => String(n).padStart(2, "0");
      return `${p(date.getUTCMonth() + 1)}/${p(date.getUTCDate())}/${date.getUTCFullYear()}`;
    };

    it("refuses a spouse under 18, keeping what was typed and saving nothing; 18 today is accepted", async () => {
      const { client, id } = await atDependents({ ...IF, plans: ["BSD-PPO-ESS"] });
      const young = person("spouse", { birthdate: "03/14/2015" });
      const res = await add(client, young);
      expect(res.status).toBe(422);
      expect(res.data.fieldErrors.birthdate).toBe("validation.dependentSpouseAge");
      expect(res.data.repopulateFields).toMatchObject({ first_name: "Maria", birthdate: "03/14/2015" });
      expect(await rows(id)).toHaveLength(0);
      expect((await add(client, person("spouse", { birthdate: bornYearsAgo(18, 1) }))).data.fieldErrors.birthdate).toBe(
        "validation.dependentSpouseAge",
      );
      expect(await rows(id)).toHaveLength(0);
      expect((await add(client, person("spouse", { birthdate: bornYearsAgo(18) }))).location).toBe(HERE);
      expect(await rows(id)).toHaveLength(1);
    });

    it("refuses a child of 26 or more unless legally disabled; under 26 or disabled is saved", async () => {
      const { client, id } = await atDependents({ ...IC, plans: ["BSD-PPO-ESS"] });
      const res = await add(client, person("child", { birthdate: "01/01/1990", first_name: "Tom" }));
      expect(res.status).toBe(422);
      expect(res.data.fieldErrors.birthdate).toBe("validation.dependentChildAge");
      expect(res.data.repopulateFields).toMatchObject({ first_name: "Tom", birthdate: "01/01/1990" });
      expect((await add(client, person("child", { birthdate: bornYearsAgo(26) }))).data.fieldErrors.birthdate).toBe(
        "validation.dependentChildAge",
      );
      expect(await rows(id)).toHaveLength(0);
      expect((await add(client, person("child", { birthdate: bornYearsAgo(26, 1) }))).location).toBe(HERE);
      expect(
        (
          await add(
            client,
            person("child", {
              birthdate: "01/01/1990",
              ssn: "345-67-8901",
              is_legally_disabled: "1",
              disability_condition: "Cerebral palsy",
            }),
          )
        ).location,
      ).toBe(HERE);
      expect(await rows(id)).toHaveLength(2);
      // an edit is held to the same rule
      const [first] = await rows(id);
      const edit = await client.submit(depAction, `${HERE}?dialog=edit&d=${first.id}`, {
        ...person("child", { birthdate: "01/01/1990" }),
        intent: "edit",
        id: String(first.id),
      });
      expect(edit.data.fieldErrors.birthdate).toBe("validation.dependentChildAge");
      expect((await rows(id))[0].birthdate).not.toBe("1990-01-01");
    });

    it("refuses an SSN already on another dependent or the applicant's own, keeping what was typed", async () => {
      const { client, id } = await atDependents({ ...IF, plans: ["BSD-PPO-ESS"] });
      // the applicant's SSN (sealed in the personal step) on the spouse
      const own = await add(client, person("spouse", { ssn: "123-45-6789" }));
      expect(own.status).toBe(422);
      expect(own.data.fieldErrors.ssn).toBe("validation.dependentSsnApplicant");
      expect(own.data.repopulateFields).toMatchObject({ first_name: "Maria" });
      expect(JSON.stringify(own.data)).not.toContain("123456789");
      expect(await rows(id)).toHaveLength(0);
      expect((await add(client, person("spouse"))).location).toBe(HERE);
      // the spouse's SSN on a child, typed with or without dashes
      for (const ssn of ["456-78-9012", "456789012"]) {
        const dup = await add(client, person("child", { ssn }));
        expect(dup.status).toBe(422);
        expect(dup.data.fieldErrors.ssn).toBe("validation.dependentSsnDuplicate");
      }
      expect((await add(client, person("child", { ssn: "123456789" }))).data.fieldErrors.ssn).toBe("validation.dependentSsnApplicant");
      expect(await rows(id)).toHaveLength(1);
      // a valid family still saves, and an edit may keep its own SSN
      expect((await add(client, person("child"))).location).toBe(HERE);
      expect(await rows(id)).toHaveLength(2);
      const [spouse, child] = await rows(id);
      const keep = await client.submit(depAction, `${HERE}?dialog=edit&d=${spouse.id}`, {
        ...person("spouse"),
        intent: "edit",
        id: String(spouse.id),
      });
      expect(keep.location).toBe(HERE);
      const clash = await client.submit(depAction, `${HERE}?dialog=edit&d=${child.id}`, {
        ...person("child", { ssn: "456-78-9012" }),
        intent: "edit",
        id: String(child.id),
      });
      expect(clash.data.fieldErrors.ssn).toBe("validation.dependentSsnDuplicate");
      expect((await rows(id))[1].ssn_last4).toBe("7890");
      expect((await client.submit(depAction, HERE, { intent: "next" })).location).not.toBe(HERE);
    });
  });

  describe("premier plan: the spouse question", () => {
    it("No then a child on IF: the question stays on the page while Next needs its Yes (issue 26 #12)", async () => {
      const { client, id } = await atDependents({ ...IF, category: "hospital", plans: ["HPI-PREMIER-HOSPITAL"] });
      expect((await client.submit(depAction, HERE, { intent: "spouse-answer", spouse_enroll_accept: "0" })).location).toBe(HERE);
      expect((await add(client, person("child"))).location).toBe(HERE);
      let p = await page(client);
      expect(p.data.next).toEqual({ allowed: false, message: "validation.dependentSpouseDeclined" });
      // the message points at the question: it must be there to answer
      expect(p.data.spouseQuestion).toMatchObject({ shown: true, answer: 0 });
      expect((await client.submit(depAction, HERE, { intent: "spouse-answer", spouse_enroll_accept: "1" })).location).toBe(HERE);
      p = await page(client, "?dialog=add");
      expect(p.data.add).toEqual({ relationship: "spouse", number: 2 });
      expect((await add(client, person("spouse"))).location).toBe(HERE);
      p = await page(client);
      expect(p.data.spouseQuestion.shown).toBe(false);
      expect(p.data.next.allowed).toBe(true);
      expect(await rows(id)).toHaveLength(2);
    });

    it("must be answered; No holds the spouse aside, Yes brings the spouse back; an emptied IF list asks again", async () => {
      const { client, id } = await atDependents({ ...IF, category: "hospital", plans: ["HPI-PREMIER-HOSPITAL"] });
      let p = await page(client, "?dialog=add");
      expect(p.data.spouseQuestion).toEqual({ shown: true, answer: null, pending: true, heldSpouse: false });
      expect(p.data.add).toBeNull();
      expect(p.data.dialog).toBeNull();
      expect(p.data.addBlocked).toBe("validation.spouseStatus");
      expect(p.data.next.message).toBe("validation.spouseStatus");
      expect((await add(client, person("spouse"))).data.mainError).toBe("validation.spouseStatus");
      expect((await client.submit(depAction, HERE, { intent: "next" })).data.mainError).toBe("validation.spouseStatus");
      const none = await client.submit(depAction, HERE, { intent: "spouse-answer" });
      expect(none.status).toBe(422);
      expect(none.data.fieldErrors.spouse_enroll_accept).toBe("validation.spouseStatus");
      expect(
        (await client.submit(depAction, HERE, { intent: "spouse-answer", spouse_enroll_accept: "maybe" })).data.fieldErrors
          .spouse_enroll_accept,
      ).toBe("validation.spouseStatus");

      // Yes: the first dependent is the spouse, with the quote's birth date
      expect((await client.submit(depAction, HERE, { intent: "spouse-answer", spouse_enroll_accept: "1" })).location).toBe(HERE);
      expect((await findEnrollment(app.store.db, id))!.spouse_enroll_accept).toBe(1);
      p = await page(client, "?dialog=add");
      expect(p.data.adding).toMatchObject({ relationship: "spouse", number: 1, values: { birthdate: "05/05/1985" } });
      expect((await add(client, person("spouse"))).location).toBe(HERE);
      expect((await add(client, person("child"))).location).toBe(HERE);
      p = await page(client);
      expect(p.data.spouseQuestion.shown).toBe(false);
      expect(p.data.next.allowed).toBe(true);

      // No: the spouse is held aside; the list goes on with children
      expect((await client.submit(depAction, HERE, { intent: "spouse-answer", spouse_enroll_accept: "0" })).location).toBe(HERE);
      p = await page(client);
      expect(p.data.dependents.map((d: { relationship: string }) => d.relationship)).toEqual(["child"]);
      expect(p.data.spouseQuestion).toMatchObject({ shown: true, answer: 0, heldSpouse: true });
      expect(p.data.add).toEqual({ relationship: "child", number: 2 });
      expect((await rows(id)).filter((r) => r.held === 1).map((r) => r.relationship)).toEqual(["spouse"]);

      // Yes again: the spouse is back
      await client.submit(depAction, HERE, { intent: "spouse-answer", spouse_enroll_accept: "1" });
      p = await page(client);
      expect(p.data.dependents.map((d: { relationship: string; firstName: string }) => [d.relationship, d.firstName])).toEqual([
        ["spouse", "Maria"],
        ["child", "Leo"],
      ]);
      expect((await rows(id)).every((r) => r.held === 0)).toBe(true);

      // emptying the IF list asks the question again
      for (const d of p.data.dependents) await client.submit(depAction, HERE, { intent: "delete", id: String(d.id) });
      expect((await findEnrollment(app.store.db, id))!.spouse_enroll_accept).toBeNull();
      expect((await page(client)).data.spouseQuestion.pending).toBe(true);
    });

    it("is not asked without a premier plan", async () => {
      const { client } = await atDependents({ ...IF, plans: ["BSD-PPO-ESS"] });
      expect((await page(client)).data.spouseQuestion.shown).toBe(false);
      expect((await client.submit(depAction, HERE, { intent: "spouse-answer", spouse_enroll_accept: "0" })).data.mainError).toBe(
        "validation.spouseQuestionNotAsked",
      );
    });
  });

  it("brings an existing member's dependents over once, only those the tier covers", async () => {
    const earlier = await atDependents({ ...IF, plans: ["BSD-PPO-ESS"] });
    await seed(earlier.id, 1, 2);
    const { client, id } = await atDependents({ ...IC, plans: ["BSD-PPO-ESS"] });
    const member = await app.store.db.selectFrom("members").select("id").orderBy("id").executeTakeFirstOrThrow();
    await app.store.db.updateTable("members").set({ last_enrollment_id: earlier.id }).where("id", "=", member.id).execute();
    await app.store.db.updateTable("enrollments").set({ member_id: member.id }).where("id", "=", id).execute();
    const p = await page(client);
    expect(p.data.dependents.map((d: { relationship: string }) => d.relationship)).toEqual(["child", "child"]);
    expect((await rows(id))[0].ssn_last4).toBe("8901");
    // once: a list the applicant emptied stays empty
    for (const d of p.data.dependents) await client.submit(depAction, HERE, { intent: "delete", id: String(d.id) });
    expect((await page(client)).data.dependents).toHaveLength(0);
    const enrollment = (await findEnrollment(app.store.db, id))!;
    const flags = await dependentFlags(
      app.services,
      (await cartLines(app.store.db, id)).map((l) => l.plan_id),
    );
    expect(await prefetchExistingDependents(app.services, enrollment, flags)).toBe(0);
    await app.store.db.updateTable("members").set({ last_enrollment_id: null }).where("id", "=", member.id).execute();
  });

  it("deleteDependentsForIO removes an IO enrollment's dependents (held ones too), and nobody else's", async () => {
    const io = await inWizard(app, { plans: ["BSD-PPO-ESS"] });
    const ioId = (await io.client.session()).tempId!;
    expect((await findEnrollment(app.store.db, ioId))!.tier).toBe("IO");
    await seed(ioId, 1, 1);
    await seed(ioId, 1, 0, { held: 1 });
    const other = await atDependents({ ...IF, plans: ["BSD-PPO-ESS"] });
    await seed(other.id, 1, 1);
    expect(await deleteDependentsForIO(app.services, ioId)).toBe(3);
    expect(await rows(ioId)).toHaveLength(0);
    expect(await rows(other.id)).toHaveLength(2);
    // an enrollment whose tier has dependents keeps them
    expect(await deleteDependentsForIO(app.services, other.id)).toBe(0);
    expect(await rows(other.id)).toHaveLength(2);
  });
});
