/** Catalog reads: categories (cached in memory, they change only with a deploy or seed). */
import type { DB } from "../db/connection";
import type { Audience, PlanCategory } from "../db/schema";

const categoryCache = new WeakMap<DB, { at: number; rows: PlanCategory[] }>();
const TTL_MS = 60_000;

export async function planCategories(db: DB): Promise<PlanCategory[]> {
  const hit = categoryCache.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.rows;
  const rows = await db.selectFrom("plan_categories").selectAll().orderBy("sort_order").execute();
  categoryCache.set(db, { at: Date.now(), rows });
  return rows;
}

/** Categories that have at least one active plan for the audience (over or under 65). */
export async function menuCategories(db: DB, over65: boolean) {
  const audiences: Audience[] = over65 ? ["all", "over65"] : ["all", "under65"];
  const withPlans = await db
    .selectFrom("plans")
    .select("category_id")
    .distinct()
    .where("active", "=", 1)
    .where("is_membership", "=", 0)
    .where("audience", "in", audiences)
    .execute();
  const ids = new Set(withPlans.map((r) => r.category_id));
  return (await planCategories(db)).filter((c) => ids.has(c.id));
}
