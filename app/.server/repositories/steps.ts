/** Saved data per wizard step, and the field definitions that shape each step. */
import type { DB } from "../db/connection";
import { referenceData } from "./reference-data";

/** `draftEnc`: the typed draft to keep (null clears it; left out, it stays as it is). */
export async function saveStepRow(
  db: DB,
  values: {
    enrollmentId: number;
    tab: string;
    data: string;
    secretEnc: string | null;
    completed: boolean;
    draftEnc?: string | null;
    now: Date;
  },
) {
  const at = values.now.toISOString();
  await db
    .insertInto("enrollment_steps")
    .values({
      enrollment_id: values.enrollmentId,
      tab_name: values.tab,
      data: values.data,
      secret_enc: values.secretEnc,
      completed_at: values.completed ? at : null,
      updated_at: at,
      draft_enc: values.draftEnc ?? null,
    })
    .onConflict((oc) =>
      oc.columns(["enrollment_id", "tab_name"]).doUpdateSet((eb) => ({
        data: values.data,
        secret_enc: values.secretEnc,
        // a valid draft never undoes a finished step
        completed_at: values.completed ? at : eb.ref("enrollment_steps.completed_at"),
        draft_enc: values.draftEnc === undefined ? eb.ref("enrollment_steps.draft_enc") : values.draftEnc,
        updated_at: at,
      })),
    )
    .execute();
}

/**
 * A draft that does not pass the step's checks: kept beside the step's last checked data
 * (untouched), and the step is no longer finished. `secretEnc` left out keeps the secret.
 */
export async function saveInvalidDraftRow(
  db: DB,
  values: { enrollmentId: number; tab: string; draftEnc: string; secretEnc?: string | null; now: Date },
) {
  const at = values.now.toISOString();
  await db
    .insertInto("enrollment_steps")
    .values({
      enrollment_id: values.enrollmentId,
      tab_name: values.tab,
      data: "{}",
      secret_enc: values.secretEnc ?? null,
      completed_at: null,
      updated_at: at,
      draft_enc: values.draftEnc,
    })
    .onConflict((oc) =>
      oc.columns(["enrollment_id", "tab_name"]).doUpdateSet((eb) => ({
        secret_enc: values.secretEnc === undefined ? eb.ref("enrollment_steps.secret_enc") : values.secretEnc,
        completed_at: null,
        draft_enc: values.draftEnc,
        updated_at: at,
      })),
    )
    .execute();
}

/** A tab's field definitions (reference data, held in memory). */
export async function fieldDefinitionRows(db: DB, tab: string) {
  return (await referenceData(db)).fieldDefinitions.get(tab) ?? [];
}

/** The rows of these option lists, by list key and in list order (reference data, held in memory). */
export async function optionRows(db: DB, listKeys: string[]) {
  const { options } = await referenceData(db);
  return [...new Set(listKeys)].sort().flatMap((key) => options.get(key) ?? []);
}
