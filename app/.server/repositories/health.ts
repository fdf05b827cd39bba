/**
 * The wizard's health questions (enrollment-wizard §2.8, §3 "Health condition question",
 * "Medication question"). The primary applicant is asked every condition question and the
 * medication question; `for_dependents` marks the ones also asked for each dependent.
 */
import type { DB } from "../db/connection";

export interface HealthQuestionRow {
  id: number;
  kind: "condition" | "medication";
  text_en: string;
  text_es: string;
  for_dependents: number;
  sort_order: number;
}

function questions(db: DB, options: { dependentsOnly: boolean }) {
  let query = db
    .selectFrom("health_questions")
    .select(["id", "kind", "text_en", "text_es", "for_dependents", "sort_order"])
    .where("kind", "in", ["condition", "medication"]);
  if (options.dependentsOnly) query = query.where("for_dependents", "=", 1);
  return query.orderBy("sort_order").orderBy("id").execute();
}

/** The primary applicant's questions, in order: the condition questions and one medication question. */
export async function primaryHealthQuestions(db: DB) {
  const rows = await questions(db, { dependentsOnly: false });
  return split(rows);
}

/** The questions also asked for each dependent (for_dependents = 1), in order. */
export async function dependentHealthQuestions(db: DB) {
  const rows = await questions(db, { dependentsOnly: true });
  return split(rows);
}

function split(rows: HealthQuestionRow[]) {
  return {
    conditions: rows.filter((r) => r.kind === "condition"),
    // The spec has a single medication question; should the table hold more, the first one counts.
    medication: rows.find((r) => r.kind === "medication") ?? null,
  };
}
