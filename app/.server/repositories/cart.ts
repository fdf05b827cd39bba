/** Cart reads shared by the header and the cart screen. */
import type { DB } from "../db/connection";

export async function cartSummary(db: DB, enrollmentId: number | undefined) {
  if (!enrollmentId) return { count: 0, amountCents: 0 };
  const row = await db
    .selectFrom("cart_lines")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.coalesce(eb.fn.sum<number>("price_cents"), eb.lit(0)).as("amount")])
    .where("enrollment_id", "=", enrollmentId)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), amountCents: Number(row?.amount ?? 0) };
}
