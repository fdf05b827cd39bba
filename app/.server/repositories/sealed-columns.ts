/**
 * Every column that holds a sealed (AES-256-GCM) value, and the re-encryption that key rotation
 * needs: each value a configured key opens is sealed again with the newest key. In batches (keyset
 * pagination on the primary key), each batch in one transaction, each row updated only if it still
 * holds the value that was read (a server may be writing meanwhile). Running it again changes
 * nothing: values already under the newest key are left alone. SQLite and PostgreSQL alike.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/connection";
import type { Cipher } from "../platform/crypto";

export interface SealedColumn {
  table: string;
  /** the primary key's columns, in order */
  key: string[];
  column: string;
}

/** Kept in step with the schema by tests/integration/key-rotation.test.ts (every `*_enc` column). */
export const SEALED_COLUMNS: SealedColumn[] = [
  { table: "members", key: ["id"], column: "ssn_enc" },
  { table: "policies", key: ["id"], column: "signature_enc" },
  { table: "plan_answers", key: ["enrollment_id", "plan_id", "kind"], column: "answers_enc" },
  { table: "enrollment_steps", key: ["enrollment_id", "tab_name"], column: "secret_enc" },
  { table: "enrollment_steps", key: ["enrollment_id", "tab_name"], column: "draft_enc" },
  { table: "dependents", key: ["id"], column: "ssn_enc" },
  { table: "dependents", key: ["id"], column: "disability_condition_enc" },
  { table: "dependents", key: ["id"], column: "health_enc" },
  { table: "beneficiaries", key: ["id"], column: "ssn_enc" },
  { table: "payment_methods", key: ["id"], column: "account_number_enc" },
  { table: "screenshots", key: ["id"], column: "image_enc" },
  { table: "outbox", key: ["id"], column: "body_enc" },
  { table: "enrollment_records", key: ["enrollment_id"], column: "pdf_enc" },
  { table: "group_employees", key: ["id"], column: "ssn_enc" },
  { table: "census_uploads", key: ["id"], column: "rows_enc" },
  { table: "carrier_files", key: ["id"], column: "content_enc" },
];

export interface ColumnReport {
  table: string;
  column: string;
  /** rows with a value */
  values: number;
  /** sealed again with the newest key (or that would be, in a dry run) */
  resealed: number;
  /** already under the newest key */
  current: number;
  /** no configured key opens them: left as they are */
  unreadable: number;
  /** changed by someone else between the read and the write: left for the next run */
  skipped: number;
}

type Row = Record<string, unknown>;

export async function resealColumn(
  db: DB,
  cipher: Cipher,
  spec: SealedColumn,
  options: { batchSize?: number; dryRun?: boolean } = {},
): Promise<ColumnReport> {
  const batchSize = options.batchSize ?? 500;
  const anyDb = db as unknown as Kysely<Record<string, Row>>;
  const report: ColumnReport = { table: spec.table, column: spec.column, values: 0, resealed: 0, current: 0, unreadable: 0, skipped: 0 };
  let last: unknown[] | null = null;
  for (;;) {
    let query = anyDb
      .selectFrom(spec.table)
      .select([...spec.key, spec.column])
      .where(spec.column, "is not", null);
    if (last) {
      const after = last;
      query = query.where((eb) => {
        const [a, b, c] = spec.key as [string, string?, string?];
        if (b === undefined) return eb(a, ">", after[0]);
        if (c === undefined) return eb(eb.refTuple(a, b), ">", eb.tuple(after[0], after[1]));
        return eb(eb.refTuple(a, b, c), ">", eb.tuple(after[0], after[1], after[2]));
      });
    }
    for (const k of spec.key) query = query.orderBy(k);
    const rows = (await query.limit(batchSize).execute()) as Row[];
    if (!rows.length) break;
    last = spec.key.map((k) => rows[rows.length - 1]![k]);

    const changes: Array<{ row: Row; sealed: string }> = [];
    for (const row of rows) {
      const value = row[spec.column];
      if (typeof value !== "string") continue;
      report.values++;
      const index = cipher.keyIndexOf(value);
      if (index === 0) report.current++;
      else if (index < 0) report.unreadable++;
      else changes.push({ row, sealed: cipher.encrypt(cipher.decrypt(value)) });
    }
    if (options.dryRun) {
      report.resealed += changes.length;
      continue;
    }
    if (changes.length) {
      await anyDb.transaction().execute(async (trx) => {
        for (const { row, sealed } of changes) {
          let update = trx.updateTable(spec.table).set({ [spec.column]: sealed });
          for (const k of spec.key) update = update.where(k, "=", row[k]);
          const res = await update.where(spec.column, "=", row[spec.column]).executeTakeFirst();
          if (Number(res.numUpdatedRows) === 1) report.resealed++;
          else report.skipped++;
        }
      });
    }
    if (rows.length < batchSize) break;
  }
  return report;
}

/** Every sealed column, one after the other. */
export async function resealAll(
  db: DB,
  cipher: Cipher,
  options: { batchSize?: number; dryRun?: boolean; onColumn?: (r: ColumnReport) => void } = {},
) {
  const reports: ColumnReport[] = [];
  for (const spec of SEALED_COLUMNS) {
    const report = await resealColumn(db, cipher, spec, options);
    options.onColumn?.(report);
    reports.push(report);
  }
  return reports;
}
