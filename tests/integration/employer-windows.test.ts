/**
 * Issue 28, enrollment windows: the admin sets open enrollment and the new-hire window; outside
 * every window an employee who came with the group code is told when the next one opens instead
 * of a quote form, and a quote posted anyway starts nothing. The clock moves through the services'.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as windowsLoader, action as windowsAction } from "~/routes/_store.group-windows";
import { loader as groupHomeLoader, action as groupHomeAction } from "~/routes/_store.group-home";
import { loader as homeLoader, action as homeAction } from "~/routes/_store.home";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { groupCodeConfirmed, newClient, signInGroupAdmin } from "../support/staff";
import type { TestClient } from "../support/client";

const QUOTE = {
  intent: "quote",
  zip: "75201",
  dob: "04/12/1988",
  gender: "0",
  spouseDob: "",
  childCount: "0",
  smoker: "",
  category: "dental",
};

describeEachDatabase("enrollment windows", (kind) => {
  let app: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    app = await createTestApp(kind);
    app.clock.now = new Date("2026-10-20T15:00:00Z");
    admin = await signInGroupAdmin(app);
  });
  afterAll(() => app.close());
  const enrollments = async () =>
    Number(
      (
        await app.store.db
          .selectFrom("enrollments")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const settings = (o: Record<string, string>) =>
    admin.submit(windowsAction, "/group-windows", {
      openEnrollmentStart: "",
      openEnrollmentEnd: "",
      newHireDays: "30",
      coverageEndRule: "end_of_month",
      ...o,
    });

  it("is open all year until the admin sets dates; the dates are checked beside their fields", async () => {
    expect((await admin.load(windowsLoader, "/group-windows")).data.state).toEqual({ open: true, why: "unset", closes: "" });
    const bad = await settings({ openEnrollmentStart: "11/01/2026", openEnrollmentEnd: "10/01/2026", newHireDays: "500" });
    expect(bad.data.fieldErrors).toEqual({ newHireDays: "windows.daysInvalid", openEnrollmentEnd: "windows.endBeforeStart" });
    expect((await settings({ openEnrollmentStart: "11/01/2026" })).data.fieldErrors).toEqual({ openEnrollmentEnd: "windows.bothDates" });
    expect((await admin.load(windowsLoader, "/group-windows")).data.openEnrollmentStart).toBe("");
    expect((await settings({ openEnrollmentStart: "11/01/2026", openEnrollmentEnd: "11/30/2026" })).location).toBe("/group-windows");
    const page = await admin.load(windowsLoader, "/group-windows");
    expect(page.data).toMatchObject({
      openEnrollmentStart: "11/01/2026",
      openEnrollmentEnd: "11/30/2026",
      newHireDays: "30",
      state: { open: false, nextOpens: "11/01/2026" },
    });
    const audited = await app.store.db.selectFrom("audit_events").select("actor").where("kind", "=", "employer.settings").execute();
    expect(audited).toHaveLength(1);
  });

  it("outside the window an employee sees when it opens instead of a quote form, and a posted quote starts nothing", async () => {
    const c = newClient(app);
    await groupCodeConfirmed(c);
    const home = await c.load(groupHomeLoader, "/group-home");
    expect(home.data.closed).toEqual({ nextOpens: "11/01/2026" });
    expect((await c.submit(groupHomeAction, "/group-home", { intent: "add-employee" })).location).toBe("/group-home");
    // the admin is not held by the window
    expect((await admin.load(groupHomeLoader, "/group-home")).data.closed).toBeNull();
    // inside the window: the quote form
    app.clock.now = new Date("2026-11-02T15:00:00Z");
    expect((await c.load(groupHomeLoader, "/group-home")).data.closed).toBeNull();
    expect((await c.submit(groupHomeAction, "/group-home", { intent: "add-employee" })).location).toBe("/home");
    expect((await c.load(homeLoader, "/home")).data.closed).toBeNull();
    // (the same quote is taken while the window is open: it is the window that refuses it below)
    const probe = newClient(app);
    await groupCodeConfirmed(probe);
    await probe.submit(groupHomeAction, "/group-home", { intent: "add-employee" });
    expect((await probe.submit(homeAction, "/home", QUOTE)).location).toBe("/plans?type=dental");
    // after it closes (the clock moved), /home says when the next one opens and refuses a quote
    app.clock.now = new Date("2026-12-05T15:00:00Z");
    expect((await c.load(homeLoader, "/home")).data.closed).toEqual({ nextOpens: "11/01/2027" });
    const before = await enrollments();
    expect((await c.submit(homeAction, "/home", QUOTE)).location).toBe("/home");
    expect(await enrollments()).toBe(before);
  });
});
