/**
 * What the plans page's cache key reads through the visitor's enrollment (store/plans-page.ts),
 * in one statement: the enrollment's row, its cart lines, its plan-question outcomes and the
 * version of the recommendation data. One round trip to the database instead of four, on the
 * path every cached plans page takes.
 */
import type { DB } from "../db/connection";
import { jsonArrayFrom as jsonArrayFor, parsedJsonArray } from "../db/json-arrays";
import { precompiledRows } from "../db/precompiled";
import type { Dialect } from "../db/migrations";
import type { Enrollment } from "../db/schema";
import { recommendationDataVersion } from "../adapters/recommendations";

export interface KeyLine {
  id: number;
  plan_id: number;
  plan_price_id: number;
  price_cents: number;
  removable: number;
  paired_line_id: number | null;
}
/** An answered plan's outcome as kept, sealed: the key changes with it without opening it. */
export interface KeyAnswer {
  plan_id: number;
  kind: string;
  outcome_enc: string;
}

export interface PlansPageReads {
  recommendationVersion: number;
  /** null: no such enrollment */
  enrollment: Enrollment | null;
  lines: KeyLine[];
  answers: KeyAnswer[];
}

export async function plansPageReads(db: DB, dialect: Dialect, enrollmentId: number | null): Promise<PlansPageReads> {
  if (enrollmentId === null)
    return { recommendationVersion: await recommendationDataVersion(db), enrollment: null, lines: [], answers: [] };
  const jsonArrayFrom = jsonArrayFor(dialect);
  // built and compiled once (db/precompiled.ts): every plans page asks it for its key
  const [row] = await precompiledRows(db, dialect, "plansPageReads", [enrollmentId], ([enrollmentId]) =>
    db
      .selectFrom("enrollments")
      .selectAll("enrollments")
      .select((eb) => [
        eb
          .selectFrom("recommendation_data")
          .select("recommendation_data.version")
          .where("recommendation_data.id", "=", 1)
          .as("__recommendation_version"),
        jsonArrayFrom(
          eb
            .selectFrom("cart_lines")
            .select([
              "cart_lines.id",
              "cart_lines.plan_id",
              "cart_lines.plan_price_id",
              "cart_lines.price_cents",
              "cart_lines.removable",
              "cart_lines.paired_line_id",
            ])
            .whereRef("cart_lines.enrollment_id", "=", "enrollments.id")
            .orderBy("cart_lines.id"),
        ).as("__lines"),
        jsonArrayFrom(
          eb
            .selectFrom("plan_answers")
            .select(["plan_answers.plan_id", "plan_answers.kind", "plan_answers.outcome_enc"])
            .whereRef("plan_answers.enrollment_id", "=", "enrollments.id")
            .orderBy("plan_answers.plan_id")
            .orderBy("plan_answers.kind"),
        ).as("__answers"),
      ])
      .where("enrollments.id", "=", enrollmentId as number),
  );
  if (!row) return { recommendationVersion: await recommendationDataVersion(db), enrollment: null, lines: [], answers: [] };
  const { __recommendation_version, __lines, __answers, ...enrollment } = row;
  return {
    recommendationVersion: Number(__recommendation_version ?? 0),
    enrollment: enrollment as Enrollment,
    lines: parsedJsonArray<KeyLine>(__lines),
    answers: parsedJsonArray<KeyAnswer>(__answers),
  };
}
