/**
 * Security review (w8, authorization). ADR 023 lets the first browser that presses Start on an
 * invitation link start the employee's enrollment without a code, because "it holds nothing yet".
 * But the enrollment it starts is prefilled from the employee's roster row (ADR 026: the quote's
 * date of birth, gender and ZIP; the wizard's name, e-mail, phone and home address — memberOnFile
 * falls back to employeeOnFile). So whoever holds a forwarded invitation e-mail (a shared inbox, a
 * coworker: ADR 023's own threat) reads the employee's date of birth, home address and phone with
 * no code — the exposure ADR 033 closed for member links. Until this browser has proved it is the
 * employee's (the code to the roster address), the roster's personal details must stay out.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as windowsAction } from "~/routes/_store.group-windows";
import { action as employeeAction } from "~/routes/_store.group-roster_.$id";
import { action as progressAction } from "~/routes/_store.group-progress";
import { loader as homeLoader, action as homeAction } from "~/routes/_store.home";
import { loader as contactLoader } from "~/routes/enrollment.contact-info";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient, signInGroupAdmin } from "../support/staff";
import { checkOut, markStepsDone } from "../support/journeys";
import { OPEN_WINDOW, invitationTokens, postInvitation, rosterEmployeeForm } from "../support/roster";

const ADDRESS = "48 Quail Hollow Rd";
const PHONE = "2145550187";

describeEachDatabase("a stranger with a forwarded invitation link, before any code", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
    app.clock.now = new Date("2026-11-10T15:00:00Z");
    const admin = await signInGroupAdmin(app);
    await admin.submit(windowsAction, "/group-windows", OPEN_WINDOW);
    await admin.submit(
      employeeAction,
      "/group-roster/new",
      { ...rosterEmployeeForm({ ref: "PF-1", first: "Irene", email: "irene@example.com" }), phone: PHONE, address1: ADDRESS },
      { params: { id: "new" } },
    );
    await admin.submit(progressAction, "/group-progress", { intent: "invite", audience: "pending" });
  });
  afterAll(() => app.close());

  it("sees neither the employee's date of birth nor her home address and phone", async () => {
    const token = (await invitationTokens(app, "irene@example.com"))[0]!;
    const stranger = newClient(app);
    expect((await postInvitation(stranger, token, { intent: "start" })).location).toBe("/home");
    // the quote page
    const home = await stranger.load(homeLoader, "/home");
    expect(home.status).toBe(200);
    expect(JSON.stringify(home.data)).not.toContain("03/04/1985");
    // the wizard's contact step
    const quoted = await stranger.submit(homeAction, "/home", {
      intent: "quote",
      zip: "75201",
      dob: "01/13/1980",
      gender: "1",
      spouseDob: "",
      childCount: "0",
      smoker: "",
      category: "dental",
    });
    expect(quoted.location).toBe("/plans?type=dental");
    await checkOut(stranger, ["BSD-PPO-ESS"]);
    const id = (await stranger.session()).tempId!;
    const steps = JSON.parse(
      (await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow()).step_list!,
    ) as string[];
    await markStepsDone(app, stranger, steps.slice(0, steps.indexOf("contact_info")));
    const contact = await stranger.load(contactLoader, "/enrollment/contact-info");
    expect(contact.status).toBe(200);
    const shown = JSON.stringify(contact.data);
    expect(shown).not.toContain(ADDRESS);
    expect(shown.replace(/\D/g, "")).not.toContain(PHONE);
  });
});
