/**
 * Each dependent's health answers (enrollment-wizard §2.9, §3 "Dependent", §7, §8): the primary
 * applicant's condition and medication questions, with the same detail fields and rules, posted
 * and keyed under "health_info.", stored encrypted, and checked again at the review.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as depLoader, action as depAction } from "~/routes/enrollment.dependent-information";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { findEnrollment } from "~/.server/repositories/enrollments";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import type { TestClient } from "../support/client";
import { inWizard, markStepsDone } from "../support/journeys";

const HERE = "/enrollment/dependent-information";
const REVIEW = "/enrollment/review-confirm";
/** A family quote on a medical plan: the health step is required, so dependents are asked too. */
const FAMILY = { spouseDob: "05/05/1985", childCount: "2", category: "medical", plans: ["LUH-SILVER-3000"] };
/** The questions asked about dependents (for_dependents in the demo catalog), in order. */
const CONDITION_IDS = [140, 141, 142, 145, 146, 147];
const MEDICATION_ID = 148;

const cond = (i: number, field: string) => `health_info.condition_questions[${i}].conditions[0].${field}`;
const med = (n: number, field: string) => `health_info.medication_question.medications[${n}].${field}`;
const FLAG = (i: number) => `health_info.condition_questions[${i}].yes_no_flag`;
const MED_FLAG = "health_info.medication_question.yes_no_flag";

/** Every question left at its default, No, as the popup posts it. */
function allNo(): Record<string, string> {
  const f: Record<string, string> = { "health_info.notes": "" };
  CONDITION_IDS.forEach((id, i) => {
    f[`health_info.condition_questions[${i}].question_id`] = String(id);
    f[FLAG(i)] = "0";
  });
  f["health_info.medication_question.question_id"] = String(MEDICATION_ID);
  f[MED_FLAG] = "0";
  return f;
}

/** A good dependent with the given health fields on top of all-No. */
const person = (relationship: "spouse" | "child", extra: Record<string, string> = {}): Record<string, string> => ({
  intent: "add",
  relationship,
  first_name: relationship === "spouse" ? "Maria" : "Leo",
  last_name: "Lopez",
  gender: relationship === "spouse" ? "1" : "0",
  birthdate: relationship === "spouse" ? "05/05/1985" : "03/14/2015",
  ssn: relationship === "spouse" ? "456-78-9012" : "234-56-7890",
  weight: relationship === "spouse" ? "130" : "60",
  height_feet: relationship === "spouse" ? "5" : "4",
  height_inch: "2",
  is_legally_disabled: "0",
  ...allNo(),
  ...extra,
});

/** Question 140 (standard layout) answered Yes with its details. */
const asthma = {
  [FLAG(0)]: "1",
  [cond(0, "health_condition")]: "Asthma",
  [cond(0, "date_of_onset")]: "06/01/2015",
  [cond(0, "date_of_recovery")]: "",
  [cond(0, "is_treatment")]: "1",
  [cond(0, "is_medicate")]: "1",
  [cond(0, "d_last_seen")]: "03/01/2024",
  [cond(0, "symptoms")]: "Wheezing",
};

describeEachDatabase("wizard: dependents' health questions", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  async function atDependents() {
    const { client } = await inWizard(app, FAMILY);
    const id = (await client.session()).tempId!;
    const steps: string[] = JSON.parse((await findEnrollment(app.store.db, id))!.step_list ?? "[]");
    expect(steps).toContain("primary_health_info");
    await markStepsDone(app, client, steps.slice(0, steps.indexOf("dependent_info")));
    return { client, id, steps };
  }
  const rows = (id: number) =>
    app.store.db.selectFrom("dependents").selectAll().where("enrollment_id", "=", id).orderBy("position").execute();
  const add = (client: TestClient, fields: Record<string, string>) => client.submit(depAction, `${HERE}?dialog=add`, fields);
  const page = (client: TestClient, query = "") => client.load(depLoader, `${HERE}${query}`);

  it("asks each dependent the primary's condition questions (with their layouts) and the medication question, all No by default", async () => {
    const { client } = await atDependents();
    const p = await page(client, "?dialog=add");
    expect(p.data.health.questions.map((q: { id: number; layout: string }) => [q.id, q.layout])).toEqual([
      [140, "standard"],
      [141, "standard"],
      [142, "standard"],
      [145, "none"],
      [146, "special"],
      [147, "special"],
    ]);
    expect(p.data.health.medication).toMatchObject({ id: MEDICATION_ID });
    expect(p.data.health.medication.text).toMatch(/prescription medication/);
    const values = p.data.adding.values.health_info;
    expect(values.condition_questions.map((c: { question_id: string; yes_no_flag: string }) => [c.question_id, c.yes_no_flag])).toEqual(
      CONDITION_IDS.map((qid) => [String(qid), "0"]),
    );
    expect(values.medication_question).toMatchObject({ question_id: "148", yes_no_flag: "0" });
    expect(values.medication_question.medications).toHaveLength(3);
    // in Spanish too
    const es = await page(client, "?dialog=add&lng=es");
    expect(es.data.health.medication.text).toMatch(/medicamento/);
  });

  it("Yes without details: every missing detail at once, keyed health_info.…, beside the dependent's own errors; nothing saved", async () => {
    const { client, id } = await atDependents();
    const res = await add(client, person("spouse", { first_name: "", [FLAG(0)]: "1", [FLAG(3)]: "1", [FLAG(4)]: "1", [MED_FLAG]: "1" }));
    expect(res.status).toBe(422);
    expect(res.data.fieldErrors).toEqual({
      first_name: "validation.required",
      [cond(0, "health_condition")]: "validation.required",
      [cond(0, "date_of_onset")]: "validation.required",
      [cond(0, "d_last_seen")]: "validation.required",
      // 145 has no details; 146 is the special layout
      [cond(4, "condition")]: "validation.required",
      [cond(4, "last_seen_by_physician")]: "validation.required",
      [med(0, "medication")]: "validation.required",
    });
    expect(await rows(id)).toHaveLength(0);
  });

  it("checks the details by the primary's rules: dates, plain text, a recovery after the onset", async () => {
    const { client, id } = await atDependents();
    const res = await add(
      client,
      person("spouse", {
        ...asthma,
        [cond(0, "date_of_onset")]: "01/01/2999",
        [cond(0, "d_last_seen")]: "13/45/2020",
        [cond(0, "symptoms")]: "<script>",
        [FLAG(5)]: "1",
        [cond(5, "condition")]: "Surgery",
        [cond(5, "last_seen_by_physician")]: "02/02/2023",
        [cond(5, "phone")]: "12",
      }),
    );
    expect(res.status).toBe(422);
    expect(res.data.fieldErrors).toEqual({
      [cond(0, "date_of_onset")]: "validation.futureDate",
      [cond(0, "d_last_seen")]: "validation.invalidDate",
      [cond(0, "symptoms")]: "validation.healthText",
      [cond(5, "phone")]: "validation.phoneFormat",
    });
    expect(await rows(id)).toHaveLength(0);
  });

  it("refuses answers filed under a question the server does not have at that row", async () => {
    const { client, id } = await atDependents();
    const res = await add(client, person("spouse", { "health_info.condition_questions[0].question_id": "143" }));
    expect(res.status).toBe(422);
    expect(res.data.fieldErrors).toEqual({ [FLAG(0)]: "validation.healthQuestionsChanged" });
    expect(await rows(id)).toHaveLength(0);
  });

  it("saves the same answer set as the primary's, encrypted; the edit popup shows it back; No drops the details", async () => {
    const { client, id } = await atDependents();
    const res = await add(
      client,
      person("spouse", {
        ...asthma,
        [FLAG(3)]: "1",
        [MED_FLAG]: "1",
        [med(0, "medication")]: "Albuterol",
        [med(0, "dosage")]: "90 mcg",
        [med(0, "medical_condition")]: "Asthma",
        "health_info.notes": "Uses an inhaler",
      }),
    );
    expect(res.location).toBe(HERE);
    const [row] = await rows(id);
    expect(row.health_enc).not.toContain("Asthma");
    expect(row.health_enc).not.toContain("Albuterol");
    expect(app.services.cipher.decryptJson(row.health_enc!)).toEqual({
      condition_questions: CONDITION_IDS.map((question_id) =>
        question_id === 140
          ? {
              question_id,
              yes_no_flag: 1,
              conditions: [
                {
                  health_condition: "Asthma",
                  date_of_onset: "2015-06-01",
                  date_of_recovery: null,
                  is_treatment: 1,
                  is_medicate: 1,
                  d_last_seen: "2024-03-01",
                  symptoms: "Wheezing",
                },
              ],
            }
          : { question_id, yes_no_flag: question_id === 145 ? 1 : 0, conditions: [] },
      ),
      medication_question: {
        question_id: MEDICATION_ID,
        yes_no_flag: 1,
        medications: [{ medication: "Albuterol", dosage: "90 mcg", medical_condition: "Asthma" }],
      },
      notes: "Uses an inhaler",
    });

    const edit = await page(client, `?dialog=edit&d=${row.id}`);
    const values = edit.data.editing.values.health_info;
    expect(values.condition_questions[0]).toMatchObject({ question_id: "140", yes_no_flag: "1" });
    expect(values.condition_questions[0].conditions[0]).toMatchObject({
      health_condition: "Asthma",
      date_of_onset: "06/01/2015",
      d_last_seen: "03/01/2024",
      is_treatment: "1",
    });
    expect(values.condition_questions[3]).toMatchObject({ question_id: "145", yes_no_flag: "1" });
    expect(values.medication_question.medications[0]).toEqual({ medication: "Albuterol", dosage: "90 mcg", medical_condition: "Asthma" });
    expect(values.notes).toBe("Uses an inhaler");

    // No on every question: the details posted with it (as without JavaScript) are not kept
    const no = await client.submit(depAction, `${HERE}?dialog=edit&d=${row.id}`, {
      ...person("spouse", { ...asthma, [FLAG(0)]: "0" }),
      intent: "edit",
      id: String(row.id),
      ssn: "",
    });
    expect(no.location).toBe(HERE);
    const answers = app.services.cipher.decryptJson<{ condition_questions: Array<{ yes_no_flag: number; conditions: unknown[] }> }>(
      (await rows(id))[0].health_enc!,
    );
    expect(answers.condition_questions.every((c) => c.yes_no_flag === 0 && c.conditions.length === 0)).toBe(true);
    expect(JSON.stringify(answers)).not.toContain("Asthma");
  });

  it("Next, Save & Continue Later and the review's Complete name a dependent whose saved answers are incomplete", async () => {
    const { client, id, steps } = await atDependents();
    expect((await add(client, person("spouse"))).location).toBe(HERE);
    expect((await add(client, person("child", asthma))).location).toBe(HERE);
    const [, child] = await rows(id);
    // the child's answers lose a required detail (saved by an older page, or a rule that tightened)
    const answers = app.services.cipher.decryptJson<{ condition_questions: Array<{ conditions: Array<Record<string, unknown>> }> }>(
      child.health_enc!,
    );
    delete answers.condition_questions[0].conditions[0].d_last_seen;
    await app.store.db
      .updateTable("dependents")
      .set({ health_enc: app.services.cipher.encryptJson(answers) })
      .where("id", "=", child.id)
      .execute();

    expect((await client.submit(depAction, HERE, { intent: "save-later" })).data).toEqual({
      mainError: "validation.required",
      dependentNumber: 2,
    });
    expect((await client.submit(depAction, HERE, { intent: "next" })).data).toEqual({
      mainError: "validation.required",
      dependentNumber: 2,
    });

    await markStepsDone(
      app,
      client,
      steps.filter((s) => s !== "review_info"),
    );
    const complete = await client.submit(reviewAction, REVIEW, { intent: "complete" });
    expect(complete.status).toBe(422);
    expect(complete.data).toEqual({
      problems: [{ tab: "dependent_info", message: 'dependent.numbered::{"n":2,"message":"validation.required"}' }],
      notes: "",
    });
    expect((await findEnrollment(app.store.db, id))!.status).not.toBe("completed");

    // fixed through the edit popup, the review lets it through
    const fixed = await client.submit(depAction, `${HERE}?dialog=edit&d=${child.id}`, {
      ...person("child", asthma),
      intent: "edit",
      id: String(child.id),
      ssn: "",
    });
    expect(fixed.location).toBe(HERE);
    const again = await client.submit(reviewAction, REVIEW, { intent: "complete" });
    expect(again.data?.dependentError).toBeUndefined();
    expect(again.status).toBe(302);
  });

  it("answers saved as one Yes/No and a 'Details' line stay Yes: the note becomes the condition's name and the rest is asked for", async () => {
    const { client, id } = await atDependents();
    expect((await add(client, person("spouse"))).location).toBe(HERE);
    const [row] = await rows(id);
    await app.store.db
      .updateTable("dependents")
      .set({
        health_enc: app.services.cipher.encryptJson({
          "140": { answer: 1, detail: "Asthma, mild" },
          "145": { answer: 1, detail: null },
          "141": { answer: 0, detail: null },
          "148": { answer: 1, detail: "Inhaler" },
        }),
      })
      .where("id", "=", row.id)
      .execute();
    const values = (await page(client, `?dialog=edit&d=${row.id}`)).data.editing.values.health_info;
    expect(values.condition_questions.map((c: { yes_no_flag: string }) => c.yes_no_flag)).toEqual(["1", "0", "0", "1", "0", "0"]);
    expect(values.condition_questions[0].conditions[0].health_condition).toBe("Asthma, mild");
    expect(values.medication_question).toMatchObject({ yes_no_flag: "1" });
    expect(values.medication_question.medications[0].medication).toBe("Inhaler");
    // the onset and last-seen dates were never asked: the dependent is named until they are given
    expect((await client.submit(depAction, HERE, { intent: "save-later" })).data).toEqual({
      mainError: "validation.required",
      dependentNumber: 1,
    });
  });

  describe("without the health step", () => {
    it("asks no health questions and stores none", async () => {
      const { client } = await inWizard(app, { spouseDob: "05/05/1985", childCount: "0", plans: ["BSD-PPO-ESS"] });
      const id = (await client.session()).tempId!;
      const steps: string[] = JSON.parse((await findEnrollment(app.store.db, id))!.step_list ?? "[]");
      expect(steps).not.toContain("primary_health_info");
      await markStepsDone(app, client, steps.slice(0, steps.indexOf("dependent_info")));
      const p = await page(client, "?dialog=add");
      expect(p.data.health).toBeNull();
      expect(p.data.adding.values.health_info).toBeUndefined();
      // health fields posted anyway are ignored
      expect((await add(client, person("spouse", { [FLAG(0)]: "1" }))).location).toBe(HERE);
      expect((await rows(id))[0].health_enc).toBeNull();
    });
  });
});
