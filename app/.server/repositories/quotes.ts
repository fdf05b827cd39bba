/** Saved quotes (Save Cart e-mails) and their reminder state. Tokens are stored hashed. */
import type { DB } from "../db/connection";

export async function insertQuote(
  db: DB,
  values: {
    enrollmentId: number;
    name: string;
    email: string;
    message: string | null;
    locale: string;
    tokenHash: string;
    expiresAt: Date;
    now: Date;
  },
) {
  const row = await db
    .insertInto("quotes")
    .values({
      enrollment_id: values.enrollmentId,
      name: values.name,
      email: values.email,
      message: values.message,
      locale: values.locale,
      token_hash: values.tokenHash,
      expires_at: values.expiresAt.toISOString(),
      sent_at: values.now.toISOString(),
      reminder_sent_at: null,
      declined_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function quoteForEnrollment(db: DB, quoteId: number, enrollmentId: number) {
  return db.selectFrom("quotes").selectAll().where("id", "=", quoteId).where("enrollment_id", "=", enrollmentId).executeTakeFirst();
}

/** Stops reminders for every quote of the cart. */
export async function declineQuotes(db: DB, enrollmentId: number, now: Date) {
  await db
    .updateTable("quotes")
    .set({ declined_at: now.toISOString() })
    .where("enrollment_id", "=", enrollmentId)
    .where("declined_at", "is", null)
    .execute();
}

/** Quotes due a reminder: sent before the cutoff, never reminded, not declined, cart not enrolled. */
export function quotesDueReminder(db: DB, cutoff: Date, now: Date, limit = 100) {
  return db
    .selectFrom("quotes")
    .innerJoin("enrollments", "enrollments.id", "quotes.enrollment_id")
    .selectAll("quotes")
    .where("quotes.sent_at", "<=", cutoff.toISOString())
    .where("quotes.expires_at", ">", now.toISOString())
    .where("quotes.reminder_sent_at", "is", null)
    .where("quotes.declined_at", "is", null)
    .where("enrollments.status", "in", ["shopping", "checked_out"])
    .orderBy("quotes.id")
    .limit(limit)
    .execute();
}

/** Claims a quote's one reminder; false when another run claimed it first. */
export async function claimReminder(db: DB, quoteId: number, now: Date) {
  const res = await db
    .updateTable("quotes")
    .set({ reminder_sent_at: now.toISOString() })
    .where("id", "=", quoteId)
    .where("reminder_sent_at", "is", null)
    .where("declined_at", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
