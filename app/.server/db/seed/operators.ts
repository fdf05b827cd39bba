/**
 * The demo database's one operator (issue 27, README "Demo identities"): an administrator at a
 * reserved .test address, whose sign-in codes land in the dev outbox. Seeded with the demo data
 * only — a real store's first admin comes from `npm run operator -- add <email> admin`.
 */
import type { Kysely } from "kysely";
import type { Database } from "../schema";

export const DEMO_OPERATOR = { email: "operator@demo.test", name: "Demo Operator", role: "admin" as const };

export async function seedDemoOperator(db: Kysely<Database>, now: Date) {
  await db
    .insertInto("operators")
    .values({ ...DEMO_OPERATOR, active: 1, created_at: now.toISOString(), updated_at: now.toISOString() })
    .execute();
}

/** A demo database seeded before operators existed gets the demo operator, once, if it has no operator at all. */
export async function seedMissingDemoOperator(db: Kysely<Database>, now: Date) {
  const any = await db.selectFrom("operators").select("id").limit(1).executeTakeFirst();
  if (any) return;
  const demo = await db.selectFrom("reps").select("id").where("agent_code", "=", "ABCD1212").executeTakeFirst();
  if (demo) await seedDemoOperator(db, now);
}
