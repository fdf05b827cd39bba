/**
 * The visitor's enrollment with its cart lines and saved steps, read once per request (one
 * statement, ADR 016) — shared by the session's holder check and every page read.
 */
import type { DB } from "../db/connection";
import type { Dialect } from "../db/migrations";
import { once, type MemoScope } from "../platform/memo";
import { findEnrollmentWithRows } from "../repositories/enrollments";

export const enrollmentRowsOnce = (scope: MemoScope & { db: DB; dialect: Dialect }, id: number) =>
  once(scope, `enrollment:${id}`, () => findEnrollmentWithRows(scope.db, scope.dialect, id));
