import type { DB } from "../db/connection";

/** Stores the step's screenshot, replacing the one it had (one row per enrollment and step). */
export async function saveScreenshot(db: DB, values: { enrollmentId: number; tab: string; imageEnc: string; now: Date }) {
  await db
    .insertInto("screenshots")
    .values({ enrollment_id: values.enrollmentId, tab_name: values.tab, image_enc: values.imageEnc, created_at: values.now.toISOString() })
    .onConflict((oc) =>
      oc.columns(["enrollment_id", "tab_name"]).doUpdateSet({ image_enc: values.imageEnc, created_at: values.now.toISOString() }),
    )
    .execute();
}
