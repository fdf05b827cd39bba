/** The development mailbox: what the mail and SMS adapters kept. */
import type { DB } from "../db/connection";

export function latestMessages(db: DB, limit = 50) {
  return db
    .selectFrom("outbox")
    .select(["id", "channel", "recipient", "subject", "kind", "status", "created_at"])
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export function outboxMessage(db: DB, id: number) {
  return db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst();
}
