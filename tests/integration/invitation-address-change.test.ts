/**
 * The roster's e-mail is the employer's to change, so it never opens an enrollment the employee has
 * filled in (ADR 023): an admin who sets an employee's address to their own, re-invites and asks for
 * the continue code gets nothing — before the contact step no code is sent at all; after it, the code
 * goes to the address the employee typed there, once a contact-step code confirmed it.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as windowsAction } from "~/routes/_store.group-windows";
import { action as employeeAction } from "~/routes/_store.group-roster_.$id";
import { action as progressAction } from "~/routes/_store.group-progress";
import { loader as invitationLoader, action as invitationAction } from "~/routes/invitation.$token";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient, signInGroupAdmin } from "../support/staff";
import { openedAll } from "../support/outbox";
import { confirmedAddress, markStepsDone } from "../support/journeys";
import { validStepPayloads } from "../support/step-payloads";
import type { TestClient } from "../support/client";
import { rosterEmployeeForm } from "../support/roster";

const LINK = /\/invitation\/([A-Za-z0-9_-]{43})\b/;

const employee = (ref: string, first: string, email: string) => rosterEmployeeForm({ ref, first, email });

describeEachDatabase("an admin who changes an employee's e-mail cannot continue her enrollment", (kind) => {
  let app: TestApp;
  let admin: TestClient;
  const ids: Record<string, number> = {};
  const db = () => app.store.db;
  const mails = async (kind: string) =>
    openedAll(app, await db().selectFrom("outbox").selectAll().where("kind", "=", kind).orderBy("id").execute());
  const linkFor = async (to: string) =>
    LINK.exec((await mails("employee_invitation")).filter((m) => m.recipient === to).pop()?.text_body ?? "")?.[1] ?? null;
  const post = (c: TestClient, token: string, values: Record<string, string>) =>
    c.submit(invitationAction, `/invitation/${token}`, values, { params: { token } });
  const setEmail = (first: string, ref: string, email: string) =>
    admin.submit(employeeAction, `/group-roster/${ids[first]}`, employee(ref, first, email), { params: { id: String(ids[first]) } });
  const inviteLater = async () => {
    app.clock.now = new Date(app.clock.now.getTime() + 2 * 60 * 60 * 1000); // past the invitation cooldown
    admin = await signInGroupAdmin(app); // (and past the admin's idle timeout)
    const sent = await admin.submit(progressAction, "/group-progress", { intent: "invite", audience: "pending" });
    expect(sent.location ?? "", JSON.stringify(sent.data)).toMatch(/^\/group-progress/);
  };

  beforeAll(async () => {
    app = await createTestApp(kind);
    app.clock.now = new Date("2026-11-10T15:00:00Z");
    admin = await signInGroupAdmin(app);
    await admin.submit(windowsAction, "/group-windows", {
      openEnrollmentStart: "11/01/2026",
      openEnrollmentEnd: "11/30/2026",
      newHireDays: "30",
      coverageEndRule: "end_of_month",
    });
    for (const [ref, first] of [
      ["AC-1", "Elena"],
      ["AC-2", "Inés"],
    ] as const) {
      const email = `${first.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()}@example.com`;
      const res = await admin.submit(employeeAction, "/group-roster/new", employee(ref, first, email), { params: { id: "new" } });
      expect(res.location ?? "", JSON.stringify(res.data)).toMatch(/^\/group-roster/);
      ids[first] = (await db().selectFrom("group_employees").select("id").where("employee_ref", "=", ref).executeTakeFirstOrThrow()).id;
    }
    await admin.submit(progressAction, "/group-progress", { intent: "invite", audience: "pending" });
  });
  afterAll(() => app.close());

  it("before she reaches the contact step: no code is sent to the new address, and the page says why", async () => {
    const elena = newClient(app);
    const token = (await linkFor("elena@example.com"))!;
    expect((await post(elena, token, { intent: "start" })).location).toBe("/home");

    expect((await setEmail("Elena", "AC-1", "admin.owns.this@example.com")).location).toMatch(/^\/group-roster/);
    await inviteLater();
    const hijack = (await linkFor("admin.owns.this@example.com"))!;
    expect(hijack).toBeTruthy();
    const attacker = newClient(app);
    expect((await post(attacker, hijack, { intent: "start" })).location).toBe(`/invitation/${hijack}?refused=needsCode`);
    expect((await post(attacker, hijack, { intent: "send-code" })).location).toBe(`/invitation/${hijack}?refused=addressChanged`);
    expect(await mails("employee_code")).toEqual([]);
    expect((await attacker.load(invitationLoader, `/invitation/${hijack}`, { token: hijack })).data).toMatchObject({
      gate: "enrollment",
      code: null,
      refused: null,
    });
    expect((await attacker.session()).tempId).toBeUndefined();
    // her own browser still holds it
    expect((await post(elena, hijack, { intent: "start" })).location).toBe("/home");
    const refusals = await db().selectFrom("audit_events").select("detail").where("kind", "=", "invitation.refuse").execute();
    expect(refusals.map((r) => r.detail)).toContain("code:address_changed");
  });

  it("after it, an address she typed but never confirmed gets nothing either; one she confirmed with a contact-step code gets the code, never the roster's new one", async () => {
    const ines = newClient(app);
    const token = (await linkFor("ines@example.com"))!;
    expect((await post(ines, token, { intent: "start" })).location).toBe("/home");
    await markStepsDone(app, ines, ["contact_info"]);
    const typed = validStepPayloads(new Date().toISOString(), []).contact_info.data.email!;
    expect(typed).not.toBe("ines@example.com");

    await setEmail("Inés", "AC-2", "admin.owns.this.too@example.com");
    await inviteLater();
    const hijack = (await linkFor("admin.owns.this.too@example.com"))!;
    const attacker = newClient(app);
    // typed, not confirmed: whoever typed it may not be her (a stranger who pressed Start first)
    expect((await post(attacker, hijack, { intent: "send-code" })).location).toBe(`/invitation/${hijack}?refused=addressChanged`);
    expect(await mails("employee_code")).toEqual([]);

    await confirmedAddress(app, ines, typed);
    app.clock.now = new Date(app.clock.now.getTime() + 121_000);
    expect((await post(attacker, hijack, { intent: "send-code" })).location).toBe(`/invitation/${hijack}?refused=codeSent`);
    expect((await mails("employee_code")).map((m) => m.recipient)).toEqual([typed]);
    expect((await attacker.load(invitationLoader, `/invitation/${hijack}`, { token: hijack })).data.code.to).not.toContain("admin");
  });
});
