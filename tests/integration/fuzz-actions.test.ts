/**
 * Malformed posts against every action (issue 16): duplicated names, `name` beside `name[]`,
 * `a[b]` beside `a`, arrays, 100 KB fields, control characters, files where text is expected,
 * wrong content types, no CSRF token. Each route is posted to with a session that lets the post
 * reach its form (a wizard at the right step, a rep, a group, a member…) and with every intent
 * the route and the use cases it calls know. Two rules hold for every post:
 *   - no 5xx: nothing but a Response may come out of an action, and never a 5xx one;
 *   - a refused post (any 4xx) changes nothing: every row of every table is as before.
 */
import { findEmployee, insertEmployee } from "~/.server/repositories/employees";
import { queueInvitationMail } from "~/.server/employers/invitations";
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "kysely";
import type { ActionFunctionArgs } from "@remix-run/node";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { action as cartAction } from "~/routes/_store.cart";
import { memberStoreToken } from "~/.server/members/member-links";
import { action as memberStoreAction } from "~/routes/member-benefit-store.$id.$tier";
import { DEMO } from "~/.server/db/seed";
import { planId } from "~/.server/db/seed/catalog";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { addPlan, inWizard, markStepsDone, quotedClient, type JourneyOptions } from "../support/journeys";
import { opened } from "../support/outbox";
import { signInGroupAdmin } from "../support/staff";
import { signInOperator } from "../support/operators";

const appDir = path.resolve(__dirname, "../../app");
const routesDir = path.join(appDir, "routes");
const actionRoutes = fs
  .readdirSync(routesDir)
  .filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."))
  .filter((f) => /export (async )?function action|export const action/.test(fs.readFileSync(path.join(routesDir, f), "utf8")))
  .sort();

/**
 * The intents a route answers: those in its own text and in the server modules it imports
 * (use cases such as landingQuoteAction hold the switch). Cancel and start-new are left out:
 * they read no field and would end the session the next posts need.
 */
function intentsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(routesDir, file), "utf8");
  const sources = [text];
  for (const m of text.matchAll(/from "~\/(\.server\/[^"]+)"/g)) {
    const base = path.join(appDir, m[1]);
    for (const candidate of [`${base}.ts`, `${base}.tsx`]) if (fs.existsSync(candidate)) sources.push(fs.readFileSync(candidate, "utf8"));
  }
  const found = new Set<string>();
  for (const source of sources) {
    for (const m of source.matchAll(/intent\w*\s*[!=]==\s*"([\w-]+)"/g)) found.add(m[1]);
    for (const m of source.matchAll(/case "([\w-]+)":/g)) found.add(m[1]);
  }
  for (const skip of ["cancel-enrollment", "start-new"]) found.delete(skip);
  return ["", "no-such-intent", ...[...found].sort()];
}

/** Field names our forms use (and a few they do not). */
const FIELDS = [
  "email",
  "zip",
  "dob",
  "code",
  "first_name",
  "last_name",
  "ssn",
  "tier",
  "portal",
  "group",
  "choice",
  "name",
  "additional_notes",
  "send_sms",
  "effectiveDate",
  "lineId",
  "id",
  "otp",
  "type",
  "tab",
  "image",
  "signature",
  "signature_name",
  "signature_consent",
  "payment_method",
  "bill_date",
  "account_number",
  "routing_number",
  "token",
  "lng",
  "redirectTo",
  "planId",
  "planPriceId",
  "over65",
  "age",
  "category",
  "relationship",
  "birthdate",
  "gender",
  "smoker",
  "childCount",
  "spouseDob",
  "phone_number",
  "address1",
  "city",
  "state",
  "purpose",
  "beneficiary_percentage",
  "enrollerCode",
  "salary",
  "q1",
  "agreement_1",
  "medication_question",
  "condition_questions[0].answer",
];
/** Values that pass most checks, so that a post gets as far as it can before it is refused. */
const PLAUSIBLE: Record<string, string> = {
  email: "ana.lopez@gmail.com",
  zip: "75201",
  dob: "04/12/1988",
  birthdate: "03/14/2015",
  spouseDob: "05/05/1985",
  first_name: "Ana",
  last_name: "Lopez",
  ssn: "123-45-6789",
  tier: "IO",
  portal: "1",
  group: "1",
  choice: "direct",
  name: "Ana Lopez",
  additional_notes: "Please call after 5pm",
  send_sms: "1",
  effectiveDate: "",
  phone_number: "2145550234",
  address1: "100 Main St",
  city: "Dallas",
  state: "TX",
  gender: "0",
  smoker: "0",
  childCount: "0",
  category: "dental",
  relationship: "spouse",
  beneficiary_percentage: "100",
  payment_method: "stmt",
  bill_date: "15",
  account_number: "40417220356789",
  routing_number: "021000021",
  signature_name: "Ana Lopez",
  signature_consent: "1",
  lng: "es",
  redirectTo: "/",
};
const plausible = (f: string) => PLAUSIBLE[f] ?? "1";
const CONTROL = "\u0000\u0001\u0008\u001b[31m\u007f\u202e\ufeff\ud800";

type Pairs = Array<[string, string]>;
interface Post {
  label: string;
  body: (csrf: string, intent: string) => { body: BodyInit | null; contentType?: string | null };
}
const urlencoded = (pairs: Pairs) => ({ body: new URLSearchParams(pairs).toString(), contentType: "application/x-www-form-urlencoded" });
const withCsrf = (csrf: string, intent: string, pairs: Pairs): Pairs => [["csrf", csrf], ["intent", intent], ...pairs];

const POSTS: Post[] = [
  {
    label: "name beside name[]",
    body: (c, i) =>
      urlencoded(
        withCsrf(
          c,
          i,
          FIELDS.flatMap(
            (f): Pairs => [
              [f, "1"],
              [`${f}[]`, "2"],
            ],
          ),
        ),
      ),
  },
  {
    label: "name[] then name",
    body: (c, i) =>
      urlencoded(
        withCsrf(
          c,
          i,
          FIELDS.flatMap(
            (f): Pairs => [
              [`${f}[]`, "2"],
              [f, "1"],
            ],
          ),
        ),
      ),
  },
  {
    label: "a beside a[b]",
    body: (c, i) =>
      urlencoded(
        withCsrf(c, i, [
          ["email", "a@b.co"],
          ["email[domain]", "x"],
          ["tier", "IO"],
          ["tier[0]", "IF"],
        ]),
      ),
  },
  {
    label: "a.b beside a",
    body: (c, i) =>
      urlencoded(
        withCsrf(c, i, [
          ["zip.code", "75201"],
          ["zip", "75201"],
        ]),
      ),
  },
  {
    label: "intent as an array",
    body: (c, i) =>
      urlencoded([
        ["csrf", c],
        ["intent[]", i],
        ["intent[]", "x"],
      ]),
  },
  {
    label: "intent beside intent[]",
    body: (c, i) =>
      urlencoded([
        ["csrf", c],
        ["intent", i],
        ["intent[]", i],
      ]),
  },
  {
    label: "plausible values",
    body: (c, i) =>
      urlencoded(
        withCsrf(
          c,
          i,
          FIELDS.map((f): [string, string] => [f, plausible(f)]),
        ),
      ),
  },
  {
    label: "plausible values and an unknown field",
    body: (c, i) => urlencoded(withCsrf(c, i, [...FIELDS.map((f): [string, string] => [f, plausible(f)]), ["zzz_unknown", "1"]])),
  },
  {
    label: "every field twice",
    body: (c, i) =>
      urlencoded(
        withCsrf(
          c,
          i,
          FIELDS.flatMap(
            (f): Pairs => [
              [f, "1"],
              [f, "2"],
            ],
          ),
        ),
      ),
  },
  {
    label: "every field an array",
    body: (c, i) =>
      urlencoded(
        withCsrf(
          c,
          i,
          FIELDS.flatMap(
            (f): Pairs => [
              [`${f}[0]`, "1"],
              [`${f}[1]`, "2"],
            ],
          ),
        ),
      ),
  },
  {
    label: "every field an object",
    body: (c, i) =>
      urlencoded(
        withCsrf(
          c,
          i,
          FIELDS.map((f): [string, string] => [`${f}.x`, "1"]),
        ),
      ),
  },
  {
    label: "mixed array and object",
    body: (c, i) =>
      urlencoded(
        withCsrf(c, i, [
          ["list[0]", "1"],
          ["list.length", "9"],
          ["list[1].x", "2"],
          ["list.push", "3"],
        ]),
      ),
  },
  {
    label: "100 KB fields",
    body: (c, i) =>
      urlencoded(
        withCsrf(c, i, [...FIELDS.map((f): [string, string] => [f, "9".repeat(1500)]), ["additional_notes", "x".repeat(100 * 1024)]]),
      ),
  },
  {
    label: "control characters",
    body: (c, i) => urlencoded(withCsrf(c, i, [...FIELDS.map((f): [string, string] => [f, `${CONTROL}1`]), [`na${CONTROL}me`, "1"]])),
  },
  {
    label: "bad percent-encoding",
    body: (c, i) => ({
      body: `csrf=${encodeURIComponent(c)}&intent=${i}&email=%zz%&zip=%E0%A4%A&%=%&&==`,
      contentType: "application/x-www-form-urlencoded",
    }),
  },
  {
    label: "files where text is expected",
    body: (c, i) => {
      const form = new FormData();
      form.append("csrf", c);
      form.append("intent", i);
      for (const f of FIELDS) form.append(f, new Blob(["%PDF-1.4"], { type: "application/pdf" }), "x.pdf");
      return { body: form };
    },
  },
  {
    label: "JSON body",
    body: (c, i) => ({ body: JSON.stringify({ csrf: c, intent: i, email: "a@b.co" }), contentType: "application/json" }),
  },
  { label: "text/plain body", body: (c, i) => ({ body: `csrf=${c}\nintent=${i}`, contentType: "text/plain" }) },
  { label: "multipart without a boundary", body: (c, i) => ({ body: `csrf=${c}&intent=${i}`, contentType: "multipart/form-data" }) },
  {
    label: "garbled multipart",
    body: (c) => ({
      body: `--b\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${c}\r\n--b\r\nContent-Disp`,
      contentType: "multipart/form-data; boundary=b",
    }),
  },
  { label: "no content type", body: (c, i) => ({ body: `csrf=${c}&intent=${i}`, contentType: null }) },
  { label: "empty body", body: () => ({ body: null, contentType: "application/x-www-form-urlencoded" }) },
  { label: "no CSRF token", body: (_c, i) => urlencoded([["intent", i], ...FIELDS.map((f): [string, string] => [f, "1"])]) },
];

const REP_SESSION = { eprocess: "rep", agentId: DEMO.rep.id, repAuthenticated: true, portalId: 1, enrollType: "new-member" };
const GROUP_SESSION = {
  eprocess: "group",
  groupId: DEMO.group.id,
  agentId: DEMO.group.repId,
  portalId: DEMO.group.portalId,
  repAuthenticated: true,
  enrollType: "new-group-member",
};

interface Target {
  path: string;
  params?: Record<string, string>;
  client: (app: TestApp) => Promise<TestClient>;
}

/** A visitor in the wizard whose steps before the review are all done (every step is open). */
async function wizard(app: TestApp, o: JourneyOptions = {}) {
  const { client } = await inWizard(app, o);
  const id = (await client.session()).tempId!;
  const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
  const steps = JSON.parse(e.step_list!) as string[];
  await markStepsDone(
    app,
    client,
    steps.filter((s) => s !== "review_info"),
  );
  return client;
}
const withSession = (values: Record<string, unknown>) => async (app: TestApp) => {
  const c = new TestClient(app.services);
  await c.setSession(values);
  return c;
};
const anonymous = async (app: TestApp) => new TestClient(app.services);
/** a client of its own address, so that the sign-ins below do not share one client's code limits */
const ownClient = (app: TestApp) => {
  const c = new TestClient(app.services);
  c.clientIp = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
  return c;
};
/** the Acme group's administrator, signed in by code (issue 28's roster, census and windows) */
const groupAdmin = (app: TestApp) => signInGroupAdmin(app, ownClient(app));
/** the demo operator, signed in to the console by code (issue 27) */
const operator = async (app: TestApp) => {
  const c = ownClient(app);
  await signInOperator(app, c, DEMO.operator.email);
  return c;
};
const withCart = async (app: TestApp) => {
  const c = await quotedClient(app);
  await addPlan(c, "BSD-PPO-ESS");
  return c;
};
/** A signature link sent by text message (a rep left the signature to the applicant). */
async function signatureLink(app: TestApp) {
  const client = await wizard(app, { session: REP_SESSION });
  const id = (await client.session()).tempId!;
  const step = await app.store.db
    .selectFrom("enrollment_steps")
    .select("data")
    .where("enrollment_id", "=", id)
    .where("tab_name", "=", "agreement_info")
    .executeTakeFirstOrThrow();
  await app.store.db
    .updateTable("enrollment_steps")
    .set({ data: JSON.stringify({ ...JSON.parse(step.data), method: null, signed_at: null, eprocess: "rep", agent_name: "Jane Carter" }) })
    .where("enrollment_id", "=", id)
    .where("tab_name", "=", "agreement_info")
    .execute();
  const done = await client.submit(reviewAction, "/enrollment/review-confirm", { intent: "complete", send_sms: "1" });
  expect(done.location).toBe("/enrollment/receipt");
  const sms = opened(
    app,
    await app.store.db
      .selectFrom("outbox")
      .select(["text_body", "html_body", "body_enc"])
      .where("enrollment_id", "=", id)
      .where("channel", "=", "sms")
      .executeTakeFirstOrThrow(),
  );
  return /\/sign\/([A-Za-z0-9_-]{43})/.exec(sms.text_body)![1];
}

const DENTAL_FAMILY: JourneyOptions = { spouseDob: "05/05/1985", childCount: "2", plans: ["BSD-PPO-ESS"] };
const CI = planId(DEMO.plans.enrollQuestions);
const DENTAL = planId("BSD-PPO-ESS");
let signToken = "";
let quoteToken = "";
let memberToken = "";
let invitationToken = "";

/** An employee of Acme invited by e-mail (issue 28): the token of their link. */
async function invitationLink(app: TestApp) {
  const now = new Date();
  const id = await insertEmployee(
    app.store.db,
    DEMO.group.id,
    {
      employee_ref: `FUZZ-${now.getTime()}`,
      first_name: "Fuzz",
      last_name: "Employee",
      birthdate: "1990-01-01",
      gender: 0,
      email: "fuzz.employee@example.com",
      phone: null,
      ssn_enc: null,
      ssn_last4: null,
      ssn_hash: null,
      hire_date: "2020-01-01",
      status: "active",
      employment_class: "full_time",
      address1: null,
      address2: null,
      city: null,
      state: null,
      zip: "75201",
      termination_date: null,
      coverage_end_date: null,
    },
    "en",
    now,
  );
  const row = await findEmployee(app.store.db, DEMO.group.id, id);
  await queueInvitationMail(app.services, row!, DEMO.group.companyName, "invitation", "system");
  const mail = opened(
    app,
    await app.store.db
      .selectFrom("outbox")
      .select(["text_body", "html_body", "body_enc"])
      .where("kind", "=", "employee_invitation")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow(),
  );
  return /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
}

/** A cart whose quote was e-mailed: the token of the quote link. */
async function quoteLink(app: TestApp) {
  const client = await withCart(app);
  await client.submit(cartAction, "/cart?dialog=save", { intent: "send-quote", name: "Ana", email: "fuzz-quote@example.com" });
  const id = (await client.session()).tempId!;
  const mail = opened(
    app,
    await app.store.db
      .selectFrom("outbox")
      .select(["text_body", "html_body", "body_enc"])
      .where("enrollment_id", "=", id)
      .where("kind", "=", "quote")
      .executeTakeFirstOrThrow(),
  );
  return /\/quote\/([A-Za-z0-9_-]+)/.exec(mail.text_body)![1];
}

const TARGETS: Record<string, Target> = {
  "$landing.tsx": { path: DEMO.rep.landingUrl, params: { landing: DEMO.rep.slug }, client: anonymous },
  "_index.tsx": { path: "/", client: anonymous },
  "_store.PlanQuestionView.tsx": {
    path: `/PlanQuestionView?planId=${CI}`,
    client: (app) => quotedClient(app, { category: "critical_illness" }),
  },
  "_store.agent-home.tsx": { path: "/agent-home", client: withSession(REP_SESSION) },
  "_store.agent-select-member.tsx": { path: "/agent-select-member", client: withSession(REP_SESSION) },
  "_store.cart.tsx": { path: "/cart", client: withCart },
  "_store.compare.tsx": { path: "/compare", client: withSession({ repAuthenticated: true, compare: [DENTAL] }) },
  "_store.confirmation.tsx": { path: "/confirmation", client: withCart },
  "_store.group-home.tsx": { path: "/group-home", client: withSession(GROUP_SESSION) },
  "_store.group-census.tsx": { path: "/group-census", client: groupAdmin },
  "_store.group-census_.$id.tsx": { path: "/group-census/1", params: { id: "1" }, client: groupAdmin },
  "_store.group-roster_.$id.tsx": { path: "/group-roster/1", params: { id: "1" }, client: groupAdmin },
  "_store.enrollment-history.$id.tsx": { path: "/enrollment-history/1", params: { id: "1" }, client: groupAdmin },
  "_store.group-windows.tsx": { path: "/group-windows", client: groupAdmin },
  "_store.group-progress.tsx": { path: "/group-progress", client: groupAdmin },
  "_store.group-progress_.$id.tsx": { path: "/group-progress/1", params: { id: "1" }, client: groupAdmin },
  "admin._index.tsx": { path: "/admin", client: anonymous },
  "admin.catalog.$id.tsx": { path: "/admin/catalog/1", params: { id: "1" }, client: operator },
  "admin.catalog._index.tsx": { path: "/admin/catalog", client: operator },
  "admin.carriers._index.tsx": { path: "/admin/carriers", client: operator },
  "admin.carriers.$id.tsx": { path: "/admin/carriers/2", params: { id: "2" }, client: operator },
  "admin.account.tsx": { path: "/admin/account", client: operator },
  "admin.code.tsx": { path: "/admin/code", client: anonymous },
  "admin.passkey.tsx": { path: "/admin/passkey", client: operator },
  "admin.groups.$id.tsx": { path: "/admin/groups/1", params: { id: "1" }, client: operator },
  "admin.groups.new.tsx": { path: "/admin/groups/new", client: operator },
  "admin.links.$id.tsx": { path: "/admin/links/1", params: { id: "1" }, client: operator },
  "admin.links.new.tsx": { path: "/admin/links/new", client: operator },
  "admin.logout.tsx": { path: "/admin/logout", client: operator },
  "admin.operators.tsx": { path: "/admin/operators", client: operator },
  "admin.portals.$id.tsx": { path: "/admin/portals/1", params: { id: "1" }, client: operator },
  "admin.portals._index.tsx": { path: "/admin/portals", client: operator },
  "admin.referrals.$id.tsx": { path: "/admin/referrals/1", params: { id: "1" }, client: operator },
  "admin.referrals.new.tsx": { path: "/admin/referrals/new", client: operator },
  "admin.reps.$id.tsx": { path: "/admin/reps/1", params: { id: "1" }, client: operator },
  "admin.reps.new.tsx": { path: "/admin/reps/new", client: operator },
  "admin.session.tsx": { path: "/admin/session", client: operator },
  "_store.group-select-member.tsx": { path: "/group-select-member", client: withSession(GROUP_SESSION) },
  "_store.home.tsx": { path: "/home", client: (app) => quotedClient(app, { session: { repAuthenticated: true } }) },
  "_store.member-home.tsx": {
    path: "/member-home",
    client: withSession({ eprocess: "applicant", repAuthenticated: true, memberId: DEMO.members.ids.underRep[0] }),
  },
  "_store.new-landing.tsx": { path: "/new-landing", client: (app) => quotedClient(app) },
  "_store.new-plans.tsx": { path: "/new-plans", client: (app) => quotedClient(app) },
  "_store.plan.$id.$planName.tsx": {
    path: `/plan/${DENTAL}/x`,
    params: { id: String(DENTAL), planName: "x" },
    client: (app) => quotedClient(app, { session: REP_SESSION }),
  },
  "_store.plans.tsx": { path: "/plans", client: (app) => quotedClient(app) },
  "_store.website.tsx": { path: "/website", client: withSession({ repAuthenticated: true, eprocess: "applicant" }) },
  "access.tsx": { path: "/access", client: anonymous },
  "age.tsx": { path: "/age", client: anonymous },
  "api.screenshot.tsx": { path: "/api/screenshot", client: (app) => wizard(app) },
  "continue-enrollment.tsx": { path: "/continue-enrollment", client: anonymous },
  "decline-reminder-email.tsx": { path: "/decline-reminder-email", client: withCart },
  "direct-continue.$id.$tab.tsx": {
    path: "/direct-continue/QUJD/cmV2aWV3X2luZm8",
    params: { id: "QUJD", tab: "cmV2aWV3X2luZm8" },
    client: (app) => wizard(app),
  },
  "enrollment.agreement-signature.tsx": { path: "/enrollment/agreement-signature", client: (app) => wizard(app) },
  "enrollment.beneficiary-info.tsx": { path: "/enrollment/beneficiary-info", client: (app) => wizard(app, { plans: ["SML-TERM20"] }) },
  "enrollment.billing-information.tsx": { path: "/enrollment/billing-information", client: (app) => wizard(app) },
  "enrollment.contact-info.tsx": { path: "/enrollment/contact-info", client: (app) => wizard(app) },
  "enrollment.dependent-information.tsx": { path: "/enrollment/dependent-information", client: (app) => wizard(app, DENTAL_FAMILY) },
  "enrollment.employer-info.tsx": { path: "/enrollment/employer-info", client: (app) => wizard(app, { session: GROUP_SESSION }) },
  "enrollment.health-questions.tsx": {
    path: "/enrollment/health-questions",
    client: (app) => wizard(app, { category: "medical", plans: ["LUH-SILVER-3000"] }),
  },
  "enrollment.personal-info.tsx": { path: "/enrollment/personal-info", client: (app) => wizard(app) },
  "enrollment.review-confirm.tsx": { path: "/enrollment/review-confirm", client: (app) => wizard(app, DENTAL_FAMILY) },
  "enrollment_.receipt.tsx": { path: "/enrollment/receipt", client: (app) => wizard(app) },
  "language.tsx": { path: "/language", client: anonymous },
  "logout.tsx": { path: "/logout", client: (app) => quotedClient(app) },
  "not-my-site.tsx": { path: "/not-my-site", client: (app) => quotedClient(app) },
  "referrals.tsx": { path: "/referrals", client: anonymous },
  "session-expired.tsx": { path: "/session-expired", client: anonymous },
  "session.tsx": { path: "/session", client: anonymous },
  "verify.tsx": { path: "/verify", client: anonymous },
  "member-benefit-store.$id.$tier.tsx": {
    get path() {
      return `/member-benefit-store/${memberToken}/IO`;
    },
    get params() {
      return { id: memberToken, tier: "IO" };
    },
    // a second browser (ADR 033): another browser holds the link, so the posts meet the code's intents
    // (send-code, verify-code) and the refused start
    client: async (app) => {
      memberToken = memberStoreToken(app.services.cipher, DEMO.members.ids.memberBenefitStore[0], new Date(Date.now() + 86400_000));
      const holder = new TestClient(app.services);
      const params = { id: memberToken, tier: "IO" };
      const held = await holder.submit(memberStoreAction, `/member-benefit-store/${memberToken}/IO`, { intent: "start" }, { params });
      expect(held.location).toBe("/plans");
      return new TestClient(app.services);
    },
  },
  "invitation.$token.tsx": {
    get path() {
      return `/invitation/${invitationToken}`;
    },
    get params() {
      return { token: invitationToken };
    },
    client: async (app) => {
      invitationToken = await invitationLink(app);
      return new TestClient(app.services);
    },
  },
  "quote.$token.tsx": {
    get path() {
      return `/quote/${quoteToken}`;
    },
    get params() {
      return { token: quoteToken };
    },
    client: async (app) => {
      quoteToken = await quoteLink(app);
      return new TestClient(app.services);
    },
  },
  "sign.$token.tsx": {
    get path() {
      return `/sign/${signToken}`;
    },
    get params() {
      return { token: signToken };
    },
    client: async (app) => {
      signToken = await signatureLink(app);
      return new TestClient(app.services);
    },
  },
};

/**
 * A mark that moves whenever something is written: on SQLite the rows this connection inserted,
 * updated or deleted; on PostgreSQL the end of the write-ahead log (which other clients move too:
 * then the snapshot is simply taken). While it stands still nothing changed, and the full
 * snapshot below is only taken when it moved.
 */
async function writeMark(app: TestApp): Promise<string> {
  const { rows } =
    app.kind === "sqlite"
      ? await sql<{ m: string }>`select cast(total_changes() as text) as m`.execute(app.store.db)
      : await sql<{ m: string }>`select pg_current_wal_insert_lsn()::text as m`.execute(app.store.db);
  return String(rows[0]!.m);
}

/**
 * Every row of every table, hashed per table. Rate-limit counters are left out: counting refused
 * attempts (a wrong code, one more e-mail) is what they are for. PostgreSQL hashes on its side,
 * in one query; SQLite reads the rows (and is only asked when writeMark moved). A verified
 * session's activity (its last request, the idle expiry that follows it) moves with every
 * request, refused or not: that is what it is for, so those two columns are left out too.
 */
const ACTIVITY: Record<string, string[]> = {
  staff_sessions: ["last_seen_at", "expires_at"],
  operator_sessions: ["last_seen_at", "expires_at"],
};
async function snapshot(app: TestApp) {
  // PostgreSQL: this test's own schema only (Kysely's introspection reads every schema, and other test
  // files running alongside create and drop theirs meanwhile)
  const names =
    app.kind === "postgres"
      ? (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(app.store.db)
        ).rows.map((r) => r.name)
      : (await app.store.db.introspection.getTables()).map((t) => t.name);
  const tables = names.filter((n) => !n.startsWith("kysely_") && n !== "rate_limits").sort();
  expect(tables.length, "the snapshot sees the store's tables").toBeGreaterThan(40);
  const out: Record<string, string> = {};
  if (app.kind === "postgres") {
    const query = tables
      .map((t) => {
        const row = ACTIVITY[t] ? `(to_jsonb(x) ${ACTIVITY[t].map((c) => `- '${c}'`).join(" ")})::text` : "x::text";
        return `select '${t}' as t, count(*)::int as n, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as h from "${t}" x`;
      })
      .join(" union all ");
    const { rows } = await sql<{ t: string; n: number; h: string }>`${sql.raw(query)}`.execute(app.store.db);
    for (const r of rows) out[r.t] = `${r.n}:${r.h}`;
    return out;
  }
  for (const table of tables) {
    const rows = await app.store.db
      .selectFrom(table as never)
      .selectAll()
      .execute();
    const kept = rows.map((r) => {
      const row = { ...(r as Record<string, unknown>) };
      for (const c of ACTIVITY[table] ?? []) delete row[c];
      return JSON.stringify(row);
    });
    const text = JSON.stringify(kept.sort());
    out[table] = `${rows.length}:${crypto.createHash("sha256").update(text).digest("hex").slice(0, 16)}`;
  }
  return out;
}

describeEachDatabase("every action under malformed posts", (kind) => {
  let app: TestApp;
  /** statuses over the whole run ("threw" for an error out of an action), printed at the end */
  const tally = new Map<string, number>();
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
    const total = [...tally.values()].reduce((a, b) => a + b, 0);
    const fives = [...tally].filter(([s]) => s === "threw" || Number(s) >= 500).reduce((a, [, n]) => a + n, 0);
    console.info(
      `fuzz [${kind}]: ${total} posts to ${actionRoutes.length} actions, ${fives} 5xx; statuses ${JSON.stringify(Object.fromEntries([...tally].sort()))}`,
    );
  });

  it("covers every route module with an action", () => {
    expect(Object.keys(TARGETS).sort()).toEqual(actionRoutes);
  });

  it.each(actionRoutes)(
    "%s: no 5xx, and a refused post changes nothing",
    async (file) => {
      const target = TARGETS[file];
      const mod = (await import(path.join(routesDir, file))) as { action: (args: ActionFunctionArgs) => unknown };
      // Earlier routes' operators stay signed in; as this route's posts move the clock on, their
      // sessions lapse, and any request's sweep ends them with a trail entry — time's doing, not
      // the post's. They are ended first, so a refused post's check sees only what the post did.
      await app.store.db
        .updateTable("operator_sessions")
        .set({ ended_at: app.clock.now.toISOString(), end_reason: "logout" })
        .where("ended_at", "is", null)
        .execute();
      const client = await target.client(app);
      const problems: string[] = [];
      let serverErrors = 0;
      let before = await snapshot(app);
      let writes = await writeMark(app);
      let posts = 0;
      for (const intent of intentsOf(file)) {
        for (const post of POSTS) {
          const what = `${post.label} (intent "${intent}")`;
          // the clock moves on, so that a write leaves a new updated_at even when it stores the same values
          app.clock.now = new Date(app.clock.now.getTime() + 1000);
          const csrf = await client.csrfToken();
          const { body, contentType } = post.body(csrf, intent);
          let status: number;
          posts++;
          try {
            status = (await client.send(mod.action as never, target.path, body, { contentType, params: target.params })).status;
          } catch (error) {
            tally.set("threw", (tally.get("threw") ?? 0) + 1);
            serverErrors++;
            problems.push(`${what}: threw ${error instanceof Error ? error.message : String(error)}`);
            before = await snapshot(app);
            writes = await writeMark(app);
            continue;
          }
          tally.set(String(status), (tally.get(String(status)) ?? 0) + 1);
          if (status >= 500) {
            serverErrors++;
            problems.push(`${what}: answered ${status}`);
          }
          const nowWrites = await writeMark(app);
          if (nowWrites === writes) continue;
          writes = nowWrites;
          const after = await snapshot(app);
          if (status >= 400) {
            const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
            if (changed.length) problems.push(`${what}: refused with ${status} but changed ${changed.join(", ")}`);
          }
          before = after;
        }
      }
      expect(posts).toBeGreaterThan(POSTS.length);
      expect(problems, `${file}: ${serverErrors} server errors\n${problems.join("\n")}`).toEqual([]);
    },
    180_000,
  );
});
