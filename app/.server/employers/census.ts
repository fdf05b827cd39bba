/**
 * The census upload (issue 28): the file read (CSV or XLSX), checked whole (app/domain/census.ts)
 * — every problem by row and column, nothing kept while there is one — then kept sealed as a
 * preview; applying it writes every add, change, termination and reinstatement in one
 * transaction, audited, with the coverage events of the terminations. Applying the same file
 * again changes nothing: the preview is worked out against the roster as it is now.
 */
import crypto from "node:crypto";
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import { actorOf, audit } from "../platform/audit";
import { readSpreadsheet, TooManyRowsError, UnreadableSpreadsheetError } from "../adapters/spreadsheets";
import {
  findCensusUpload,
  findEmployee,
  insertCensusUpload,
  insertEmployee,
  markCensusApplied,
  rosterOf,
  ssnHolders,
  updateEmployee,
} from "../repositories/employees";
import {
  CENSUS_MAX_ROWS,
  checkCensus,
  previewCensus,
  type CensusProblem,
  type CensusRow,
  type CensusPreview,
  type RosterEntry,
} from "~/domain/census";
import { todayIso } from "~/domain/dates";
import type { EmployeeRecord } from "~/domain/roster";
import { employeeColumns, endCoverage, endInvitationLinks, restoreCoverage, ssnHashOf, ssnHashesOf } from "./roster";

/** The largest census file taken (5,000 employees of a full XLSX are well under it); larger → 413. */
export const CENSUS_MAX_BYTES = 4 * 1024 * 1024;

export type CheckResult =
  | { ok: true; uploadId: number }
  | { ok: false; problems: CensusProblem[]; fileName: string }
  | { ok: false; problems: []; fileName: string; missing: true };

/** Checks an uploaded file whole; a clean one is kept for its preview (sealed: it may hold SSNs). */
export async function checkCensusFile(services: Services, session: StoreSession, groupId: number, file: File | null): Promise<CheckResult> {
  if (!file || file.size === 0) return { ok: false, problems: [], fileName: file?.name ?? "", missing: true };
  const fileName = file.name.replace(/[^\p{L}\p{N} ._()-]/gu, "").slice(0, 120) || "census";
  const bytes = new Uint8Array(await file.arrayBuffer());
  let rows: string[][];
  try {
    rows = await readSpreadsheet(file.name, bytes);
  } catch (error) {
    if (!(error instanceof UnreadableSpreadsheetError)) throw error;
    // a sheet past the census's rows is refused as the domain's own count refuses it, unread further
    if (error instanceof TooManyRowsError)
      return { ok: false, problems: [{ row: 0, field: null, problem: "tooManyRows", value: String(CENSUS_MAX_ROWS) }], fileName };
    services.log.warn("census unreadable", { groupId });
    return { ok: false, problems: [{ row: 0, field: null, problem: "unreadable", value: "" }], fileName };
  }
  const checked = await checkRows(services, groupId, rows);
  await audit(services, session, { kind: "census.check", detail: checked.problems.length ? "refused" : "clean" });
  if (checked.problems.length) return { ok: false, problems: checked.problems, fileName };
  const uploadId = await insertCensusUpload(
    services.db,
    {
      group_id: groupId,
      admin_id: session.staff?.adminId ?? null,
      file_name: fileName,
      file_sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
      row_count: checked.employees.length,
      rows_enc: services.cipher.encryptJson({ employees: checked.employees, dependentRows: checked.dependentRows }),
    },
    services.now(),
  );
  return { ok: true, uploadId };
}

/** The domain's check, with the SSNs the group's roster already holds (by keyed hash). */
export async function checkRows(services: Services, groupId: number, rows: string[][]) {
  // the SSNs in the file, looked up in the roster in one query (every key's hash)
  const first = checkCensus(rows, todayIso(services.now()));
  const ssns = [...new Set(first.employees.map((e) => e.record.ssn).filter((s): s is string => !!s))];
  if (first.problems.length || ssns.length === 0) return first;
  const hashesBySsn = new Map(ssns.map((s) => [s, ssnHashesOf(services, s)]));
  const holders = new Map<string, string>();
  const all = [...hashesBySsn.values()].flat();
  for (let i = 0; i < all.length; i += 500)
    for (const [h, ref] of await ssnHolders(services.db, groupId, all.slice(i, i + 500))) holders.set(h, ref);
  if (holders.size === 0) return first;
  const holder = (ssn: string) => {
    for (const h of hashesBySsn.get(ssn) ?? []) if (holders.has(h)) return holders.get(h)!;
    return null;
  };
  return checkCensus(rows, todayIso(services.now()), holder);
}

function rosterEntries(rows: Awaited<ReturnType<typeof rosterOf>>): RosterEntry[] {
  return rows.map((e) => ({
    id: e.id,
    ssnHash: e.ssn_hash,
    record: {
      employeeRef: e.employee_ref,
      firstName: e.first_name,
      lastName: e.last_name,
      birthdate: e.birthdate,
      gender: e.gender as 0 | 1,
      email: e.email,
      phone: e.phone,
      hireDate: e.hire_date,
      terminationDate: e.termination_date,
      status: e.status as EmployeeRecord["status"],
      employmentClass: e.employment_class as EmployeeRecord["employmentClass"],
      address1: e.address1,
      address2: e.address2,
      city: e.city,
      state: e.state,
      zip: e.zip,
    },
  }));
}

interface KeptCensus {
  employees: CensusRow[];
  dependentRows: number;
}

async function keptUpload(services: Services, groupId: number, id: number) {
  const upload = await findCensusUpload(services.db, groupId, id);
  if (!upload) throw new Response("Not Found", { status: 404, statusText: "census-not-found" });
  return { upload, kept: services.cipher.decryptJson<KeptCensus>(upload.rows_enc) };
}

export interface CensusPreviewView {
  id: number;
  fileName: string;
  applied: boolean;
  rows: number;
  dependentRows: number;
  counts: { add: number; change: number; termination: number; reinstatement: number; unchanged: number; notInFile: number };
  changes: Array<{ kind: string; row: number; employeeRef: string; name: string; fields: string[] }>;
}

/**
 * What applying the upload would do to the roster as it is now. It lists employees by name, so
 * opening it is on the trail, naming the upload (ADR 026: every view is audited).
 */
export async function censusPreview(services: Services, session: StoreSession, groupId: number, id: number): Promise<CensusPreviewView> {
  const { upload, kept } = await keptUpload(services, groupId, id);
  await audit(services, session, { kind: "census.view", detail: `upload:${upload.id}` });
  const preview = previewCensus(kept.employees, rosterEntries(await rosterOf(services.db, groupId)), (s) => ssnHashOf(services, s));
  return previewView(upload.id, upload.file_name, !!upload.applied_at, kept, preview);
}

function previewView(id: number, fileName: string, applied: boolean, kept: KeptCensus, preview: CensusPreview): CensusPreviewView {
  const counts = { add: 0, change: 0, termination: 0, reinstatement: 0, unchanged: preview.unchanged, notInFile: preview.notInFile };
  for (const c of preview.changes) counts[c.kind]++;
  return {
    id,
    fileName,
    applied,
    rows: kept.employees.length,
    dependentRows: kept.dependentRows,
    counts,
    changes: preview.changes.map((c) => ({
      kind: c.kind,
      row: c.row,
      employeeRef: c.record.employeeRef,
      name: `${c.record.firstName} ${c.record.lastName}`,
      fields: c.fields,
    })),
  };
}

export type ApplyResult = { ok: true; counts: CensusPreviewView["counts"] } | { ok: false; reason: "applied" };

/**
 * Applies a checked census in one transaction: adds, changes, terminations (coverage ends by the
 * group's rule, events written) and reinstatements; the upload marked applied (once: a second
 * Apply of the same upload is refused). Audited with the counts.
 */
export async function applyCensus(services: Services, session: StoreSession, groupId: number, id: number): Promise<ApplyResult> {
  const { kept } = await keptUpload(services, groupId, id);
  const who = actorOf(session);
  const actor = who.actor;
  return services.db.transaction().execute(async (trx) => {
    const tx = { ...services, db: trx };
    if (!(await markCensusApplied(trx, id, services.now()))) return { ok: false as const, reason: "applied" as const };
    const roster = await rosterOf(trx, groupId);
    const preview = previewCensus(kept.employees, rosterEntries(roster), (s) => ssnHashOf(services, s));
    const view = previewView(id, "", true, kept, preview);
    const now = services.now();
    // the census has no language column: employees' messages start in English until they choose
    const locale = "en";
    for (const change of preview.changes) {
      const columns = employeeColumns(services, change.record);
      if (change.kind === "add") {
        const newId = await insertEmployee(trx, groupId, { ssn_enc: null, ssn_last4: null, ssn_hash: null, ...columns }, locale, now);
        if (change.record.status === "terminated" && change.record.terminationDate) {
          const added = await findEmployee(trx, groupId, newId);
          if (added) await endCoverage(tx, added, change.record.terminationDate, "census.apply", who);
        }
        continue;
      }
      const { termination_date: _t, coverage_end_date: _c, status: _s, ...rest } = columns;
      await updateEmployee(trx, groupId, change.employeeId!, rest, now);
      // links sent to the old address stop working (ADR 023)
      if (change.fields.includes("email")) await endInvitationLinks(tx, who, change.employeeId!, "email");
      const current = (await findEmployee(trx, groupId, change.employeeId!))!;
      if (change.kind === "termination") await endCoverage(tx, current, change.record.terminationDate!, "census.apply", who);
      else if (change.kind === "reinstatement") {
        await restoreCoverage(tx, current, "census.apply", actor);
        if (change.record.status === "leave") await updateEmployee(trx, groupId, current.id, { status: "leave" }, now);
      } else if (change.fields.includes("terminationDate") && change.record.terminationDate && current.status === "terminated") {
        // a termination date corrected: coverage ends by the rule from the new date
        await restoreCoverage(tx, current, "census.apply", actor);
        await endCoverage(tx, (await findEmployee(trx, groupId, current.id))!, change.record.terminationDate, "census.apply", who);
      } else if (change.fields.includes("status")) await updateEmployee(trx, groupId, current.id, { status: change.record.status }, now);
    }
    const c = view.counts;
    await audit(tx, session, {
      kind: "census.apply",
      // enumerated values only (domain/audit safeDetail): the upload and its counts
      detail: `census:${id}:a${c.add}:c${c.change}:t${c.termination}:r${c.reinstatement}`,
    });
    return { ok: true as const, counts: c };
  });
}
