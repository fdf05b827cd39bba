/**
 * A group's employees (issue 28): what one employee on the roster is, how each value typed by an
 * admin or read from a census is recognised, and when coverage ends after a termination. Pure:
 * the same rules serve the one-employee form and the census upload.
 */
import { ageOn, parseUsDate, type IsoDate } from "./dates";
import { isValidEmail, isValidSsn, phoneDigits } from "./identity";

export const EMPLOYMENT_STATUSES = ["active", "leave", "terminated"] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];
export const EMPLOYMENT_CLASSES = ["full_time", "part_time"] as const;
export type EmploymentClass = (typeof EMPLOYMENT_CLASSES)[number];
/** The roster page's filters: everyone, or one employment status. */
export const ROSTER_FILTERS = ["all", "active", "leave", "terminated"] as const;
export type RosterFilter = (typeof ROSTER_FILTERS)[number];
export const COVERAGE_END_RULES = ["end_of_month", "termination_date"] as const;
export type CoverageEndRule = (typeof COVERAGE_END_RULES)[number];

/** One employee as the roster keeps it (dates ISO, phone and SSN as digits, gender 0 male / 1 female). */
// a type (not an interface) so a form's validator can carry it as a plain record
export type EmployeeRecord = {
  employeeRef: string;
  firstName: string;
  lastName: string;
  birthdate: IsoDate;
  gender: 0 | 1;
  email: string | null;
  phone: string | null;
  /** nine digits, or null when not given */
  ssn: string | null;
  hireDate: IsoDate;
  terminationDate: IsoDate | null;
  status: EmploymentStatus;
  employmentClass: EmploymentClass;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
};

/** The fields of an employee, in the census template's order (the names errors carry). */
export const EMPLOYEE_FIELDS = [
  "employeeRef",
  "relationship",
  "firstName",
  "lastName",
  "birthdate",
  "gender",
  "email",
  "phone",
  "ssn",
  "hireDate",
  "terminationDate",
  "status",
  "employmentClass",
  "address1",
  "address2",
  "city",
  "state",
  "zip",
] as const;
export type EmployeeField = (typeof EMPLOYEE_FIELDS)[number];

/** Why one value is refused: a key under census.problem.* (translated with the value). */
export type ValueProblem =
  | "required"
  | "tooLong"
  | "notADate"
  | "dateRange"
  | "beforeHire"
  | "notAName"
  | "notAnEmail"
  | "notAPhone"
  | "notAnSsn"
  | "notAGender"
  | "notAStatus"
  | "notAClass"
  | "notARelationship"
  | "notAState"
  | "notAZip"
  | "notAnId"
  | "terminatedWithoutDate"
  | "dateWithoutTermination";

const lower = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_.-]+/g, " ");

/**
 * A date as employers' files have it: mm/dd/yyyy (m/d/yyyy), yyyy-mm-dd, or a spreadsheet's date
 * serial (days since 1899-12-30, as Excel stores a date cell). Null when it is no calendar date.
 */
export function parseCensusDate(input: string): IsoDate | null {
  const s = input.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) {
    const [y, m, d] = s.split("-");
    return parseUsDate(`${m}/${d}/${y}`);
  }
  if (/^\d{1,2}[/-]\d{1,2}[/-]\d{4}$/.test(s)) return parseUsDate(s.replace(/-/g, "/"));
  return null;
}

/**
 * An SSN as a spreadsheet leaves it: with or without dashes, and with its leading zeros lost when
 * the column was a number (12345678 → 012345678). Returns the nine digits, or null when it is no SSN.
 */
export function recoverSsn(input: string): string | null {
  const digits = input.trim().replace(/[\s-]/g, "");
  if (!/^\d{7,9}$/.test(digits)) return null;
  const nine = digits.padStart(9, "0");
  return isValidSsn(nine) ? nine : null;
}

export function parseGender(input: string): 0 | 1 | null {
  const s = lower(input);
  if (["m", "male", "masculino", "hombre", "h"].includes(s)) return 0;
  if (["f", "female", "femenino", "mujer"].includes(s)) return 1;
  return null;
}

export function parseStatus(input: string): EmploymentStatus | null {
  const s = lower(input);
  if (["active", "activo", "activa", "a"].includes(s)) return "active";
  if (["leave", "on leave", "loa", "leave of absence", "permiso", "l"].includes(s)) return "leave";
  if (["terminated", "termed", "term", "terminado", "terminada", "t"].includes(s)) return "terminated";
  return null;
}

export function parseClass(input: string): EmploymentClass | null {
  const s = lower(input);
  if (["full time", "fulltime", "ft", "full", "tiempo completo"].includes(s)) return "full_time";
  if (["part time", "parttime", "pt", "part", "medio tiempo", "tiempo parcial"].includes(s)) return "part_time";
  return null;
}

/** The census's relationship column: the employee's own row, or a dependent's (not roster rows). */
export function parseRelationship(input: string): "employee" | "dependent" | null {
  const s = lower(input);
  if (s === "" || ["employee", "self", "subscriber", "empleado", "titular"].includes(s)) return "employee";
  if (["spouse", "domestic partner", "child", "dependent", "conyuge", "cónyuge", "hijo", "hija"].includes(s)) return "dependent";
  return null;
}

const NAME = /^[\p{L}][\p{L}\p{M}' .-]*$/u;
const EMPLOYEE_REF = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;
const NAME_MAX = 50;

/** The raw values of one employee as typed or read (trimmed strings; "" for empty). */
export type RawEmployee = Partial<Record<EmployeeField, string>>;

export interface FieldProblem {
  field: EmployeeField;
  problem: ValueProblem;
  /** the value as given (shown back in the message; never an SSN) */
  value: string;
}

/**
 * Checks and normalises one employee's values. `today` bounds the dates (a birth date gives an
 * age of 14 to 100; a hire date is at most a year ahead). Every problem is returned, not the first.
 */
export function checkEmployee(raw: RawEmployee, today: IsoDate): { record: EmployeeRecord | null; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const v = (f: EmployeeField) => (raw[f] ?? "").trim();
  const fail = (field: EmployeeField, problem: ValueProblem, value = v(field)) => {
    problems.push({ field, problem, value: field === "ssn" ? "" : value });
    return null;
  };
  const required = (f: EmployeeField) => (v(f) === "" ? fail(f, "required") : v(f));

  const ref = required("employeeRef");
  const employeeRef = ref === null ? null : EMPLOYEE_REF.test(ref) ? ref : fail("employeeRef", "notAnId");

  const name = (f: "firstName" | "lastName") => {
    const s = required(f);
    if (s === null) return null;
    if (s.length > NAME_MAX) return fail(f, "tooLong");
    return NAME.test(s) ? s.replace(/\s+/g, " ") : fail(f, "notAName");
  };
  const firstName = name("firstName");
  const lastName = name("lastName");

  const date = (f: "birthdate" | "hireDate" | "terminationDate", need: boolean) => {
    const s = v(f);
    if (s === "") return need ? fail(f, "required") : null;
    const iso = parseCensusDate(s);
    if (!iso) return fail(f, "notADate");
    return iso;
  };
  let birthdate = date("birthdate", true);
  if (birthdate) {
    const age = ageOn(birthdate, today);
    if (age < 14 || age > 100) birthdate = fail("birthdate", "dateRange");
  }
  let hireDate = date("hireDate", true);
  if (hireDate) {
    const limit = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    if (hireDate > limit || (birthdate && hireDate < birthdate)) hireDate = fail("hireDate", "dateRange");
  }
  let terminationDate = date("terminationDate", false);
  if (terminationDate && hireDate && terminationDate < hireDate) terminationDate = fail("terminationDate", "beforeHire");

  const genderRaw = required("gender");
  const gender = genderRaw === null ? null : (parseGender(genderRaw) ?? fail("gender", "notAGender"));

  const emailRaw = v("email");
  const email = emailRaw === "" ? null : isValidEmail(emailRaw) ? emailRaw.toLowerCase() : fail("email", "notAnEmail");
  const phoneRaw = v("phone");
  const phone = phoneRaw === "" ? null : /^\d{10}$/.test(phoneDigits(phoneRaw)) ? phoneDigits(phoneRaw) : fail("phone", "notAPhone");
  const ssnRaw = v("ssn");
  const ssn = ssnRaw === "" ? null : (recoverSsn(ssnRaw) ?? fail("ssn", "notAnSsn"));

  const statusRaw = v("status");
  let status =
    statusRaw === "" ? (v("terminationDate") ? "terminated" : "active") : (parseStatus(statusRaw) ?? fail("status", "notAStatus"));
  if (status === "terminated" && v("terminationDate") === "") status = fail("terminationDate", "terminatedWithoutDate", "");
  if (status && status !== "terminated" && terminationDate) status = fail("status", "dateWithoutTermination");
  const classRaw = v("employmentClass");
  const employmentClass = classRaw === "" ? "full_time" : (parseClass(classRaw) ?? fail("employmentClass", "notAClass"));
  const relationshipRaw = v("relationship");
  if (parseRelationship(relationshipRaw) === null) fail("relationship", "notARelationship");

  const text = (f: "address1" | "address2" | "city", max: number) => {
    const s = v(f);
    if (s === "") return null;
    return s.length > max ? fail(f, "tooLong") : s;
  };
  const address1 = text("address1", 100);
  const address2 = text("address2", 100);
  const city = text("city", 60);
  const stateRaw = v("state");
  const state = stateRaw === "" ? null : /^[A-Za-z]{2}$/.test(stateRaw) ? stateRaw.toUpperCase() : fail("state", "notAState");
  const zipRaw = v("zip");
  // a ZIP read from a number column loses its leading zero too (02134 → 2134)
  const zip =
    zipRaw === ""
      ? null
      : /^\d{4,5}(-\d{4})?$/.test(zipRaw)
        ? zipRaw.slice(0, zipRaw.indexOf("-") < 0 ? undefined : zipRaw.indexOf("-")).padStart(5, "0")
        : fail("zip", "notAZip");

  if (problems.length) return { record: null, problems };
  return {
    record: {
      employeeRef: employeeRef!,
      firstName: firstName!,
      lastName: lastName!,
      birthdate: birthdate!,
      gender: gender!,
      email,
      phone,
      ssn,
      hireDate: hireDate!,
      terminationDate,
      status: status as EmploymentStatus,
      employmentClass: employmentClass as EmploymentClass,
      address1,
      address2,
      city,
      state,
      zip,
    },
    problems,
  };
}

/** The last day of coverage after a termination on `terminationDate`, by the group's rule. */
export function coverageEndDate(terminationDate: IsoDate, rule: CoverageEndRule): IsoDate {
  if (rule === "termination_date") return terminationDate;
  const [y, m] = terminationDate.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${terminationDate.slice(0, 7)}-${String(last).padStart(2, "0")}`;
}

/** The fields two records of one employee are compared on (the SSN apart: a file may leave it out). */
export const COMPARED_FIELDS: ReadonlyArray<keyof Omit<EmployeeRecord, "ssn" | "employeeRef">> = [
  "firstName",
  "lastName",
  "birthdate",
  "gender",
  "email",
  "phone",
  "hireDate",
  "terminationDate",
  "status",
  "employmentClass",
  "address1",
  "address2",
  "city",
  "state",
  "zip",
];
