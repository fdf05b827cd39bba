/**
 * The review is a "Check your answers" page (issue 26 #10): every answer of every step — the
 * personal step's height, weight, gender and prior coverage, each health question with the
 * applicant's and each dependent's answer — each with a Change link that opens the step with the
 * review's return marker; SSNs masked. The enrollment record (PDF) prints the same answers, the
 * dependents' health answers and the review's notes among them.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { loader as reviewLoader, action as reviewAction } from "~/routes/enrollment.review-confirm";
import { action as depAction } from "~/routes/enrollment.dependent-information";
import { loader as personalLoader, action as personalAction } from "~/routes/enrollment.personal-info";
import { loader as depLoader } from "~/routes/enrollment.dependent-information";
import { enrollmentRecord } from "~/.server/wizard/enrollment-record";
import { healthQuestions } from "~/.server/wizard/health";
import { findEnrollment } from "~/.server/repositories/enrollments";
import type { HealthAnswers } from "~/forms/health";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { inWizard, markStepsDone } from "../support/journeys";
import { PERSONAL_FORM } from "../support/step-payloads";

const REVIEW = "/enrollment/review-confirm";
const DEPENDENTS = "/enrollment/dependent-information";
/** A family quote on a medical plan: health questions for the applicant and each dependent. */
const FAMILY = { spouseDob: "05/05/1985", childCount: "2", category: "medical", plans: ["LUH-SILVER-3000"] };
const DEPENDENT_CONDITION_IDS = [140, 141, 142, 145, 146, 147];
const DEPENDENT_MEDICATION_ID = 148;

type Line = { label: string; value: string; change: string | null };
type Group = { title: string | null; lines: Line[] };
type Tile = { tab: string; inList: boolean; done: boolean; change: string | null; groups: Group[] };

/** A dependent as the popup posts it: every health question No unless `yes` says otherwise. */
function dependent(relationship: "spouse" | "child", yes: Record<string, string> = {}): Record<string, string> {
  const f: Record<string, string> = {
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
    "health_info.notes": "",
    "health_info.medication_question.question_id": String(DEPENDENT_MEDICATION_ID),
    "health_info.medication_question.yes_no_flag": "0",
  };
  DEPENDENT_CONDITION_IDS.forEach((id, i) => {
    f[`health_info.condition_questions[${i}].question_id`] = String(id);
    f[`health_info.condition_questions[${i}].yes_no_flag`] = "0";
  });
  return { ...f, ...yes };
}

/** The spouse: question 140 Yes, asthma, with its details. */
const SPOUSE_ASTHMA = {
  "health_info.condition_questions[0].yes_no_flag": "1",
  "health_info.condition_questions[0].conditions[0].health_condition": "Asthma",
  "health_info.condition_questions[0].conditions[0].date_of_onset": "06/01/2015",
  "health_info.condition_questions[0].conditions[0].date_of_recovery": "",
  "health_info.condition_questions[0].conditions[0].is_treatment": "1",
  "health_info.condition_questions[0].conditions[0].is_medicate": "1",
  "health_info.condition_questions[0].conditions[0].d_last_seen": "03/01/2024",
  "health_info.condition_questions[0].conditions[0].symptoms": "Wheezing",
};

async function pdfText(bytes: Uint8Array) {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(doc, { mergePages: true });
  return text as string;
}

describeEachDatabase("wizard: the review shows every answer, with its Change link, and the record prints them", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  /** A family at the review: the applicant answered Yes to the first question, the spouse has asthma, the child all No. */
  async function atReview() {
    const { client } = await inWizard(app, FAMILY);
    const id = (await client.session()).tempId!;
    const steps: string[] = JSON.parse((await findEnrollment(app.store.db, id))!.step_list ?? "[]");
    expect(steps).toEqual(expect.arrayContaining(["primary_health_info", "dependent_info"]));
    await markStepsDone(app, client, steps.slice(0, steps.indexOf("dependent_info")));
    // the applicant's own answers, sealed as the health step seals them
    const questions = await healthQuestions(app.services);
    const answers: HealthAnswers = {
      condition_questions: questions.conditions.map((q, i) => ({
        question_id: q.id,
        yes_no_flag: i === 0 ? 1 : 0,
        conditions: i === 0 ? [{ health_condition: "Hay fever" } as never] : [],
      })),
      medication_question: questions.medication ? { question_id: questions.medication.id, yes_no_flag: 0, medications: [] } : null,
      notes: "",
    };
    await app.store.db
      .updateTable("enrollment_steps")
      .set({ secret_enc: app.services.cipher.encryptJson(answers) })
      .where("enrollment_id", "=", id)
      .where("tab_name", "=", "primary_health_info")
      .execute();
    expect((await client.submit(depAction, `${DEPENDENTS}?dialog=add`, dependent("spouse", SPOUSE_ASTHMA))).status).toBe(302);
    expect((await client.submit(depAction, `${DEPENDENTS}?dialog=add`, dependent("child"))).status).toBe(302);
    await markStepsDone(
      app,
      client,
      steps.slice(steps.indexOf("dependent_info")).filter((s) => s !== "review_info"),
    );
    const ids = (
      await app.store.db.selectFrom("dependents").select("id").where("enrollment_id", "=", id).orderBy("position").execute()
    ).map((r) => r.id);
    return { client, id, questions, dependentIds: ids };
  }

  const tileOf = (data: { tiles: Tile[] }, tab: string) => data.tiles.find((t) => t.tab === tab)!;
  const lineOf = (group: Group | undefined, label: string) => group?.lines.find((l) => l.label === label);

  it("personal details: height, weight, gender and prior coverage with the rest, the SSN masked, each with its Change link", async () => {
    const { client } = await atReview();
    const page = await client.load(reviewLoader, REVIEW);
    const personal = tileOf(page.data, "primary_info");
    const lines = Object.fromEntries(personal.groups[0].lines.map((l) => [l.label, l.value]));
    expect(lines).toMatchObject({
      Name: "Ana Lopez",
      Gender: "Male",
      Height: "5 ft 6 in",
      "Weight (lbs)": "140",
      "Marital status": expect.any(String),
      "Social Security Number": "XXX-XX-6789",
      "Prior health coverage": "I had no prior health coverage",
    });
    // what the step asks has a Change link to it with the review's return marker; the quote's answers have none
    expect(lineOf(personal.groups[0], "Height")?.change).toBe("/enrollment/personal-info?return=review");
    expect(lineOf(personal.groups[0], "Gender")?.change).toBeNull();
    expect(personal.change).toBe("/enrollment/personal-info?return=review");
    // the contact step's answers too
    expect(tileOf(page.data, "contact_info").groups[0].lines.map((l) => l.label)).toEqual(
      expect.arrayContaining(["E-mail address", "Phone number", "Address"]),
    );
    const all = JSON.stringify(page.data);
    for (const whole of ["123456789", "123-45-6789", "456789012", "456-78-9012", "234567890"]) expect(all).not.toContain(whole);
  });

  it("each health question with the applicant's answer and each dependent's, a dependent's Change link opening that dependent", async () => {
    const { client, questions, dependentIds } = await atReview();
    const page = await client.load(reviewLoader, REVIEW);
    const health = tileOf(page.data, "primary_health_info");
    expect(health.groups.map((g) => g.title)).toEqual(["Applicant: Ana Lopez", "Dependent #1: Maria Lopez", "Dependent #2: Leo Lopez"]);
    const [own, spouse, child] = health.groups;
    expect(own.lines).toHaveLength(questions.conditions.length + (questions.medication ? 1 : 0));
    expect(own.lines[0]).toEqual({
      label: questions.conditions[0].text_en,
      value: "Yes\nName of the condition: Hay fever",
      change: "/enrollment/health-questions?return=review",
    });
    expect(own.lines[1]?.value).toBe("No");
    expect(spouse.lines).toHaveLength(DEPENDENT_CONDITION_IDS.length + 1);
    expect(spouse.lines[0]?.value).toMatch(/^Yes\nName of the condition: Asthma\n/);
    expect(spouse.lines[0]?.value).toContain("Symptoms: Wheezing");
    expect(spouse.lines[0]?.change).toBe(`${DEPENDENTS}?dialog=edit&d=${dependentIds[0]}&return=review`);
    expect(child.lines.every((l) => l.value === "No")).toBe(true);
    // the dependents' own details, one group each
    const deps = tileOf(page.data, "dependent_info");
    expect(deps.groups.map((g) => g.title)).toEqual(["Dependent #1: Maria Lopez", "Dependent #2: Leo Lopez"]);
    expect(Object.fromEntries(deps.groups[0].lines.map((l) => [l.label, l.value]))).toMatchObject({
      Relationship: "Spouse",
      "Date of birth": "05/05/1985",
      Gender: "Female",
      "Social Security Number": "XXX-XX-9012",
      Height: "5 ft 2 in",
      "Weight (lbs)": "130",
    });

    // in Spanish: the questions as the catalog words them in Spanish
    const es = await client.load(reviewLoader, `${REVIEW}?lng=es`);
    const esHealth = tileOf(es.data, "primary_health_info");
    expect(esHealth.groups[0].title).toBe("Solicitante: Ana Lopez");
    expect(esHealth.groups[0].lines[0]?.label).toBe(questions.conditions[0].text_es);
    expect(esHealth.groups[0].lines[0]?.value).toMatch(/^Sí\n/);
  });

  it("a Change link opens the step with the return marker set (no JavaScript needed), and its save comes back to the review", async () => {
    const { client, dependentIds } = await atReview();
    const opened = await client.load(personalLoader, "/enrollment/personal-info?return=review");
    expect(opened.location).toBe("/enrollment/personal-info");
    expect((await client.session()).navto).toBe("review");
    expect((await client.load(personalLoader, "/enrollment/personal-info")).data.chrome.back).toBe(REVIEW);
    const saved = await client.submit(personalAction, "/enrollment/personal-info", { ...PERSONAL_FORM, weight: "151", ssn: "" });
    expect(saved.location).toBe(REVIEW);
    const page = await client.load(reviewLoader, REVIEW);
    expect(lineOf(tileOf(page.data, "primary_info").groups[0], "Weight (lbs)")?.value).toBe("151");
    // a dependent's link keeps which dependent it opens
    const dep = await client.load(depLoader, `${DEPENDENTS}?dialog=edit&d=${dependentIds[0]}&return=review`);
    expect(dep.location).toBe(`${DEPENDENTS}?dialog=edit&d=${dependentIds[0]}`);
    expect((await client.session()).navto).toBe("review");
  });

  it("the PDF record prints the same answers: height and prior coverage, the dependents' health answers and the review's notes", async () => {
    const { client, id } = await atReview();
    const NOTES = "Please call Maria after 5pm";
    const done = await client.submit(reviewAction, REVIEW, { intent: "complete", additional_notes: NOTES });
    expect(done.location).toBe("/enrollment/receipt");
    const record = await enrollmentRecord(app.services, id, "en");
    const text = (await pdfText(record!.pdf)).replace(/\s+/g, " ");
    expect(text).toContain("Height: 5 ft 6 in");
    expect(text).toContain("Prior health coverage: I had no prior health coverage");
    expect(text).toContain("Dependent #1: Maria Lopez");
    expect(text).toContain("Name of the condition: Asthma");
    expect(text).toContain("Symptoms: Wheezing");
    expect(text).toContain("Dependent #2: Leo Lopez");
    expect(text).toContain("Hay fever");
    expect(text).toContain(`Additional notes: ${NOTES}`);
    expect(text).toContain("XXX-XX-9012");
    for (const whole of ["123456789", "456789012", "456-78-9012", "234567890"]) expect(text).not.toContain(whole);
  });
});
