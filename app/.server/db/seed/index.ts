/**
 * Demo seed: a realistic catalog, identities and wizard configuration. Runs once: when
 * the plans table already has rows it does nothing. Everything is inserted in one
 * transaction, with explicit ids where other rows refer to them. The catalog is not inserted
 * here: the demo catalog's import files (docs/catalog/demo) are imported and published as
 * version 1 by the catalog's own use case (publishDemoCatalog), by "demo seed".
 */
import { DEMO_OPERATOR, seedDemoOperator, seedMissingDemoOperator } from "./operators";
import { seedMissingCarrierProfiles } from "./carrier-profiles";
import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import type { Database } from "../schema";
import type { Cipher } from "../../platform/crypto";
import { CARRIERS, CATEGORIES, METRO_ZIP3, PLANS, PRICES, planByCode } from "./catalog";
import { DEMO_CATALOG_FILES, demoCatalogUpload } from "./demo-catalog";
import { publishDemoCatalog } from "../../operators/catalog/versions";
import {
  GROUPS,
  GROUP_ADMINS,
  MEMBERS,
  MEMBER_BENEFIT_STORE_GROUP_ID,
  PORTALS,
  REFERRALS,
  REPS,
  REP_PORTALS,
  SITES,
  SITE_ASSETS,
  SITE_LINKS,
  buildMembers,
} from "./identities";
import { AGREEMENT_TEXTS, EFFECTIVE_DATE_RULES, FIELD_DEFINITIONS, HEALTH_QUESTIONS, OPTIONS, WIZARD_TABS } from "./wizard-config";

export type SeedDialect = "sqlite" | "postgres";

/** Tables seeded with explicit ids in serial columns (PostgreSQL sequences need advancing). */
export const EXPLICIT_ID_TABLES = ["portals", "reps", "groups", "members", "policies", "referrals", "sites", "group_admins"] as const;

type TableName = keyof Database;

async function insertAll<T extends TableName>(
  trx: Transaction<Database>,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
  chunk = 200,
) {
  for (let i = 0; i < rows.length; i += chunk) {
    // Kysely cannot relate a generic table name to its row type; the rows are typed by the caller.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + chunk) as never)
      .execute();
  }
}

const groupAdminRows = () => GROUP_ADMINS.map(({ group_code: _code, ...row }) => row);

/**
 * A database seeded before the group admins existed (migration 006) gets the demo admins of the
 * demo groups it holds, once; a database without the demo groups gets none.
 */
async function seedMissingGroupAdmins(db: Kysely<Database>, dialect: SeedDialect) {
  const admins = await db.selectFrom("group_admins").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  if (Number(admins.n) > 0) return;
  const groups = await db.selectFrom("groups").select(["id", "group_code"]).execute();
  const rows = GROUP_ADMINS.filter((a) => groups.some((g) => g.id === a.group_id && g.group_code === a.group_code)).map(
    ({ group_code: _code, ...row }) => row,
  );
  if (!rows.length) return;
  await db.insertInto("group_admins").values(rows).execute();
  if (dialect === "postgres")
    await sql`select setval(pg_get_serial_sequence('group_admins', 'id'), (select max(id) from group_admins))`.execute(db);
}

/**
 * A database seeded before the plan facts existed (migration 011) gets the demo plans' facts,
 * once, for the demo plans it holds (same id and code); other plans get none.
 */
async function seedMissingPlanFacts(db: Kysely<Database>) {
  const facts = await db.selectFrom("plan_facts").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  if (Number(facts.n) > 0) return;
  const plans = await db.selectFrom("plans").select(["id", "code"]).execute();
  const demo = new Map(plans.filter((p) => PLANS.some((d) => d.id === p.id && d.code === p.code)).map((p) => [p.code, p.id]));
  const rows = demoCatalogUpload().plans.flatMap((p) =>
    (["en", "es"] as const).flatMap((locale) => {
      const f = p.facts[locale];
      const plan_id = demo.get(p.code);
      if (!f || plan_id === undefined) return [];
      const { coverage, exclusions, ...text } = f;
      return [{ plan_id, locale, ...text, coverage: JSON.stringify(coverage), exclusions: JSON.stringify(exclusions) }];
    }),
  );
  for (let i = 0; i < rows.length; i += 50)
    await db
      .insertInto("plan_facts")
      .values(rows.slice(i, i + 50))
      .execute();
}

/**
 * The identities and the wizard configuration name plans, carriers, categories and price rows by
 * the ids the import gives them on an empty database (file order): a database that gave others
 * (a sequence not at its start) would seed wrong references, so it stops the seed instead.
 */
async function expectDemoIds(trx: Transaction<Database>) {
  const [plans, carriers, categories, prices] = await Promise.all([
    trx.selectFrom("plans").select(["id", "code"]).orderBy("id").execute(),
    trx.selectFrom("carriers").select(["id", "code"]).orderBy("id").execute(),
    trx.selectFrom("plan_categories").select(["id", "key"]).orderBy("id").execute(),
    trx.selectFrom("plan_prices").select(["id", "plan_id", "price_cents"]).orderBy("id").execute(),
  ]);
  const same =
    JSON.stringify(plans) === JSON.stringify(PLANS.map((p) => ({ id: p.id, code: p.code }))) &&
    JSON.stringify(carriers) === JSON.stringify(CARRIERS.map((c) => ({ id: c.id, code: c.code }))) &&
    JSON.stringify(categories) === JSON.stringify(CATEGORIES.map((c) => ({ id: c.id, key: c.key }))) &&
    JSON.stringify(prices) === JSON.stringify(PRICES.map((p) => ({ id: p.id, plan_id: p.plan_id, price_cents: p.price_cents })));
  if (!same) throw new Error("the demo catalog's import gave other ids than its files' order: the seed needs an empty database");
}

export async function seedDatabase(
  db: Kysely<Database>,
  cipher: Cipher,
  now: Date,
  dialect: SeedDialect = "sqlite",
): Promise<{ seeded: boolean }> {
  const existing = await db.selectFrom("plans").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) {
    await seedMissingGroupAdmins(db, dialect);
    await seedMissingPlanFacts(db);
    await seedMissingDemoOperator(db, now);
    await seedMissingCarrierProfiles(db, now);
    return { seeded: false };
  }

  const identities = buildMembers(cipher, now);
  // read and checked once per process, before the transaction
  const catalog = demoCatalogUpload();

  return db.transaction().execute(async (trx) => {
    // another process may have seeded between the check and the transaction
    const again = await trx.selectFrom("plans").select(trx.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    if (Number(again.n) > 0) return { seeded: false };

    // catalog: the demo files imported and published as version 1, in force since 1900 (ADR 022)
    await publishDemoCatalog(trx, catalog, { source: DEMO_CATALOG_FILES.map((f) => `docs/catalog/demo/${f}`).join(", "), now });
    await expectDemoIds(trx);

    // identities
    await insertAll(trx, "portals", PORTALS);
    await insertAll(trx, "reps", REPS);
    await insertAll(trx, "rep_portals", REP_PORTALS);
    await insertAll(trx, "groups", GROUPS);
    await insertAll(trx, "group_admins", groupAdminRows());
    await insertAll(trx, "members", identities.members);
    await insertAll(trx, "policies", identities.policies);
    await insertAll(trx, "policy_plans", identities.policyPlans);
    await insertAll(trx, "referrals", REFERRALS);
    await insertAll(trx, "sites", SITES);
    await insertAll(trx, "site_assets", SITE_ASSETS);
    await insertAll(trx, "site_links", SITE_LINKS);
    await seedDemoOperator(trx, now);
    await seedMissingCarrierProfiles(trx, now);

    // wizard configuration
    await insertAll(trx, "wizard_tabs", WIZARD_TABS);
    await insertAll(trx, "field_definitions", FIELD_DEFINITIONS);
    await insertAll(trx, "agreement_texts", AGREEMENT_TEXTS);
    await insertAll(trx, "effective_date_rules", EFFECTIVE_DATE_RULES);
    await insertAll(trx, "options", OPTIONS);
    await insertAll(trx, "health_questions", HEALTH_QUESTIONS);

    if (dialect === "postgres") {
      for (const table of EXPLICIT_ID_TABLES) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(trx);
      }
    }
    return { seeded: true };
  });
}

const code = (c: string) => planByCode(c).code;
const memberName = (id: number) => {
  const m = MEMBERS.find((x) => x.id === id)!;
  return `${m.first_name} ${m.last_name}`;
};

/** Identities and plan codes the tests, the README and the demo walkthrough rely on. */
export const DEMO = {
  operator: DEMO_OPERATOR,
  hosts: { default: "localhost", whiteLabel: "elevate.localhost", partner: "partners.localhost" },
  sites: {
    defaultId: 1,
    whiteLabelId: 2,
    partnerId: 3,
    supportPhone: "(888) 555-0142",
    supportEmail: "support@benefitstore.example",
    partnerRedirection: "usag",
  },
  portals: {
    direct: { id: 1, code: "DIRECT", name: "Direct to Consumer" },
    employer: { id: 2, code: "EMPLOYER", name: "Employer Benefits Portal" },
    senior: { id: 3, code: "SENIOR", name: "Senior Market" },
  },
  rep: {
    id: 1,
    code: "ABCD1212",
    firstName: "Jane",
    lastName: "Carter",
    name: "Jane Carter",
    email: "jane.carter@carterbenefitsgroup.example",
    phone: "2145550187",
    slug: "jane-carter",
    landingUrl: "/jane-carter",
    portalIds: [1, 2],
  },
  /** valid rep code whose rep has no landing URL (landing-config-error) */
  repNoLanding: { id: 2, code: "NOLAND01", name: "Marcus Reyes" },
  whiteLabelRep: { id: 3, code: "ELEV8REP", name: "Priya Natarajan", slug: "priya-natarajan" },
  group: {
    id: 1,
    code: "ACME2024",
    companyName: "Acme Logistics Inc.",
    slug: "acme-logistics",
    landingUrl: "/acme-logistics",
    repId: 1,
    portalId: 2,
    groupQuoteUrl: "https://groups.benefitstore.example/verify",
  },
  /** the group admins who may sign in with a code (Acme has two) */
  groupAdmins: {
    acme: { id: 1, groupId: 1, name: "Dana Whitfield", email: "dana.whitfield@acmelogistics.example", phone: "2145550199" },
    acme2: { id: 2, groupId: 1, name: "Tomás Alvarez", email: "tomas.alvarez@acmelogistics.example", phone: "2145550176" },
    brazos: { id: 3, groupId: 2, name: "Carla Benson", email: "carla.benson@brazosvalley.example", phone: "9795550123" },
    gulfCoast: { id: 4, groupId: 3, name: "Ray Thibodeaux", email: "ray.thibodeaux@gulfcoasthospitality.example", phone: "4095550110" },
  },
  group2: {
    id: 2,
    code: "BRAZOS25",
    companyName: "Brazos Valley Construction LLC",
    slug: "brazos-valley-construction",
    landingUrl: "/brazos-valley-construction",
  },
  /** valid group code whose group has no landing URL (landing-config-error) */
  groupNoLanding: { id: 3, code: "NOLAND02", companyName: "Gulf Coast Hospitality Group" },
  memberBenefitStore: { groupId: MEMBER_BENEFIT_STORE_GROUP_ID, code: "MBS1929", companyName: "Member Benefit Store" },
  memberBenefitStoreGroupId: MEMBER_BENEFIT_STORE_GROUP_ID,
  referral: { code: "RF8Q2KD7", referrerName: "Jane Carter", repId: 1, groupCode: "RG5ACM3X", inactiveCode: "RX4T9M2B" },
  members: {
    /** rep 1's direct members (no group) */
    underRep: [memberName(1), memberName(2), memberName(3)],
    /** group 1 (Acme Logistics) members */
    underGroup: [memberName(4), memberName(5), memberName(6)],
    /** has an INACTIVE plan (shown in red) */
    withInactivePlan: memberName(6),
    senior: memberName(8),
    /** members of the member benefit store's group (1929): `npx tsx scripts/member-store-link.ts 9 IO` */
    memberBenefitStore: [memberName(9), memberName(10)],
    ids: { underRep: [1, 2, 3], underGroup: [4, 5, 6], group2: [7], senior: [8], memberBenefitStore: [9, 10] },
  },
  zips: {
    dallas: "75201",
    nyc: "10001",
    queens: "11375",
    buffalo: "14201",
    miami: "33131",
    phoenix: "85004",
    losAngeles: "90012",
    chicago: "60601",
  },
  metroZip3: METRO_ZIP3,
  adminFeeCarrier: { code: "keystone", percent: 3 },
  plans: {
    /** all_states=0, sold only in TX, FL, GA, AZ */
    stateError: code("BSD-HMO-SUN"),
    stateErrorStates: ["TX", "FL", "GA", "AZ"],
    /** IS and IF prices are 0 */
    tierError: code("CVV-PARENT-CHILD"),
    /** ages 18–49 */
    ageError: code("LUH-YOUNG-ADULT"),
    /** 65+ only, audience over65 (Medicare supplement) */
    over65: code("SML-MEDSUPP-G"),
    seniorDental: code("BSD-SENIOR"),
    /** plan_areas: NYC ZIP3 100–104 and 110–114 */
    metError: code("LUH-METRO-NYC"),
    /** tobacco_rated term life, coverage 50,000 / 100,000 / 250,000 */
    smokerError: code("SML-TERM10"),
    /** requires_salary, 45 cents per $1,000 of annual salary */
    salaryError: code("SML-STD-SALARY"),
    /** min_working_hours 30 */
    hourError: code("SML-DI-FIXED"),
    /** guaranteed issue with eligibility questions */
    eligibility: code("LUH-GI-CORE"),
    /** critical illness with Enroll-Now health questions and a decline message */
    enrollQuestions: code("SML-CI-20K"),
    membershipRequired: code("EWL-CARECONNECT-MEC"),
    /** the $5.00 wellness membership */
    membership: code("EWL-WELLNESS"),
    premier: code("HPI-PREMIER-HOSPITAL"),
    premierCompanion: code("HPI-PREMIER-ACCIDENT"),
    iha: code("KHA-IHA"),
    l713: code("LUH-L713"),
    hideAddToCart: code("LUH-LARGE-GROUP"),
    inactive: code("BSD-CLASSIC"),
    termLife20: code("SML-TERM20"),
    adminFee: code("KHA-LM-ENHANCED"),
    dental: code("BSD-PPO-ESS"),
    vision: code("CVV-BASIC"),
    medical: code("LUH-SILVER-3000"),
    nyStateRated: code("LUH-SILVER-3000"),
    bundles: { 2: code("BND-SMILE-SIGHT"), 3: code("BND-TRIPLE-PLAY"), 4: code("BND-4-IN-1"), 5: code("BND-ULTIMATE") },
    riders: [code("SML-SPOUSE-RIDER"), code("SML-CHILD-RIDER"), code("HPI-ADD-RIDER")],
  },
  /** a few codes per pricing error, for table-driven tests */
  errorCases: {
    stateError: ["BSD-HMO-SUN"],
    tierError: ["CVV-PARENT-CHILD", "SML-CHILD-RIDER", "BSD-SENIOR"],
    ageError: ["LUH-YOUNG-ADULT", "SML-MEDSUPP-G", "SML-TERM20"],
    metError: ["LUH-METRO-NYC"],
    smokerError: ["SML-TERM10"],
    salaryError: ["SML-STD-SALARY"],
    hourError: ["SML-DI-FIXED"],
  },
} as const;
