/**
 * Issue 28, the roster: a verified group admin keeps the group's employees by hand and by census.
 * The census is checked whole (every problem by row and column, nothing changed), previewed, and
 * applied in one transaction, audited; the same file again changes nothing. SSNs are sealed and
 * never shown whole nor downloaded. Terminations end coverage by the group's rule with a coverage
 * event per plan, and can be reversed.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as rosterLoader } from "~/routes/_store.group-roster";
import { loader as employeeLoader, action as employeeAction } from "~/routes/_store.group-roster_.$id";
import { loader as censusLoader, action as censusAction } from "~/routes/_store.group-census";
import { loader as previewLoader, action as previewAction } from "~/routes/_store.group-census_.$id";
import { loader as csvLoader } from "~/routes/group-roster[.]csv";
import { loader as groupHomeLoader } from "~/routes/_store.group-home";
import { DEMO } from "~/.server/db/seed";
import { writeXlsx } from "~/.server/adapters/spreadsheets";
import { CENSUS_HEADINGS } from "~/domain/census";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { groupCodeConfirmed, newClient, signInGroupAdmin } from "../support/staff";
import type { TestClient } from "../support/client";

const H = CENSUS_HEADINGS;
const csvOf = (rows: string[][]) =>
  rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(",")).join("\r\n");
const row = (o: Record<string, string>) => H.map((h) => o[h] ?? "");
const ANGELA = {
  "Employee ID": "A-100",
  Relationship: "Employee",
  "First Name": "Angela",
  "Last Name": "Brooks",
  "Date of Birth": "06/30/1990",
  Gender: "F",
  Email: "angela.brooks@example.com",
  "Hire Date": "01/15/2020",
  "Employment Status": "Active",
  Class: "Full time",
};
const KIM = {
  ...ANGELA,
  "Employee ID": "A-101",
  "First Name": "Kim",
  "Last Name": "Lee",
  "Date of Birth": "02/03/1988",
  Email: "kim.lee@example.com",
  SSN: "12345678",
};

describeEachDatabase("the employer roster", (kind) => {
  let app: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    app = await createTestApp(kind);
    app.clock.now = new Date("2026-11-20T15:00:00Z");
    admin = await signInGroupAdmin(app);
  });
  afterAll(() => app.close());

  const db = () => app.store.db;
  const employees = () => db().selectFrom("group_employees").selectAll().where("group_id", "=", DEMO.group.id).orderBy("id").execute();
  const uploads = async () =>
    Number(
      (
        await db()
          .selectFrom("census_uploads")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const upload = (c: TestClient, name: string, bytes: Uint8Array | string, type = "text/csv") =>
    c.upload(censusAction, "/group-census", {}, { file: { name, type, bytes } });
  const auditKinds = async (k: string) => db().selectFrom("audit_events").selectAll().where("kind", "=", k).orderBy("id").execute();

  it("is the verified admin's alone: an employee with the group code is sent to the admins' sign-in", async () => {
    const c = newClient(app);
    await groupCodeConfirmed(c);
    for (const [loader, path] of [
      [rosterLoader, "/group-roster"],
      [censusLoader, "/group-census"],
      [csvLoader, "/group-roster.csv"],
    ] as const)
      expect((await c.load(loader, path)).location, path).toBe("/verify?as=admin");
    expect(
      (await c.upload(censusAction, "/group-census", {}, { file: { name: "c.csv", type: "text/csv", bytes: csvOf([H, row(ANGELA)]) } }))
        .location,
    ).toBe("/verify?as=admin");
    expect(await employees()).toEqual([]);
    expect((await admin.load(groupHomeLoader, "/group-home")).data.admin).toBe(true);
  });

  it("lists every problem of a census by row and column, and changes nothing", async () => {
    const file = csvOf([
      H,
      row(ANGELA),
      row({ ...KIM, "Date of Birth": "02/30/1980" }),
      row({ ...KIM, "Employee ID": "A-100", "First Name": "Ann" }),
      row({ ...KIM, "Employee ID": "A-102", SSN: "012-34-5678" }),
    ]);
    const res = await upload(admin, "census.csv", file);
    expect(res.status).toBe(422);
    expect(res.data.problems).toEqual([
      { row: 3, field: "birthdate", problem: "notADate", value: "02/30/1980" },
      { row: 4, field: "employeeRef", problem: "duplicateEmployee", value: "A-100" },
      // row 3 has the same SSN but is refused for its date: the first good row with it is row 4
      { row: 5, field: "ssn", problem: "duplicateSsn", value: "4" },
    ]);
    expect(JSON.stringify(res.data)).not.toMatch(/12345678|5678/);
    expect(await employees()).toEqual([]);
    expect(await uploads()).toBe(0);
    expect((await auditKinds("census.check")).at(-1)?.detail).toBe("refused");
  });

  it("previews a clean census, applies it in one go (audited), and the same file again changes nothing", async () => {
    const file = csvOf([H, row(ANGELA), row(KIM)]);
    const checked = await upload(admin, "census.csv", file);
    expect(checked.location).toMatch(/^\/group-census\/\d+$/);
    const id = checked.location!.split("/").pop()!;
    expect(await employees()).toEqual([]);
    const preview = await admin.load(previewLoader, checked.location!, { id });
    expect(preview.data.counts).toMatchObject({ add: 2, change: 0, termination: 0, unchanged: 0 });
    expect(JSON.stringify(preview.data)).not.toContain("12345678");
    const applied = await admin.submit(previewAction, checked.location!, { intent: "apply" }, { params: { id } });
    expect(applied.location).toBe("/group-roster");
    const rows = await employees();
    expect(rows.map((e) => [e.employee_ref, e.first_name, e.birthdate, e.status, e.ssn_last4])).toEqual([
      ["A-100", "Angela", "1990-06-30", "active", null],
      ["A-101", "Kim", "1988-02-03", "active", "5678"],
    ]);
    // the lost leading zero recognised; the SSN sealed, never in clear
    expect(app.services.cipher.decrypt(rows[1]!.ssn_enc!)).toBe("012345678");
    expect(rows[1]!.ssn_enc).not.toContain("5678");
    expect((await auditKinds("census.apply")).at(-1)).toMatchObject({
      actor: `group_admin:${DEMO.groupAdmins.acme.id}`,
      detail: `census:${id}:a2:c0:t0:r0`,
    });
    // applying the same upload again is refused, changing nothing
    await admin.submit(previewAction, checked.location!, { intent: "apply" }, { params: { id } });
    expect((await admin.load(previewLoader, checked.location!, { id })).data.applied).toBe(true);
    // the same file uploaded again: nothing to change
    const again = await upload(admin, "census.csv", file);
    const againId = again.location!.split("/").pop()!;
    const p2 = await admin.load(previewLoader, again.location!, { id: againId });
    expect(p2.data.changes).toEqual([]);
    expect(p2.data.counts.unchanged).toBe(2);
    const before = await employees();
    await admin.submit(previewAction, again.location!, { intent: "apply" }, { params: { id: againId } });
    expect(await employees()).toEqual(before);
  });

  it("reads an XLSX census: date cells, numbers that lost an SSN's zeros, and refuses an SSN already on the roster", async () => {
    const bytes = await writeXlsx([
      H,
      H.map((h) =>
        h === "Date of Birth"
          ? new Date(Date.UTC(1975, 4, 6))
          : h === "Hire Date"
            ? new Date(Date.UTC(2021, 0, 4))
            : h === "SSN"
              ? 23456789
              : "",
      ).map((v, i) => (v !== "" ? v : (({ 0: "A-200", 2: "Omar", 3: "Haddad", 5: "M" } as Record<number, string>)[i] ?? ""))),
      row({ ...KIM, "Employee ID": "A-201", "First Name": "Zed", SSN: "012345678" }),
    ]);
    const refused = await upload(admin, "census.xlsx", bytes, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(refused.status).toBe(422);
    expect(refused.data.problems).toEqual([{ row: 3, field: "ssn", problem: "ssnOnFile", value: "A-101" }]);
    const clean = await writeXlsx([
      H,
      ...[0].map(() =>
        H.map(
          (h) =>
            ({
              "Employee ID": "A-200",
              "First Name": "Omar",
              "Last Name": "Haddad",
              Gender: "M",
              SSN: 23456789,
              "Date of Birth": new Date(Date.UTC(1975, 4, 6)),
              "Hire Date": new Date(Date.UTC(2021, 0, 4)),
            })[h] ?? "",
        ),
      ),
    ]);
    const ok = await upload(admin, "census.xlsx", clean, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(ok.location).toMatch(/^\/group-census\/\d+$/);
    const id = ok.location!.split("/").pop()!;
    await admin.submit(previewAction, ok.location!, { intent: "apply" }, { params: { id } });
    const omar = (await employees()).find((e) => e.employee_ref === "A-200")!;
    expect([omar.birthdate, omar.hire_date, omar.ssn_last4]).toEqual(["1975-05-06", "2021-01-04", "6789"]);
    expect(app.services.cipher.decrypt(omar.ssn_enc!)).toBe("023456789");
  });

  it("refuses a file over the size cap with the 413 page, and a file that is not a spreadsheet by name", async () => {
    const big = await upload(admin, "census.csv", "x".repeat(4 * 1024 * 1024 + 20_000));
    expect(big.status).toBe(413);
    const odd = await upload(admin, "census.pdf", "%PDF-1.4", "application/pdf");
    expect(odd.status).toBe(422);
    expect(odd.data.problems).toEqual([{ row: 0, field: null, problem: "unreadable", value: "" }]);
  });

  it("adds and edits one employee by hand: every problem beside its field, an employee id or SSN of another refused", async () => {
    const form = {
      intent: "save",
      employeeRef: "A-300",
      firstName: "Rosa",
      lastName: "Diaz",
      birthdate: "13/01/1980",
      gender: "1",
      email: "rosa@",
      phone: "",
      ssn: "",
      hireDate: "01/02/2022",
      status: "active",
      employmentClass: "part_time",
      address1: "",
      address2: "",
      city: "",
      state: "",
      zip: "",
    };
    const bad = await admin.submit(employeeAction, "/group-roster/new", form, { params: { id: "new" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual(["birthdate", "email"]);
    expect(bad.data.repopulateFields.firstName).toBe("Rosa");
    const taken = await admin.submit(
      employeeAction,
      "/group-roster/new",
      { ...form, birthdate: "01/13/1980", email: "rosa@example.com", employeeRef: "a-100" },
      { params: { id: "new" } },
    );
    expect(taken.data.fieldErrors).toEqual({ employeeRef: "employees.refTaken" });
    const ssnTaken = await admin.submit(
      employeeAction,
      "/group-roster/new",
      { ...form, birthdate: "01/13/1980", email: "rosa@example.com", ssn: "012-34-5678" },
      { params: { id: "new" } },
    );
    expect(ssnTaken.data.fieldErrors).toEqual({ ssn: "employees.ssnTaken" });
    const count = (await employees()).length;
    const ok = await admin.submit(
      employeeAction,
      "/group-roster/new",
      { ...form, birthdate: "01/13/1980", email: "rosa@example.com", ssn: "345-67-8901" },
      { params: { id: "new" } },
    );
    expect(ok.location).toMatch(/^\/group-roster\/\d+$/);
    expect((await employees()).length).toBe(count + 1);
    const id = ok.location!.split("/").pop()!;
    const page = await admin.load(employeeLoader, ok.location!, { id });
    expect(page.data.employee).toMatchObject({
      name: "Rosa Diaz",
      ssnMasked: "XXX-XX-8901",
      employmentClass: "part_time",
      birthdate: "01/13/1980",
    });
    expect(JSON.stringify(page.data)).not.toContain("345678901");
    // an edit with the SSN left empty keeps it
    await admin.submit(
      employeeAction,
      ok.location!,
      { ...form, birthdate: "01/13/1980", email: "rosa.diaz@example.com", status: "leave" },
      { params: { id } },
    );
    const rosa = (await employees()).find((e) => e.employee_ref === "A-300")!;
    expect([rosa.email, rosa.status, rosa.ssn_last4]).toEqual(["rosa.diaz@example.com", "leave", "8901"]);
    expect((await auditKinds("roster.edit")).at(-1)?.detail).toBe(`employee:${id}`);
  });

  it("terminates with a date: coverage ends at the end of that month, an event per active plan; a reinstatement reverses it", async () => {
    const angela = (await employees()).find((e) => e.employee_ref === "A-100")!;
    const path = `/group-roster/${angela.id}`;
    const params = { id: String(angela.id) };
    const bad = await admin.submit(employeeAction, path, { intent: "terminate", terminationDate: "11/31/2026" }, { params });
    expect(bad.data.fieldErrors).toEqual({ terminationDate: "employees.terminationDateInvalid" });
    expect((await admin.submit(employeeAction, path, { intent: "terminate", terminationDate: "11/10/2026" }, { params })).location).toBe(
      path,
    );
    const after = (await employees()).find((e) => e.id === angela.id)!;
    expect([after.status, after.termination_date, after.coverage_end_date, after.member_id]).toEqual([
      "terminated",
      "2026-11-10",
      "2026-11-30",
      4,
    ]);
    const events = await db().selectFrom("coverage_events").selectAll().where("employee_id", "=", angela.id).orderBy("id").execute();
    // Angela Brooks (member 4) holds three active plans
    expect(events.map((e) => [e.kind, e.effective_date, e.member_id, e.cause, e.actor])).toEqual(
      Array(3).fill(["terminated", "2026-11-30", 4, "roster.terminate", `group_admin:${DEMO.groupAdmins.acme.id}`]),
    );
    expect((await auditKinds("roster.terminate")).at(-1)).toMatchObject({ member_id: 4, detail: `employee:${angela.id}` });
    // the list shows it
    const list = await admin.load(rosterLoader, "/group-roster?status=terminated");
    expect(list.data.employees.map((e: { employeeRef: string; coverageEndDate: string }) => [e.employeeRef, e.coverageEndDate])).toEqual([
      ["A-100", "11/30/2026"],
    ]);
    // reversed
    expect((await admin.submit(employeeAction, path, { intent: "reinstate" }, { params })).location).toBe(path);
    const back = (await employees()).find((e) => e.id === angela.id)!;
    expect([back.status, back.termination_date, back.coverage_end_date]).toEqual(["active", null, null]);
    const all = await db().selectFrom("coverage_events").selectAll().where("employee_id", "=", angela.id).orderBy("id").execute();
    expect(all.slice(3).map((e) => [e.kind, e.effective_date, e.cause])).toEqual(
      Array(3).fill(["reinstated", "2026-12-01", "roster.reinstate"]),
    );
  });

  it("terminates by census too, with the same events, in the same transaction as the roster change", async () => {
    const file = csvOf([
      H,
      row({ ...ANGELA, "Employee ID": "A-100", "Termination Date": "12/05/2026", "Employment Status": "Terminated" }),
    ]);
    const checked = await upload(admin, "census.csv", file);
    const id = checked.location!.split("/").pop()!;
    const preview = await admin.load(previewLoader, checked.location!, { id });
    expect(preview.data.changes.map((c: { kind: string; employeeRef: string }) => [c.kind, c.employeeRef])).toEqual([
      ["termination", "A-100"],
    ]);
    expect(preview.data.counts.notInFile).toBeGreaterThan(0);
    await admin.submit(previewAction, checked.location!, { intent: "apply" }, { params: { id } });
    const angela = (await employees()).find((e) => e.employee_ref === "A-100")!;
    expect([angela.status, angela.coverage_end_date]).toEqual(["terminated", "2026-12-31"]);
    const events = await db()
      .selectFrom("coverage_events")
      .selectAll()
      .where("employee_id", "=", angela.id)
      .where("cause", "=", "census.apply")
      .execute();
    expect(events.map((e) => [e.kind, e.effective_date])).toEqual(Array(3).fill(["terminated", "2026-12-31"]));
    // employees not in the file were left alone
    expect((await employees()).filter((e) => e.status === "terminated").map((e) => e.employee_ref)).toEqual(["A-100"]);
  });

  it("downloads the roster as CSV with SSNs masked, never whole", async () => {
    const res = await admin.load(csvLoader, "/group-roster.csv");
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const text = String(res.data);
    expect(text).toContain("XXX-XX-5678");
    expect(text).toContain("A-100");
    expect(text).not.toMatch(/012-?34-?5678|\b\d{9}\b|345-?67-?8901/);
    expect((await auditKinds("roster.download")).length).toBeGreaterThan(0);
  });

  it("answers 404 for another group's employee or census, and for an id that is no number", async () => {
    const brazos = await signInGroupAdmin(app, newClient(app), { groupCode: "BRAZOS25", adminId: DEMO.groupAdmins.brazos.id });
    const someone = (await employees())[0]!;
    expect((await brazos.load(employeeLoader, `/group-roster/${someone.id}`, { id: String(someone.id) })).status).toBe(404);
    expect(
      (
        await brazos.submit(
          employeeAction,
          `/group-roster/${someone.id}`,
          { intent: "terminate", terminationDate: "12/01/2026" },
          { params: { id: String(someone.id) } },
        )
      ).status,
    ).toBe(404);
    expect((await admin.load(employeeLoader, "/group-roster/abc", { id: "abc" })).status).toBe(404);
    const upload1 = await db().selectFrom("census_uploads").select("id").orderBy("id").executeTakeFirstOrThrow();
    expect((await brazos.load(previewLoader, `/group-census/${upload1.id}`, { id: String(upload1.id) })).status).toBe(404);
    expect((await brazos.load(rosterLoader, "/group-roster")).data.employees).toEqual([]);
  });
});
