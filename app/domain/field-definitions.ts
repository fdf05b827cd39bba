/**
 * Server field definitions (enrollment-wizard §3): which inputs a step shows, which are
 * required, read-only, or shown but optional. A row applies to every plan or to a plan in the
 * cart, to every enroll type or to this one; any applying row can require, lock or relax.
 */
export interface FieldRow {
  field_name: string;
  plan_id: number | null;
  enroll_type: string | null;
  required: number;
  read_only: number;
  optional: number;
}

export interface FieldRule {
  /** shown: the spec shows only fields marked required */
  shown: boolean;
  /** must be filled (shown and not optional) */
  required: boolean;
  readOnly: boolean;
}

export type FieldRules = Record<string, FieldRule>;

export function resolveFields(rows: readonly FieldRow[], ctx: { planIds: readonly number[]; enrollType: string | null }): FieldRules {
  const acc: Record<string, { shown: boolean; optional: boolean; readOnly: boolean }> = {};
  for (const r of rows) {
    if (r.plan_id !== null && !ctx.planIds.includes(r.plan_id)) continue;
    if (r.enroll_type !== null && r.enroll_type !== ctx.enrollType) continue;
    const a = (acc[r.field_name] ??= { shown: false, optional: false, readOnly: false });
    a.shown ||= r.required === 1;
    a.optional ||= r.optional === 1;
    a.readOnly ||= r.read_only === 1;
  }
  return Object.fromEntries(
    Object.entries(acc).map(([name, a]) => [name, { shown: a.shown, required: a.shown && !a.optional, readOnly: a.readOnly }]),
  );
}

export const isShown = (rules: FieldRules, name: string) => rules[name]?.shown ?? false;
export const isRequired = (rules: FieldRules, name: string) => rules[name]?.required ?? false;
export const isReadOnly = (rules: FieldRules, name: string) => rules[name]?.readOnly ?? false;
