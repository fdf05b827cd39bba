/**
 * A read built and compiled by Kysely once per process and dialect, then only run with new values
 * (issue 24, ADR 019). Kysely builds a query's tree, freezes it, runs the plugins over it and
 * compiles it to SQL on every call: for the reads every page makes (the visitor's enrollment with
 * its rows, the plans page's key) that was about as much CPU as SQLite's own work.
 *
 * The query is built once with stand-ins for its values; the compiled SQL and the positions of
 * the stand-ins among its parameters are kept; a later call sends the same SQL with its own
 * values in those positions. The SQL text is the one Kysely would have sent (so PostgreSQL's
 * named statements and SQLite's statement cache still find it). Only for SELECTs (nothing is
 * counted as a write: db/writes.ts) whose values are scalars passed as they are: a value the
 * query builder would expand (a list for `in`) or inline into the SQL text is refused at the
 * first call, and that query is built per call as before.
 */
import { CompiledQuery, type Compilable } from "kysely";
import type { DB } from "./connection";
import type { Dialect } from "./migrations";

type Template = { sql: string; parameters: readonly unknown[]; slots: readonly number[] } | "per-call";
const templates = new Map<string, Template>();

const standIn = (i: number) => `\u0000precompiled:${i}\u0000`;

/**
 * The rows of the SELECT `build(values)` builds, compiled once for `name` and `dialect`: `build`
 * must use each value only as a parameter, and must build the same query for any values.
 */
export async function precompiledRows<R>(
  db: DB,
  dialect: Dialect,
  name: string,
  values: readonly (string | number | null)[],
  build: (values: readonly (string | number | null)[]) => Compilable<R>,
): Promise<R[]> {
  const key = `${dialect}\u0000${name}`;
  let template = templates.get(key);
  if (!template) {
    template = compileTemplate(build, values.length);
    templates.set(key, template);
  }
  if (template === "per-call") return (await db.executeQuery(build(values).compile())).rows;
  const { sql, parameters, slots } = template;
  const bound = slots.map((slot, i) => (slot < 0 ? parameters[i] : values[slot]));
  return (await db.executeQuery<R>(CompiledQuery.raw(sql, bound))).rows;
}

function compileTemplate<R>(build: (values: readonly (string | number | null)[]) => Compilable<R>, count: number): Template {
  const standIns = Array.from({ length: count }, (_, i) => standIn(i));
  const compiled = build(standIns).compile();
  if (compiled.query.kind !== "SelectQueryNode") return "per-call";
  const slots = compiled.parameters.map((p) => (typeof p === "string" ? standIns.indexOf(p) : -1));
  // every value a parameter, none written into the SQL text
  const asParameters = standIns.every((_, i) => slots.includes(i)) && !compiled.sql.includes("\u0000precompiled:");
  return asParameters ? { sql: compiled.sql, parameters: compiled.parameters, slots } : "per-call";
}
