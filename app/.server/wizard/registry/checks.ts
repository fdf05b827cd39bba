/** What the steps' re-checks share: what is on file, run again through the step's own form schema. */
import { isoToUsDate } from "~/domain/dates";

/** Stored step data back into the strings its form posts: numbers as text, ISO dates as mm/dd/yyyy. */
export function asFormValues(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).map(([k, v]) => [
      k,
      typeof v === "number" ? String(v) : typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? isoToUsDate(v) : (v ?? ""),
    ]),
  );
}

/** The step's own schema, run again over what is on file under today's field rules. */
export function failsSchema(schema: { safeParse(v: unknown): { success: boolean } }, values: Record<string, unknown>) {
  return schema.safeParse(values).success ? null : "review.problems.stepIncomplete";
}
