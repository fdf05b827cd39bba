/**
 * Security review (stop 35): whoever presses Start on a forwarded invitation link first held the
 * enrollment and, by typing their own address in the contact step, received the code the employee
 * needed to continue it. The code goes to the roster's address while the employer has not changed
 * it, and to a typed address only once a contact-step code confirmed it (codeAddress).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as windowsAction } from "~/routes/_store.group-windows";
import { action as employeeAction } from "~/routes/_store.group-roster_.$id";
import { action as progressAction } from "~/routes/_store.group-progress";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient, signInGroupAdmin } from "../support/staff";
import { openedAll } from "../support/outbox";
import { markStepsDone } from "../support/journeys";
import { validStepPayloads } from "../support/step-payloads";
import type { TestClient } from "../support/client";
import { OPEN_WINDOW, invitationTokens, postInvitation, rosterEmployeeForm } from "../support/roster";

const employee = (ref: string, first: string, email: string) => rosterEmployeeForm({ ref, first, email });

describeEachDatabase("a stranger holding a forwarded invitation link who presses Start first", (kind) => {
  let app: TestApp;
  let admin: TestClient;
  const db = () => app.store.db;
  const mails = async (k: string) =>
    openedAll(app, await db().selectFrom("outbox").selectAll().where("kind", "=", k).orderBy("id").execute());
  const post = postInvitation;
  beforeAll(async () => {
    app = await createTestApp(kind);
    app.clock.now = new Date("2026-11-10T15:00:00Z");
    admin = await signInGroupAdmin(app);
    await admin.submit(windowsAction, "/group-windows", OPEN_WINDOW);
    await admin.submit(employeeAction, "/group-roster/new", employee("ST-1", "Elena", "elena@example.com"), { params: { id: "new" } });
    await admin.submit(progressAction, "/group-progress", { intent: "invite", audience: "pending" });
  });
  afterAll(() => app.close());

  it("cannot take the employee's continue code by typing their own address in the contact step", async () => {
    const token = (await invitationTokens(app, "elena@example.com"))[0]!;
    const stranger = newClient(app);
    expect((await post(stranger, token, { intent: "start" })).location).toBe("/home");
    await markStepsDone(app, stranger, ["contact_info"]); // the stranger types their own e-mail in the contact step
    const strangersEmail = validStepPayloads(new Date().toISOString(), []).contact_info.data.email!;
    const elena = newClient(app);
    expect((await post(elena, token, { intent: "start" })).location).toBe(`/invitation/${token}?refused=needsCode`);
    expect((await post(elena, token, { intent: "send-code" })).location).toBe(`/invitation/${token}?refused=codeSent`);
    const to = (await mails("employee_code")).map((m) => m.recipient);
    // the roster's address (unchanged since the enrollment began) gets it, never the stranger's unconfirmed one
    expect(to).not.toContain(strangersEmail);
    expect(to).toEqual(["elena@example.com"]);
  });
});
