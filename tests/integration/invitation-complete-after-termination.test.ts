/**
 * Security review (w6, medium): an employee's termination and the group's enrollment window were
 * checked only when the invitation link was pressed (startFromInvitation). An enrollment already in
 * the wizard was completed after the employee was terminated, or after the window closed: a policy,
 * the roster row linked, `enrolled` coverage events for the carrier feed. Complete now reads the
 * roster row and the window again inside its transaction and refuses (ADR 026 addendum).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as windowsAction } from "~/routes/_store.group-windows";
import { action as employeeAction } from "~/routes/_store.group-roster_.$id";
import { action as progressAction } from "~/routes/_store.group-progress";
import { action as homeAction } from "~/routes/_store.home";
import { action as employerAction } from "~/routes/enrollment.employer-info";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient, signInGroupAdmin } from "../support/staff";
import { EMPLOYER_FORM, markStepsDone, checkOut } from "../support/journeys";
import type { TestClient } from "../support/client";
import { OPEN_WINDOW, invitationTokens, postInvitation, rosterEmployeeForm } from "../support/roster";

const REVIEW = "/enrollment/review-confirm";

describeEachDatabase("Complete refuses an invited employee who was terminated, or whose window closed", (kind) => {
  let app: TestApp;
  let admin: TestClient;
  const db = () => app.store.db;
  const post = postInvitation;
  beforeAll(async () => {
    app = await createTestApp(kind);
    app.clock.now = new Date("2026-11-10T15:00:00Z");
    admin = await signInGroupAdmin(app);
    await admin.submit(windowsAction, "/group-windows", OPEN_WINDOW);
  });
  afterAll(() => app.close());

  /** An invited employee whose enrollment is at its review, every step done: her client, enrollment and roster id. */
  async function atReview(ref: string, first: string) {
    const email = `${first.toLowerCase()}@example.com`;
    await admin.submit(employeeAction, "/group-roster/new", rosterEmployeeForm({ ref, first, email }), { params: { id: "new" } });
    await admin.submit(progressAction, "/group-progress", { intent: "invite", audience: "pending" });
    const token = (await invitationTokens(app, email))[0]!;
    const c = newClient(app);
    expect((await post(c, token, { intent: "start" })).location).toBe("/home");
    const id = (await c.session()).tempId!;
    await c.submit(homeAction, "/home", {
      intent: "quote",
      zip: "75201",
      dob: "01/13/1980",
      gender: "1",
      spouseDob: "",
      childCount: "0",
      smoker: "",
      category: "dental",
    });
    await checkOut(c, ["BSD-PPO-ESS"]);
    const steps = JSON.parse(
      (await db().selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow()).step_list!,
    ) as string[];
    await markStepsDone(app, c, steps.slice(0, steps.indexOf("employer_info")));
    await c.submit(employerAction, "/enrollment/employer-info", EMPLOYER_FORM);
    await markStepsDone(
      app,
      c,
      steps.slice(steps.indexOf("employer_info") + 1).filter((s) => s !== "review_info"),
    );
    const employee = await db().selectFrom("group_employees").select("id").where("employee_ref", "=", ref).executeTakeFirstOrThrow();
    return { c, id, employeeId: employee.id };
  }

  /** Complete was refused with `message` and made nothing: no policy, no coverage event, the roster row not enrolled. */
  async function refused(c: TestClient, id: number, employeeId: number, message: string) {
    const done = await c.submit(reviewAction, REVIEW, { intent: "complete" });
    expect(done.location).toBeNull();
    expect(done.status).toBe(422);
    expect(done.data.problems).toEqual([{ tab: "enrollment", message }]);
    expect(await db().selectFrom("policies").select("id").where("enrollment_id", "=", id).execute()).toEqual([]);
    expect(await db().selectFrom("coverage_events").select("id").where("employee_id", "=", employeeId).execute()).toEqual([]);
    const row = await db().selectFrom("group_employees").select("member_id").where("id", "=", employeeId).executeTakeFirstOrThrow();
    expect(row.member_id).toBeNull();
    const enrollment = await db().selectFrom("enrollments").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(enrollment.status).toBe("checked_out");
    // the review page shows it, in English and in Spanish
    for (const lng of ["en", "es"] as const) {
      const t = await app.services.i18n.getFixedT(lng, "common");
      expect(t(message)).not.toBe(message);
    }
  }

  it("terminated while her enrollment was in progress: Complete enrolls nothing", async () => {
    const { c, id, employeeId } = await atReview("CT-1", "Tara");
    const term = await admin.submit(
      employeeAction,
      `/group-roster/${employeeId}`,
      { intent: "terminate", terminationDate: "11/10/2026" },
      { params: { id: String(employeeId) } },
    );
    expect(term.status).toBeLessThan(400);
    const status = await db().selectFrom("group_employees").select("status").where("id", "=", employeeId).executeTakeFirstOrThrow();
    expect(status.status).toBe("terminated");
    await refused(c, id, employeeId, "review.problems.employeeTerminated");
  });

  it("the group's enrollment window closed while it was in progress: refused, and completed once it opens again", async () => {
    const { c, id, employeeId } = await atReview("CT-2", "Wanda");
    await admin.submit(windowsAction, "/group-windows", {
      ...OPEN_WINDOW,
      openEnrollmentStart: "01/01/2026",
      openEnrollmentEnd: "01/31/2026",
    });
    const settings = await db().selectFrom("employer_settings").select("open_enrollment_end").executeTakeFirstOrThrow();
    expect(settings.open_enrollment_end).toBe("2026-01-31");
    await refused(c, id, employeeId, "review.problems.windowClosed");
    // open again: the same enrollment completes, and the roster row is enrolled
    await admin.submit(windowsAction, "/group-windows", OPEN_WINDOW);
    expect((await c.submit(reviewAction, REVIEW, { intent: "complete" })).location).toBe("/enrollment/receipt");
    const events = await db().selectFrom("coverage_events").select("kind").where("employee_id", "=", employeeId).execute();
    expect(events.map((e) => e.kind)).toEqual(["enrolled"]);
  });
});
