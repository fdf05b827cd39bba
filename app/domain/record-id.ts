/**
 * A record's id as a request gives it (an address, a query string, a form field). Every table's
 * key is a 32-bit integer on PostgreSQL (`integer`), so a number past 2,147,483,647 is an id no
 * record has: read as "no such id" here, before it reaches a query (PostgreSQL refuses such a
 * number with an error, SQLite would only find nothing). Pure.
 */

/** The largest id a record can have (PostgreSQL's `integer`). */
export const MAX_RECORD_ID = 2_147_483_647;

const DIGITS = /^[1-9][0-9]{0,9}$/;

/** `raw` as a record id (1 … 2,147,483,647, digits only, no sign, no leading zero), else null. */
export function recordIdFrom(raw: unknown): number | null {
  if (typeof raw !== "string" || !DIGITS.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_RECORD_ID ? id : null;
}
