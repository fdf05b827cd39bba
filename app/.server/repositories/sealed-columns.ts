/**
 * Every column that holds a sealed (AES-256-GCM) value, and the re-encryption that key rotation
 * needs: each value a configured key opens is sealed again with the newest key. In batches (keyset
 * pagination on the primary key), each batch in one transaction, each row updated only if it still
 * holds the value that was read (a server may be writing meanwhile). Running it again changes
 * nothing: values already under the newest key are left alone. SQLite and PostgreSQL alike.
 *
 * The keyed hashes kept beside data we hold (an SSN sealed, an e-mail in clear) are made again with
 * the newest key too (`KEYED_HASHES`), each table in one transaction: otherwise, once the old key
 * goes, they are under a key no longer configured and the checks that compare them find nothing
 * (the roster's duplicate-SSN check accepted the same SSN twice: security review). Hashes of what
 * we do not keep (codes, link tokens) cannot be made again: README "Rotating the encryption key".
 */
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/connection";
import { matchesAnyHash, type Cipher } from "../platform/crypto";
import {
  contactCodePurpose,
  contactHashInput,
  employeeSsnHashInput,
  rosterEmailHashInput,
  type ContactKind,
} from "../platform/hash-inputs";

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
  { table: "plan_answers", key: ["enrollment_id", "plan_id", "kind"], column: "outcome_enc" },
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
  /** a sealed column, or a keyed hash made again from what it is the hash of */
  kind: "sealed" | "hash";
  table: string;
  column: string;
  /** rows with a value (a hash: keyed hashes) */
  values: number;
  /** sealed again (a hash: made again) with the newest key (or that would be, in a dry run) */
  resealed: number;
  /** already under the newest key */
  current: number;
  /** no configured key opens them (a hash: the sealed value it is made from): left as they are */
  unreadable: number;
  /** changed by someone else between the read and the write: left for the next run */
  skipped: number;
  /**
   * a hash only: the hash of a value no longer held (the address changed since it was made), so it
   * cannot be made again; it matched nothing before the rotation and matches nothing after it
   */
  unmatched: number;
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
  const report: ColumnReport = {
    kind: "sealed",
    table: spec.table,
    column: spec.column,
    values: 0,
    resealed: 0,
    current: 0,
    unreadable: 0,
    skipped: 0,
    unmatched: 0,
  };
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

/** Every sealed column, one after the other, then every keyed hash that can be made again (`rehashAll`). */
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
  for (const report of await rehashAll(db, cipher, options)) reports.push(report);
  return reports;
}

/** What became of one keyed hash: made again as `value`, or why not. */
type Rehash = { outcome: "current" | "unreadable" | "unmatched" } | { outcome: "rebuilt"; value: string };

/**
 * A keyed hash made from a value the row holds in clear: made again with the newest key when an
 * older configured key made it from that value; left alone when it is not the value's hash under
 * any key (a value changed since: it must keep matching nothing).
 */
function rehashOfClear(cipher: Cipher, input: string, stored: string): Rehash {
  const newest = cipher.hash(input);
  if (newest === stored) return { outcome: "current" };
  return matchesAnyHash(cipher, input, stored) ? { outcome: "rebuilt", value: newest } : { outcome: "unmatched" };
}

export interface KeyedHashField {
  /** the report's name for it */
  column: string;
  /** the column it is written to */
  writes: string;
  /** each keyed hash in the row (none when the row has none), and the column's new value when one changes */
  rehash(row: Row, cipher: Cipher): { outcomes: Rehash["outcome"][]; value?: unknown };
}

export interface KeyedHashTable {
  table: string;
  /** the primary key's columns, in order */
  key: string[];
  /** the rows that hold a hash, with what each is made from */
  rows(trx: Kysely<Record<string, Row>>): Promise<Row[]>;
  /** besides the hashes, the columns a row is written only if they still hold what was read */
  guards: string[];
  fields: KeyedHashField[];
}

const one = (r: Rehash) => ({ outcomes: [r.outcome], value: r.outcome === "rebuilt" ? r.value : undefined });

/** A contact step's `data` (clear JSON): its e-mail, phone and the keyed hashes of the verified ones. */
function contactData(json: unknown): { email?: unknown; phone_number?: unknown; verified?: Record<string, unknown> } | null {
  if (typeof json !== "string") return null;
  try {
    const data = JSON.parse(json) as unknown;
    return data && typeof data === "object" ? (data as ReturnType<typeof contactData>) : null;
  } catch {
    return null;
  }
}
const contactValue = (data: ReturnType<typeof contactData>, kind: ContactKind) => {
  const v = kind === "email" ? data?.email : data?.phone_number;
  return typeof v === "string" && v ? v : null;
};
const KINDS: ContactKind[] = ["email", "phone"];

/**
 * Every keyed hash kept beside what it is the hash of (grep `_hash` in db/schema.ts: the others are
 * of codes and link tokens we never keep, or SHA-256 without a key). Kept in step with the pages by
 * tests/integration/key-rotation.test.ts and sensitive-ssn-hash-rotation.test.ts.
 */
export const KEYED_HASHES: KeyedHashTable[] = [
  {
    // the roster (ADR 026): the SSN's hash from the sealed SSN; the e-mail an enrollment began under from the roster's e-mail
    table: "group_employees",
    key: ["id"],
    guards: ["ssn_enc", "email"],
    rows: (trx) =>
      trx
        .selectFrom("group_employees")
        .select(["id", "ssn_enc", "ssn_hash", "email", "enrollment_email_hash"])
        .where((eb) => eb.or([eb("ssn_hash", "is not", null), eb("enrollment_email_hash", "is not", null)]))
        .orderBy("id")
        .execute(),
    fields: [
      {
        column: "ssn_hash",
        writes: "ssn_hash",
        rehash(row, cipher) {
          if (typeof row.ssn_hash !== "string") return { outcomes: [] };
          if (typeof row.ssn_enc !== "string") return one({ outcome: "unmatched" });
          let ssn: string;
          try {
            ssn = cipher.decrypt(row.ssn_enc);
          } catch {
            return one({ outcome: "unreadable" });
          }
          // the sealed SSN is the truth: its hash under the newest key, whichever key made the stored one
          const newest = cipher.hash(employeeSsnHashInput(ssn));
          return one(newest === row.ssn_hash ? { outcome: "current" } : { outcome: "rebuilt", value: newest });
        },
      },
      {
        column: "enrollment_email_hash",
        writes: "enrollment_email_hash",
        rehash(row, cipher) {
          if (typeof row.enrollment_email_hash !== "string") return { outcomes: [] };
          if (typeof row.email !== "string" || !row.email) return one({ outcome: "unmatched" });
          return one(rehashOfClear(cipher, rosterEmailHashInput(row.email), row.enrollment_email_hash));
        },
      },
    ],
  },
  {
    // the contact step's verified e-mail and phone (wizard/contact.ts), from the step's own e-mail and phone
    table: "enrollment_steps",
    key: ["enrollment_id", "tab_name"],
    guards: [],
    rows: (trx) =>
      trx
        .selectFrom("enrollment_steps")
        .select(["enrollment_id", "tab_name", "data"])
        .where("tab_name", "=", "contact_info")
        .orderBy("enrollment_id")
        .execute(),
    fields: [
      {
        column: "data.verified",
        writes: "data",
        rehash(row, cipher) {
          const data = contactData(row.data);
          const verified = data?.verified;
          if (!data || !verified || typeof verified !== "object") return { outcomes: [] };
          const outcomes: Rehash["outcome"][] = [];
          const next: Record<string, unknown> = { ...verified };
          for (const kind of KINDS) {
            const stored = verified[kind];
            if (typeof stored !== "string") continue;
            const value = contactValue(data, kind);
            const r: Rehash = value ? rehashOfClear(cipher, contactHashInput(kind, value), stored) : { outcome: "unmatched" };
            outcomes.push(r.outcome);
            if (r.outcome === "rebuilt") next[kind] = r.value;
          }
          return outcomes.includes("rebuilt") ? { outcomes, value: JSON.stringify({ ...data, verified: next }) } : { outcomes };
        },
      },
    ],
  },
  {
    // the addresses and numbers an enrollment confirmed with a used contact-step code (isConfirmedContact),
    // from the contact step's e-mail and phone: the one it holds now; an earlier one cannot be made again
    table: "one_time_codes",
    key: ["id"],
    guards: [],
    rows: (trx) =>
      trx
        .selectFrom("one_time_codes as c")
        .innerJoin("enrollment_steps as s", (j) => j.onRef("s.enrollment_id", "=", "c.enrollment_id").on("s.tab_name", "=", "contact_info"))
        .select(["c.id as id", "c.purpose as purpose", "c.target_hash as target_hash", "s.data as contact"])
        .where("c.purpose", "in", KINDS.map(contactCodePurpose))
        .where("c.used_at", "is not", null)
        .orderBy("c.id")
        .execute(),
    fields: [
      {
        column: "target_hash",
        writes: "target_hash",
        rehash(row, cipher) {
          if (typeof row.target_hash !== "string") return { outcomes: [] };
          const kind = KINDS.find((k) => contactCodePurpose(k) === row.purpose);
          const value = kind ? contactValue(contactData(row.contact), kind) : null;
          if (!kind || !value) return one({ outcome: "unmatched" });
          return one(rehashOfClear(cipher, contactHashInput(kind, value), row.target_hash));
        },
      },
    ],
  },
];

/**
 * One table's keyed hashes made again with the newest key, in one transaction (never a table half
 * done): SQLite's write lock is taken before the read (a transaction that reads first may meet
 * another writer, ADR 007); each row is updated only if every column read still holds what was read
 * (a server may be writing meanwhile: that row is counted `skipped`, for the next run). A second
 * run changes nothing.
 */
export async function rehashTable(db: DB, cipher: Cipher, spec: KeyedHashTable, options: { dryRun?: boolean } = {}) {
  const anyDb = db as unknown as Kysely<Record<string, Row>>;
  const reports = spec.fields.map(
    (f): ColumnReport => ({
      kind: "hash",
      table: spec.table,
      column: f.column,
      values: 0,
      resealed: 0,
      current: 0,
      unreadable: 0,
      skipped: 0,
      unmatched: 0,
    }),
  );
  const work = async (trx: Kysely<Record<string, Row>>) => {
    if (!options.dryRun) {
      const k = spec.key[0]!;
      await sql`update ${sql.table(spec.table)} set ${sql.ref(k)} = ${sql.ref(k)} where 0 = 1`.execute(trx);
    }
    for (const row of await spec.rows(trx)) {
      const set: Row = {};
      const rebuilt = spec.fields.map((field, i) => {
        const { outcomes, value } = field.rehash(row, cipher);
        const report = reports[i]!;
        for (const outcome of outcomes) {
          report.values++;
          if (outcome !== "rebuilt") report[outcome]++;
        }
        if (value !== undefined) set[field.writes] = value;
        return outcomes.filter((o) => o === "rebuilt").length;
      });
      let written = true;
      if (Object.keys(set).length && !options.dryRun) {
        let update = trx.updateTable(spec.table).set(set);
        for (const k of spec.key) update = update.where(k, "=", row[k]);
        for (const c of new Set([...spec.guards, ...spec.fields.map((f) => f.writes)])) {
          const read = row[c];
          update = read === null || read === undefined ? update.where(c, "is", null) : update.where(c, "=", read);
        }
        written = Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
      }
      rebuilt.forEach((n, i) => {
        reports[i]![written ? "resealed" : "skipped"] += n;
      });
    }
  };
  if (options.dryRun) await work(anyDb);
  else await anyDb.transaction().execute(work);
  return reports;
}

/** Every table's keyed hashes (`KEYED_HASHES`), one table after the other, each in one transaction. */
export async function rehashAll(db: DB, cipher: Cipher, options: { dryRun?: boolean; onColumn?: (r: ColumnReport) => void } = {}) {
  const reports: ColumnReport[] = [];
  for (const spec of KEYED_HASHES)
    for (const report of await rehashTable(db, cipher, spec, options)) {
      options.onColumn?.(report);
      reports.push(report);
    }
  return reports;
}
