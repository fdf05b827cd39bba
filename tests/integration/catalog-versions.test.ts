/**
 * Issue 27: the catalog versioned and effective-dated (ADR 022), on both databases — a version
 * published for a future date leaves today's price alone and prices that date; a rollback
 * publishes an earlier catalog again; a broken upload changes nothing; a withdrawn plan says so
 * in the cart; a Rate PUF prices by rating area; export → import is a round trip (the CLI).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as indexAction } from "~/routes/_index";
import { action as plansAction } from "~/routes/_store.plans";
import { planId } from "~/.server/db/seed/catalog";
import { loadCatalog } from "~/.server/repositories/catalog";
import { catalogFor, quoteFacts } from "~/.server/store/shopping";
import { pricingFor } from "~/.server/store/cart";
import { cartView } from "~/.server/store/cart-view";
import { effectiveDateChoices, proceedToEnrollment } from "~/.server/store/checkout";
import { checkUpload, importUpload, publishVersion, republishVersion } from "~/.server/operators/catalog/versions";
import { runCatalogCommand } from "~/.server/operators/catalog/cli";
import { formatProblem } from "~/domain/catalog-import/problems";
import { todayIso } from "~/domain/dates";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { inWizard, markStepsDone } from "../support/journeys";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";

const QUOTE = { intent: "quote", zip: "75201", dob: "04/12/1988", gender: "0", spouseDob: "", childCount: "0", category: "dental" };
const DENTAL = "BSD-PPO-ESS";
const file = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });

function firstOfMonth(today: string, monthsAhead: number) {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + monthsAhead);
  return d.toISOString().slice(0, 10);
}

const tierRates = (code: string, io: string, from: string) =>
  [
    "plan_code,state,tier,age_band,gender,tobacco,coverage_amount,monthly_rate,effective_date,expiration_date",
    `${code},all,IO,18-64,,,,${io},${from},`,
    `${code},all,IS,18-64,,,,80.00,${from},`,
    `${code},all,IC,18-64,,,,90.00,${from},`,
    `${code},all,IF,18-64,,,,120.00,${from},`,
  ].join("\n");

describeEachDatabase("the catalog, versioned and effective-dated", (kind) => {
  let app: TestApp;
  let today: string;
  let soon: string;
  let later: string;
  let latest: string;
  beforeAll(async () => {
    app = await createTestApp(kind);
    today = todayIso(app.services.now());
    soon = firstOfMonth(today, 1);
    later = firstOfMonth(today, 3);
    latest = firstOfMonth(today, 5);
  });
  afterAll(() => app.close());

  async function quotedWith(code: string, extra: Record<string, string> = {}) {
    const c = new TestClient(app.services);
    expect((await c.submit(indexAction, "/", { ...QUOTE, ...extra })).status).toBe(302);
    const catalog = await loadCatalog(app.services.db, today);
    const enrollmentId = (await c.session()).tempId!;
    const enrollment = await app.store.db.selectFrom("enrollments").selectAll().where("id", "=", enrollmentId).executeTakeFirstOrThrow();
    const pricing = pricingFor(catalog, planId(code), await quoteFacts(app.services, enrollment));
    if (pricing.ok)
      await c.submit(plansAction, "/plans", {
        intent: "add",
        planId: String(planId(code)),
        planPriceId: String(pricing.entries[0].planPriceId),
      });
    return enrollmentId;
  }
  async function priceOn(enrollmentId: number, code: string | number, on: string) {
    await app.store.db.updateTable("enrollments").set({ effective_date: on }).where("id", "=", enrollmentId).execute();
    const enrollment = await app.store.db.selectFrom("enrollments").selectAll().where("id", "=", enrollmentId).executeTakeFirstOrThrow();
    const catalog = await catalogFor(app.services, enrollment);
    const pricing = pricingFor(catalog, typeof code === "number" ? code : planId(code), await quoteFacts(app.services, enrollment));
    return pricing.ok ? pricing.entries[0].priceCents : pricing.errorCode;
  }
  const counts = async () => {
    const n = async (table: "catalog_versions" | "plan_prices" | "plans" | "catalog_version_plans" | "plan_texts") =>
      Number(
        (
          await app.store.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return [await n("catalog_versions"), await n("plan_prices"), await n("plans"), await n("catalog_version_plans"), await n("plan_texts")];
  };

  it("publishes for a future date: today's price unchanged, that date's price new; a rollback brings the old one back", async () => {
    const enrollment = await quotedWith(DENTAL);
    const before = await priceOn(enrollment, DENTAL, soon);
    expect(typeof before).toBe("number");
    const imported = await importUpload(app.services, [file("tier-rates.csv", tierRates(DENTAL, "31.90", later))], { by: "test" });
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    // a draft changes no price
    expect(await priceOn(enrollment, DENTAL, later)).toBe(before);
    expect(await publishVersion(app.services, imported.versionId, later, { by: "test" })).toEqual({
      ok: true,
      versionId: imported.versionId,
      effectiveDate: later,
    });
    expect(await priceOn(enrollment, DENTAL, soon)).toBe(before);
    expect(await priceOn(enrollment, DENTAL, later)).toBe(3190);
    // the cart line keeps its price until the quote is priced again; the cart of a coverage starting `later` shows nothing withdrawn
    const e = await app.store.db.selectFrom("enrollments").selectAll().where("id", "=", enrollment).executeTakeFirstOrThrow();
    expect((await cartView(app.services, e, "en")).lines.map((l) => l.withdrawn)).toEqual([false]);

    // rollback: version 1's catalog again from `latest`
    const rolled = await republishVersion(app.services, 1, latest, { by: "test" });
    expect(rolled.ok).toBe(true);
    expect(await priceOn(enrollment, DENTAL, later)).toBe(3190);
    expect(await priceOn(enrollment, DENTAL, latest)).toBe(before);
    // a past effective date and a published version are refused
    expect(await publishVersion(app.services, imported.versionId, later, { by: "test" })).toMatchObject({ ok: false });
    expect(await republishVersion(app.services, 1, "2001-01-01", { by: "test" })).toMatchObject({ ok: false });
    const audit = await app.store.db
      .selectFrom("audit_events")
      .select(["kind", "actor", "acting_as", "detail"])
      .where("kind", "like", "catalog.%")
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { kind: "catalog.import", actor: "test", acting_as: "operator", detail: `version:${imported.versionId}` },
        { kind: "catalog.publish", actor: "test", acting_as: "operator", detail: `version:${imported.versionId}` },
      ]),
    );
  });

  it("accepts the README's example files (docs/catalog/examples)", async () => {
    const dir = path.resolve(__dirname, "../../docs/catalog/examples");
    const upload = fs.readdirSync(dir).map((name) => ({ name, bytes: fs.readFileSync(path.join(dir, name)) }));
    const checked = await checkUpload(app.services, upload);
    expect(checked.ok, JSON.stringify(checked)).toBe(true);
    if (checked.ok) expect(checked.upload.files.map((f) => f.kind).sort()).toEqual(["plans", "ratePuf", "ratingAreas", "tierRates"]);
  });

  it("holds the demo catalog as its files (docs/catalog/demo) imported and published as version 1 by the demo seed", async () => {
    const version = await app.store.db.selectFrom("catalog_versions").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
    expect(version).toMatchObject({ status: "published", effective_date: "1900-01-01", published_by: "demo seed" });
    expect(version.source).toContain("docs/catalog/demo/plans.json");
    const audit = await app.store.db
      .selectFrom("audit_events")
      .select(["kind", "actor", "detail"])
      .where("actor", "=", "demo seed")
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { kind: "catalog.import", actor: "demo seed", detail: "version:1" },
      { kind: "catalog.publish", actor: "demo seed", detail: "version:1" },
    ]);
    // the files are an upload like any other: the console's check reads them (every plan known now)
    const dir = path.resolve(__dirname, "../../docs/catalog/demo");
    const upload = fs
      .readdirSync(dir)
      .filter((name) => /\.(csv|json)$/.test(name))
      .map((name) => ({ name, bytes: fs.readFileSync(path.join(dir, name)) }));
    const checked = await checkUpload(app.services, upload);
    expect(checked.ok, JSON.stringify(checked).slice(0, 2000)).toBe(true);
    if (!checked.ok) return;
    expect(checked.upload.files.map((f) => f.kind).sort()).toEqual(["carriers", "categories", "plans", "tierRates"]);
    const plans = await app.store.db.selectFrom("plans").select(["id", "code"]).orderBy("id").execute();
    expect(plans.map((p) => p.code)).toEqual(checked.upload.plans.map((p) => p.code));
    const prices = await app.store.db.selectFrom("plan_prices").select("id").where("catalog_version_id", "=", 1).execute();
    expect(prices.length).toBe(checked.upload.rateCount);
    // what only a plans row says (riders, premier companion, facts, questions, metro ZIP3s) came from the file
    const catalog = await loadCatalog(app.services.db, today);
    const row = (code: string) => checked.upload.plans.find((p) => p.code === code)!;
    const id = (code: string) => planId(code);
    expect(catalog.riders.get(id("SML-TERM10"))).toEqual(row("SML-TERM10").links.riders!.map(id));
    expect(catalog.plans.get(id("HPI-PREMIER-HOSPITAL"))!.premier_pair_plan_id).toBe(
      id(row("HPI-PREMIER-HOSPITAL").links.premier_pair![0]!),
    );
    expect(catalog.plans.get(id("LUH-METRO-NYC"))!.areas).toEqual(row("LUH-METRO-NYC").zip3s);
    expect(catalog.questions.get(id("SML-CI-20K"))!.enroll.map((q) => q.text_en)).toEqual(
      row("SML-CI-20K").questions!.map((q) => q.text_en),
    );
  });

  it("changes nothing for a broken upload, and names every problem by file, row and column", async () => {
    const start = await counts();
    const broken = tierRates(DENTAL, "abc", later).replace(",IS,", ",XX,");
    const result = await importUpload(
      app.services,
      [
        file("tier-rates.csv", broken),
        file("plans.csv", "code,status,category,carrier,name_en,name_es\nNEW-DENTAL,offered,dental,brightsmile,New,Nuevo\n"),
      ],
      { by: "test" },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map(formatProblem)).toEqual([
      "tier-rates.csv row 2, monthly_rate: not a number",
      "tier-rates.csv row 3, tier: not IO, IS, IC or IF",
      "plans.csv row 2, code: no rates for the new plan NEW-DENTAL in this upload",
    ]);
    expect(await counts()).toEqual(start);
  });

  it("imports a Rate PUF for a new plan (with its plans and rating-area files, one of them XLSX), priced by rating area from its date", async () => {
    const until = firstOfMonth(today, 15);
    const puf = [
      "BusinessYear,PlanId,RatingAreaId,Tobacco,Age,IndividualRate,IndividualTobaccoRate,Couple,PrimarySubscriberAndOneDependent,PrimarySubscriberAndTwoDependents,PrimarySubscriberAndThreeOrMoreDependents,CoupleAndOneDependent,CoupleAndTwoDependents,CoupleAndThreeOrMoreDependents,RateEffectiveDate,RateExpirationDate",
      ...["0-14", ...Array.from({ length: 49 }, (_, i) => String(15 + i)), "64 and over"].flatMap((age, i) => [
        `2027,21989TX0030001,Rating Area 1,No Preference,${age},${(200 + i).toFixed(2)},,,,,,,,,${later},${until}`,
        `2027,21989TX0030001,Rating Area 2,No Preference,${age},${(300 + i).toFixed(2)},,,,,,,,,${later},${until}`,
      ]),
    ].join("\n");
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("areas");
    sheet.addRows([
      ["state", "rating_area", "zip3"],
      ["TX", 1, "752"],
      ["TX", "Rating Area 2", "770"],
    ]);
    const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
    const plans =
      "code,status,category,carrier,name_en,name_es,short_text_en,short_text_es,states,age_min,age_max,audience\n" +
      "21989TX0030001,offered,medical,summit-mutual,Summit Silver Texas,Summit Plata Texas,<p>Silver</p>,<p>Plata</p>,TX,18,64,under65\n";
    const imported = await importUpload(
      app.services,
      [file("Rate_PUF.csv", puf), { name: "rating-areas.xlsx", bytes: xlsx }, file("plans.csv", plans)],
      { by: "test" },
    );
    expect(imported.ok, JSON.stringify(imported)).toBe(true);
    if (!imported.ok) return;
    expect(imported.summary).toMatchObject({ added: ["21989TX0030001"], rateCount: 102 });
    const id = (await app.store.db.selectFrom("plans").select("id").where("code", "=", "21989TX0030001").executeTakeFirstOrThrow()).id;
    // not offered anywhere while a draft
    expect((await loadCatalog(app.services.db, later)).plans.get(id)?.active).toBe(0);
    expect((await publishVersion(app.services, imported.versionId, later, { by: "test" })).ok).toBe(true);
    const dallas = await quotedWith(DENTAL, { zip: "75201" });
    const houston = await quotedWith(DENTAL, { zip: "77002" });
    expect(await priceOn(dallas, id, soon)).toBe("tierError");
    // born 1988-04-12: 38 on `later` (a date in the next months of 2026–2027) or thereabouts
    const age = (
      await quoteFacts(
        app.services,
        (await app.store.db.selectFrom("enrollments").selectAll().where("id", "=", dallas).executeTakeFirstOrThrow())!,
      )
    ).age!;
    expect(await priceOn(dallas, id, later)).toBe((200 + (age - 14)) * 100);
    expect(await priceOn(houston, id, later)).toBe((300 + (age - 14)) * 100);
  });

  it("says so in the cart when a version in force withdraws a plan in it", async () => {
    const enrollment = await quotedWith("CVV-BASIC", { category: "vision" });
    const imported = await importUpload(app.services, [file("plans.csv", "code,status\nCVV-BASIC,withdrawn\n")], { by: "test" });
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect((await publishVersion(app.services, imported.versionId, later, { by: "test" })).ok).toBe(true);
    const linesOn = async (on: string) => {
      await app.store.db.updateTable("enrollments").set({ effective_date: on }).where("id", "=", enrollment).execute();
      const e = await app.store.db.selectFrom("enrollments").selectAll().where("id", "=", enrollment).executeTakeFirstOrThrow();
      return (await cartView(app.services, e, "en")).lines.map((l) => [l.planId, l.withdrawn]);
    };
    expect(await linesOn(soon)).toEqual([[planId("CVV-BASIC"), false]]);
    expect(await linesOn(later)).toEqual([[planId("CVV-BASIC"), true]]);
    // not priced on that date: not sold (the cart is priced again when the quote changes)
    expect(typeof (await priceOn(enrollment, "CVV-BASIC", later))).toBe("string");
  });

  it("refuses to check out a cart holding a plan withdrawn for its coverage date; the same cart on an earlier date proceeds", async () => {
    const enrollment = await quotedWith("CVV-PLUS", { category: "vision" });
    const load = () => app.store.db.selectFrom("enrollments").selectAll().where("id", "=", enrollment).executeTakeFirstOrThrow();
    const options = await effectiveDateChoices(app.services, await load());
    expect(options.length).toBeGreaterThanOrEqual(2);
    const [first, second] = options as [string, string];
    const imported = await importUpload(app.services, [file("plans.csv", "code,status\nCVV-PLUS,withdrawn\n")], { by: "test" });
    if (!imported.ok) throw new Error(JSON.stringify(imported));
    expect((await publishVersion(app.services, imported.versionId, second, { by: "test" })).ok).toBe(true);
    await app.store.db.updateTable("enrollments").set({ effective_date: second }).where("id", "=", enrollment).execute();
    expect(await proceedToEnrollment(app.services, await load())).toEqual({ ok: false, reason: "withdrawnPlan" });
    expect((await load()).status).toBe("shopping");
    await app.store.db.updateTable("enrollments").set({ effective_date: first }).where("id", "=", enrollment).execute();
    expect(await proceedToEnrollment(app.services, await load())).toMatchObject({ ok: true });
  });

  it("export → import is a round trip (npm run catalog)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "catalog-export-"));
    try {
      const out: string[] = [];
      expect(await runCatalogCommand(app.services, ["export", dir, "--on", latest], (l) => out.push(l))).toBe(0);
      expect(fs.readdirSync(dir).sort()).toEqual(["carriers.csv", "categories.csv", "plans.json", "rates.csv", "rating-areas.csv"]);
      const before = await loadCatalog(app.services.db, latest);
      const dry: string[] = [];
      expect(await runCatalogCommand(app.services, ["import", dir, "--dry-run"], (l) => dry.push(l))).toBe(0);
      expect(dry.at(-1)).toBe("dry run: nothing imported");
      const lines: string[] = [];
      const code = await runCatalogCommand(app.services, ["import", dir, "--publish", "--effective", latest], (l) => lines.push(l));
      expect(code, lines.join("\n")).toBe(0);
      const after = await loadCatalog(app.services.db, latest);
      expect(after.version.id).not.toBe(before.version.id);
      const shape = (c: typeof before) =>
        [...c.plans.values()].map((p) => ({
          code: p.code,
          active: p.active,
          withdrawn: p.withdrawn,
          texts: p.texts,
          flags: [p.is_premier, p.premier_pair_plan_id, p.is_rider, p.membership_required, p.bundle_size, p.logo_url, p.popularity],
          areas: p.areas,
          links: [c.suggested.get(p.id), c.riders.get(p.id), c.replacedBy.get(p.id), c.questions.get(p.id)?.enroll.map((q) => q.text_es)],
          rows: (c.priceRows.get(p.id) ?? [])
            .map(({ id: _, zip3s, ...r }) => ({ ...r, zip3s: zip3s ? [...zip3s].sort() : null }))
            .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
        }));
      expect(shape(after)).toEqual(shape(before));
      // the command line's changes are on the console's trail too, as the command line's
      const trail = await app.store.db
        .selectFrom("operator_events")
        .select(["kind", "operator_id", "request_id", "target_type", "target_id", "after_json"])
        .where("target_id", "=", String(after.version.id))
        .where("target_type", "=", "catalog_version")
        .orderBy("id")
        .execute();
      expect(trail.map((e) => [e.kind, e.operator_id, e.request_id])).toEqual([
        ["catalog.import", null, "cli"],
        ["catalog.publish", null, "cli"],
      ]);
      expect(JSON.parse(trail[1]!.after_json!)).toEqual({ status: "published", effective_date: latest });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it("Complete refuses an enrollment whose plan was withdrawn for its coverage date after checkout; nothing is saved", async () => {
    const { client } = await inWizard(app, { category: "dental", plans: ["BSD-PPO-ESS"] });
    const id = (await client.session()).tempId!;
    const e = await app.store.db.selectFrom("enrollments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    await markStepsDone(
      app,
      client,
      (JSON.parse(e.step_list!) as string[]).filter((s) => s !== "review_info"),
    );
    const imported = await importUpload(app.services, [file("plans.csv", "code,status\nBSD-PPO-ESS,withdrawn\n")], { by: "test" });
    if (!imported.ok) throw new Error(JSON.stringify(imported));
    expect((await publishVersion(app.services, imported.versionId, e.effective_date!, { by: "test" })).ok).toBe(true);
    const done = await client.submit(reviewAction, "/enrollment/review-confirm", { intent: "complete" });
    expect(done.status).toBe(422);
    expect(done.data.problems).toContainEqual(expect.objectContaining({ tab: "cart", message: "cart.withdrawnCheckout" }));
    expect(await app.store.db.selectFrom("policies").select("id").where("enrollment_id", "=", id).execute()).toEqual([]);
  });
});
