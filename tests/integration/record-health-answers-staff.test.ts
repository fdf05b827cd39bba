/**
 * Security review (w8, authorization). The enrollment record holds the applicant's health answers
 * "in the applicant's own copy only" (domain/enrollment-record.ts, `copy: "applicant"`), and ADR 012
 * (decision 7) keeps the file out of the rep's and the group's e-mail because "it holds the health
 * answers". Yet GET /enrollment/record/{id} hands that same applicant copy to the verified group
 * admin of the enrollment's group — the employer — and to its rep: an employee's health conditions,
 * dates and symptoms go to the employer's browser. The staff download must leave the health
 * answers out (the non-applicant copy), as the e-mail does.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { action as healthAction } from "~/routes/enrollment.health-questions";
import { action as employerAction } from "~/routes/enrollment.employer-info";
import { loader as recordLoader } from "~/routes/enrollment_.record.$id";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import type { TestClient } from "../support/client";
import { signInGroupAdmin, signInRep } from "../support/staff";
import { EMPLOYER_FORM, inWizard, markStepsDone } from "../support/journeys";

const PLAN = "LUH-SILVER-3000";
const CONDITION_IDS = [140, 141, 142, 143, 144, 145, 146, 147];
const CONDITION = "Hypertension";
const SYMPTOM = "Nosebleeds";

/** The health step's form: every question No but the first, answered Yes with its details. */
function healthForm(): Record<string, string> {
  const f: Record<string, string> = { intent: "next", notes: "" };
  CONDITION_IDS.forEach((id, i) => {
    f[`condition_questions[${i}].question_id`] = String(id);
    f[`condition_questions[${i}].yes_no_flag`] = "0";
  });
  f["medication_question.question_id"] = "148";
  f["medication_question.yes_no_flag"] = "0";
  const d = (field: string) => `condition_questions[0].conditions[0].${field}`;
  return {
    ...f,
    "condition_questions[0].yes_no_flag": "1",
    [d("health_condition")]: CONDITION,
    [d("date_of_onset")]: "03/15/2019",
    [d("date_of_recovery")]: "",
    [d("is_treatment")]: "1",
    [d("is_medicate")]: "0",
    [d("d_last_seen")]: "01/10/2024",
    [d("symptoms")]: SYMPTOM,
  };
}

async function pdfText(bytes: Uint8Array) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text as string;
}

describeEachDatabase("an employee's health answers in the record a group admin or rep downloads", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  async function download(c: TestClient, id: number) {
    const res = (await recordLoader({
      request: c.request(`/enrollment/record/${id}`),
      params: { id: String(id) },
      context: c.loadContext(),
    } as never)) as Response;
    expect(res.status).toBe(200);
    return pdfText(new Uint8Array(await res.arrayBuffer()));
  }

  /** An employee of the demo group (under the group's rep) who completed a medical enrollment answering Yes to a condition. */
  async function completedWithHealthAnswers() {
    const { client } = await inWizard(app, { category: "medical", plans: [PLAN] });
    const id = await markStepsDone(app, client, ["primary_info", "contact_info"]);
    expect((await client.submit(healthAction, "/enrollment/health-questions", healthForm())).status).toBe(302);
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    const rest = (JSON.parse(e.step_list!) as string[]).filter(
      (s) => !["review_info", "primary_info", "contact_info", "primary_health_info"].includes(s),
    );
    await markStepsDone(app, client, rest);
    // an employee of the demo group, under the group's rep (as the existing record test makes an enrollment the group's)
    await app.store.db
      .updateTable("enrollments")
      .set({ group_id: DEMO.group.id, agent_id: DEMO.rep.id, enroll_type: "new-group-member" })
      .where("id", "=", id)
      .execute();
    expect((await client.submit(employerAction, "/enrollment/employer-info", EMPLOYER_FORM)).status).toBe(302);
    const done = await client.submit(reviewAction, "/enrollment/review-confirm", { intent: "complete" });
    expect(done.location, JSON.stringify(done.data)?.slice(-600)).toBe("/enrollment/receipt");
    return { client, id };
  }

  it("the applicant's copy has them; the employer's and the rep's downloads do not", async () => {
    const { client, id } = await completedWithHealthAnswers();

    // the applicant's own copy, from the receipt: her health answers are in it
    const own = await download(client, id);
    expect(own).toContain(CONDITION);
    expect(own).toContain(SYMPTOM);

    // the employer (the group's verified admin) and the rep
    for (const staff of [await signInGroupAdmin(app), await signInRep(app)]) {
      const text = await download(staff, id);
      expect(text).not.toContain(CONDITION);
      expect(text).not.toContain(SYMPTOM);
      expect(text).toContain("Employer and representative copy");
    }
  });
});
