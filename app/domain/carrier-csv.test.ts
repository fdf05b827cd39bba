import { describe, expect, it } from "vitest";
import { buildCarrierCsv } from "./carrier-csv";
import { daughter } from "./x12/__golden__/fixtures";

describe("the documented carrier CSV", () => {
  it("writes a header and one row per member and plan, CRLF, quoting what needs it", () => {
    const csv = buildCarrierCsv([
      {
        kind: "add",
        member: { ...daughter, lastName: "Peña, Ruiz", middleName: "=cmd" },
        coverages: [
          { maintenance: "021", coverage: { planCode: "PET-1", insuranceLine: "HLT", coverageLevel: "FAM", begin: "2027-01-01" } },
        ],
      },
    ]);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      "action,subscriber_id,member_id,relationship,last_name,first_name,middle_name,birth_date,gender,address_line1,address_line2,city,state,postal_code,phone,email,group_number,plan_code,coverage_level,coverage_begin,coverage_end",
    );
    expect(lines[1]).toBe('add,BS100042,M-100042-3,child,"Peña, Ruiz",Lucía,\'=cmd,2015-06-21,F,,,,,,,,GRP-7781,PET-1,FAM,2027-01-01,');
    expect(lines).toHaveLength(3);
  });

  it("writes a value a spreadsheet would run as a formula as text, a leading tab or carriage return included", () => {
    const csv = buildCarrierCsv([
      {
        kind: "add",
        member: { ...daughter, middleName: "\t=cmd", address: { line1: "\r@SUM(A1)", city: "Austin", state: "TX", postalCode: "78701" } },
        coverages: [],
      },
    ]);
    expect(csv).toContain(`"'\t=cmd"`.replace(/"/g, ""));
    expect(csv).toContain(`"'\r@SUM(A1)"`);
  });
});
