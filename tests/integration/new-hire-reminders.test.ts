/**
 * Issue 28, new hires (ADR 023): an employee inside their own new-hire window who has neither
 * enrolled nor declined gets a reminder 7 days and 2 days before that window closes — once each,
 * however many runs — by the same mechanism as the open-enrollment reminders. Others (hired long
 * ago, outside open enrollment; or declined) get none. The clock moves through the services'.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as windowsAction } from "~/routes/_store.group-windows";
import { action as employeeAction } from "~/routes/_store.group-roster_.$id";
import { action as progressEmployeeAction } from "~/routes/_store.group-progress_.$id";
import { runEmployerReminders } from "~/.server/employers/reminders";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { signInGroupAdmin } from "../support/staff";
import { openedAll } from "../support/outbox";
import type { TestClient } from "../support/client";

describeEachDatabase("new-hire window reminders", (kind) => {
  let app: TestApp;
  let admin: TestClient;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    app = await createTestApp(kind);
    app.clock.now = new Date("2026-11-10T15:00:00Z");
    admin = await signInGroupAdmin(app);
    // open enrollment is in January: in November only new hires may enroll
    await admin.submit(windowsAction, "/group-windows", {
      openEnrollmentStart: "01/01/2027",
      openEnrollmentEnd: "01/31/2027",
      newHireDays: "30",
      coverageEndRule: "end_of_month",
    });
    const people = [
      { ref: "N-1", first: "Nia", email: "nia.new@example.com", hire: "11/01/2026" },
      { ref: "N-2", first: "Olu", email: "olu.old@example.com", hire: "03/04/2019" },
      { ref: "N-3", first: "Pia", email: "pia.new@example.com", hire: "11/01/2026" },
    ];
    for (const p of people) {
      const res = await admin.submit(
        employeeAction,
        "/group-roster/new",
        {
          intent: "save",
          employeeRef: p.ref,
          firstName: p.first,
          lastName: "Hire",
          birthdate: "01/02/1990",
          gender: "1",
          email: p.email,
          phone: "",
          ssn: "",
          hireDate: p.hire,
          status: "active",
          employmentClass: "full_time",
          address1: "1 Elm St",
          address2: "",
          city: "Dallas",
          state: "TX",
          zip: "75201",
        },
        { params: { id: "new" } },
      );
      expect(res.location ?? JSON.stringify(res)).toMatch(/^\/group-roster/);
      ids[p.first] = (
        await app.store.db.selectFrom("group_employees").select("id").where("employee_ref", "=", p.ref).executeTakeFirstOrThrow()
      ).id;
    }
    // Pia declined
    const path = `/group-progress/${ids.Pia}`;
    expect(
      (await admin.submit(progressEmployeeAction, path, { intent: "waive", reason: "medicare" }, { params: { id: String(ids.Pia) } }))
        .location,
    ).toBe(path);
  });
  afterAll(() => app.close());

  const mails = async (kind: string) =>
    openedAll(app, await app.store.db.selectFrom("outbox").selectAll().where("kind", "=", kind).orderBy("id").execute());

  it("reminds a new hire 7 and 2 days before their window closes, once each, with their link and the date", async () => {
    // Nia's window: 11/01 to 11/30/2026
    app.clock.now = new Date("2026-11-22T15:00:00Z");
    expect(await runEmployerReminders(app.services)).toEqual({ reminders: 0, summaries: 0 });
    app.clock.now = new Date("2026-11-23T15:00:00Z");
    const [a, b] = await Promise.all([runEmployerReminders(app.services), runEmployerReminders(app.services)]);
    expect(a.reminders + b.reminders).toBe(1);
    const seven = await mails("employee_reminder7");
    expect(seven.map((m) => m.recipient)).toEqual(["nia.new@example.com"]);
    expect(seven[0]!.text_body).toContain("11/30/2026");
    expect(seven[0]!.text_body).toMatch(/\/invitation\/[A-Za-z0-9_-]{43}/);
    expect(await runEmployerReminders(app.services)).toEqual({ reminders: 0, summaries: 0 });
    app.clock.now = new Date("2026-11-26T15:00:00Z");
    expect(await runEmployerReminders(app.services)).toEqual({ reminders: 0, summaries: 0 });
    app.clock.now = new Date("2026-11-28T15:00:00Z");
    expect(await runEmployerReminders(app.services)).toEqual({ reminders: 1, summaries: 0 });
    expect((await mails("employee_reminder2")).map((m) => m.recipient)).toEqual(["nia.new@example.com"]);
    app.clock.now = new Date("2026-11-29T15:00:00Z");
    expect(await runEmployerReminders(app.services)).toEqual({ reminders: 0, summaries: 0 });
    // the window closed: nothing more, and no admin summary (that is open enrollment's)
    app.clock.now = new Date("2026-12-01T15:00:00Z");
    expect(await runEmployerReminders(app.services)).toEqual({ reminders: 0, summaries: 0 });
    expect(await mails("employer_summary")).toEqual([]);
  });
});
