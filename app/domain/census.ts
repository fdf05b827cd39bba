/**
 * The census (issue 28): a spreadsheet of a group's employees, one row each, in the columns of
 * docs/employers/census-template.csv (modelled on DC Health Link enroll's census template). The
 * whole file is checked before anything changes, and every problem is named by row and column;
 * a clean file becomes a preview (adds, changes, terminations, reinstatements) of what applying
 * it would do to the roster. Pure: the parsers (CSV, XLSX) hand it rows of strings.
 */
import type { IsoDate } from "./dates";
import { hasControlCharacter, withoutControlCharacters } from "./control-characters";
import { checkEmployee, COMPARED_FIELDS, parseRelationship, type EmployeeField, type EmployeeRecord, type ValueProblem } from "./roster";

/** Rows a census may have (the employees of a large group, not a mail cannon). */
export const CENSUS_MAX_ROWS = 10_000;

/** The template's headings, by field (what the template and the error messages call each column). */
export const CENSUS_COLUMNS: Record<EmployeeField, string> = {
  employeeRef: "Employee ID",
  relationship: "Relationship",
  firstName: "First Name",
  lastName: "Last Name",
  birthdate: "Date of Birth",
  gender: "Gender",
  email: "Email",
  phone: "Phone",
  ssn: "SSN",
  hireDate: "Hire Date",
  terminationDate: "Termination Date",
  status: "Employment Status",
  employmentClass: "Class",
  address1: "Address 1",
  address2: "Address 2",
  city: "City",
  state: "State",
  zip: "Zip",
};

/** Other headings employers' files use for the same columns. */
const ALIASES: Record<string, EmployeeField> = {
  employeeid: "employeeRef",
  employeenumber: "employeeRef",
  empid: "employeeRef",
  id: "employeeRef",
  relationship: "relationship",
  relation: "relationship",
  firstname: "firstName",
  lastname: "lastName",
  dob: "birthdate",
  dateofbirth: "birthdate",
  birthdate: "birthdate",
  gender: "gender",
  sex: "gender",
  email: "email",
  emailaddress: "email",
  phone: "phone",
  phonenumber: "phone",
  ssn: "ssn",
  socialsecuritynumber: "ssn",
  hiredate: "hireDate",
  dateofhire: "hireDate",
  terminationdate: "terminationDate",
  termdate: "terminationDate",
  employmentstatus: "status",
  status: "status",
  class: "employmentClass",
  employeeclass: "employmentClass",
  employmentclass: "employmentClass",
  address1: "address1",
  addressline1: "address1",
  address: "address1",
  address2: "address2",
  addressline2: "address2",
  city: "city",
  state: "state",
  zip: "zip",
  zipcode: "zip",
  postalcode: "zip",
};

const REQUIRED_COLUMNS: EmployeeField[] = ["employeeRef", "firstName", "lastName", "birthdate", "gender", "hireDate"];

const headingKey = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, "");

/** A problem in the file: `row` is the spreadsheet's row number (the heading is row 1); 0 for the file as a whole. */
export interface CensusProblem {
  row: number;
  field: EmployeeField | null;
  problem: ValueProblem | FileProblem;
  /** the value as given (never an SSN), or what the problem refers to (a row number, an employee id) */
  value: string;
}

export type FileProblem =
  | "empty"
  | "tooManyRows"
  | "missingColumn"
  | "duplicateColumn"
  | "unknownColumn"
  | "duplicateEmployee"
  | "duplicateSsn"
  | "ssnOnFile"
  | "unreadable"
  /** a cell holding a NUL or another control character (PostgreSQL cannot store a NUL) */
  | "controlCharacter";

export interface CensusRow {
  row: number;
  record: EmployeeRecord;
}

export interface CheckedCensus {
  problems: CensusProblem[];
  employees: CensusRow[];
  /** rows of dependents (spouse, child): recognised, not roster rows */
  dependentRows: number;
}

/**
 * Checks a whole census: the headings, then every row (every problem of every row), then across
 * rows (an employee id twice, an SSN on two employees) and against the roster (`ssnHolder`: the
 * employee id already holding this SSN in the group, if any).
 */
export function checkCensus(rows: string[][], today: IsoDate, ssnHolder: (ssn: string) => string | null = () => null): CheckedCensus {
  const problems: CensusProblem[] = [];
  const nonEmpty = rows.map((cells, i) => ({ cells, row: i + 1 })).filter((r) => r.cells.some((c) => c.trim() !== ""));
  if (nonEmpty.length === 0) return { problems: [{ row: 0, field: null, problem: "empty", value: "" }], employees: [], dependentRows: 0 };
  const [heading, ...body] = nonEmpty;
  if (body.length > CENSUS_MAX_ROWS)
    return { problems: [{ row: 0, field: null, problem: "tooManyRows", value: String(CENSUS_MAX_ROWS) }], employees: [], dependentRows: 0 };

  const columns = new Map<EmployeeField, number>();
  heading.cells.forEach((h, i) => {
    const name = withoutControlCharacters(h).trim();
    if (name === "") return;
    const field = ALIASES[headingKey(name)];
    if (!field) problems.push({ row: heading.row, field: null, problem: "unknownColumn", value: name.slice(0, 60) });
    else if (columns.has(field)) problems.push({ row: heading.row, field, problem: "duplicateColumn", value: name.slice(0, 60) });
    else columns.set(field, i);
  });
  for (const f of REQUIRED_COLUMNS)
    if (!columns.has(f)) problems.push({ row: heading.row, field: f, problem: "missingColumn", value: CENSUS_COLUMNS[f] });
  if (problems.length) return { problems, employees: [], dependentRows: 0 };

  const employees: CensusRow[] = [];
  let dependentRows = 0;
  for (const { cells, row } of body) {
    const raw: Partial<Record<EmployeeField, string>> = {};
    const refused: CensusProblem[] = [];
    for (const [field, i] of columns) {
      const value = (cells[i] ?? "").trim();
      // refused beside its row and column, and checked further without it (its value never shown)
      if (hasControlCharacter(value)) refused.push({ row, field, problem: "controlCharacter", value: "" });
      raw[field] = withoutControlCharacters(value);
    }
    if (parseRelationship(raw.relationship ?? "") === "dependent") {
      dependentRows++;
      continue;
    }
    problems.push(...refused);
    const { record, problems: found } = checkEmployee(raw, today);
    for (const p of found) problems.push({ row, field: p.field, problem: p.problem, value: p.value.slice(0, 60) });
    if (record) employees.push({ row, record });
  }

  const byRef = new Map<string, number>();
  const bySsn = new Map<string, CensusRow>();
  for (const e of employees) {
    const ref = e.record.employeeRef.toUpperCase();
    const first = byRef.get(ref);
    if (first !== undefined) problems.push({ row: e.row, field: "employeeRef", problem: "duplicateEmployee", value: e.record.employeeRef });
    else byRef.set(ref, e.row);
    if (e.record.ssn) {
      const other = bySsn.get(e.record.ssn);
      if (other) problems.push({ row: e.row, field: "ssn", problem: "duplicateSsn", value: String(other.row) });
      else bySsn.set(e.record.ssn, e);
      const holder = ssnHolder(e.record.ssn);
      if (holder !== null && holder.toUpperCase() !== ref) problems.push({ row: e.row, field: "ssn", problem: "ssnOnFile", value: holder });
    }
  }
  problems.sort((a, b) => a.row - b.row);
  return { problems, employees: problems.length ? [] : employees, dependentRows };
}

/** One employee already on the roster, as the census is compared with it (the SSN only as a keyed hash). */
export interface RosterEntry {
  id: number;
  record: Omit<EmployeeRecord, "ssn">;
  ssnHash: string | null;
}

export type ChangeKind = "add" | "change" | "termination" | "reinstatement";

export interface CensusChange {
  kind: ChangeKind;
  row: number;
  record: EmployeeRecord;
  /** the roster row changed (null for an add) */
  employeeId: number | null;
  /** the fields that differ (for a change) */
  fields: EmployeeField[];
}

export interface CensusPreview {
  changes: CensusChange[];
  unchanged: number;
  /** employees on the roster the file does not list (left as they are) */
  notInFile: number;
}

/**
 * What applying a clean census would do. An SSN left empty in the file keeps the one on file; the
 * same file applied twice gives no change the second time. `ssnHash` is the keyed hash the roster keeps.
 */
export function previewCensus(rows: CensusRow[], roster: RosterEntry[], ssnHash: (ssn: string) => string): CensusPreview {
  const byRef = new Map(roster.map((r) => [r.record.employeeRef.toUpperCase(), r]));
  const changes: CensusChange[] = [];
  let unchanged = 0;
  const seen = new Set<number>();
  for (const { row, record } of rows) {
    const on = byRef.get(record.employeeRef.toUpperCase());
    if (!on) {
      changes.push({ kind: "add", row, record, employeeId: null, fields: [] });
      continue;
    }
    seen.add(on.id);
    const fields: EmployeeField[] = COMPARED_FIELDS.filter((k) => (record[k] ?? null) !== (on.record[k] ?? null));
    if (record.ssn && ssnHash(record.ssn) !== on.ssnHash) fields.push("ssn");
    if (fields.length === 0) {
      unchanged++;
      continue;
    }
    const kind: ChangeKind =
      record.status === "terminated" && on.record.status !== "terminated"
        ? "termination"
        : record.status !== "terminated" && on.record.status === "terminated"
          ? "reinstatement"
          : "change";
    changes.push({ kind, row, record, employeeId: on.id, fields });
  }
  return { changes, unchanged, notInFile: roster.filter((r) => !seen.has(r.id)).length };
}

/** The template's heading row, in order. */
export const CENSUS_HEADINGS = Object.values(CENSUS_COLUMNS);
