/**
 * Operators and what each role may do in the console (issue 27): admin everything, operators
 * included; catalog the plans, rates and carriers; sales the reps, groups, group admins, portals,
 * referrals, site links and branding; support reads (no edits). Pure: the routes and use cases ask
 * `may(role, area, "edit")`.
 */

export const OPERATOR_ROLES = ["admin", "catalog", "sales", "support"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const CONSOLE_AREAS = ["audit", "operators", "catalog", "sales"] as const;
export type ConsoleArea = (typeof CONSOLE_AREAS)[number];

export type Access = "read" | "edit";

const RIGHTS: Record<OperatorRole, Partial<Record<ConsoleArea, Access>>> = {
  admin: { audit: "edit", operators: "edit", catalog: "edit", sales: "edit" },
  catalog: { audit: "read", catalog: "edit" },
  sales: { audit: "read", sales: "edit" },
  support: { audit: "read", sales: "read", catalog: "read" },
};

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === "string" && (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** Whether a role may read (or edit) an area of the console. */
export function may(role: OperatorRole, area: ConsoleArea, access: Access = "read"): boolean {
  const has = RIGHTS[role][area];
  return has === "edit" || (has === "read" && access === "read");
}

/** The fields that differ between two versions of a record: before → after of those only. */
export function changedFields<T extends Record<string, unknown>>(before: T | null, after: T | null) {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of keys) {
    const x = before?.[k] ?? null;
    const y = after?.[k] ?? null;
    if (JSON.stringify(x) === JSON.stringify(y)) continue;
    if (before) b[k] = x;
    if (after) a[k] = y;
  }
  return { before: before ? b : null, after: after ? a : null, changed: [...keys].filter((k) => k in a || k in b) };
}

/** Whether a change would leave the store with no active admin. */
export function leavesNoAdmin(
  activeAdmins: number,
  target: { role: OperatorRole; active: boolean },
  next: { role: OperatorRole; active: boolean },
) {
  const wasAdmin = target.active && target.role === "admin";
  const staysAdmin = next.active && next.role === "admin";
  return wasAdmin && !staysAdmin && activeAdmins <= 1;
}
