import type { DB } from "../db/connection";

export async function saveScreenshot(db: DB, values: { enrollmentId: number; tab: string; imageEnc: string; now: Date }) {
  await db.insertInto("screenshots").values({ enrollment_id: values.enrollmentId, tab_name: values.tab, image_enc: values.imageEnc, created_at: values.now.toISOString() }).execute();
}
