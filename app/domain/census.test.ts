import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CENSUS_HEADINGS, checkCensus, previewCensus, type RosterEntry } from "./census";
import { checkEmployee, coverageEndDate, parseCensusDate, recoverSsn } from "./roster";

const TODAY = "2026-11-27";
const H = CENSUS_HEADINGS;
/** A row in the template's column order from a partial record by heading. */
const row = (o: Record<string, string>) => H.map((h) => o[h] ?? "");
const base = {
  "Employee ID": "E1",
  "First Name": "Maria",
  "Last Name": "Gonzalez",
  "Date of Birth": "04/12/1985",
  Gender: "F",
  "Hire Date": "03/01/2019",
};

describe("census values", () => {
  it("recognises an SSN whose leading zeros a spreadsheet dropped", () => {
    expect(recoverSsn("12345678")).toBe("012345678");
    expect(recoverSsn("1234567")).toBe("001234567");
    expect(recoverSsn("012-34-5678")).toBe("012345678");
    expect(recoverSsn("123456")).toBeNull();
    expect(recoverSsn("666-12-3456")).toBeNull();
    expect(recoverSsn("123-45-67890")).toBeNull();
  });
  it("reads dates as mm/dd/yyyy and yyyy-mm-dd, and refuses days that do not exist", () => {
    expect(parseCensusDate("2/3/1980")).toBe("1980-02-03");
    expect(parseCensusDate("1980-02-03")).toBe("1980-02-03");
    expect(parseCensusDate("02/30/1980")).toBeNull();
    expect(parseCensusDate("1980-02-30")).toBeNull();
    expect(parseCensusDate("13/01/1980")).toBeNull();
  });
  it("ends coverage at the end of the termination's month by default, or on the day", () => {
    expect(coverageEndDate("2026-02-10", "end_of_month")).toBe("2026-02-28");
    expect(coverageEndDate("2028-02-10", "end_of_month")).toBe("2028-02-29");
    expect(coverageEndDate("2026-12-31", "end_of_month")).toBe("2026-12-31");
    expect(coverageEndDate("2026-02-10", "termination_date")).toBe("2026-02-10");
  });
  it("lists every problem of an employee, never repeating an SSN", () => {
    const { record, problems } = checkEmployee(
      {
        employeeRef: "E 1",
        firstName: "",
        lastName: "Sm1th",
        birthdate: "02/30/1980",
        gender: "X",
        ssn: "999-99-9999",
        email: "a@b",
        hireDate: "01/01/2020",
      },
      TODAY,
    );
    expect(record).toBeNull();
    expect(problems.map((p) => [p.field, p.problem])).toEqual([
      ["employeeRef", "notAnId"],
      ["firstName", "required"],
      ["lastName", "notAName"],
      ["birthdate", "notADate"],
      ["gender", "notAGender"],
      ["email", "notAnEmail"],
      ["ssn", "notAnSsn"],
    ]);
    expect(problems.find((p) => p.field === "ssn")!.value).toBe("");
  });
  it("needs a termination date for a terminated employee, and Terminated for a termination date", () => {
    expect(
      checkEmployee(
        {
          ...{ employeeRef: "E1", firstName: "A", lastName: "B", birthdate: "01/01/1980", gender: "M", hireDate: "01/01/2020" },
          status: "Terminated",
        },
        TODAY,
      ).problems,
    ).toEqual([{ field: "terminationDate", problem: "terminatedWithoutDate", value: "" }]);
    expect(
      checkEmployee(
        {
          employeeRef: "E1",
          firstName: "A",
          lastName: "B",
          birthdate: "01/01/1980",
          gender: "M",
          hireDate: "01/01/2020",
          status: "Active",
          terminationDate: "02/01/2024",
        },
        TODAY,
      ).problems[0]?.problem,
    ).toBe("dateWithoutTermination");
    const term = checkEmployee(
      {
        employeeRef: "E1",
        firstName: "A",
        lastName: "B",
        birthdate: "01/01/1980",
        gender: "M",
        hireDate: "01/01/2020",
        terminationDate: "02/01/2024",
      },
      TODAY,
    );
    expect(term.record?.status).toBe("terminated");
  });
});

describe("checking a census file", () => {
  it("names each problem by its spreadsheet row and column, and keeps nothing while there is one", () => {
    const rows = [
      H,
      row(base),
      row({ ...base, "Employee ID": "E2", "Date of Birth": "02/30/1980" }),
      row({ ...base, "Employee ID": "E1", SSN: "12345678" }),
      row({ ...base, "Employee ID": "E3", SSN: "012-34-5678" }),
    ];
    const out = checkCensus(rows, TODAY);
    expect(out.employees).toEqual([]);
    expect(out.problems).toEqual([
      { row: 3, field: "birthdate", problem: "notADate", value: "02/30/1980" },
      { row: 4, field: "employeeRef", problem: "duplicateEmployee", value: "E1" },
      { row: 5, field: "ssn", problem: "duplicateSsn", value: "4" },
    ]);
  });
  it("counts blank lines in the row numbers, as the spreadsheet shows them", () => {
    const out = checkCensus([H, row(base), [], row({ ...base, "Employee ID": "E2", Gender: "?" })], TODAY);
    expect(out.problems).toEqual([{ row: 4, field: "gender", problem: "notAGender", value: "?" }]);
  });
  it("finds the headings whatever their case or punctuation, and says which required column is missing", () => {
    const ok = checkCensus(
      [
        ["employee id", "FIRST NAME", "last_name", "DOB", "sex", "Date of Hire"],
        ["E1", "Maria", "Gonzalez", "04/12/1985", "female", "2019-03-01"],
      ],
      TODAY,
    );
    expect(ok.problems).toEqual([]);
    expect(ok.employees[0]!.record).toMatchObject({
      employeeRef: "E1",
      gender: 1,
      hireDate: "2019-03-01",
      status: "active",
      employmentClass: "full_time",
    });
    const missing = checkCensus([["Employee ID", "First Name", "Last Name", "Gender", "Hire Date", "Shoe size"]], TODAY);
    expect(missing.problems).toEqual([
      { row: 1, field: null, problem: "unknownColumn", value: "Shoe size" },
      { row: 1, field: "birthdate", problem: "missingColumn", value: "Date of Birth" },
    ]);
  });
  it("refuses an SSN another employee of the roster already has", () => {
    const out = checkCensus([H, row({ ...base, SSN: "012345678" })], TODAY, (ssn) => (ssn === "012345678" ? "E9" : null));
    expect(out.problems).toEqual([{ row: 2, field: "ssn", problem: "ssnOnFile", value: "E9" }]);
    // the same employee keeping their own SSN is no problem
    expect(checkCensus([H, row({ ...base, SSN: "012345678" })], TODAY, () => "e1").problems).toEqual([]);
  });
  it("recognises dependents' rows and leaves them out of the roster", () => {
    const out = checkCensus([H, row(base), row({ "Employee ID": "E1", Relationship: "Spouse", "First Name": "Luis" })], TODAY);
    expect(out.problems).toEqual([]);
    expect(out.employees).toHaveLength(1);
    expect(out.dependentRows).toBe(1);
  });
  it("reads the example census in the repository clean", () => {
    const text = fs.readFileSync(path.resolve(__dirname, "../../public/employers/census-example.csv"), "utf8");
    const rows = text
      .trim()
      .split("\n")
      .map((l) => l.split(","));
    const out = checkCensus(rows, TODAY);
    expect(out.problems).toEqual([]);
    expect(out.employees.map((e) => e.record.employeeRef)).toEqual(["E1001", "E1002", "E1003", "E1004", "E1005"]);
    expect(out.employees[0]!.record.ssn).toBe("012345678");
  });
});

describe("the preview", () => {
  const hash = (s: string) => `h:${s}`;
  const checked = (rows: string[][]) => checkCensus([H, ...rows], TODAY).employees;
  const entry = (id: number, over: Partial<RosterEntry["record"]> = {}, ssnHash: string | null = null): RosterEntry => {
    const rec = checked([row(base)])[0]!.record;
    const { ssn: _s, ...rest } = rec;
    return { id, record: { ...rest, ...over }, ssnHash };
  };
  it("sorts the file into adds, changes, terminations, reinstatements and unchanged rows", () => {
    const file = checked([
      row(base),
      row({ ...base, "Employee ID": "E2", Email: "new@example.com" }),
      row({ ...base, "Employee ID": "E3", "Termination Date": "10/15/2026" }),
      row({ ...base, "Employee ID": "E4" }),
      row({ ...base, "Employee ID": "E5" }),
    ]);
    const roster = [
      entry(1),
      entry(2, { employeeRef: "E2" }),
      entry(3, { employeeRef: "E3" }),
      entry(4, { employeeRef: "e4", status: "terminated", terminationDate: "2025-01-01" }),
      entry(9, { employeeRef: "E9" }),
    ];
    const p = previewCensus(file, roster, hash);
    expect(p.changes.map((c) => [c.kind, c.record.employeeRef, c.employeeId, c.fields])).toEqual([
      ["change", "E2", 2, ["email"]],
      ["termination", "E3", 3, ["terminationDate", "status"]],
      ["reinstatement", "E4", 4, ["terminationDate", "status"]],
      ["add", "E5", null, []],
    ]);
    expect(p.unchanged).toBe(1);
    expect(p.notInFile).toBe(1);
  });
  it("keeps the SSN on file when the file leaves it empty, and sees a new one", () => {
    const roster = [entry(1, {}, hash("012345678"))];
    expect(previewCensus(checked([row(base)]), roster, hash).changes).toEqual([]);
    expect(previewCensus(checked([row({ ...base, SSN: "12345678" })]), roster, hash).changes).toEqual([]);
    expect(previewCensus(checked([row({ ...base, SSN: "123-45-6780" })]), roster, hash).changes.map((c) => c.fields)).toEqual([["ssn"]]);
  });
});
