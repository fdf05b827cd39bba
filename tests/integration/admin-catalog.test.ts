/**
 * Issue 27, the catalog in the console (/admin/catalog), on both databases: an operator signed in
 * uploads a broken Rate PUF (every problem by file, row and column, nothing changed, nothing on
 * the trail), then a clean one for a new plan (a draft, on the trail), previews it (plans added,
 * rates, sample quotes, carts touched), is refused a past date and a date outside the rates',
 * publishes it for a future date (today's catalog unchanged, that date's prices new), publishes
 * version 1 again (rollback), discards a draft — each change on the trail with the operator —
 * and roles that may not are refused.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as listLoader, action as uploadAction } from "~/routes/admin.catalog._index";
import { loader as versionLoader, action as versionAction } from "~/routes/admin.catalog.$id";
import { loader as auditLoader } from "~/routes/admin.audit";
import { DEMO } from "~/.server/db/seed";
import { planId } from "~/.server/db/seed/catalog";
import { loadCatalog } from "~/.server/repositories/catalog";
import { addOperator } from "~/.server/operators/directory";
import { todayIso } from "~/domain/dates";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient } from "../support/staff";
import { signInOperator } from "../support/operators";
import type { TestClient } from "../support/client";

const PLAN = "21989TX0040001";
const DENTAL = "BSD-PPO-ESS";
const AGES = ["0-14", ...Array.from({ length: 49 }, (_, i) => String(15 + i)), "64 and over"];
const PUF_HEADER =
  "BusinessYear,PlanId,RatingAreaId,Tobacco,Age,IndividualRate,IndividualTobaccoRate,Couple,PrimarySubscriberAndOneDependent,PrimarySubscriberAndTwoDependents,PrimarySubscriberAndThreeOrMoreDependents,CoupleAndOneDependent,CoupleAndTwoDependents,CoupleAndThreeOrMoreDependents,RateEffectiveDate,RateExpirationDate";

function firstOfMonth(today: string, monthsAhead: number) {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + monthsAhead);
  return d.toISOString().slice(0, 10);
}

const ratePuf = (from: string, until: string, rate: (i: number) => string = (i) => (200 + i).toFixed(2)) =>
  [PUF_HEADER, ...AGES.map((age, i) => `2027,${PLAN},Rating Area 1,No Preference,${age},${rate(i)},,,,,,,,,${from},${until}`)].join("\n");
const PLANS_CSV =
  "code,status,category,carrier,name_en,name_es,states,age_min,age_max,audience\n" +
  `${PLAN},offered,medical,summit-mutual,Summit Console Silver,Summit Plata Consola,TX,18,64,under65\n`;
const AREAS_CSV = "state,rating_area,zip3\nTX,1,752\n";

describeEachDatabase("the catalog in the operators' console", (kind) => {
  let app: TestApp;
  let today: string;
  let later: string;
  let latest: string;
  let until: string;
  let admin: TestClient;
  beforeAll(async () => {
    app = await createTestApp(kind);
    today = todayIso(app.services.now());
    later = firstOfMonth(today, 2);
    latest = firstOfMonth(today, 4);
    until = firstOfMonth(today, 14);
    for (const [email, name, role] of [
      ["sue@ops.example", "Sue Support", "support"],
      ["sam@ops.example", "Sam Sales", "sales"],
    ] as const)
      await addOperator(app.services, { operatorId: null, requestId: "cli", clientKey: null }, { email, name, role });
    admin = newClient(app);
    await signInOperator(app, admin, DEMO.operator.email);
  });
  afterAll(() => app.close());

  /** Posts files as the browser does: several under one name, with the page's CSRF token. */
  async function upload(c: TestClient, files: { name: string; text: string }[], path = "/admin/catalog") {
    const form = new FormData();
    form.set("csrf", await c.csrfToken());
    for (const f of files) form.append("files", new File([f.text], f.name, { type: "text/csv" }));
    return c.send(uploadAction, path, form);
  }
  const publish = (c: TestClient, id: number, intent: string, effectiveDate: string) =>
    c.submit(versionAction, `/admin/catalog/${id}`, { intent, effectiveDate }, { params: { id: String(id) } });
  const count = async (table: "catalog_versions" | "plan_prices" | "plans" | "catalog_version_plans") =>
    Number(
      (
        await app.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counts = async () => [
    await count("catalog_versions"),
    await count("plan_prices"),
    await count("plans"),
    await count("catalog_version_plans"),
  ];
  const trail = (kindName: string) =>
    app.store.db.selectFrom("operator_events").selectAll().where("kind", "=", kindName).orderBy("id").execute();

  it("a broken Rate PUF lists every problem by file, row and column, changes nothing and leaves no trail entry", async () => {
    const start = await counts();
    const broken = ratePuf(later, until, (i) => (i === 3 ? "abc" : i === 7 ? "-5" : (200 + i).toFixed(2))).replace(
      ",Rating Area 1,No Preference,20,",
      ",Rating Area 1,Maybe,20,",
    );
    const res = await upload(admin, [
      { name: "Rate_PUF.csv", text: broken },
      { name: "plans.csv", text: PLANS_CSV },
      { name: "rating-areas.csv", text: AREAS_CSV },
    ]);
    expect(res.status).toBe(422);
    const data = res.data as {
      refused: string;
      problems: { file: string; row: number; column: string; message: string }[];
      problemCount: number;
    };
    expect(data.refused).toBe("problems");
    expect(data.problems).toEqual([
      { file: "Rate_PUF.csv", row: 5, column: "IndividualRate", message: "not a number" },
      { file: "Rate_PUF.csv", row: 8, column: "Tobacco", message: 'not "No Preference" or "Tobacco User/Non-Tobacco User"' },
      { file: "Rate_PUF.csv", row: 9, column: "IndividualRate", message: "a negative amount" },
    ]);
    expect(data.problemCount).toBe(3);
    // in the operator's language: the file's own names stay, what is wrong is translated
    const spanish = await upload(
      admin,
      [
        { name: "Rate_PUF.csv", text: broken },
        { name: "plans.csv", text: PLANS_CSV },
        { name: "rating-areas.csv", text: AREAS_CSV },
      ],
      "/admin/catalog?lng=es",
    );
    expect(spanish.status).toBe(422);
    expect(spanish.data.problems).toEqual([
      { file: "Rate_PUF.csv", row: 5, column: "IndividualRate", message: "no es un número" },
      { file: "Rate_PUF.csv", row: 8, column: "Tobacco", message: 'no es "No Preference" ni "Tobacco User/Non-Tobacco User"' },
      { file: "Rate_PUF.csv", row: 9, column: "IndividualRate", message: "es un importe negativo" },
    ]);
    expect(await counts()).toEqual(start);
    expect(await trail("catalog.import")).toEqual([]);
    // no file at all: said beside the field, nothing changed
    const none = await upload(admin, []);
    expect(none.status).toBe(422);
    expect((none.data as { refused: string }).refused).toBe("missing");
    expect(await counts()).toEqual(start);
  });

  it("a clean upload becomes a draft on the trail; its preview; a past date or one outside the rates is refused; published for a future date, today's catalog is unchanged", async () => {
    const dentalToday = (await loadCatalog(app.services.db, today)).priceRows.get(planId(DENTAL));
    const res = await upload(admin, [
      { name: "Rate_PUF.csv", text: ratePuf(later, until) },
      { name: "plans.csv", text: PLANS_CSV },
      { name: "rating-areas.csv", text: AREAS_CSV },
    ]);
    expect(res.status).toBe(302);
    const id = Number(/^\/admin\/catalog\/(\d+)\?imported=1$/.exec(res.location ?? "")?.[1]);
    expect(id).toBeGreaterThan(1);
    const [imported] = await trail("catalog.import");
    expect(imported).toMatchObject({ target_type: "catalog_version", target_id: String(id), operator_id: expect.any(Number) });
    expect(JSON.parse(imported.after_json!)).toMatchObject({ status: "draft", plans_added: [PLAN], rates: 51 });

    const page = await admin.load(versionLoader, `/admin/catalog/${id}?imported=1`, { id: String(id) });
    expect(page.status).toBe(200);
    const { version, preview } = page.data as {
      version: { state: string };
      preview: { added: string[]; rateCount: number; on: string; samples: { afterCents: number | null; beforeCents: number | null }[] };
    };
    expect(version.state).toBe("draft");
    expect(preview.added).toEqual([PLAN]);
    expect(preview.rateCount).toBe(51);
    expect(preview.on).toBe(later);
    expect(preview.samples.length).toBeGreaterThan(0);
    expect(preview.samples.every((s) => s.beforeCents === null && s.afterCents !== null)).toBe(true);

    // refused: not a date, the past, before the rates' own date; nothing published, nothing on the trail
    const notDate = await publish(admin, id, "publish", "next month");
    expect(notDate.status).toBe(422);
    expect(notDate.data.fieldErrors.effectiveDate).toBe("admin.catalog.validation.dateFormat");
    const past = await publish(admin, id, "publish", "2001-01-01");
    expect(past.status).toBe(422);
    expect(past.data.fieldErrors.effectiveDate).toBe(`admin.catalog.validation.past::${JSON.stringify({ today })}`);
    expect(past.data.repopulateFields).toMatchObject({ effectiveDate: "2001-01-01" });
    const early = await publish(admin, id, "publish", today);
    expect(early.status).toBe(422);
    expect(early.data.fieldErrors.effectiveDate).toBe(`admin.catalog.validation.beforeRates::${JSON.stringify({ from: later })}`);
    expect(await trail("catalog.publish")).toEqual([]);

    const done = await publish(admin, id, "publish", later);
    expect(done.status).toBe(302);
    expect(done.location).toBe(`/admin/catalog/${id}?published=1`);
    const [published] = await trail("catalog.publish");
    expect(JSON.parse(published.after_json!)).toEqual({ status: "published", effective_date: later });
    // a second publication is refused beside the field
    expect((await publish(admin, id, "publish", later)).data.fieldErrors.effectiveDate).toBe("admin.catalog.validation.notDraft");

    // today's catalog: the new plan not sold, the dental price as it was; on `later` the new plan has its rates
    const newPlan = (await app.store.db.selectFrom("plans").select("id").where("code", "=", PLAN).executeTakeFirstOrThrow()).id;
    const now = await loadCatalog(app.services.db, today);
    expect(now.priceRows.get(newPlan) ?? []).toEqual([]);
    expect(now.priceRows.get(planId(DENTAL))).toEqual(dentalToday);
    const then = await loadCatalog(app.services.db, later);
    expect(
      then.priceRows
        .get(newPlan)
        ?.map((r) => r.price_cents)
        .sort((a, b) => a - b)[0],
    ).toBe(20000);

    // the list shows it scheduled, by the demo operator
    const list = await admin.load(listLoader, "/admin/catalog");
    const row = (list.data.versions as { id: number; state: string; effectiveDate: string; publishedBy: unknown }[]).find(
      (v) => v.id === id,
    );
    expect(row).toMatchObject({ state: "scheduled", effectiveDate: later, publishedBy: { operator: "Demo Operator" } });
  });

  it("publishes version 1 again from a date (rollback), on the trail; a draft is discarded, on the trail", async () => {
    const res = await publish(admin, 1, "republish", latest);
    expect(res.status).toBe(302);
    const id = Number(/^\/admin\/catalog\/(\d+)\?published=1$/.exec(res.location ?? "")?.[1]);
    const newPlan = (await app.store.db.selectFrom("plans").select("id").where("code", "=", PLAN).executeTakeFirstOrThrow()).id;
    const catalog = await loadCatalog(app.services.db, latest);
    expect(catalog.version.id).toBe(id);
    expect(catalog.offers.get(newPlan)?.status).toBe("withdrawn");
    const [rolled] = await trail("catalog.republish");
    expect(JSON.parse(rolled.after_json!)).toEqual({ status: "published", effective_date: latest, republished_from: 1 });
    expect((await publish(admin, 1, "republish", "2001-01-01")).status).toBe(422);

    const draft = await upload(admin, [
      {
        name: "tier-rates.csv",
        text: `plan_code,state,tier,age_band,gender,tobacco,coverage_amount,monthly_rate,effective_date,expiration_date\n${DENTAL},all,IO,18-64,,,,33.00,${later},\n`,
      },
    ]);
    expect(draft.status).toBe(302);
    const draftId = Number(/(\d+)\?imported=1$/.exec(draft.location ?? "")?.[1]);
    const before = await count("plan_prices");
    const discarded = await admin.submit(
      versionAction,
      `/admin/catalog/${draftId}`,
      { intent: "discard" },
      { params: { id: String(draftId) } },
    );
    expect(discarded.location).toBe("/admin/catalog?discarded=1");
    expect(await count("plan_prices")).toBe(before - 1);
    expect((await trail("catalog.discard")).map((e) => e.target_id)).toEqual([String(draftId)]);
    // a published version cannot be discarded; an unknown one is a 404
    expect((await admin.submit(versionAction, "/admin/catalog/1", { intent: "discard" }, { params: { id: "1" } })).status).toBe(404);
    expect((await admin.load(versionLoader, "/admin/catalog/99999", { id: "99999" })).status).toBe(404);

    // every step is in the audit trail the console reads
    const audit = await admin.load(auditLoader, "/admin/audit?kind=catalog.publish");
    expect((audit.data.entries as { kind: string; operator: { name: string } }[])[0]).toMatchObject({
      kind: "catalog.publish",
      operator: { name: "Demo Operator" },
    });
  });

  it("support reads the catalog but may not upload or publish; sales may not open it", async () => {
    const sue = newClient(app);
    await signInOperator(app, sue, "sue@ops.example");
    const page = await sue.load(listLoader, "/admin/catalog");
    expect(page.status).toBe(200);
    expect(page.data.canEdit).toBe(false);
    const start = await counts();
    expect((await upload(sue, [{ name: "plans.csv", text: PLANS_CSV }])).status).toBe(403);
    expect((await publish(sue, 1, "republish", latest)).status).toBe(403);
    expect(await counts()).toEqual(start);
    const sam = newClient(app);
    await signInOperator(app, sam, "sam@ops.example");
    expect((await sam.load(listLoader, "/admin/catalog")).status).toBe(403);
  });
});
