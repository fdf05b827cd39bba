/** What the employer step reads besides its own saved data: may it be skipped, and the group's defaults. */
import type { Services } from "../services";
import type { Enrollment } from "../db/schema";
import { cartHasIhaPlan, groupEmployerDefaults, type EmployerDefaults } from "../repositories/employer";

export type { EmployerDefaults };

/** Only a cart with an IHA plan may leave the employer's details out (get-cart-plan-info is_IHA). */
export function employerSkipAllowed(services: Services, planIds: readonly number[]) {
  return cartHasIhaPlan(services.db, planIds);
}

/** The employer details a group gives its employees' enrollments (get-group-info); null without a group. */
export async function employerDefaults(services: Services, enrollment: Pick<Enrollment, "group_id">): Promise<EmployerDefaults | null> {
  return enrollment.group_id ? groupEmployerDefaults(services.db, enrollment.group_id) : null;
}
