/**
 * Issue 29, where each enrollment stands: the receipt e-mail's link shows per-plan carrier status
 * (a bearer token: hashed, expiring, status lines only, a GET writes nothing), and the enrollment's
 * history page shows it to the rep who owns the enrollment.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { loader as statusLoader } from "~/routes/enrollment-status.$token";
import { loader as historyLoader } from "~/routes/_store.enrollment-history.$id";
import { DEMO } from "~/.server/db/seed";
import { signInRep } from "../support/staff";
import { TestClient } from "../support/client";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { inWizard, markStepsDone } from "../support/journeys";
import { openedAll } from "../support/outbox";
import { sendFeeds } from "~/.server/carriers/send";
import { STATUS_LINK_DAYS } from "~/.server/carriers/status-link";

const CARRIER = "brightsmile";

/** Every row of the tables a GET could write to, to prove it wrote nothing. */
async function counts(app: TestApp) {
  const out: Record<string, number> = {};
  for (const table of ["audit_events", "link_tokens", "outbox", "carrier_files", "carrier_member_changes", "enrollments"] as const) {
    const row = await app.store.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

describeEachDatabase("where each enrollment stands (issue 29)", (kind) => {
  let app: TestApp;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "carrier-status-"));
    app = await createTestApp(kind, { config: { CARRIERS_DIR: root } });
    app.clock.now = new Date("2026-11-20T15:00:00Z");
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const db = () => app.store.db;
  let enrollmentId = 0;
  let statusPath = "";

  it("the receipt e-mail links to the status lines only; opening the link writes nothing", async () => {
    await sendFeeds(app.services, { carrierCode: CARRIER, root });
    const { client } = await inWizard(app);
    enrollmentId = (await client.session()).tempId!;
    const e = await db().selectFrom("enrollments").select("step_list").where("id", "=", enrollmentId).executeTakeFirstOrThrow();
    await markStepsDone(
      app,
      client,
      (JSON.parse(e.step_list!) as string[]).filter((s) => s !== "review_info"),
    );
    const done = await client.submit(reviewAction, "/enrollment/review-confirm", { intent: "complete" });
    expect(done.location, JSON.stringify(done.data)).toBe("/enrollment/receipt");

    const mails = openedAll(
      app,
      await db().selectFrom("outbox").selectAll().where("enrollment_id", "=", enrollmentId).where("kind", "=", "receipt").execute(),
    );
    const links = mails.map((m) => m.text_body.match(/https?:\/\/\S+\/enrollment-status\/([A-Za-z0-9_-]+)/)?.[1] ?? null);
    // the applicant's copy carries the link (text and HTML); the rep's or group's copy does not
    const token = links.find(Boolean)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(links.filter(Boolean)).toHaveLength(1);
    expect(mails.find((m) => m.text_body.includes(token))!.html_body).toContain(`/enrollment-status/${token}`);
    // only a keyed hash is kept, and it expires
    const link = await db()
      .selectFrom("link_tokens")
      .selectAll()
      .where("purpose", "=", "carrier-status")
      .where("enrollment_id", "=", enrollmentId)
      .executeTakeFirstOrThrow();
    expect(link.token_hash).not.toContain(token);
    expect(new Date(link.expires_at).getTime() - app.clock.now.getTime()).toBe(STATUS_LINK_DAYS * 86_400_000);

    statusPath = `/enrollment-status/${token}`;
    const before = await counts(app);
    const opener = new TestClient(app.services);
    const page = await opener.load(statusLoader, statusPath, { token });
    expect(page.status).toBe(200);
    expect(page.data).toEqual({
      items: [
        { planId: expect.any(Number), planName: expect.any(String), carrierName: "BrightSmile Dental Network", state: "waiting", on: null },
      ],
    });
    // nothing personal, no number, no code: the member's name, the policy number, the enrollment id are absent
    const policy = await db().selectFrom("policies").selectAll().where("enrollment_id", "=", enrollmentId).executeTakeFirstOrThrow();
    const member = await db().selectFrom("members").selectAll().where("id", "=", policy.member_id).executeTakeFirstOrThrow();
    const body = JSON.stringify(page.data);
    for (const secret of [member.first_name, member.last_name, policy.policy_number, member.zip ?? "zip?", member.email ?? "mail?"])
      expect(body).not.toContain(secret);
    expect(page.headers.get("set-cookie")).toBeNull();
    expect(await counts(app)).toEqual(before);

    // after the carrier has it: "sent" on the day
    await sendFeeds(app.services, { carrierCode: CARRIER, root });
    const sent = await opener.load(statusLoader, statusPath, { token });
    expect(sent.data.items[0]).toMatchObject({ state: "sent", on: "2026-11-20" });
  });

  it("an unknown, tampered, malformed or expired link is a 404", async () => {
    const token = statusPath.split("/").pop()!;
    const c = new TestClient(app.services);
    for (const bad of [`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, "short", "x".repeat(43), "../../etc"])
      expect((await c.load(statusLoader, `/enrollment-status/${bad}`, { token: bad })).status, bad).toBe(404);
    const saved = app.clock.now;
    app.clock.now = new Date(saved.getTime() + (STATUS_LINK_DAYS + 1) * 86_400_000);
    try {
      expect((await c.load(statusLoader, statusPath, { token })).status).toBe(404);
    } finally {
      app.clock.now = saved;
    }
  });

  it("the enrollment's history page shows the rep who owns it the per-plan status, in English and Spanish", async () => {
    await db().updateTable("enrollments").set({ agent_id: DEMO.rep.id }).where("id", "=", enrollmentId).execute();
    const rep = await signInRep(app, new TestClient(app.services));
    const page = await rep.load(historyLoader, `/enrollment-history/${enrollmentId}`, { id: String(enrollmentId) });
    expect(page.status).toBe(200);
    expect(page.data.carrierStatus).toEqual([
      expect.objectContaining({ carrierName: "BrightSmile Dental Network", state: "sent", on: "2026-11-20" }),
    ]);
    const es = await rep.load(historyLoader, `/enrollment-history/${enrollmentId}?lng=es`, { id: String(enrollmentId) });
    expect(es.data.carrierStatus[0].state).toBe("sent");
  });
});
