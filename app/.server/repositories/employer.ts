/** What the employer step reads besides its own saved data: the group's defaults, the cart's IHA plans. */
import { todayIso } from "~/domain/dates";
import type { DB } from "../db/connection";
import { loadCatalog } from "./catalog";

export interface EmployerDefaults {
  name: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
}

/** The employer name, phone and address a group gives its employees' enrollments (get-group-info). */
export async function groupEmployerDefaults(db: DB, groupId: number): Promise<EmployerDefaults | null> {
  const g = await db
    .selectFrom("groups")
    .select(["employer_name", "employer_phone", "address1", "address2", "city", "state", "zip"])
    .where("id", "=", groupId)
    .executeTakeFirst();
  if (!g) return null;
  return {
    name: g.employer_name ?? "",
    phone: g.employer_phone ?? "",
    address1: g.address1 ?? "",
    address2: g.address2 ?? "",
    city: g.city ?? "",
    state: g.state ?? "",
    zip: g.zip ?? "",
  };
}

/** Does the cart hold an IHA plan (get-cart-plan-info is_IHA)? Read from the cached catalog. */
export async function cartHasIhaPlan(db: DB, planIds: readonly number[]): Promise<boolean> {
  if (!planIds.length) return false;
  // is_iha is a plan attribute, the same in every catalog version
  const catalog = await loadCatalog(db, todayIso(new Date()));
  return planIds.some((id) => catalog.plans.get(id)?.is_iha === 1);
}
