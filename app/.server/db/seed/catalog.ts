/**
 * Demo catalog: carriers, plan categories, plans with their English and Spanish texts,
 * pricing rows, state and area restrictions, relations (suggestions and riders) and the
 * plans' eligibility and Enroll-Now questions.
 *
 * Pricing rows follow the rule the pricing engine uses: a row matches when the tier is the
 * quote's tier, the age is within [age_min, age_max], and gender, smoker, state and
 * coverage_amount are null or equal; the most specific row wins (state > gender > smoker).
 * Prices are integer cents; a price of 0 means "tier not offered".
 */
import type { Insertable } from "kysely";
import type {
  CarrierTable,
  PlanCategoryTable,
  PlanPriceTable,
  PlanQuestionTable,
  PlanRelationTable,
  PlanTable,
  PlanAreaTable,
  PlanStateTable,
  PlanTextTable,
  PlanFactsTable,
} from "../schema";
import { planTextRows, type PlanCopy } from "./plan-copy-helpers";
import { HEALTH_COPY } from "./plan-copy-health";
import { PROTECTION_COPY } from "./plan-copy-protection";
import { BUNDLE_PRICES, CARE_COPY } from "./plan-copy-care";
import { planFactsRows } from "./plan-facts";

// ---------------------------------------------------------------- carriers

export const CARRIERS = [
  { id: 1, code: "summit-mutual", name: "Summit Mutual Life Insurance Company", admin_fee_percent: 0 },
  { id: 2, code: "brightsmile", name: "BrightSmile Dental Network", admin_fee_percent: 0 },
  { id: 3, code: "clearview", name: "ClearView Vision Alliance", admin_fee_percent: 0 },
  { id: 4, code: "liberty-union", name: "Liberty Union Health Trust", admin_fee_percent: 0 },
  { id: 5, code: "harbor-point", name: "Harbor Point Indemnity Company", admin_fee_percent: 0 },
  /** quotes include a 3% administrative fee */
  { id: 6, code: "keystone", name: "Keystone Health Administrators", admin_fee_percent: 3 },
  { id: 7, code: "everwell", name: "Everwell Lifestyle Benefits", admin_fee_percent: 0 },
  { id: 8, code: "pawsure", name: "PawSure Pet Insurance Company", admin_fee_percent: 0 },
].map((c): Insertable<CarrierTable> & { id: number; code: string } => ({ ...c, logo_url: carrierLogo(c.code) }));

export type CarrierCode =
  | "summit-mutual"
  | "brightsmile"
  | "clearview"
  | "liberty-union"
  | "harbor-point"
  | "keystone"
  | "everwell"
  | "pawsure";

export function carrierLogo(code: string) {
  return `/brand/carriers/${code}.svg`;
}

// ---------------------------------------------------------------- categories

export const CATEGORIES: Array<Insertable<PlanCategoryTable> & { id: number; key: string }> = [
  {
    id: 1,
    key: "dental",
    label_en: "Dental Plans",
    label_es: "Planes dentales",
    heading_en: "Dental",
    heading_es: "Dental",
    sort_order: 1,
    icon: "tooth",
    on_landing: 0,
  },
  {
    id: 2,
    key: "vision",
    label_en: "Vision Plans",
    label_es: "Planes de visión",
    heading_en: "Vision",
    heading_es: "Visión",
    sort_order: 2,
    icon: "eye",
    on_landing: 0,
  },
  {
    id: 3,
    key: "medical",
    label_en: "Medical Plans",
    label_es: "Planes médicos",
    heading_en: "Medical",
    heading_es: "Médico",
    sort_order: 3,
    icon: "stethoscope",
    on_landing: 1,
  },
  {
    id: 4,
    key: "guaranteed",
    label_en: "Guaranteed Issue Medical Plans",
    label_es: "Planes médicos de aceptación garantizada",
    heading_en: "Guaranteed Medical",
    heading_es: "Médico garantizado",
    sort_order: 4,
    icon: "shield-check",
    on_landing: 1,
  },
  {
    id: 5,
    key: "hsa",
    label_en: "Qualified HSA Plans",
    label_es: "Planes compatibles con HSA",
    heading_en: "Qualified HSA",
    heading_es: "Compatible con HSA",
    sort_order: 5,
    icon: "piggy-bank",
    on_landing: 1,
  },
  {
    id: 6,
    key: "term_life",
    label_en: "Term Life Plans",
    label_es: "Planes de vida a término",
    heading_en: "Term Life",
    heading_es: "Vida a término",
    sort_order: 6,
    icon: "heart-handshake",
    on_landing: 1,
  },
  {
    id: 7,
    key: "limited_medical",
    label_en: "Limited Med Plans",
    label_es: "Planes médicos limitados",
    heading_en: "Limited Medical",
    heading_es: "Médico limitado",
    sort_order: 7,
    icon: "clipboard-heart",
    on_landing: 0,
  },
  {
    id: 8,
    key: "rx",
    label_en: "RX Plans",
    label_es: "Planes de medicamentos",
    heading_en: "RX",
    heading_es: "Medicamentos",
    sort_order: 8,
    icon: "pill",
    on_landing: 0,
  },
  {
    id: 9,
    key: "lifestyle",
    label_en: "Lifestyle Plans",
    label_es: "Planes de estilo de vida",
    heading_en: "Life Style",
    heading_es: "Estilo de vida",
    sort_order: 9,
    icon: "sun",
    on_landing: 0,
  },
  {
    id: 10,
    key: "supplemental",
    label_en: "Supplemental Plans",
    label_es: "Planes suplementarios",
    heading_en: "Supplemental",
    heading_es: "Suplementario",
    sort_order: 10,
    icon: "plus-circle",
    on_landing: 0,
  },
  {
    id: 11,
    key: "disability",
    label_en: "Disability Income Plans",
    label_es: "Planes de ingreso por discapacidad",
    heading_en: "Disability Income",
    heading_es: "Ingreso por discapacidad",
    sort_order: 11,
    icon: "wallet",
    on_landing: 0,
  },
  {
    id: 12,
    key: "critical_illness",
    label_en: "Critical Plan",
    label_es: "Plan de enfermedades críticas",
    heading_en: "Critical Illness",
    heading_es: "Enfermedades críticas",
    sort_order: 12,
    icon: "heart-pulse",
    on_landing: 0,
  },
  {
    id: 13,
    key: "accident",
    label_en: "Accident Plans",
    label_es: "Planes de accidentes",
    heading_en: "Accident",
    heading_es: "Accidentes",
    sort_order: 13,
    icon: "bandage",
    on_landing: 0,
  },
  {
    id: 14,
    key: "hospital",
    label_en: "Hospital Plans",
    label_es: "Planes hospitalarios",
    heading_en: "Hospital",
    heading_es: "Hospital",
    sort_order: 14,
    icon: "hospital",
    on_landing: 0,
  },
  {
    id: 15,
    key: "pet",
    label_en: "PET Plans",
    label_es: "Planes para mascotas",
    heading_en: "Pet",
    heading_es: "Mascotas",
    sort_order: 15,
    icon: "paw",
    on_landing: 0,
  },
  {
    id: 16,
    key: "bundles",
    label_en: "Bundles Plans",
    label_es: "Planes en paquete",
    heading_en: "Multiple Products In One",
    heading_es: "Varios productos en uno",
    sort_order: 16,
    icon: "layers",
    on_landing: 1,
  },
];

export type CategoryKey =
  | "dental"
  | "vision"
  | "medical"
  | "guaranteed"
  | "hsa"
  | "term_life"
  | "limited_medical"
  | "rx"
  | "lifestyle"
  | "supplemental"
  | "disability"
  | "critical_illness"
  | "accident"
  | "hospital"
  | "pet"
  | "bundles";

const categoryId = (key: CategoryKey) => CATEGORIES.find((c) => c.key === key)!.id;
const carrierId = (code: CarrierCode) => CARRIERS.find((c) => c.code === code)!.id;

// ---------------------------------------------------------------- pricing specs

export type Tier = "IO" | "IS" | "IC" | "IF";
export const TIERS: Tier[] = ["IO", "IS", "IC", "IF"];

interface PriceSpec {
  /** IO price in cents for the youngest band, male, non-smoker, lowest coverage */
  base: number;
  /** tier multipliers; 0 = tier not offered (price row of 0) */
  tiers?: Record<Tier, number>;
  /** age factors by band (standard adult or senior bands, clipped to the plan's ages) */
  factors?: number[];
  /** one band over the plan's whole age range */
  flat?: boolean;
  /** price rows by gender: female factor relative to male */
  female?: number;
  /** price rows by tobacco use: smokers pay 1.8x */
  smoker?: boolean;
  /** coverage amounts (term life) with their factor */
  coverages?: Array<[amount: number, factor: number]>;
  /** extra state-specific rows alongside the generic ones */
  states?: Array<[state: string, factor: number]>;
  /** exact tier prices (flat plans) instead of base x multiplier */
  exact?: Record<Tier, number>;
}

const T_DEFAULT: Record<Tier, number> = { IO: 1, IS: 1.9, IC: 1.8, IF: 2.8 };
const T_LIFE: Record<Tier, number> = { IO: 1, IS: 1.85, IC: 1.25, IF: 2.1 };
const T_ACCIDENT: Record<Tier, number> = { IO: 1, IS: 1.75, IC: 1.6, IF: 2.4 };
const T_SAME: Record<Tier, number> = { IO: 1, IS: 1, IC: 1, IF: 1 };
const T_HOUSEHOLD: Record<Tier, number> = { IO: 1, IS: 1.35, IC: 1.35, IF: 1.7 };

const F = {
  dental: [1, 1.04, 1.1, 1.22, 1.3],
  vision: [1, 1, 1.04, 1.08, 1.12],
  medical: [1, 1.14, 1.32, 1.8],
  limited: [1, 1.12, 1.3, 1.6],
  life10: [1, 1.35, 2.4, 5.2],
  life20: [1, 1.4, 2.7, 6.1],
  disability: [1, 1.15, 1.4, 1.85],
  critical: [1, 1.6, 2.8, 5.0],
  accident: [1, 1, 1.05, 1.1],
  hospital: [1, 1.1, 1.25, 1.6],
  senior: [1, 1.14, 1.3, 1.52],
  seniorDental: [1, 1.04, 1.08, 1.12],
};

const ADULT_BANDS: Array<[number, number]> = [
  [18, 29],
  [30, 39],
  [40, 49],
  [50, 64],
  [65, 100],
];
const SENIOR_BANDS: Array<[number, number]> = [
  [65, 69],
  [70, 74],
  [75, 79],
  [80, 100],
];

// ---------------------------------------------------------------- plans

type PlanRow = Insertable<PlanTable> & { id: number; code: string; age_min: number; age_max: number };

interface PlanDef {
  id: number;
  code: string;
  category: CategoryKey;
  carrier: CarrierCode;
  price: PriceSpec;
  opts?: Partial<Insertable<PlanTable>>;
}

const P = (
  id: number,
  code: string,
  category: CategoryKey,
  carrier: CarrierCode,
  price: PriceSpec,
  opts: Partial<Insertable<PlanTable>> = {},
): PlanDef => ({ id, code, category, carrier, price, opts });

const UNDER65 = { age_min: 18, age_max: 64, audience: "under65" } as const;
const ADULT = { age_min: 18, age_max: 64 } as const;
const OVER65 = { age_min: 65, age_max: 100, audience: "over65" } as const;
const FAMILY = { asks_legal_disability: 1 } as const;

const DEFS: PlanDef[] = [
  // dental
  P(
    1,
    "BSD-PPO-ESS",
    "dental",
    "brightsmile",
    {
      base: 2495,
      factors: F.dental,
      states: [
        ["NY", 1.15],
        ["CA", 1.1],
      ],
    },
    { ...FAMILY, is_featured: 1, popularity: 88 },
  ),
  P(
    2,
    "BSD-PPO-PREM",
    "dental",
    "brightsmile",
    {
      base: 4490,
      factors: F.dental,
      states: [
        ["NY", 1.15],
        ["CA", 1.1],
      ],
    },
    { ...FAMILY, popularity: 93 },
  ),
  P(3, "BSD-HMO-SUN", "dental", "brightsmile", { base: 1850, factors: F.vision }, { ...FAMILY, all_states: 0, popularity: 61 }),
  P(
    4,
    "BSD-SENIOR",
    "dental",
    "brightsmile",
    { base: 3200, factors: F.seniorDental, tiers: { IO: 1, IS: 1.95, IC: 0, IF: 0 } },
    { ...OVER65, popularity: 57 },
  ),
  P(5, "BSD-CLASSIC", "dental", "brightsmile", { base: 2150, factors: F.dental }, { ...FAMILY, active: 0, popularity: 5 }),
  // vision
  P(6, "CVV-BASIC", "vision", "clearview", { base: 875, factors: F.vision }, { popularity: 74 }),
  P(7, "CVV-PLUS", "vision", "clearview", { base: 1450, factors: F.vision }, { is_featured: 1, popularity: 86 }),
  P(
    8,
    "CVV-PARENT-CHILD",
    "vision",
    "clearview",
    { base: 995, factors: F.vision, tiers: { IO: 1, IS: 0, IC: 1.7, IF: 0 } },
    { popularity: 32 },
  ),
  // medical (ACA-style, under 65)
  P(
    9,
    "LUH-BRONZE-6500",
    "medical",
    "liberty-union",
    {
      base: 29800,
      factors: F.medical,
      states: [
        ["NY", 1.28],
        ["CA", 1.12],
      ],
    },
    { ...UNDER65, ...FAMILY, popularity: 70 },
  ),
  P(
    10,
    "LUH-SILVER-3000",
    "medical",
    "liberty-union",
    {
      base: 38900,
      factors: F.medical,
      states: [
        ["NY", 1.28],
        ["CA", 1.12],
      ],
    },
    { ...UNDER65, ...FAMILY, is_featured: 1, popularity: 95 },
  ),
  P(
    11,
    "LUH-GOLD-1000",
    "medical",
    "liberty-union",
    {
      base: 48500,
      factors: F.medical,
      states: [
        ["NY", 1.28],
        ["CA", 1.12],
      ],
    },
    { ...UNDER65, ...FAMILY, popularity: 66 },
  ),
  P(
    12,
    "LUH-YOUNG-ADULT",
    "medical",
    "liberty-union",
    { base: 25200, factors: [1, 1.18, 1.42] },
    { ...UNDER65, ...FAMILY, age_max: 49, popularity: 48 },
  ),
  P(13, "LUH-METRO-NYC", "medical", "liberty-union", { base: 46500, factors: F.medical }, { ...UNDER65, ...FAMILY, popularity: 40 }),
  P(
    14,
    "LUH-LARGE-GROUP",
    "medical",
    "liberty-union",
    { base: 38500, factors: F.medical },
    { ...UNDER65, ...FAMILY, hide_add_to_cart: 1, popularity: 12 },
  ),
  // The monthly price is the carrier's breakdown (storefront §9): health and welfare $189, union dues $25, annuity $10,
  // billing $30, the tier's association dues ($50/$100/$100/$150) and an independent marketer fee of $77–$150. No one-time fee.
  P(
    15,
    "LUH-L713",
    "medical",
    "liberty-union",
    { base: 0, flat: true, exact: { IO: 38100, IS: 46400, IC: 45400, IF: 55400 } },
    { ...UNDER65, ...FAMILY, is_l713: 1, l713_net_price_cents: 18900, popularity: 20 },
  ),
  // guaranteed issue
  P(16, "LUH-GI-CORE", "guaranteed", "liberty-union", { base: 33900, factors: F.medical }, { ...UNDER65, ...FAMILY, popularity: 64 }),
  P(17, "LUH-GI-PLUS", "guaranteed", "liberty-union", { base: 41900, factors: F.medical }, { ...UNDER65, ...FAMILY, popularity: 51 }),
  // HSA
  P(18, "LUH-HSA-3500", "hsa", "liberty-union", { base: 30900, factors: F.medical }, { ...UNDER65, ...FAMILY, popularity: 55 }),
  P(19, "LUH-HSA-5000", "hsa", "liberty-union", { base: 26100, factors: F.medical }, { ...UNDER65, ...FAMILY, popularity: 47 }),
  // term life (priced by gender; coverage amounts)
  P(
    20,
    "SML-TERM10",
    "term_life",
    "summit-mutual",
    {
      base: 950,
      factors: F.life10,
      tiers: T_LIFE,
      female: 0.82,
      smoker: true,
      coverages: [
        [50000, 1],
        [100000, 1.75],
        [250000, 3.9],
      ],
    },
    { ...ADULT, tobacco_rated: 1, popularity: 72 },
  ),
  P(
    21,
    "SML-TERM20",
    "term_life",
    "summit-mutual",
    {
      base: 1650,
      factors: F.life20,
      tiers: T_LIFE,
      female: 0.8,
      coverages: [
        [100000, 1],
        [200000, 1.85],
        [300000, 2.65],
      ],
    },
    { ...ADULT, age_max: 60, is_featured: 1, popularity: 81 },
  ),
  P(
    22,
    "SML-SPOUSE-RIDER",
    "term_life",
    "summit-mutual",
    { base: 650, factors: [1, 1.3, 2.2, 4.5], tiers: { IO: 0, IS: 1, IC: 0, IF: 1 } },
    { ...ADULT, is_rider: 1, popularity: 30 },
  ),
  P(
    23,
    "SML-CHILD-RIDER",
    "term_life",
    "summit-mutual",
    { base: 400, flat: true, tiers: { IO: 0, IS: 0, IC: 1, IF: 1 } },
    { ...ADULT, is_rider: 1, popularity: 26 },
  ),
  // limited medical (Keystone: 3% administrative fee)
  P(
    24,
    "KHA-LM-ESSENTIAL",
    "limited_medical",
    "keystone",
    { base: 12900, factors: F.limited },
    { ...ADULT, one_time_fee_cents: 2500, popularity: 58 },
  ),
  P(
    25,
    "KHA-LM-ENHANCED",
    "limited_medical",
    "keystone",
    { base: 21900, factors: F.limited },
    { ...ADULT, is_featured: 1, one_time_fee_cents: 2500, popularity: 77 },
  ),
  P(
    26,
    "KHA-IHA",
    "limited_medical",
    "keystone",
    { base: 16900, factors: F.limited },
    { ...ADULT, is_iha: 1, one_time_fee_cents: 2500, popularity: 44 },
  ),
  P(
    27,
    "EWL-CARECONNECT-MEC",
    "limited_medical",
    "everwell",
    { base: 9900, factors: [1, 1.05, 1.1, 1.2] },
    { ...ADULT, membership_required: 1, popularity: 39 },
  ),
  // rx
  P(28, "EWL-RX-SAVER", "rx", "everwell", { base: 995, flat: true, tiers: { IO: 1, IS: 1.5, IC: 1.5, IF: 1.5 } }, { popularity: 52 }),
  P(29, "EWL-RX-PLUS", "rx", "everwell", { base: 2900, flat: true }, { popularity: 41 }),
  // lifestyle
  P(
    30,
    "EWL-WELLNESS",
    "lifestyle",
    "everwell",
    { base: 500, flat: true, exact: { IO: 500, IS: 500, IC: 500, IF: 500 } },
    { is_membership: 1, removable: 0, signature_required: 0, popularity: 10 },
  ),
  P(
    31,
    "EWL-TELEHEALTH",
    "lifestyle",
    "everwell",
    { base: 1495, flat: true, tiers: T_HOUSEHOLD },
    { signature_required: 0, popularity: 69 },
  ),
  P(
    32,
    "EWL-ID-PROTECT",
    "lifestyle",
    "everwell",
    { base: 995, flat: true, tiers: { IO: 1, IS: 1.8, IC: 1.4, IF: 2 } },
    { signature_required: 0, popularity: 35 },
  ),
  P(
    33,
    "EWL-LEGAL",
    "lifestyle",
    "everwell",
    { base: 1995, flat: true, tiers: { IO: 1, IS: 1.25, IC: 1.25, IF: 1.25 } },
    { popularity: 29 },
  ),
  // supplemental
  P(
    34,
    "SML-MEDSUPP-G",
    "supplemental",
    "summit-mutual",
    { base: 14200, factors: F.senior, tiers: { IO: 1, IS: 0, IC: 0, IF: 0 } },
    { ...OVER65, popularity: 63 },
  ),
  P(35, "HPI-CANCER-CARE", "supplemental", "harbor-point", { base: 2400, factors: [1, 1.2, 1.6, 2.4] }, { ...ADULT, popularity: 37 }),
  P(36, "HPI-MEDICAL-GAP", "supplemental", "harbor-point", { base: 3800, factors: [1, 1.1, 1.3, 1.7] }, { ...ADULT, popularity: 46 }),
  // disability income (priced by gender, member coverage only)
  P(
    37,
    "SML-STD-SALARY",
    "disability",
    "summit-mutual",
    { base: 600, factors: F.disability, tiers: T_SAME, female: 1.25 },
    { ...ADULT, requires_salary: 1, salary_rate_cents_per_k: 45, popularity: 42 },
  ),
  P(
    38,
    "SML-DI-FIXED",
    "disability",
    "summit-mutual",
    { base: 1980, factors: F.disability, tiers: T_SAME, female: 1.2 },
    { ...ADULT, min_working_hours: 30, popularity: 38 },
  ),
  // critical illness
  P(
    39,
    "SML-CI-20K",
    "critical_illness",
    "summit-mutual",
    { base: 2100, factors: F.critical },
    { ...ADULT, has_enroll_questions: 1, popularity: 49 },
  ),
  P(40, "HPI-CI-10K", "critical_illness", "harbor-point", { base: 1290, factors: F.critical }, { ...ADULT, popularity: 43 }),
  // accident
  P(41, "HPI-ACCIDENT", "accident", "harbor-point", { base: 1450, factors: F.accident, tiers: T_ACCIDENT }, { ...ADULT, popularity: 67 }),
  P(
    42,
    "HPI-PREMIER-ACCIDENT",
    "accident",
    "harbor-point",
    { base: 1900, factors: F.accident, tiers: T_ACCIDENT },
    { ...ADULT, popularity: 33 },
  ),
  P(
    43,
    "HPI-ADD-RIDER",
    "accident",
    "harbor-point",
    { base: 450, flat: true, tiers: { IO: 1, IS: 1.6, IC: 1.3, IF: 1.9 } },
    { ...ADULT, is_rider: 1, popularity: 21 },
  ),
  // hospital
  P(
    44,
    "HPI-PREMIER-HOSPITAL",
    "hospital",
    "harbor-point",
    { base: 3400, factors: F.hospital },
    { ...ADULT, is_premier: 1, premier_pair_plan_id: 42, popularity: 54 },
  ),
  P(45, "HPI-HOSPITAL-500", "hospital", "harbor-point", { base: 2200, factors: F.hospital }, { ...ADULT, popularity: 50 }),
  // pet (priced per pet)
  P(46, "PAW-ACC-ILLNESS", "pet", "pawsure", { base: 3800, flat: true, tiers: T_SAME }, { popularity: 45 }),
  P(47, "PAW-ACCIDENT-WELLNESS", "pet", "pawsure", { base: 2400, flat: true, tiers: T_SAME }, { popularity: 31 }),
  P(48, "PAW-COMPLETE", "pet", "pawsure", { base: 5600, flat: true, tiers: T_SAME }, { popularity: 27 }),
  // bundles
  P(
    49,
    "BND-SMILE-SIGHT",
    "bundles",
    "everwell",
    { base: BUNDLE_PRICES["BND-SMILE-SIGHT"]!, factors: F.dental },
    { ...FAMILY, bundle_size: 2, popularity: 60 },
  ),
  P(
    50,
    "BND-CARE-DUO",
    "bundles",
    "everwell",
    { base: BUNDLE_PRICES["BND-CARE-DUO"]!, flat: true, tiers: T_HOUSEHOLD },
    { bundle_size: 2, popularity: 34 },
  ),
  P(
    51,
    "BND-TRIPLE-PLAY",
    "bundles",
    "everwell",
    { base: BUNDLE_PRICES["BND-TRIPLE-PLAY"]!, factors: F.dental },
    { ...FAMILY, bundle_size: 3, is_featured: 1, popularity: 71 },
  ),
  P(
    52,
    "BND-4-IN-1",
    "bundles",
    "everwell",
    { base: BUNDLE_PRICES["BND-4-IN-1"]!, factors: [1, 1.1, 1.3, 1.75] },
    { ...ADULT, ...FAMILY, bundle_size: 4, popularity: 53 },
  ),
  P(
    53,
    "BND-ULTIMATE",
    "bundles",
    "everwell",
    { base: BUNDLE_PRICES["BND-ULTIMATE"]!, factors: [1, 1.12, 1.35, 1.9] },
    { ...ADULT, ...FAMILY, bundle_size: 5, popularity: 62 },
  ),
];

/** Bundles that include term life: the wizard asks for beneficiaries. */
export const LIFE_BUNDLES = ["BND-4-IN-1", "BND-ULTIMATE"];

export const PLANS: PlanRow[] = DEFS.map((d, i) => ({
  id: d.id,
  code: d.code,
  category_id: categoryId(d.category),
  carrier_id: carrierId(d.carrier),
  logo_url: carrierLogo(d.carrier),
  bundle_size: null,
  hide_add_to_cart: 0,
  membership_required: 0,
  is_membership: 0,
  is_premier: 0,
  premier_pair_plan_id: null,
  is_iha: 0,
  is_l713: 0,
  requires_salary: 0,
  min_working_hours: null,
  tobacco_rated: 0,
  has_enroll_questions: 0,
  signature_required: 1,
  removable: 1,
  is_rider: 0,
  is_featured: 0,
  all_states: 1,
  audience: "all",
  asks_legal_disability: 0,
  one_time_fee_cents: 0,
  l713_net_price_cents: null,
  salary_rate_cents_per_k: null,
  popularity: 0,
  sort_order: i + 1,
  active: 1,
  ...d.opts,
  age_min: d.opts?.age_min ?? 18,
  age_max: d.opts?.age_max ?? 100,
}));

const byCode = new Map(PLANS.map((p) => [p.code, p]));
export function planId(code: string): number {
  const p = byCode.get(code);
  if (!p) throw new Error(`unknown plan code ${code}`);
  return p.id;
}
export function planByCode(code: string): PlanRow {
  return PLANS.find((p) => p.id === planId(code))!;
}
export function planCategory(code: string): CategoryKey {
  return DEFS.find((d) => d.code === code)!.category;
}
export function plansInCategory(...keys: CategoryKey[]): PlanRow[] {
  return DEFS.filter((d) => keys.includes(d.category)).map((d) => planByCode(d.code));
}

// ---------------------------------------------------------------- prices

type PriceRow = Insertable<PlanPriceTable> & {
  id: number;
  plan_id: number;
  tier: string;
  age_min: number;
  age_max: number;
  price_cents: number;
};

function bands(plan: PlanRow, spec: PriceSpec): Array<{ min: number; max: number; factor: number }> {
  if (spec.flat) return [{ min: plan.age_min, max: plan.age_max, factor: 1 }];
  const source = plan.age_min >= 65 ? SENIOR_BANDS : ADULT_BANDS;
  const factors = spec.factors ?? [1];
  return source
    .filter(([lo, hi]) => hi >= plan.age_min && lo <= plan.age_max)
    .map(([lo, hi], i) => ({
      min: Math.max(lo, plan.age_min),
      max: Math.min(hi, plan.age_max),
      factor: factors[Math.min(i, factors.length - 1)]!,
    }));
}

/** Rounds to the nearest 5 cents so prices read like real rate tables ($24.95, $31.20). */
const cents = (x: number) => (x <= 0 ? 0 : Math.max(5, Math.round(x / 5) * 5));

function buildPrices(): PriceRow[] {
  const rows: PriceRow[] = [];
  let id = 1;
  for (const def of DEFS) {
    const plan = planByCode(def.code);
    const s = def.price;
    const tiers = s.tiers ?? T_DEFAULT;
    const genders: Array<[number | null, number]> = s.female
      ? [
          [0, 1],
          [1, s.female],
        ]
      : [[null, 1]];
    const smokers: Array<[number | null, number]> = s.smoker
      ? [
          [0, 1],
          [1, 1.8],
        ]
      : [[null, 1]];
    const coverages: Array<[number | null, number]> = s.coverages ?? [[null, 1]];
    const states: Array<[string | null, number]> = [[null, 1], ...(s.states ?? [])];
    for (const tier of TIERS) {
      for (const band of bands(plan, s)) {
        for (const [gender, gf] of genders) {
          for (const [smoker, sf] of smokers) {
            for (const [coverage, cf] of coverages) {
              for (const [state, stf] of states) {
                const price = s.exact ? s.exact[tier] : cents(s.base * tiers[tier] * band.factor * gf * sf * cf * stf);
                rows.push({
                  id: id++,
                  plan_id: plan.id,
                  tier,
                  age_min: band.min,
                  age_max: band.max,
                  gender,
                  smoker,
                  state,
                  coverage_amount: coverage,
                  price_cents: price,
                });
              }
            }
          }
        }
      }
    }
  }
  return rows;
}

export const PRICES: PriceRow[] = buildPrices();

export interface PriceQuery {
  planId: number;
  tier: string;
  age: number;
  gender?: number | null;
  smoker?: number | null;
  state?: string | null;
  coverage?: number | null;
}

/**
 * The row the pricing rule picks (see the file comment): null when no row matches.
 * Used by the seed for existing members' policies and by the seed test.
 */
export function findPrice(rows: ReadonlyArray<PriceRow>, q: PriceQuery): PriceRow | null {
  const planRows = rows.filter((r) => r.plan_id === q.planId);
  const amounts = planRows.map((r) => r.coverage_amount).filter((a): a is number => a != null);
  const coverage = q.coverage ?? (amounts.length ? Math.min(...amounts) : null);
  const eq = <T>(col: T | null | undefined, v: T | null | undefined) => col == null || col === v;
  const matches = planRows.filter(
    (r) =>
      r.tier === q.tier &&
      q.age >= r.age_min &&
      q.age <= r.age_max &&
      eq(r.gender, q.gender) &&
      eq(r.smoker, q.smoker) &&
      eq(r.state, q.state) &&
      eq(r.coverage_amount, coverage),
  );
  const score = (r: PriceRow) => (r.state != null ? 4 : 0) + (r.gender != null ? 2 : 0) + (r.smoker != null ? 1 : 0);
  return matches.sort((a, b) => score(b) - score(a) || a.id - b.id)[0] ?? null;
}

// ---------------------------------------------------------------- restrictions

export const PLAN_STATES: Insertable<PlanStateTable>[] = ["TX", "FL", "GA", "AZ"].map((state) => ({
  plan_id: planId("BSD-HMO-SUN"),
  state,
}));

/** New York City metro: ZIP3 100–104 (Manhattan, Staten Island, Bronx) and 110–114 (Queens). */
export const METRO_ZIP3 = ["100", "101", "102", "103", "104", "110", "111", "112", "113", "114"];
export const PLAN_AREAS: Insertable<PlanAreaTable>[] = METRO_ZIP3.map((zip3) => ({ plan_id: planId("LUH-METRO-NYC"), zip3 }));

// ---------------------------------------------------------------- relations

const SUGGEST: Record<CategoryKey, string[]> = {
  dental: ["CVV-PLUS", "BND-SMILE-SIGHT", "EWL-TELEHEALTH", "HPI-ACCIDENT"],
  vision: ["BSD-PPO-ESS", "BND-SMILE-SIGHT", "EWL-TELEHEALTH", "BSD-PPO-PREM"],
  medical: ["BSD-PPO-PREM", "CVV-PLUS", "HPI-MEDICAL-GAP", "SML-TERM20"],
  guaranteed: ["HPI-MEDICAL-GAP", "BSD-PPO-ESS", "CVV-BASIC", "EWL-RX-PLUS"],
  hsa: ["HPI-MEDICAL-GAP", "HPI-ACCIDENT", "BSD-PPO-ESS", "CVV-BASIC"],
  term_life: ["SML-DI-FIXED", "SML-CI-20K", "HPI-ACCIDENT", "BND-ULTIMATE"],
  limited_medical: ["EWL-RX-PLUS", "HPI-ACCIDENT", "HPI-HOSPITAL-500", "BSD-PPO-ESS"],
  rx: ["EWL-TELEHEALTH", "KHA-LM-ESSENTIAL", "BND-CARE-DUO", "CVV-BASIC"],
  lifestyle: ["EWL-TELEHEALTH", "EWL-LEGAL", "EWL-ID-PROTECT", "EWL-RX-SAVER"],
  supplemental: ["HPI-ACCIDENT", "HPI-HOSPITAL-500", "HPI-CI-10K", "BSD-PPO-ESS"],
  disability: ["SML-TERM10", "HPI-ACCIDENT", "SML-CI-20K", "HPI-HOSPITAL-500"],
  critical_illness: ["HPI-CANCER-CARE", "HPI-HOSPITAL-500", "HPI-ACCIDENT", "SML-TERM20"],
  accident: ["HPI-HOSPITAL-500", "HPI-CI-10K", "SML-DI-FIXED", "BSD-PPO-ESS"],
  hospital: ["HPI-ACCIDENT", "HPI-CI-10K", "HPI-MEDICAL-GAP", "SML-STD-SALARY"],
  pet: ["EWL-ID-PROTECT", "EWL-LEGAL", "EWL-TELEHEALTH", "BND-SMILE-SIGHT"],
  bundles: ["HPI-HOSPITAL-500", "SML-TERM20", "EWL-RX-SAVER", "PAW-ACC-ILLNESS"],
};
const SENIOR_SUGGEST = ["BSD-SENIOR", "SML-MEDSUPP-G", "CVV-BASIC", "EWL-RX-SAVER", "EWL-TELEHEALTH"];

const RIDERS: Array<[plan: string, rider: string]> = [
  ["SML-TERM10", "SML-SPOUSE-RIDER"],
  ["SML-TERM10", "SML-CHILD-RIDER"],
  ["SML-TERM20", "SML-SPOUSE-RIDER"],
  ["SML-TERM20", "SML-CHILD-RIDER"],
  ["HPI-ACCIDENT", "HPI-ADD-RIDER"],
  ["HPI-PREMIER-ACCIDENT", "HPI-ADD-RIDER"],
];

function buildRelations(): Insertable<PlanRelationTable>[] {
  const rows: Insertable<PlanRelationTable>[] = [];
  for (const def of DEFS) {
    const plan = planByCode(def.code);
    if (!plan.active || plan.is_rider || plan.is_membership) continue;
    const pool = plan.audience === "over65" ? SENIOR_SUGGEST : SUGGEST[def.category];
    const suggested = pool.filter((c) => c !== def.code).slice(0, 3);
    for (const [i, c] of suggested.entries())
      rows.push({ plan_id: plan.id, related_plan_id: planId(c), kind: "suggested", sort_order: i + 1 });
  }
  for (const [i, [p, r]] of RIDERS.entries())
    rows.push({ plan_id: planId(p), related_plan_id: planId(r), kind: "rider", sort_order: i + 1 });
  // A retired plan points at the plan that replaced it (pricing answers "changePid").
  rows.push({ plan_id: planId("BSD-CLASSIC"), related_plan_id: planId("BSD-PPO-ESS"), kind: "replaced_by", sort_order: 1 });
  return rows;
}

export const PLAN_RELATIONS = buildRelations();

// ---------------------------------------------------------------- questions

export const PLAN_QUESTIONS: Insertable<PlanQuestionTable>[] = [
  {
    plan_id: planId("LUH-GI-CORE"),
    kind: "eligibility",
    text_en: "Are you a legal resident of the United States?",
    text_es: "¿Es usted residente legal de los Estados Unidos?",
    true_condition: 1,
    decline_answer: null,
    sort_order: 1,
  },
  {
    plan_id: planId("LUH-GI-CORE"),
    kind: "eligibility",
    text_en: "Will you live in the state shown on your quote on your coverage effective date?",
    text_es: "¿Vivirá en el estado que aparece en su cotización en la fecha de vigencia de su cobertura?",
    true_condition: 1,
    decline_answer: null,
    sort_order: 2,
  },
  {
    plan_id: planId("LUH-GI-CORE"),
    kind: "eligibility",
    text_en: "Do you currently have other major medical coverage that you plan to keep?",
    text_es: "¿Tiene actualmente otra cobertura médica de gastos mayores que piensa conservar?",
    true_condition: 0,
    decline_answer: null,
    sort_order: 3,
  },
  {
    plan_id: planId("SML-CI-20K"),
    kind: "enroll",
    text_en:
      "In the past 5 years, have you been diagnosed with or treated for cancer (other than basal cell skin cancer), a heart attack, a stroke or coronary artery disease?",
    text_es:
      "En los últimos 5 años, ¿le han diagnosticado o tratado un cáncer (que no sea de piel de células basales), un infarto, un derrame cerebral o una enfermedad de las arterias coronarias?",
    true_condition: 0,
    decline_answer: 1,
    sort_order: 1,
  },
  {
    plan_id: planId("SML-CI-20K"),
    kind: "enroll",
    text_en: "Are you currently hospitalized, confined to a nursing facility, or receiving hospice or home health care?",
    text_es:
      "¿Está actualmente hospitalizado, internado en un centro de enfermería o recibiendo cuidados paliativos o atención médica en casa?",
    true_condition: 0,
    decline_answer: 1,
    sort_order: 2,
  },
  {
    plan_id: planId("SML-CI-20K"),
    kind: "enroll",
    text_en:
      "Have you ever been diagnosed with kidney failure requiring dialysis, or been advised to have an organ or bone marrow transplant?",
    text_es:
      "¿Alguna vez le han diagnosticado insuficiencia renal que requiera diálisis, o le han recomendado un trasplante de órgano o de médula ósea?",
    true_condition: 0,
    decline_answer: 1,
    sort_order: 3,
  },
  {
    plan_id: planId("SML-CI-20K"),
    kind: "enroll",
    text_en: "Have you used tobacco or nicotine products in the past 12 months?",
    text_es: "¿Ha consumido productos de tabaco o nicotina en los últimos 12 meses?",
    true_condition: 0,
    decline_answer: null,
    sort_order: 4,
  },
];

// ---------------------------------------------------------------- texts

const COPY: Record<string, PlanCopy> = { ...HEALTH_COPY, ...PROTECTION_COPY, ...CARE_COPY };

export const PLAN_TEXTS: Insertable<PlanTextTable>[] = PLANS.flatMap((p) => {
  const copy = COPY[p.code];
  if (!copy) throw new Error(`seed: no plan copy for ${p.code}`);
  return planTextRows(p.id, copy);
});

/** Structured facts for Compare plans (plan-facts.ts), in both languages, for every plan. */
export const PLAN_FACTS_ROWS: Insertable<PlanFactsTable>[] = PLANS.flatMap((p) => planFactsRows(p.id, p.code, COPY[p.code]!));
