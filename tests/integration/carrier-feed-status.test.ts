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
import { action as historyAction, loader as historyLoader } from "~/routes/_store.enrollment-history.$id";
import { readSegments } from "~/domain/x12/segments";
import { DEMO } from "~/.server/db/seed";
import { signInGroupAdmin, signInRep } from "../support/staff";
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

  it("the rep ends ONE plan from the history page: refused forms change nothing; the plan's end is audited and sent as 024 with DTP*349", async () => {
    const rep = await signInRep(app, new TestClient(app.services));
    const at = `/enrollment-history/${enrollmentId}`;
    const params = { id: String(enrollmentId) };
    const policy = await db().selectFrom("policies").selectAll().where("enrollment_id", "=", enrollmentId).executeTakeFirstOrThrow();
    const planId = (await db().selectFrom("policy_plans").select("plan_id").where("policy_id", "=", policy.id).executeTakeFirstOrThrow())
      .plan_id;
    const events = () => db().selectFrom("coverage_events").selectAll().where("policy_id", "=", policy.id).execute();
    const page = await rep.load(historyLoader, at, params);
    expect(page.data.plans).toEqual([{ planId, name: expect.any(String), endsOn: null }]);

    // refused: each says why beside its field, keeps what was typed, and writes nothing
    for (const [fields, error] of [
      [{ planId: String(planId), endDate: "13/45/2026" }, { endDate: "planCancel.endDateInvalid" }],
      [{ planId: "", endDate: "12/31/2026" }, { planId: "planCancel.choosePlan" }],
      [{ planId: "999999", endDate: "12/31/2026" }, { planId: "planCancel.unknownPlan" }],
      [{ planId: String(planId), endDate: "11/30/2026" }, { endDate: "planCancel.beforeStart" }],
      [{ planId: String(planId), endDate: "12/31/2027" }, { endDate: "planCancel.tooFar" }],
    ] as const) {
      const refused = await rep.submit(historyAction, at, fields, { params });
      expect(refused.status, JSON.stringify(fields)).toBe(422);
      expect(refused.data.fieldErrors).toEqual(error);
      expect(refused.data.repopulateFields).toMatchObject({ endDate: fields.endDate });
    }
    expect((await rep.submit(historyAction, at, { planId: String(planId), endDate: "12/31/2026" }, { params, csrf: null })).status).toBe(
      403,
    );
    // a group admin who does not own the enrollment gets the 404, as for the page
    const admin = await signInGroupAdmin(app, new TestClient(app.services));
    expect((await admin.submit(historyAction, at, { planId: String(planId), endDate: "12/31/2026" }, { params })).status).toBe(404);
    expect(await events()).toEqual([]);

    const done = await rep.submit(historyAction, at, { planId: String(planId), endDate: "12/31/2026" }, { params });
    expect(done.location).toBe(at);
    expect((await events()).map((e) => [e.plan_id, e.kind, e.effective_date, e.cause, e.actor])).toEqual([
      [planId, "terminated", "2026-12-31", "plan.cancel", `rep:${DEMO.rep.id}`],
    ]);
    const trail = await db().selectFrom("audit_events").selectAll().where("kind", "=", "plan.cancel").execute();
    expect(trail.map((e) => [e.enrollment_id, e.member_id, e.detail, e.acting_as])).toEqual([
      [enrollmentId, policy.member_id, `plan:${planId}`, "rep"],
    ]);
    const after = await rep.load(historyLoader, at, params);
    expect(after.data.plans).toEqual([{ planId, name: expect.any(String), endsOn: "2026-12-31" }]);
    expect(after.data.events.map((e: { kind: string }) => e.kind)).toContain("plan.cancel");
    // once ended, it cannot be ended again
    const again = await rep.submit(historyAction, at, { planId: String(planId), endDate: "12/15/2026" }, { params });
    expect(again.data.fieldErrors).toEqual({ planId: "planCancel.alreadyEnded" });

    // the feed sends it as a termination: INS and HD 024 with DTP*349 on the chosen day
    const [report] = await sendFeeds(app.services, { carrierCode: CARRIER, root });
    expect(report.file).toMatchObject({ status: "sent", members: 1 });
    const file = await db().selectFrom("carrier_files").selectAll().where("name", "=", report.file!.name).executeTakeFirstOrThrow();
    const { segments } = readSegments(app.services.cipher.decrypt(file.content_enc ?? app.services.cipher.encrypt(file.content)))!;
    expect(segments.filter((s) => s.tag === "INS").map((s) => s.elements[3])).toEqual(["024"]);
    expect(segments.filter((s) => s.tag === "HD").map((s) => s.elements[1])).toEqual(["024"]);
    expect(segments.filter((s) => s.tag === "DTP" && s.elements[1] === "349").map((s) => s.elements[3])).toEqual(["20261231"]);
    expect((await sendFeeds(app.services, { carrierCode: CARRIER, root }))[0].file).toBeNull();
  });
});
