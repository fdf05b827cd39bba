/** Answers to a plan's eligibility and Enroll-Now questions (encrypted: they can be health data). */
import type { DB } from "../db/connection";

export async function savePlanAnswers(
  db: DB,
  values: {
    enrollmentId: number;
    planId: number;
    kind: "eligibility" | "enroll";
    answersEnc: string;
    outcome: "accepted" | "declined";
    now: Date;
  },
) {
  const row = {
    enrollment_id: values.enrollmentId,
    plan_id: values.planId,
    kind: values.kind,
    answers_enc: values.answersEnc,
    outcome: values.outcome,
    answered_at: values.now.toISOString(),
  };
  await db
    .insertInto("plan_answers")
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(["enrollment_id", "plan_id", "kind"])
        .doUpdateSet({ answers_enc: row.answers_enc, outcome: row.outcome, answered_at: row.answered_at }),
    )
    .execute();
}
