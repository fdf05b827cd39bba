/**
 * Security review (where sensitive data ends up): the enrollment record PDF holds the applicant's
 * health answers, which is why the receipt's copy to the rep or group carries no attachment
 * (ADR 012, decision 7). Yet `GET /enrollment/record/:id` hands the same PDF to the verified group
 * admin — the employer — so an employer reads an employee's health answers. The employer's
 * download must not carry them.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { action as healthAction } from "~/routes/enrollment.health-questions";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { loader as recordLoader } from "~/routes/enrollment_.record.$id";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import type { TestClient } from "../support/client";
import { signInGroupAdmin } from "../support/staff";
import { inWizard, markStepsDone } from "../support/journeys";

const CONDITION = "Hypertension";
const SYMPTOMS = "Recurring migraines";

/** The health step as a browser posts it: question 140 answered Yes with its details, the rest No. */
function healthForm(): Record<string, string> {
  const f: Record<string, string> = { intent: "next", notes: "" };
  [140, 141, 142, 143, 144, 145, 146, 147].forEach((id, i) => {
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
    [d("symptoms")]: SYMPTOMS,
  };
}

async function pdfText(bytes: Uint8Array) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text as string;
}

describeEachDatabase("the employer's download of an employee's enrollment record (security review)", (kind) => {
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
    return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
  }

  it("a group admin never receives the employee's health answers", async () => {
    const { client } = await inWizard(app, { category: "medical", plans: ["LUH-SILVER-3000"] });
    const id = (await client.session()).tempId!;
    await markStepsDone(app, client, ["primary_info", "contact_info"]);
    const health = await client.submit(healthAction, "/enrollment/health-questions", healthForm());
    expect(health.status, JSON.stringify(health.data)).toBe(302);
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    const rest = (JSON.parse(e.step_list!) as string[]).filter(
      (s) => !["primary_info", "contact_info", "primary_health_info", "review_info"].includes(s),
    );
    await markStepsDone(app, client, rest);
    // an enrollment of the group's (an employee's)
    await app.store.db.updateTable("enrollments").set({ group_id: DEMO.group.id }).where("id", "=", id).execute();
    const done = await client.submit(reviewAction, "/enrollment/review-confirm", { intent: "complete" });
    expect(done.location, JSON.stringify(done.data)).toBe("/enrollment/receipt");

    // the applicant's own copy has the answers (that is the record)
    const own = await download(client, id);
    expect(own.status).toBe(200);
    expect(await pdfText(own.bytes)).toContain(CONDITION);

    // the employer's must not
    const admin = await signInGroupAdmin(app);
    const byEmployer = await download(admin, id);
    if (byEmployer.status === 200) {
      const text = await pdfText(byEmployer.bytes);
      expect(text).not.toContain(CONDITION);
      expect(text).not.toContain(SYMPTOMS);
    }
  });
});
