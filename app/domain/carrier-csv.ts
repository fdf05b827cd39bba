/**
 * The documented CSV for carriers that do not take an 834 (pet): one row per member and plan
 * change, columns as in docs/carrier-csv.md, RFC 4180 with CRLF, written by csv-stringify.
 */
import { stringify } from "csv-stringify/sync";
import type { MemberChange } from "./x12/member-change";
import { formulaSafe } from "./spreadsheet-cell";

export const CARRIER_CSV_COLUMNS = [
  "action",
  "subscriber_id",
  "member_id",
  "relationship",
  "last_name",
  "first_name",
  "middle_name",
  "birth_date",
  "gender",
  "address_line1",
  "address_line2",
  "city",
  "state",
  "postal_code",
  "phone",
  "email",
  "group_number",
  "plan_code",
  "coverage_level",
  "coverage_begin",
  "coverage_end",
] as const;

const ACTION = { add: "add", terminate: "terminate", change: "change", reinstate: "reinstate", audit: "audit" } as const;

export function buildCarrierCsv(changes: readonly MemberChange[]): string {
  const rows: string[][] = [];
  for (const c of changes) {
    const m = c.member;
    const person = [
      ACTION[c.kind],
      m.subscriberId,
      m.memberId,
      m.relationship,
      m.lastName,
      m.firstName,
      m.middleName ?? "",
      m.birthDate,
      m.gender,
      m.address?.line1 ?? "",
      m.address?.line2 ?? "",
      m.address?.city ?? "",
      m.address?.state ?? "",
      m.address?.postalCode ?? "",
      m.phone ?? "",
      m.email ?? "",
      m.groupNumber ?? "",
    ].map(formulaSafe);
    if (c.coverages.length === 0) rows.push([...person, "", "", "", ""]);
    for (const cov of c.coverages)
      rows.push([...person, formulaSafe(cov.coverage.planCode), cov.coverage.coverageLevel, cov.coverage.begin, cov.coverage.end ?? ""]);
  }
  return stringify(rows, { header: true, columns: [...CARRIER_CSV_COLUMNS], record_delimiter: "windows", quoted_match: /[",\r\n]/ });
}
