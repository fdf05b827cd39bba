/**
 * Answers to a plan's eligibility and Enroll-Now questions and their outcome, both encrypted: they
 * can be health data, and a declined outcome says a health answer was one the plan refuses.
 */
import type { DB } from "../db/connection";

export async function savePlanAnswers(
  db: DB,
  values: {
    enrollmentId: number;
    planId: number;
    kind: "eligibility" | "enroll";
    answersEnc: string;
    /** the sealed outcome ("accepted" or "declined": health data too) */
    outcomeEnc: string;
    now: Date;
  },
) {
  const row = {
    enrollment_id: values.enrollmentId,
    plan_id: values.planId,
    kind: values.kind,
    answers_enc: values.answersEnc,
    outcome_enc: values.outcomeEnc,
    answered_at: values.now.toISOString(),
  };
  await db
    .insertInto("plan_answers")
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(["enrollment_id", "plan_id", "kind"])
        .doUpdateSet({ answers_enc: row.answers_enc, outcome_enc: row.outcome_enc, answered_at: row.answered_at }),
    )
    .execute();
}
