/**
 * Child rows in the same statement as their parent: a sub-query aggregated into a JSON array
 * (Kysely's helpers: json_agg on PostgreSQL, json_group_array on SQLite), so a page that needs
 * a row and its children asks the database once. Only for columns that JSON carries as they are
 * (numbers, text and null: every timestamp here is ISO text).
 */
import { jsonArrayFrom as postgresArray } from "kysely/helpers/postgres";
import { jsonArrayFrom as sqliteArray } from "kysely/helpers/sqlite";
import type { Dialect } from "./migrations";

export function jsonArrayFrom(dialect: Dialect) {
  return dialect === "postgres" ? postgresArray : sqliteArray;
}

/** SQLite hands a JSON aggregate back as text, PostgreSQL as parsed JSON. */
export function parsedJsonArray<T>(value: unknown): T[] {
  if (typeof value === "string") return JSON.parse(value) as T[];
  return (value as T[] | null) ?? [];
}
