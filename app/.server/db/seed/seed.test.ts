import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Migrator, sql } from "kysely";
import { migrate, openStore, type Store } from "../connection";
import { migrationProvider } from "../migrations";
import { createCipher } from "../../platform/crypto";
import { DEMO, seedDatabase, type SeedDialect } from "./index";
import { CATEGORIES, TIERS, findPrice } from "./catalog";
import { L713_FEES } from "~/domain/cart-totals";

const cipher = createCipher(Buffer.alloc(32, 7));
const NOW = new Date("2025-06-15T12:00:00Z");

interface Backend {
  name: string;
  open(): Promise<{ store: Store; migrate(): Promise<void>; cleanup(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: "sqlite",
    async open() {
      const store = openStore(":memory:");
      return {
        store,
        migrate: async () => {
          await migrate(store);
        },
        cleanup: () => store.close(),
      };
    },
  },
];

const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  backends.push({
    name: "postgres",
    async open() {
      const schema = `seedtest_${randomBytes(5).toString("hex")}`;
      const admin = openStore(pgUrl, { poolSize: 1 });
      await sql`create schema ${sql.id(schema)}`.execute(admin.db);
      const store = openStore(pgUrl, { searchPath: schema, poolSize: 4 });
      return {
        store,
        // Kysely's migrator looks for its bookkeeping tables in every schema, so in a shared
        // database it must be pointed at this test's schema explicitly.
        async migrate() {
          const migrator = new Migrator({ db: store.db, provider: migrationProvider("postgres"), migrationTableSchema: schema });
          const { error } = await migrator.migrateToLatest();
          if (error) throw error instanceof Error ? error : new Error(String(error));
        },
        async cleanup() {
          await store.close();
          await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
          await admin.close();
        },
      };
    },
  });
}

const ALLOWED_TAGS = new Set(["p", "ul", "ol", "li", "strong", "em", "h4", "br", "a"]);
const HTML_FIELDS = [
  "short_text",
  "body_text",
  "association_text",
  "exclusions_text",
  "example_text",
  "faq_text",
  "decline_message",
  "special_message",
] as const;

/** A valid-shaped SSN: area not 000, 666 or 9xx; group not 00; serial not 0000. */
const validSsn = (s: string) => /^\d{9}$/.test(s) && !/^(000|666|9)/.test(s) && s.slice(3, 5) !== "00" && s.slice(5) !== "0000";

describe.each(backends)("demo seed on $name", (backend) => {
  let store: Store;
  let cleanup: () => Promise<void>;
  let first: { seeded: boolean };

  beforeAll(async () => {
    const opened = await backend.open();
    ({ store, cleanup } = opened);
    await opened.migrate();
    first = await seedDatabase(store.db, cipher, NOW, store.dialect as SeedDialect);
  });
  afterAll(async () => {
    await cleanup?.();
  });

  const plan = (code: string) => store.db.selectFrom("plans").selectAll().where("code", "=", code).executeTakeFirstOrThrow();
  const prices = (planId: number) => store.db.selectFrom("plan_prices").selectAll().where("plan_id", "=", planId).execute();

  it("seeds once; a second call does nothing", async () => {
    expect(first).toEqual({ seeded: true });
    const before = await store.db.selectFrom("plan_prices").select(store.db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(await seedDatabase(store.db, cipher, NOW, store.dialect as SeedDialect)).toEqual({ seeded: false });
    const after = await store.db.selectFrom("plan_prices").select(store.db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("has the sixteen categories in order, with landing headings", async () => {
    const cats = await store.db.selectFrom("plan_categories").selectAll().orderBy("sort_order").execute();
    expect(cats.map((c) => c.key)).toEqual([
      "dental",
      "vision",
      "medical",
      "guaranteed",
      "hsa",
      "term_life",
      "limited_medical",
      "rx",
      "lifestyle",
      "supplemental",
      "disability",
      "critical_illness",
      "accident",
      "hospital",
      "pet",
      "bundles",
    ]);
    expect(cats.map((c) => c.sort_order)).toEqual(cats.map((_, i) => i + 1));
    expect(cats.find((c) => c.key === "guaranteed")).toMatchObject({
      label_en: "Guaranteed Issue Medical Plans",
      heading_en: "Guaranteed Medical",
    });
    expect(cats.find((c) => c.key === "bundles")).toMatchObject({ label_en: "Bundles Plans", heading_en: "Multiple Products In One" });
    expect(
      cats
        .filter((c) => c.on_landing === 1)
        .map((c) => c.key)
        .sort(),
    ).toEqual(["bundles", "guaranteed", "hsa", "medical", "term_life"]);
    for (const c of cats) expect(c.label_es && c.heading_es && c.icon).toBeTruthy();
  });

  it("has 45–60 plans, at least two active per category, and bundles of 2 to 5", async () => {
    const plans = await store.db.selectFrom("plans").selectAll().execute();
    expect(plans.length).toBeGreaterThanOrEqual(45);
    expect(plans.length).toBeLessThanOrEqual(60);
    for (const c of CATEGORIES) {
      const active = plans.filter((p) => p.category_id === c.id && p.active === 1 && p.is_rider === 0 && p.is_membership === 0);
      expect(active.length, c.key).toBeGreaterThanOrEqual(2);
    }
    const bundles = CATEGORIES.find((c) => c.key === "bundles")!.id;
    expect(new Set(plans.filter((p) => p.category_id === bundles).map((p) => p.bundle_size))).toEqual(new Set([2, 3, 4, 5]));
    expect(plans.filter((p) => p.category_id !== bundles && p.bundle_size !== null)).toEqual([]);
    const featured = plans.filter((p) => p.is_featured === 1).length;
    expect(featured).toBeGreaterThanOrEqual(5);
    expect(featured).toBeLessThanOrEqual(8);
    expect(plans.filter((p) => p.is_rider === 1).length).toBeGreaterThanOrEqual(2);
    for (const p of plans) expect(p.logo_url).toMatch(/^\/brand\/carriers\/[a-z-]+\.svg$/);
  });

  it("has one carrier with a 3% administrative fee", async () => {
    const carriers = await store.db.selectFrom("carriers").selectAll().execute();
    expect(carriers.length).toBeGreaterThanOrEqual(7);
    expect(carriers.filter((c) => c.admin_fee_percent === 3).map((c) => c.code)).toEqual([DEMO.adminFeeCarrier.code]);
  });

  it("has English and Spanish texts for every plan, in the allowed HTML", async () => {
    const plans = await store.db.selectFrom("plans").select(["id", "code"]).execute();
    const texts = await store.db.selectFrom("plan_texts").selectAll().execute();
    expect(texts.length).toBe(plans.length * 2);
    for (const p of plans) {
      const en = texts.find((t) => t.plan_id === p.id && t.locale === "en");
      const es = texts.find((t) => t.plan_id === p.id && t.locale === "es");
      expect(en, p.code).toBeDefined();
      expect(es, p.code).toBeDefined();
      expect(es!.body_text, p.code).not.toBe(en!.body_text);
      expect(es!.short_text, p.code).not.toBe(en!.short_text);
      expect(en!.exclusions_text === null, p.code).toBe(es!.exclusions_text === null);
      expect(en!.callout_text === null, p.code).toBe(es!.callout_text === null);
    }
    for (const t of texts) {
      for (const f of HTML_FIELDS) {
        const html = t[f];
        if (html == null) continue;
        for (const m of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
          expect(ALLOWED_TAGS.has(m[1]!), `${t.plan_id}/${t.locale}/${f}: <${m[1]}>`).toBe(true);
          if (m[1] !== "a") expect(m[2]!.trim(), `${t.plan_id}/${f}: attributes`).toBe("");
        }
        expect(html, `${t.plan_id}/${t.locale}/${f}: bare ampersand`).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#\d+;)/);
        expect(html.toLowerCase()).not.toContain("lorem");
        expect(html).not.toMatch(/undefined|NaN|\[object/);
      }
    }
    const callouts = texts.filter((t) => t.locale === "en" && t.callout_text).length;
    expect(callouts).toBeGreaterThanOrEqual(6);
    expect(callouts).toBeLessThanOrEqual(10);
  });

  it("prices every offered tier for every age, gender, tobacco answer and state", async () => {
    const plans = await store.db.selectFrom("plans").selectAll().where("active", "=", 1).execute();
    const all = await store.db.selectFrom("plan_prices").selectAll().execute();
    for (const p of plans) {
      const rows = all.filter((r) => r.plan_id === p.id);
      expect(rows.length, p.code).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r.age_min, p.code).toBeGreaterThanOrEqual(p.age_min);
        expect(r.age_max, p.code).toBeLessThanOrEqual(p.age_max);
        expect(r.price_cents, p.code).toBeGreaterThanOrEqual(0);
      }
      for (const tier of TIERS) {
        const offered = rows.some((r) => r.tier === tier && r.price_cents > 0);
        for (let age = p.age_min; age <= p.age_max; age++) {
          for (const gender of [0, 1]) {
            for (const smoker of p.tobacco_rated ? [0, 1] : [0]) {
              for (const state of ["TX", "NY", "CA"]) {
                const row = findPrice(all, { planId: p.id, tier, age, gender, smoker, state });
                if (offered) expect(row && row.price_cents > 0, `${p.code} ${tier} age ${age}`).toBe(true);
                else expect(!row || row.price_cents === 0, `${p.code} ${tier}`).toBe(true);
              }
            }
          }
        }
      }
      // no two rows with the same criteria and overlapping ages
      for (const a of rows)
        for (const b of rows)
          if (
            a.id < b.id &&
            a.tier === b.tier &&
            a.gender === b.gender &&
            a.smoker === b.smoker &&
            a.state === b.state &&
            a.coverage_amount === b.coverage_amount
          )
            expect(a.age_max < b.age_min || b.age_max < a.age_min, `${p.code} overlapping rows ${a.id}/${b.id}`).toBe(true);
    }
    // tiers not offered: at least three plans with IS or IF at 0
    const zeroTier = new Set(all.filter((r) => (r.tier === "IS" || r.tier === "IF") && r.price_cents === 0).map((r) => r.plan_id));
    expect(zeroTier.size).toBeGreaterThanOrEqual(3);
  });

  it("rates NY and CA above the generic row and term life by gender, tobacco and coverage", async () => {
    const silver = await plan(DEMO.plans.nyStateRated);
    const all = await prices(silver.id);
    const generic = findPrice(all, { planId: silver.id, tier: "IO", age: 35, state: "TX" })!;
    const ny = findPrice(all, { planId: silver.id, tier: "IO", age: 35, state: "NY" })!;
    expect(ny.state).toBe("NY");
    expect(ny.price_cents).toBeGreaterThan(generic.price_cents);
    expect(generic.price_cents).toBeGreaterThanOrEqual(25000);
    expect(generic.price_cents).toBeLessThanOrEqual(90000);

    const term = await plan(DEMO.plans.smokerError);
    const rows = await prices(term.id);
    expect(new Set(rows.map((r) => r.coverage_amount))).toEqual(new Set([50000, 100000, 250000]));
    expect(new Set(rows.map((r) => r.gender))).toEqual(new Set([0, 1]));
    const male = findPrice(rows, { planId: term.id, tier: "IO", age: 35, gender: 0, smoker: 0 })!;
    const smoker = findPrice(rows, { planId: term.id, tier: "IO", age: 35, gender: 0, smoker: 1 })!;
    expect(male.coverage_amount).toBe(50000);
    expect(smoker.price_cents / male.price_cents).toBeCloseTo(1.8, 1);
    const dental = await prices((await plan(DEMO.plans.dental)).id);
    const io = dental.find((r) => r.tier === "IO" && r.state === null && r.age_min === 18)!;
    expect(io.price_cents).toBeGreaterThanOrEqual(1800);
    expect(io.price_cents).toBeLessThanOrEqual(6500);
  });

  it("has the special plans the pricing errors and flows need", async () => {
    const hmo = await plan(DEMO.plans.stateError);
    expect(hmo.all_states).toBe(0);
    const states = await store.db.selectFrom("plan_states").select("state").where("plan_id", "=", hmo.id).execute();
    expect(states.map((s) => s.state).sort()).toEqual(["AZ", "FL", "GA", "TX"]);

    const tier = await plan(DEMO.plans.tierError);
    const tierRows = await prices(tier.id);
    for (const t of ["IS", "IF"]) expect(tierRows.filter((r) => r.tier === t).every((r) => r.price_cents === 0)).toBe(true);
    expect(tierRows.some((r) => r.tier === "IO" && r.price_cents > 0)).toBe(true);

    expect(await plan(DEMO.plans.ageError)).toMatchObject({ age_min: 18, age_max: 49 });
    expect(await plan(DEMO.plans.over65)).toMatchObject({ age_min: 65, audience: "over65" });

    const metro = await plan(DEMO.plans.metError);
    const areas = await store.db.selectFrom("plan_areas").select("zip3").where("plan_id", "=", metro.id).execute();
    expect(areas.map((a) => a.zip3).sort()).toEqual(["100", "101", "102", "103", "104", "110", "111", "112", "113", "114"]);

    const termCat = CATEGORIES.find((c) => c.key === "term_life")!.id;
    expect(await plan(DEMO.plans.smokerError)).toMatchObject({ tobacco_rated: 1, category_id: termCat });
    const disability = CATEGORIES.find((c) => c.key === "disability")!.id;
    expect(await plan(DEMO.plans.salaryError)).toMatchObject({ requires_salary: 1, salary_rate_cents_per_k: 45, category_id: disability });
    expect(await plan(DEMO.plans.hourError)).toMatchObject({ min_working_hours: 30, category_id: disability });

    const gi = await plan(DEMO.plans.eligibility);
    const giQ = await store.db
      .selectFrom("plan_questions")
      .selectAll()
      .where("plan_id", "=", gi.id)
      .where("kind", "=", "eligibility")
      .execute();
    expect(giQ.length).toBeGreaterThanOrEqual(2);
    expect(giQ.some((q) => q.true_condition === 1 && /legal resident of the United States/.test(q.text_en))).toBe(true);
    expect(giQ.some((q) => q.true_condition === 0)).toBe(true);

    const ci = await plan(DEMO.plans.enrollQuestions);
    expect(ci.has_enroll_questions).toBe(1);
    const ciQ = await store.db.selectFrom("plan_questions").selectAll().where("plan_id", "=", ci.id).where("kind", "=", "enroll").execute();
    expect(ciQ.length).toBeGreaterThanOrEqual(3);
    expect(ciQ.length).toBeLessThanOrEqual(4);
    expect(ciQ.some((q) => q.decline_answer === 1)).toBe(true);
    const ciTexts = await store.db.selectFrom("plan_texts").select(["locale", "decline_message"]).where("plan_id", "=", ci.id).execute();
    for (const t of ciTexts) expect(t.decline_message, t.locale).toBeTruthy();

    expect(await plan(DEMO.plans.membershipRequired)).toMatchObject({ membership_required: 1 });
    const membership = await plan(DEMO.plans.membership);
    expect(membership).toMatchObject({ is_membership: 1, removable: 0, category_id: CATEGORIES.find((c) => c.key === "lifestyle")!.id });
    const memRows = await prices(membership.id);
    expect(new Set(memRows.map((r) => r.price_cents))).toEqual(new Set([500]));
    expect(new Set(memRows.map((r) => r.tier))).toEqual(new Set(TIERS));
    expect(memRows.some((r) => r.age_min <= 18 && r.age_max >= 100)).toBe(true);

    const premier = await plan(DEMO.plans.premier);
    const companion = await plan(DEMO.plans.premierCompanion);
    expect(premier.is_premier).toBe(1);
    expect(premier.premier_pair_plan_id).toBe(companion.id);

    expect(await plan(DEMO.plans.iha)).toMatchObject({ is_iha: 1, category_id: CATEGORIES.find((c) => c.key === "limited_medical")!.id });
    const l713 = await plan(DEMO.plans.l713);
    expect(l713).toMatchObject({ is_l713: 1, l713_net_price_cents: 18900 });
    const l713Texts = await store.db
      .selectFrom("plan_texts")
      .select(["locale", "special_message"])
      .where("plan_id", "=", l713.id)
      .execute();
    for (const t of l713Texts) expect(t.special_message, t.locale).toBeTruthy();
    expect(await plan(DEMO.plans.hideAddToCart)).toMatchObject({ hide_add_to_cart: 1 });
    expect(await plan(DEMO.plans.inactive)).toMatchObject({ active: 0 });

    const unsigned = await store.db.selectFrom("plans").select("code").where("signature_required", "=", 0).execute();
    expect(unsigned.length).toBeGreaterThanOrEqual(2);
  });

  it("prices the union plan (L713) as the carrier's breakdown, with no one-time fee on top", async () => {
    const l713 = await store.db.selectFrom("plans").selectAll().where("code", "=", DEMO.plans.l713).executeTakeFirstOrThrow();
    expect(l713.one_time_fee_cents).toBe(0);
    const rows = await store.db.selectFrom("plan_prices").select(["tier", "price_cents"]).where("plan_id", "=", l713.id).execute();
    expect(new Set(rows.map((r) => r.tier))).toEqual(new Set(TIERS));
    for (const r of rows) {
      const marketer =
        r.price_cents -
        (l713.l713_net_price_cents! +
          L713_FEES.unionDues +
          L713_FEES.annuityFund +
          L713_FEES.billingFees +
          L713_FEES.associationDues[r.tier]);
      expect(marketer, r.tier).toBeGreaterThanOrEqual(L713_FEES.marketerFeesFrom);
      expect(marketer, r.tier).toBeLessThanOrEqual(L713_FEES.marketerFeesTo);
    }
  });

  it("relates plans: 2–4 suggestions per listed plan and riders", async () => {
    const plans = await store.db
      .selectFrom("plans")
      .selectAll()
      .where("active", "=", 1)
      .where("is_rider", "=", 0)
      .where("is_membership", "=", 0)
      .execute();
    const rel = await store.db.selectFrom("plan_relations").selectAll().execute();
    for (const p of plans) {
      const s = rel.filter((r) => r.plan_id === p.id && r.kind === "suggested");
      expect(s.length, p.code).toBeGreaterThanOrEqual(2);
      expect(s.length, p.code).toBeLessThanOrEqual(4);
      expect(s.every((r) => r.related_plan_id !== p.id)).toBe(true);
    }
    const riders = rel.filter((r) => r.kind === "rider");
    expect(riders.length).toBeGreaterThanOrEqual(2);
    const riderPlans = await store.db.selectFrom("plans").select("id").where("is_rider", "=", 1).execute();
    for (const r of riders) expect(riderPlans.map((p) => p.id)).toContain(r.related_plan_id);
  });

  it("has the demo reps, groups, referrals and portals", async () => {
    const rep = await store.db.selectFrom("reps").selectAll().where("agent_code", "=", DEMO.rep.code).executeTakeFirstOrThrow();
    expect(rep).toMatchObject({
      id: 1,
      landing_slug: DEMO.rep.slug,
      landing_url: DEMO.rep.landingUrl,
      first_name: DEMO.rep.firstName,
      last_name: DEMO.rep.lastName,
    });
    expect(rep.phone).toMatch(/^\d{10}$/);
    expect(rep.brand_color).toMatch(/^#[0-9a-f]{6}$/);
    const portals = await store.db.selectFrom("rep_portals").select("portal_id").where("rep_id", "=", 1).orderBy("portal_id").execute();
    expect(portals.map((p) => p.portal_id)).toEqual([1, 2]);
    const noLanding = await store.db
      .selectFrom("reps")
      .selectAll()
      .where("agent_code", "=", DEMO.repNoLanding.code)
      .executeTakeFirstOrThrow();
    expect(noLanding.landing_url).toBeNull();
    const reps = await store.db.selectFrom("reps").select("agent_code").execute();
    for (const r of reps) expect(r.agent_code).toBe(r.agent_code.toUpperCase());

    const group = await store.db.selectFrom("groups").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
    expect(group).toMatchObject({
      group_code: DEMO.group.code,
      company_name: DEMO.group.companyName,
      slug: DEMO.group.slug,
      landing_url: DEMO.group.landingUrl,
      rep_id: 1,
      portal_id: 2,
    });
    expect(group.group_quote_url).toBe("https://groups.benefitstore.example/verify");
    expect(
      await store.db.selectFrom("groups").select("company_name").where("id", "=", DEMO.memberBenefitStoreGroupId).executeTakeFirst(),
    ).toBeDefined();
    const g3 = await store.db.selectFrom("groups").selectAll().where("group_code", "=", DEMO.groupNoLanding.code).executeTakeFirstOrThrow();
    expect(g3.landing_url).toBeNull();
    const rep1Groups = await store.db.selectFrom("groups").select("id").where("rep_id", "=", 1).execute();
    expect(rep1Groups.length).toBeGreaterThanOrEqual(2);

    const ref = await store.db.selectFrom("referrals").selectAll().where("code", "=", DEMO.referral.code).executeTakeFirstOrThrow();
    expect(ref).toMatchObject({ rep_id: 1, active: 1, referrer_name: DEMO.referral.referrerName });
    expect(ref.code).toMatch(/^[A-Z0-9]{8}$/);
    expect((await store.db.selectFrom("referrals").select("id").where("active", "=", 0).execute()).length).toBeGreaterThanOrEqual(1);
  });

  it("has existing members with encrypted SSNs and policies", async () => {
    const members = await store.db.selectFrom("members").selectAll().execute();
    expect(members.filter((m) => m.rep_id === 1 && m.group_id === null).length).toBeGreaterThanOrEqual(3);
    expect(members.filter((m) => m.group_id === 1).length).toBeGreaterThanOrEqual(3);
    // the member benefit store can be tried: members of its group, with policies
    expect(members.filter((m) => m.group_id === DEMO.memberBenefitStoreGroupId).map((m) => m.id)).toEqual([
      ...DEMO.members.ids.memberBenefitStore,
    ]);
    const names = members.map((m) => `${m.first_name} ${m.last_name}`);
    for (const n of [...DEMO.members.underRep, ...DEMO.members.underGroup]) expect(names).toContain(n);
    for (const m of members) {
      expect(m.ssn_enc).toBeTruthy();
      expect(m.ssn_enc).not.toMatch(/\d{9}|\d{3}-\d{2}-\d{4}/);
      const ssn = cipher.decrypt(m.ssn_enc!);
      expect(validSsn(ssn), ssn.slice(-4)).toBe(true);
      expect(m.ssn_last4).toBe(ssn.slice(-4));
      expect(m.birthdate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const age = NOW.getUTCFullYear() - Number(m.birthdate.slice(0, 4));
      expect(age).toBeGreaterThanOrEqual(25);
      expect(age).toBeLessThanOrEqual(70);
      expect(m.email).toMatch(/@example\.com$/);
      expect(m.last_enrollment_id).toBeNull();
    }
    const policies = await store.db.selectFrom("policies").selectAll().execute();
    expect(policies.length).toBe(members.length);
    for (const p of policies) {
      expect(p.policy_number).toMatch(/^BS-\d{4}-\d{6}$/);
      expect(p.idempotency_key).toMatch(/^seed-\d+$/);
      expect(p.effective_date).toMatch(/^\d{4}-\d{2}-01$/);
    }
    const pp = await store.db.selectFrom("policy_plans").selectAll().execute();
    expect(pp.some((r) => r.status === "INACTIVE")).toBe(true);
    expect(pp.every((r) => r.status === "ACTIVE" || r.status === "INACTIVE")).toBe(true);
    const priceIds = new Set((await store.db.selectFrom("plan_prices").select(["id"]).execute()).map((r) => r.id));
    for (const r of pp) expect(priceIds.has(r.plan_price_id!)).toBe(true);
  });

  it("has the default, white-label and partner sites with assets and links", async () => {
    const sites = await store.db.selectFrom("sites").selectAll().orderBy("id").execute();
    expect(sites.map((s) => [s.id, s.host, s.kind])).toEqual([
      [1, DEMO.hosts.default, "default"],
      [2, DEMO.hosts.whiteLabel, "white_label"],
      [3, DEMO.hosts.partner, "partner"],
    ]);
    expect(sites[0]).toMatchObject({
      name: "Benefit Store",
      support_phone: "(888) 555-0142",
      support_email: "support@benefitstore.example",
      show_android_link: 0,
      portal_id: 1,
      redirection: null,
    });
    expect(sites[1]).toMatchObject({ group_id: 1, rep_id: 3, show_android_link: 1, redirection: null });
    expect(sites[2]!.redirection).toBe("usag");
    const assets = await store.db.selectFrom("site_assets").selectAll().execute();
    for (const s of sites)
      expect(assets.filter((a) => a.site_id === s.id).map((a) => a.key)).toEqual(
        expect.arrayContaining(["logo", "banner", "thank_you_image", "call_background", "footer_icon", "ios_icon", "android_icon"]),
      );
    const links = await store.db.selectFrom("site_links").selectAll().execute();
    expect(links.filter((l) => l.site_id === 1 && l.kind === "admin")).toEqual([]);
    for (const s of sites) expect(links.filter((l) => l.site_id === s.id && l.kind === "footer").length).toBeGreaterThanOrEqual(6);
    for (const id of [2, 3]) expect(links.filter((l) => l.site_id === id && l.kind === "admin").length).toBeGreaterThanOrEqual(7);
    for (const l of links) expect(l.url).toMatch(/^https:\/\/[a-z0-9.-]+\.example\//);
  });

  it("configures the wizard tabs", async () => {
    const tabs = await store.db.selectFrom("wizard_tabs").selectAll().execute();
    const defaults = tabs.filter((t) => t.plan_id === null && t.enroll_type === null).sort((a, b) => a.sort_order - b.sort_order);
    expect(defaults.map((t) => [t.tab_name, t.sort_order, t.required])).toEqual([
      ["primary_info", 0, 1],
      ["contact_info", 1, 1],
      ["employer_info", 2, 0],
      ["beneficiary_info", 3, 0],
      ["primary_health_info", 4, 0],
      ["dependent_info", 5, 1],
      ["agreement_info", 6, 1],
      ["billing_info", 7, 1],
      ["review_info", 8, 1],
    ]);
    expect(
      tabs.some((t) => t.plan_id === null && t.enroll_type === "new-group-member" && t.tab_name === "employer_info" && t.required === 1),
    ).toBe(true);
    const term = await plan(DEMO.plans.termLife20);
    expect(tabs.some((t) => t.plan_id === term.id && t.tab_name === "beneficiary_info" && t.required === 1)).toBe(true);
    const bundle5 = await plan(DEMO.plans.bundles[5]);
    expect(tabs.some((t) => t.plan_id === bundle5.id && t.tab_name === "beneficiary_info" && t.required === 1)).toBe(true);
    const medical = await plan(DEMO.plans.medical);
    expect(tabs.some((t) => t.plan_id === medical.id && t.tab_name === "primary_health_info" && t.required === 1)).toBe(true);
    expect(tabs.some((t) => t.plan_id !== null && t.required === 0)).toBe(true);
    expect(tabs.every((t) => t.sort_order >= 0 && t.sort_order <= 10)).toBe(true);
  });

  it("defines the wizard fields, agreements, dates, options and health questions", async () => {
    const fields = await store.db.selectFrom("field_definitions").selectAll().execute();
    const def = (tab: string, name: string, enrollType: string | null = null) =>
      fields.find((f) => f.tab_name === tab && f.field_name === name && f.plan_id === null && f.enroll_type === enrollType);
    expect(def("primary_info", "middle_name")).toMatchObject({ required: 0 });
    expect(def("primary_info", "birthdate")).toMatchObject({ required: 1, read_only: 1 });
    expect(def("primary_info", "enroller_code")).toMatchObject({ optional: 1 });
    expect(def("primary_info", "ssn", "existing-member")).toMatchObject({ read_only: 1 });
    // address line 2 is shown and optional (issue 26 #14): "required" 1 means shown, "optional" 1 that it may stay empty
    expect(def("contact_info", "address2")).toMatchObject({ required: 1, optional: 1 });
    expect(def("billing_info", "address2")).toMatchObject({ required: 1, optional: 1 });
    expect(def("agreement_info", "signature")).toMatchObject({ required: 1 });
    expect(def("agreement_info", "agent_name")).toMatchObject({ required: 0 });
    expect(def("dependent_info", "relationship")).toMatchObject({ read_only: 1 });
    for (const f of ["first_name", "last_name", "birthdate", "relationship", "ssn", "beneficiary_percentage"])
      expect(def("beneficiary_info", f), f).toBeDefined();

    const agreements = await store.db.selectFrom("agreement_texts").selectAll().execute();
    expect(agreements.length).toBeGreaterThanOrEqual(3);
    expect(agreements.some((a) => a.plan_id !== null)).toBe(true);

    const rules = await store.db.selectFrom("effective_date_rules").selectAll().execute();
    expect(rules.find((r) => r.group_id === null)).toMatchObject({ days_of_month: "1,15", months_ahead: 3, min_days_ahead: 1 });
    expect(rules.find((r) => r.group_id === 1)).toMatchObject({ days_of_month: "1" });

    const options = await store.db.selectFrom("options").selectAll().execute();
    const opt = (key: string) => options.filter((o) => o.list_key === key).sort((a, b) => a.sort_order - b.sort_order);
    expect(
      opt("compensation_type")
        .map((o) => o.value)
        .sort(),
    ).toEqual(["1099", "G10L20", "G20", "GMWL10", "MW", "Salary"]);
    expect(opt("compensation_type").find((o) => o.value === "G10L20")!.label_en).toBe("Greater than $10/hr but less than $20/hr");
    expect(opt("holiday_policy").map((o) => o.value)).toEqual([
      "Standard_6",
      "Presendents_Day",
      "Columbus_Day",
      "Religious_Days",
      "Birthday",
      "Floating_Day",
    ]);
    expect(opt("employment_status").map((o) => o.value)).toEqual(["A", "C", "R"]);
    expect(opt("marital_status").map((o) => [o.value, o.label_en])).toEqual([
      ["0", "Single"],
      ["1", "Married"],
      ["2", "Divorced"],
      ["3", "Widowed"],
    ]);
    const bill = opt("bill_date");
    expect(bill.length).toBe(28);
    expect(bill.slice(0, 3).map((o) => o.label_en)).toEqual(["1st of month", "2nd of month", "3rd of month"]);
    expect(bill.find((o) => o.value === "11")!.label_en).toBe("11th of month");
    expect(bill.find((o) => o.value === "22")!.label_en).toBe("22nd of month");
    expect(bill.find((o) => o.value === "5")!.label_es).toBe("Día 5 del mes");
    expect(opt("payment_method").map((o) => o.value)).toEqual(["eft", "cc", "elist", "list", "stmt"]);
    expect(opt("employer_industry").length).toBeGreaterThanOrEqual(10);
    for (const o of options) expect(o.label_es).toBeTruthy();

    const hq = await store.db.selectFrom("health_questions").selectAll().orderBy("id").execute();
    expect(hq.map((q) => q.id)).toEqual([140, 141, 142, 143, 144, 145, 146, 147, 148]);
    expect(hq.filter((q) => q.kind === "medication").map((q) => q.id)).toEqual([148]);
    expect(hq.some((q) => q.for_dependents === 1)).toBe(true);
    expect(hq.find((q) => q.id === 146)!.text_en).toMatch(/mental or nervous/);
    expect(hq.find((q) => q.id === 147)!.text_en).toMatch(/hospitalized in the last 2 years/);
  });

  it("leaves id sequences past the seeded ids", async () => {
    const carrier = await store.db
      .insertInto("carriers")
      .values({ code: "sequence-check", name: "Sequence Check", logo_url: null, admin_fee_percent: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(carrier.id).toBeGreaterThan(8);
    const group = await store.db
      .insertInto("groups")
      .values({ group_code: "SEQCHECK", company_name: "Sequence Check", active: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(group.id).toBeGreaterThan(DEMO.memberBenefitStoreGroupId);
    const price = await store.db
      .insertInto("plan_prices")
      .values({
        plan_id: 1,
        tier: "IO",
        age_min: 18,
        age_max: 29,
        gender: null,
        smoker: null,
        state: "ZZ",
        coverage_amount: null,
        price_cents: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const max = await store.db
      .selectFrom("plan_prices")
      .select(store.db.fn.max("id").as("m"))
      .where("id", "<", price.id)
      .executeTakeFirstOrThrow();
    expect(price.id).toBeGreaterThan(Number(max.m));
    await store.db.deleteFrom("plan_prices").where("id", "=", price.id).execute();
    await store.db.deleteFrom("groups").where("id", "=", group.id).execute();
    await store.db.deleteFrom("carriers").where("id", "=", carrier.id).execute();
  });
});
