/**
 * Issue 29: enrollments reach the carrier. A completed demo enrollment becomes an 834 that the
 * strict check accepts (pinned by a golden file); a second run sends nothing; a 999 rejecting the
 * file marks the member's change rejected (the operator sees the segment, element and code; the
 * applicant a problem we are fixing) and the change goes again; a termination sends 024 with
 * DTP*349; SFTP delivery against a real server started here, kept and retried while it is down;
 * control numbers unique and increasing under concurrency.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { loader as receiptLoader } from "~/routes/enrollment_.receipt";
import { action as carriersAction, loader as carriersLoader } from "~/routes/admin.carriers._index";
import { loader as carrierFileLoader } from "~/routes/admin.carriers.files.$id";
import { DEMO } from "~/.server/db/seed";
import { signInOperator } from "../support/operators";
import { signInRep } from "../support/staff";
import { loader as agentLoader } from "~/routes/_store.agent-select-member";
import { TestClient } from "../support/client";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { inWizard, markStepsDone } from "../support/journeys";
import { startSftpServer } from "../support/sftp-server";
import { sendFeeds } from "~/.server/carriers/send";
import { receiveFeeds } from "~/.server/carriers/receive";
import { runCarrierFeed } from "~/.server/carriers/run";
import { carrierStatusOf } from "~/.server/carriers/status";
import { hostKeyFingerprint } from "~/.server/carriers/transport-of";
import { checkBeforeSending } from "~/.server/carriers/check-before-sending";
import { nextControlNumber } from "~/.server/repositories/carrier-feed";
import { insertCoverageEvents } from "~/.server/repositories/employees";
import { readSegments } from "~/domain/x12/segments";
import { sql } from "kysely";
import { CARRIER_FEED_JOB, startWorkers } from "~/.server/jobs/workers";

const GOLDEN = path.join(__dirname, "__golden__", "carrier-feed-add.834");
const CARRIER = "brightsmile";

function expectGolden(text: string) {
  if (process.env.UPDATE_GOLDEN) {
    fs.mkdirSync(path.dirname(GOLDEN), { recursive: true });
    fs.writeFileSync(GOLDEN, text);
  }
  expect(text).toBe(fs.readFileSync(GOLDEN, "utf8"));
}

/** A 999 for one of our files: accepted, or rejected at a segment of the member loop. */
function ack999(group: number, st02: string, reject?: { segment: string; position: number; element: string; code: string; value: string }) {
  const body = [
    "ST*999*0001*005010X231A1",
    `AK1*BE*${group}*005010X220A1`,
    `AK2*834*${st02}*005010X220A1`,
    ...(reject
      ? [`IK3*${reject.segment}*${reject.position}*2100A*8`, `IK4*${reject.element}*1068*${reject.code}*${reject.value}`, "IK5*R*5"]
      : ["IK5*A"]),
    reject ? "AK9*R*1*1*0" : "AK9*A*1*1*1",
  ];
  const se = `SE*${body.length + 1}*0001`;
  return [
    "ISA*00*          *00*          *ZZ*BRIGHTSMILE    *30*741234567      *261120*1600*^*00501*000000777*0*T*:",
    "GS*FA*BRIGHTSMILE*BENEFITSTORE*20261120*1600*777*X*005010X231A1",
    ...body,
    se,
    "GE*1*777",
    "IEA*1*000000777",
  ]
    .map((s) => `${s}~`)
    .join("\n");
}

describeEachDatabase("the carrier feed (issue 29)", (kind) => {
  let app: TestApp;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "carrier-feed-"));
    app = await createTestApp(kind, { config: { CARRIERS_DIR: root } });
    app.clock.now = new Date("2026-11-20T15:00:00Z");
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const db = () => app.store.db;
  const send = () => sendFeeds(app.services, { carrierCode: CARRIER, root });
  const receive = () => receiveFeeds(app.services, { carrierCode: CARRIER, root });
  const inbound = (name: string, text: string) => {
    const dir = path.join(root, CARRIER, "inbound");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  };
  const fileRow = (name: string) => db().selectFrom("carrier_files").selectAll().where("name", "=", name).executeTakeFirstOrThrow();

  let policyId = 0;
  let planId = 0;
  let applicant: TestClient;

  it("a completed demo enrollment becomes an 834 the strict check accepts, pinned byte for byte; a second run sends nothing", async () => {
    // what the demo members already hold goes first
    const baseline = await send();
    expect(baseline[0].file?.status).toBe("sent");
    // the rep's members list: a status column, per plan — sent for this carrier's plans, not yet for the others
    const rep = await signInRep(app, new TestClient(app.services));
    const members = (await rep.load(agentLoader, "/agent-select-member")).data.members as Array<{
      plans: Array<{ carrier: { state: string; on: string | null } }>;
    }>;
    const states = members.flatMap((m) => m.plans.map((p) => p.carrier.state));
    expect(states).toContain("sent");
    expect(states).toContain("waiting");
    expect(members.flatMap((m) => m.plans.map((p) => p.carrier)).find((c) => c.state === "sent")!.on).toBe("2026-11-20");

    const { client } = await inWizard(app);
    applicant = client;
    const id = (await client.session()).tempId!;
    const e = await db().selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    await markStepsDone(
      app,
      client,
      (JSON.parse(e.step_list!) as string[]).filter((s) => s !== "review_info"),
    );
    const done = await client.submit(reviewAction, "/enrollment/review-confirm", { intent: "complete" });
    expect(done.location, JSON.stringify(done.data)).toBe("/enrollment/receipt");
    const policy = await db().selectFrom("policies").select(["id"]).where("enrollment_id", "=", id).executeTakeFirstOrThrow();
    policyId = policy.id;
    planId = (await db().selectFrom("policy_plans").select("plan_id").where("policy_id", "=", policyId).executeTakeFirstOrThrow()).plan_id;
    expect((await carrierStatusOf(db(), [policyId], "en"))[0]).toMatchObject({
      state: "waiting",
      carrierName: "BrightSmile Dental Network",
    });

    const [report] = await send();
    expect(report.file).toMatchObject({ status: "sent", members: 1 });
    const file = await fileRow(report.file!.name);
    // the applicant's SSN travels in NM109: the file is kept sealed, its content masked (ADR 024)
    const sent = app.services.cipher.decrypt(file.content_enc!);
    expect(file.content).toBe(sent.replace(/\*34\*\d{9}~/, "*34*•••~"));
    expect(checkBeforeSending(sent)).toEqual([]);
    expectGolden(sent);
    const ins = readSegments(sent)!.segments.filter((s) => s.tag === "INS");
    expect(ins.map((s) => s.elements.slice(1, 5).join("*"))).toEqual(["Y*18*021*28"]);
    expect(fs.readFileSync(path.join(root, CARRIER, "outbound", file.name), "utf8")).toBe(sent);

    const status = await carrierStatusOf(db(), [policyId], "es");
    expect(status[0]).toMatchObject({ state: "sent", on: "2026-11-20" });

    const again = await send();
    expect(again[0].file).toBeNull();
    expect(again[0].delivered).toEqual([]);
  });

  it("a 999 rejecting the file: the change is rejected with segment, element and code; the applicant sees a problem; the next run sends it again", async () => {
    const last = await db()
      .selectFrom("carrier_files")
      .selectAll()
      .where("direction", "=", "out")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const change = await db().selectFrom("carrier_member_changes").selectAll().where("file_id", "=", last.id).executeTakeFirstOrThrow();
    const ackText = ack999(last.control_number!, String(last.control_number!).padStart(4, "0"), {
      segment: "NM1",
      position: change.loop_start + 3,
      element: "3",
      code: "7",
      value: "X",
    });
    inbound("999-rejected.x12", ackText);
    const [report] = await receive();
    expect(report.read).toEqual([{ name: "999-rejected.x12", kind: "999", matched: 1 }]);
    // what came back is kept sealed whole (it may echo SSNs), the copy in the clear masked
    const kept = await db()
      .selectFrom("carrier_files")
      .selectAll()
      .where("direction", "=", "in")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(app.services.cipher.decrypt(kept.content_enc!)).toBe(ackText);
    expect((await fileRow(last.name)).status).toBe("rejected");
    const [tx] = await db().selectFrom("carrier_transactions").selectAll().where("file_id", "=", last.id).execute();
    expect(tx.status).toBe("rejected");
    const rejected = await db().selectFrom("carrier_member_changes").selectAll().where("id", "=", change.id).executeTakeFirstOrThrow();
    expect(rejected.status).toBe("rejected");
    expect(JSON.parse(rejected.errors_json!)[0]).toMatchObject({ segment: "NM1", element: "NM103", elementErrorCode: "7" });
    // the carrier's copy of a member's name (IK404 of NM103) is not kept in the clear (security review)
    expect(JSON.parse(rejected.errors_json!)[0]).not.toHaveProperty("badValue");
    expect(JSON.parse(tx.errors_json!).errors[0]).not.toHaveProperty("badValue");
    expect((await carrierStatusOf(db(), [policyId], "en"))[0]).toMatchObject({ state: "problem" });
    // read and kept sealed in the database, the carrier's file leaves no copy in the clear on our disk
    expect(fs.readdirSync(path.join(root, CARRIER, "inbound"))).toEqual([]);

    // the applicant's receipt: the problem, in words, no code
    const receipt = await applicant.load(receiptLoader, "/enrollment/receipt");
    expect(receipt.data.carrierStatus).toEqual([
      expect.objectContaining({ state: "problem", carrierName: "BrightSmile Dental Network", on: null }),
    ]);
    expect(JSON.stringify(receipt.data)).not.toMatch(/NM103|"7"|IK/);

    // the operator: the file rejected, the member's change rejected with segment, element and code
    const operator = new TestClient(app.services);
    await signInOperator(app, operator, DEMO.operator.email);
    const list = await operator.load(carriersLoader, "/admin/carriers");
    expect(list.data.files.find((f: { name: string }) => f.name === last.name)).toMatchObject({ status: "rejected", direction: "out" });
    const detail = await operator.load(carrierFileLoader, `/admin/carriers/files/${last.id}`, { id: String(last.id) });
    expect(detail.data.file.status).toBe("rejected");
    expect(detail.data.file.transactions[0]).toMatchObject({
      status: "rejected",
      errors: [expect.objectContaining({ segment: "NM1", element: "NM103", elementErrorCode: "7" })],
    });
    expect(detail.data.file.changes[0]).toMatchObject({ status: "rejected", errors: [expect.objectContaining({ element: "NM103" })] });
    const unknown = await operator.load(carrierFileLoader, "/admin/carriers/files/999999", { id: "999999" });
    expect(unknown.status).toBe(404);

    // the operator sends the corrected change now (recorded in the console's trail)
    const posted = await operator.submit(carriersAction, "/admin/carriers", { intent: "send", carrierId: "2" });
    expect(posted.location).toBe("/admin/carriers?sent=2");
    const trail = await db().selectFrom("operator_events").select(["kind", "target_id"]).where("kind", "=", "carrier.send").execute();
    expect(trail).toEqual([{ kind: "carrier.send", target_id: "2" }]);
    const again = await db()
      .selectFrom("carrier_files")
      .selectAll()
      .where("direction", "=", "out")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(again).toMatchObject({ status: "sent", member_count: 1 });
    expect(again.content).toContain("INS*Y*18*021*28");
    expect(again.control_number).toBe(last.control_number! + 1);
    inbound("999-accepted.x12", ack999(again.control_number!, String(again.control_number!).padStart(4, "0")));
    await receive();
    expect((await fileRow(again.name)).status).toBe("accepted");
    expect((await carrierStatusOf(db(), [policyId], "en"))[0]).toMatchObject({ state: "accepted", on: "2026-11-20" });
  });

  it("a termination sends 024 with DTP*349, once", async () => {
    const member = await db().selectFrom("policies").select("member_id").where("id", "=", policyId).executeTakeFirstOrThrow();
    await insertCoverageEvents(
      db(),
      [
        {
          group_id: null,
          employee_id: null,
          member_id: member.member_id,
          enrollment_id: null,
          policy_id: policyId,
          plan_id: planId,
          kind: "terminated",
          effective_date: "2027-01-31",
          cause: "test.termination",
          actor: "test",
        },
      ],
      app.services.now(),
    );
    const [report] = await send();
    expect(report.file).toMatchObject({ status: "sent", members: 1 });
    const { segments } = readSegments((await fileRow(report.file!.name)).content)!;
    expect(segments.filter((s) => s.tag === "INS").map((s) => s.elements[3])).toEqual(["024"]);
    expect(segments.find((s) => s.tag === "HD")!.elements[1]).toBe("024");
    expect(segments.some((s) => s.tag === "DTP" && s.elements[1] === "349" && s.elements[3] === "20270131")).toBe(true);
    expect((await send())[0].file).toBeNull();
  });

  it("delivers over SFTP with key authentication; while the server is down the file is kept and the next run sends it, once", async () => {
    const remote = path.join(root, "remote");
    for (const f of ["outbox", "inbox"]) fs.mkdirSync(path.join(remote, f), { recursive: true });
    let server = await startSftpServer(remote);
    const useServer = async () => {
      process.env.TEST_CARRIER_KEY = server.clientPrivateKey;
      await db()
        .updateTable("carrier_profiles")
        .set({
          transport: "sftp",
          sftp_host: "127.0.0.1",
          sftp_port: server.port,
          sftp_username: "carrier",
          sftp_key_ref: "env:TEST_CARRIER_KEY",
          sftp_host_key_sha256: hostKeyFingerprint(server.hostPublicKey),
          sftp_outbox: "/outbox",
          sftp_inbox: "/inbox",
        })
        .where("carrier_id", "=", 3)
        .execute();
    };
    await useServer();
    // the vision carrier (id 3): its demo members go first, over SFTP
    const [first] = await sendFeeds(app.services, { carrierCode: "clearview", root });
    // (the transport's error, if any, is in the message: this delivery failed once on a loaded machine)
    expect(first.delivered, JSON.stringify(first.failed)).toEqual([first.file!.name]);
    expect(fs.readdirSync(path.join(remote, "outbox"))).toEqual([first.file!.name]);
    // one sign-in for the run, ended with it
    expect(server.logins()).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.open()).toBe(0);

    // down: a termination is kept, waiting
    await server.close();
    const member = await db()
      .selectFrom("carrier_member_changes")
      .select(["member_id", "policy_id", "plan_id"])
      .where("carrier_id", "=", 3)
      .where("member_key", "not like", "%-%")
      .executeTakeFirstOrThrow();
    await insertCoverageEvents(
      db(),
      [
        {
          group_id: null,
          employee_id: null,
          member_id: member.member_id,
          enrollment_id: null,
          policy_id: member.policy_id,
          plan_id: member.plan_id!,
          kind: "terminated",
          effective_date: "2026-12-31",
          cause: "test",
          actor: "test",
        },
      ],
      app.services.now(),
    );
    const [down] = await sendFeeds(app.services, { carrierCode: "clearview", root });
    expect(down.file?.status).toBe("waiting");
    expect(down.failed.map((f) => f.name)).toEqual([down.file!.name]);
    expect((await fileRow(down.file!.name)).status).toBe("waiting");

    server = await startSftpServer(remote);
    await useServer();
    const [back] = await sendFeeds(app.services, { carrierCode: "clearview", root });
    expect(back.file).toBeNull();
    expect(back.delivered).toEqual([down.file!.name]);
    expect(fs.readdirSync(path.join(remote, "outbox")).sort()).toEqual([first.file!.name, down.file!.name].sort());
    expect((await fileRow(down.file!.name)).status).toBe("sent");
    expect((await sendFeeds(app.services, { carrierCode: "clearview", root }))[0].delivered).toEqual([]);
    await server.close();
  });

  it("control numbers are unique and increasing per trading partner under concurrent transactions; one run at a time", async () => {
    const numbers = await Promise.all(
      Array.from({ length: 8 }, () =>
        db()
          .transaction()
          .execute((trx) => nextControlNumber(trx, "741234567", "CONCURRENT", null)),
      ),
    );
    expect([...numbers].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const [a, b] = await Promise.all([
      runCarrierFeed(app.services, { send: false, receive: true }, { carrierCode: CARRIER, root }),
      runCarrierFeed(app.services, { send: false, receive: true }, { carrierCode: CARRIER, root }),
    ]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
  });

  it("runs on the job queue: a pg-boss schedule on PostgreSQL, the poller's schedule row on SQLite", async () => {
    const schema = `${app.store.schema ?? "s"}_boss`;
    const w = await startWorkers(app.services, {
      reminders: false,
      carrierFeed: true,
      pollMs: 50,
      scheduleTickMs: 50,
      boss: { connectionString: process.env.TEST_DATABASE_URL, schema },
    });
    try {
      if (kind === "postgres") {
        expect((await w.boss!.getSchedules()).map((s: { name: string }) => s.name)).toContain(CARRIER_FEED_JOB);
      } else {
        const deadline = Date.now() + 5000;
        let row: { last_run_at: string | null } | undefined;
        while (Date.now() < deadline && !row?.last_run_at) {
          row = await db().selectFrom("job_schedule").select("last_run_at").where("name", "=", CARRIER_FEED_JOB).executeTakeFirst();
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(row?.last_run_at).toBeTruthy();
        // the run took and gave back its lease
        let lease: { holder: string | null } | undefined;
        for (let i = 0; i < 100; i++) {
          lease = await db().selectFrom("job_schedule").select("holder").where("name", "=", "carrier-feed-run").executeTakeFirst();
          if (lease && lease.holder === null) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(lease).toEqual({ holder: null });
        // and it sent: every carrier's demo members went out in that run
        expect(
          Number(
            (
              await db()
                .selectFrom("carrier_files")
                .select((eb) => eb.fn.countAll().as("n"))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ).toBeGreaterThan(5);
      }
    } finally {
      await w.stop();
      if (kind === "postgres") await sql.raw(`drop schema if exists ${schema} cascade`).execute(db());
    }
  });
});
