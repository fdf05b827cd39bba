/**
 * Demo identities: portals, reps, employer groups, existing members with their policies,
 * referral links and the sites (default, white-label and partner hosts) with their assets
 * and footer/admin links. Codes are stored upper case.
 */
import type { Insertable } from "kysely";
import type {
  GroupAdminTable,
  GroupTable,
  MemberTable,
  PolicyPlanTable,
  PolicyTable,
  PortalTable,
  ReferralTable,
  RepPortalTable,
  RepTable,
  SiteAssetTable,
  SiteLinkTable,
  SiteTable,
} from "../schema";
import type { Cipher } from "../../platform/crypto";
import { PRICES, findPrice, planByCode, type Tier } from "./catalog";

// ---------------------------------------------------------------- portals

/** The demo portals' Spanish names (also set by migration 021 on a database seeded before it). */
export const PORTAL_NAMES_ES = {
  DIRECT: "Directo al consumidor",
  EMPLOYER: "Portal de beneficios para empleadores",
  SENIOR: "Mercado para mayores de 65",
} as const;

export const PORTALS: Array<Insertable<PortalTable> & { id: number }> = [
  { id: 1, code: "DIRECT", name: "Direct to Consumer", name_es: PORTAL_NAMES_ES.DIRECT },
  { id: 2, code: "EMPLOYER", name: "Employer Benefits Portal", name_es: PORTAL_NAMES_ES.EMPLOYER },
  { id: 3, code: "SENIOR", name: "Senior Market", name_es: PORTAL_NAMES_ES.SENIOR },
];

// ---------------------------------------------------------------- reps

export const REPS: Array<Insertable<RepTable> & { id: number }> = [
  {
    id: 1,
    agent_code: "ABCD1212",
    first_name: "Jane",
    last_name: "Carter",
    email: "jane.carter@carterbenefitsgroup.example",
    phone: "2145550187",
    landing_slug: "jane-carter",
    landing_url: "/jane-carter",
    logo_url: "/brand/reps/jane-carter.svg",
    banner_image_url: "/brand/banners/jane-carter.svg",
    banner_link: "/plans",
    display_name: "Jane Carter",
    display_phone: "(214) 555-0187",
    display_email: "jane.carter@carterbenefitsgroup.example",
    tagline_en: "Benefits made simple for North Texas families and businesses",
    tagline_es: "Beneficios sencillos para familias y empresas del norte de Texas",
    bio_en:
      "Jane Carter has helped families and small businesses across the Dallas–Fort Worth area choose health, dental and life coverage for more than 15 years. As founder of Carter Benefits Group, she compares plans from several carriers, explains the trade-offs in plain language and stays on call after you enroll, whether you need help with a claim or a change at renewal.",
    bio_es:
      "Jane Carter ha ayudado durante más de 15 años a familias y pequeñas empresas del área de Dallas–Fort Worth a elegir coberturas de salud, dentales y de vida. Como fundadora de Carter Benefits Group, compara planes de varias aseguradoras, explica las diferencias con palabras sencillas y sigue a su disposición después de la inscripción, ya sea para ayudarle con una reclamación o con un cambio al renovar.",
    brand_color: "#1d4e89",
    active: 1,
  },
  {
    id: 2,
    agent_code: "NOLAND01",
    first_name: "Marcus",
    last_name: "Reyes",
    email: "marcus.reyes@reyesinsurance.example",
    phone: "7135550142",
    landing_slug: null,
    landing_url: null,
    logo_url: null,
    banner_image_url: null,
    banner_link: null,
    display_name: "Marcus Reyes",
    display_phone: "(713) 555-0142",
    display_email: "marcus.reyes@reyesinsurance.example",
    tagline_en: null,
    tagline_es: null,
    bio_en: null,
    bio_es: null,
    brand_color: null,
    active: 1,
  },
  {
    id: 3,
    agent_code: "ELEV8REP",
    first_name: "Priya",
    last_name: "Natarajan",
    email: "priya.natarajan@elevatebenefits.example",
    phone: "4695550123",
    landing_slug: "priya-natarajan",
    landing_url: "/priya-natarajan",
    logo_url: "/brand/reps/priya-natarajan.svg",
    banner_image_url: "/brand/banners/priya-natarajan.svg",
    banner_link: "/plans",
    display_name: "Priya Natarajan",
    display_phone: "(469) 555-0123",
    display_email: "priya.natarajan@elevatebenefits.example",
    tagline_en: "Employee benefits that people actually use",
    tagline_es: "Beneficios para empleados que la gente realmente usa",
    bio_en:
      "Priya Natarajan leads enrollment for Elevate Employee Benefits. She works with HR teams to design voluntary benefit programs and personally walks employees through their options during open enrollment, in English or Spanish.",
    bio_es:
      "Priya Natarajan dirige las inscripciones de Elevate Employee Benefits. Trabaja con equipos de recursos humanos para diseñar programas de beneficios voluntarios y guía personalmente a los empleados por sus opciones durante la inscripción abierta, en inglés o en español.",
    brand_color: "#0b6e4f",
    active: 1,
  },
];

export const REP_PORTALS: Insertable<RepPortalTable>[] = [
  { rep_id: 1, portal_id: 1 },
  { rep_id: 1, portal_id: 2 },
  { rep_id: 2, portal_id: 1 },
  { rep_id: 2, portal_id: 3 },
  { rep_id: 3, portal_id: 2 },
];

// ---------------------------------------------------------------- groups

export const MEMBER_BENEFIT_STORE_GROUP_ID = 1929;
const GROUP_QUOTE_URL = "https://groups.benefitstore.example/verify";

export const GROUPS: Array<Insertable<GroupTable> & { id: number }> = [
  {
    id: 1,
    group_code: "ACME2024",
    company_name: "Acme Logistics Inc.",
    slug: "acme-logistics",
    landing_url: "/acme-logistics",
    rep_id: 1,
    portal_id: 2,
    logo_url: "/brand/groups/acme-logistics.svg",
    banner_image_url: "/brand/banners/acme-logistics.svg",
    banner_link: "/plans",
    display_phone: "(214) 555-0160",
    display_email: "benefits@acmelogistics.example",
    tagline_en: "Benefits that move with you",
    tagline_es: "Beneficios que avanzan con usted",
    about_en:
      "Acme Logistics Inc. has moved freight across Texas and the Southwest since 1987. Our 640 drivers, warehouse associates and office staff choose from medical, dental, vision, life and income-protection plans every year, and Acme contributes toward employee coverage.",
    about_es:
      "Acme Logistics Inc. transporta carga por Texas y el suroeste desde 1987. Cada año, nuestros 640 conductores, empleados de almacén y personal de oficina eligen entre planes médicos, dentales, de visión, de vida y de protección de ingresos, y Acme aporta una parte del costo de la cobertura del empleado.",
    brand_color: "#b3261e",
    address1: "1845 Commerce Street",
    address2: "Suite 300",
    city: "Dallas",
    state: "TX",
    zip: "75201",
    employer_name: "Acme Logistics Inc.",
    employer_phone: "2145550160",
    group_quote_url: GROUP_QUOTE_URL,
    active: 1,
  },
  {
    id: 2,
    group_code: "BRAZOS25",
    company_name: "Brazos Valley Construction LLC",
    slug: "brazos-valley-construction",
    landing_url: "/brazos-valley-construction",
    rep_id: 1,
    portal_id: 2,
    logo_url: "/brand/groups/brazos-valley-construction.svg",
    banner_image_url: "/brand/banners/brazos-valley-construction.svg",
    banner_link: "/plans",
    display_phone: "(254) 555-0118",
    display_email: "hr@brazosvalleybuild.example",
    tagline_en: "Building Central Texas, protecting our crews",
    tagline_es: "Construimos el centro de Texas y protegemos a nuestros equipos",
    about_en:
      "Brazos Valley Construction is a family-owned commercial builder based in Waco. Our crews work hard, so we offer accident, disability and hospital coverage alongside medical and dental plans.",
    about_es:
      "Brazos Valley Construction es una constructora comercial familiar con sede en Waco. Nuestros equipos trabajan duro, por eso ofrecemos coberturas de accidentes, discapacidad y hospitalización además de planes médicos y dentales.",
    brand_color: "#7a4a12",
    address1: "900 Franklin Avenue",
    address2: null,
    city: "Waco",
    state: "TX",
    zip: "76701",
    employer_name: "Brazos Valley Construction LLC",
    employer_phone: "2545550118",
    group_quote_url: GROUP_QUOTE_URL,
    active: 1,
    payment_method: "stmt",
  },
  {
    id: 3,
    group_code: "NOLAND02",
    company_name: "Gulf Coast Hospitality Group",
    slug: null,
    landing_url: null,
    rep_id: 2,
    portal_id: 2,
    logo_url: null,
    banner_image_url: null,
    banner_link: null,
    display_phone: "(409) 555-0175",
    display_email: "people@gulfcoasthospitality.example",
    tagline_en: null,
    tagline_es: null,
    about_en: null,
    about_es: null,
    brand_color: null,
    address1: "2300 Seawall Boulevard",
    address2: null,
    city: "Galveston",
    state: "TX",
    zip: "77550",
    employer_name: "Gulf Coast Hospitality Group",
    employer_phone: "4095550175",
    group_quote_url: null,
    active: 1,
  },
  {
    id: MEMBER_BENEFIT_STORE_GROUP_ID,
    group_code: "MBS1929",
    company_name: "Member Benefit Store",
    slug: "member-benefit-store",
    landing_url: "/member-benefit-store",
    rep_id: null,
    portal_id: 1,
    logo_url: "/brand/groups/member-benefit-store.svg",
    banner_image_url: "/brand/banners/member-benefit-store.svg",
    banner_link: "/plans",
    display_phone: "(888) 555-0142",
    display_email: "members@benefitstore.example",
    tagline_en: "Member-only pricing on everyday benefits",
    tagline_es: "Precios exclusivos para miembros en beneficios para el día a día",
    about_en:
      "The Member Benefit Store lets current members add dental, vision, telehealth and other benefits to their coverage at member pricing.",
    about_es:
      "La Tienda de Beneficios para Miembros permite a los miembros actuales añadir beneficios dentales, de visión, de telemedicina y otros a su cobertura con precios para miembros.",
    brand_color: "#1d4e89",
    address1: "500 North Akard Street",
    address2: "Floor 12",
    city: "Dallas",
    state: "TX",
    zip: "75201",
    employer_name: null,
    employer_phone: null,
    group_quote_url: null,
    active: 1,
  },
];

// ---------------------------------------------------------------- group admins

/**
 * Each group's administrators (issue 15): the group home's member list and "Enroll Now for …"
 * are theirs alone, after a sign-in code sent to this e-mail or phone. Employees who know the
 * group code never see a co-worker.
 */
export const GROUP_ADMINS: Array<Insertable<GroupAdminTable> & { id: number; group_code: string }> = [
  {
    id: 1,
    group_id: 1,
    group_code: "ACME2024",
    first_name: "Dana",
    last_name: "Whitfield",
    email: "dana.whitfield@acmelogistics.example",
    phone: "2145550199",
    active: 1,
  },
  {
    id: 2,
    group_id: 1,
    group_code: "ACME2024",
    first_name: "Tomás",
    last_name: "Alvarez",
    email: "tomas.alvarez@acmelogistics.example",
    phone: "2145550176",
    active: 1,
  },
  {
    id: 3,
    group_id: 2,
    group_code: "BRAZOS25",
    first_name: "Carla",
    last_name: "Benson",
    email: "carla.benson@brazosvalley.example",
    phone: "9795550123",
    active: 1,
  },
  {
    id: 4,
    group_id: 3,
    group_code: "NOLAND02",
    first_name: "Ray",
    last_name: "Thibodeaux",
    email: "ray.thibodeaux@gulfcoasthospitality.example",
    phone: "4095550110",
    active: 1,
  },
];

// ---------------------------------------------------------------- members and policies

interface DemoMember {
  id: number;
  rep_id: number | null;
  group_id: number | null;
  portal_id: number;
  first_name: string;
  last_name: string;
  birthdate: string;
  gender: number;
  phone: string;
  /** fake but valid-shaped: not 000/666/9xx area, not 00 group, not 0000 serial */
  ssn: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
  tier: Tier;
  /** months before `now` the policy was written */
  monthsAgo: number;
  plans: Array<{ code: string; status?: "ACTIVE" | "INACTIVE"; coverage?: number }>;
}

export const MEMBERS: DemoMember[] = [
  // under rep 1, direct (no group)
  {
    id: 1,
    rep_id: 1,
    group_id: null,
    portal_id: 1,
    first_name: "Michael",
    last_name: "Thompson",
    birthdate: "1979-04-12",
    gender: 0,
    phone: "9725550131",
    ssn: "412583307",
    address1: "4521 Preston Meadow Drive",
    city: "Plano",
    state: "TX",
    zip: "75024",
    tier: "IF",
    monthsAgo: 14,
    plans: [{ code: "BSD-PPO-PREM" }, { code: "CVV-PLUS" }, { code: "LUH-SILVER-3000" }],
  },
  {
    id: 2,
    rep_id: 1,
    group_id: null,
    portal_id: 1,
    first_name: "Sofia",
    last_name: "Ramirez",
    birthdate: "1986-09-23",
    gender: 1,
    phone: "4695550178",
    ssn: "527194462",
    address1: "810 West Las Colinas Boulevard",
    city: "Irving",
    state: "TX",
    zip: "75039",
    tier: "IO",
    monthsAgo: 8,
    plans: [{ code: "KHA-LM-ENHANCED" }, { code: "EWL-TELEHEALTH" }],
  },
  {
    id: 3,
    rep_id: 1,
    group_id: null,
    portal_id: 1,
    first_name: "Robert",
    last_name: "Chen",
    birthdate: "1968-02-08",
    gender: 0,
    phone: "2145550193",
    ssn: "231748815",
    address1: "6120 Legacy Drive",
    city: "Frisco",
    state: "TX",
    zip: "75034",
    tier: "IS",
    monthsAgo: 20,
    plans: [{ code: "BSD-PPO-ESS" }, { code: "SML-TERM10", coverage: 100000 }],
  },
  // under group 1 (Acme Logistics, rep 1)
  {
    id: 4,
    rep_id: 1,
    group_id: 1,
    portal_id: 2,
    first_name: "Angela",
    last_name: "Brooks",
    birthdate: "1990-06-30",
    gender: 1,
    phone: "2145550124",
    ssn: "459621038",
    address1: "3310 Gaston Avenue",
    city: "Dallas",
    state: "TX",
    zip: "75246",
    tier: "IC",
    monthsAgo: 11,
    plans: [{ code: "BSD-PPO-ESS" }, { code: "CVV-BASIC" }, { code: "HPI-ACCIDENT" }],
  },
  {
    id: 5,
    rep_id: 1,
    group_id: 1,
    portal_id: 2,
    first_name: "David",
    last_name: "Okafor",
    birthdate: "1983-11-15",
    gender: 0,
    phone: "9725550166",
    ssn: "318275594",
    address1: "1502 Forest Lane",
    city: "Garland",
    state: "TX",
    zip: "75042",
    tier: "IF",
    monthsAgo: 11,
    plans: [{ code: "LUH-SILVER-3000" }, { code: "BSD-PPO-PREM" }],
  },
  {
    id: 6,
    rep_id: 1,
    group_id: 1,
    portal_id: 2,
    first_name: "Linda",
    last_name: "Nguyen",
    birthdate: "1971-03-05",
    gender: 1,
    phone: "9725550109",
    ssn: "604332719",
    address1: "755 Canyon Creek Square",
    city: "Richardson",
    state: "TX",
    zip: "75080",
    tier: "IO",
    monthsAgo: 23,
    plans: [{ code: "HPI-HOSPITAL-500" }, { code: "HPI-CI-10K", status: "INACTIVE" }, { code: "CVV-BASIC" }],
  },
  // under group 2 (Brazos Valley Construction, rep 1)
  {
    id: 7,
    rep_id: 1,
    group_id: 2,
    portal_id: 2,
    first_name: "Carlos",
    last_name: "Mendoza",
    birthdate: "1995-01-19",
    gender: 0,
    phone: "2545550147",
    ssn: "145863320",
    address1: "2207 Bagby Avenue",
    city: "Waco",
    state: "TX",
    zip: "76711",
    tier: "IO",
    monthsAgo: 5,
    plans: [{ code: "LUH-YOUNG-ADULT" }, { code: "BSD-PPO-ESS", status: "INACTIVE" }, { code: "SML-DI-FIXED" }],
  },
  // under rep 2, senior market
  {
    id: 8,
    rep_id: 2,
    group_id: null,
    portal_id: 3,
    first_name: "Emily",
    last_name: "Walsh",
    birthdate: "1957-07-22",
    gender: 1,
    phone: "7135550152",
    ssn: "273516648",
    address1: "2419 Bissonnet Street",
    city: "Houston",
    state: "TX",
    zip: "77005",
    tier: "IO",
    monthsAgo: 30,
    plans: [{ code: "SML-MEDSUPP-G" }, { code: "BSD-SENIOR" }],
  },
  // in the member benefit store's group (1929): their links open the member benefit store (README)
  {
    id: 9,
    rep_id: null,
    group_id: MEMBER_BENEFIT_STORE_GROUP_ID,
    portal_id: 1,
    first_name: "Olivia",
    last_name: "Bennett",
    birthdate: "1984-10-03",
    gender: 1,
    phone: "2145550148",
    ssn: "536207714",
    address1: "2811 McKinney Avenue",
    city: "Dallas",
    state: "TX",
    zip: "75204",
    tier: "IO",
    monthsAgo: 9,
    plans: [{ code: "EWL-TELEHEALTH" }, { code: "CVV-BASIC" }],
  },
  {
    id: 10,
    rep_id: null,
    group_id: MEMBER_BENEFIT_STORE_GROUP_ID,
    portal_id: 1,
    first_name: "Daniel",
    last_name: "Hale",
    birthdate: "1976-05-27",
    gender: 0,
    phone: "8175550172",
    ssn: "462881305",
    address1: "3400 Camp Bowie Boulevard",
    city: "Fort Worth",
    state: "TX",
    zip: "76107",
    tier: "IS",
    monthsAgo: 16,
    plans: [{ code: "BSD-PPO-ESS" }, { code: "EWL-TELEHEALTH" }],
  },
];

const iso = (d: Date) => d.toISOString().slice(0, 10);

function monthsBefore(now: Date, months: number, day = 10) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, day, 15, 30, 0));
}

function ageOn(birthdate: string, on: Date) {
  const [y, m, d] = birthdate.split("-").map(Number) as [number, number, number];
  let age = on.getUTCFullYear() - y;
  if (on.getUTCMonth() + 1 < m || (on.getUTCMonth() + 1 === m && on.getUTCDate() < d)) age--;
  return age;
}

export interface IdentityRows {
  members: Array<Insertable<MemberTable> & { id: number }>;
  policies: Array<Insertable<PolicyTable> & { id: number }>;
  policyPlans: Insertable<PolicyPlanTable>[];
}

export function buildMembers(cipher: Cipher, now: Date): IdentityRows {
  const members: IdentityRows["members"] = [];
  const policies: IdentityRows["policies"] = [];
  const policyPlans: IdentityRows["policyPlans"] = [];
  for (const m of MEMBERS) {
    const created = monthsBefore(now, m.monthsAgo);
    const effective = new Date(Date.UTC(created.getUTCFullYear(), created.getUTCMonth() + 1, 1));
    members.push({
      id: m.id,
      rep_id: m.rep_id,
      group_id: m.group_id,
      portal_id: m.portal_id,
      first_name: m.first_name,
      last_name: m.last_name,
      birthdate: m.birthdate,
      gender: m.gender,
      email: `${m.first_name}.${m.last_name}`.toLowerCase() + "@example.com",
      phone: m.phone,
      ssn_enc: cipher.encrypt(m.ssn),
      ssn_last4: m.ssn.slice(-4),
      address1: m.address1,
      address2: null,
      city: m.city,
      state: m.state,
      zip: m.zip,
      last_enrollment_id: null,
      created_at: created.toISOString(),
    });
    policies.push({
      id: m.id,
      policy_number: `BS-${created.getUTCFullYear()}-${String(120 + m.id).padStart(6, "0")}`,
      member_id: m.id,
      enrollment_id: null,
      idempotency_key: `seed-${m.id}`,
      tier: m.tier,
      effective_date: iso(effective),
      created_at: created.toISOString(),
    });
    for (const p of m.plans) {
      const plan = planByCode(p.code);
      const row = findPrice(PRICES, {
        planId: plan.id,
        tier: m.tier,
        age: ageOn(m.birthdate, effective),
        gender: m.gender,
        smoker: 0,
        state: m.state,
        coverage: p.coverage ?? null,
      });
      if (!row || row.price_cents <= 0) throw new Error(`seed: no price for member ${m.id} plan ${p.code}`);
      policyPlans.push({
        policy_id: m.id,
        plan_id: plan.id,
        plan_price_id: row.id,
        price_cents: row.price_cents,
        status: p.status ?? "ACTIVE",
      });
    }
  }
  return { members, policies, policyPlans };
}

// ---------------------------------------------------------------- referrals

export const REFERRALS: Array<Insertable<ReferralTable> & { id: number }> = [
  { id: 1, code: "RF8Q2KD7", rep_id: 1, group_id: null, portal_id: 1, referrer_name: "Jane Carter", active: 1 },
  { id: 2, code: "RG5ACM3X", rep_id: 1, group_id: 1, portal_id: 2, referrer_name: "Acme Logistics Inc.", active: 1 },
  { id: 3, code: "RX4T9M2B", rep_id: 2, group_id: null, portal_id: 1, referrer_name: "Marcus Reyes", active: 0 },
];

// ---------------------------------------------------------------- sites

export const SITES: Array<Insertable<SiteTable> & { id: number }> = [
  {
    id: 1,
    host: "localhost",
    kind: "default",
    name: "Benefit Store",
    support_phone: "(888) 555-0142",
    support_email: "support@benefitstore.example",
    show_android_link: 0,
    ios_app_url: "https://apps.example/ios/benefit-store",
    android_app_url: "https://apps.example/android/benefit-store",
    redirection: null,
    group_id: null,
    rep_id: null,
    portal_id: 1,
    logo_url: "/brand/sites/benefit-store.svg",
    brand_color: "#1d4e89",
    accent_color: "#b45309",
    how_to_video_url: "https://videos.benefitstore.example/how-to-enroll",
    support_request_url: "https://help.benefitstore.example/request",
    group_quote_url: GROUP_QUOTE_URL,
  },
  {
    id: 2,
    host: "elevate.localhost",
    kind: "white_label",
    name: "Elevate Employee Benefits",
    support_phone: "(888) 555-0177",
    support_email: "help@elevatebenefits.example",
    show_android_link: 1,
    ios_app_url: "https://apps.example/ios/elevate-benefits",
    android_app_url: "https://apps.example/android/elevate-benefits",
    redirection: null,
    group_id: 1,
    rep_id: 3,
    portal_id: 2,
    logo_url: "/brand/sites/elevate.svg",
    brand_color: "#0b6e4f",
    accent_color: "#6b21a8",
    how_to_video_url: "https://videos.elevatebenefits.example/how-to-enroll",
    support_request_url: "https://help.elevatebenefits.example/request",
    group_quote_url: "https://groups.elevatebenefits.example/verify",
  },
  {
    id: 3,
    host: "partners.localhost",
    kind: "partner",
    name: "Partner Benefits Center",
    support_phone: "(888) 555-0188",
    support_email: "support@partnerbenefits.example",
    show_android_link: 1,
    ios_app_url: "https://apps.example/ios/partner-benefits",
    android_app_url: "https://apps.example/android/partner-benefits",
    redirection: "usag",
    group_id: null,
    rep_id: 1,
    portal_id: 1,
    logo_url: "/brand/sites/partner-benefits.svg",
    brand_color: "#374151",
    accent_color: "#1d4ed8",
    how_to_video_url: "https://videos.partnerbenefits.example/how-to-enroll",
    support_request_url: "https://help.partnerbenefits.example/request",
    group_quote_url: null,
  },
];

const SITE_SLUG: Record<number, string> = { 1: "benefit-store", 2: "elevate", 3: "partner-benefits" };
const SITE_DOMAIN: Record<number, string> = { 1: "benefitstore.example", 2: "elevatebenefits.example", 3: "partnerbenefits.example" };

const ASSET_KEYS = ["logo", "banner", "thank_you_image", "call_background", "footer_icon", "ios_icon", "android_icon"] as const;

export const SITE_ASSETS: Insertable<SiteAssetTable>[] = SITES.flatMap((s) => [
  ...ASSET_KEYS.map((key) => ({ site_id: s.id, key, value: `/brand/sites/${SITE_SLUG[s.id]}/${key.replace(/_/g, "-")}.svg` })),
  // where current members log in (the plan page points them there, in a new tab)
  { site_id: s.id, key: "member_dashboard_url", value: `https://portal.${SITE_DOMAIN[s.id]}/members/dashboard` },
]);

const FOOTER_LINKS: Array<[path: string, en: string, es: string]> = [
  ["reps/register", "Rep Registration", "Registro de agentes"],
  ["members/register", "Member Registration", "Registro de miembros"],
  ["groups/register", "Group Registration", "Registro de grupos"],
  ["reps/dashboard", "Rep Dashboard", "Panel del agente"],
  ["members/dashboard", "Member Dashboard", "Panel del miembro"],
  ["groups/dashboard", "Group Dashboard", "Panel del grupo"],
  ["how-to-enroll", "How to Enroll (Video)", "Cómo inscribirse (video)"],
];

const ADMIN_LINKS: Array<[sub: string, en: string, es: string]> = [
  ["admin", "Admin", "Administración"],
  ["messages", "Message Center", "Centro de mensajes"],
  ["files", "File Management", "Gestión de archivos"],
  ["dashboards", "Dashboards", "Paneles"],
  ["tickets", "Ticketing", "Tickets de soporte"],
  ["sso", "Single Sign-On", "Inicio de sesión único"],
  ["registrations", "Registrations", "Registros"],
];

export const SITE_LINKS: Insertable<SiteLinkTable>[] = SITES.flatMap((s) => {
  const domain = SITE_DOMAIN[s.id]!;
  const footer = FOOTER_LINKS.map(([path, label_en, label_es], i) => ({
    site_id: s.id,
    kind: "footer",
    label_en,
    label_es,
    url: path === "how-to-enroll" ? s.how_to_video_url! : `https://portal.${domain}/${path}`,
    sort_order: i + 1,
  }));
  const admin =
    s.kind === "default"
      ? []
      : ADMIN_LINKS.map(([sub, label_en, label_es], i) => ({
          site_id: s.id,
          kind: "admin",
          label_en,
          label_es,
          url: `https://${sub}.${domain}/`,
          sort_order: i + 1,
        }));
  return [...footer, ...admin];
});
