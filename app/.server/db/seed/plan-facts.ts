/**
 * Structured facts of every demo plan, in English and Spanish, for Compare plans (issue 18):
 * deductible, maximums, waiting periods, network and what is covered at what share. They say
 * what each plan's copy (plan-copy-*.ts) says, as short plain text; the exclusions are the
 * copy's own exclusion lists (the data, not the rendered HTML).
 */
import type { Insertable } from "kysely";
import type { PlanFactsTable } from "../schema";
import type { PlanCopy } from "./plan-copy-helpers";

type L = { en: string; es: string };
const l = (en: string, es: string): L => ({ en, es });
/** the same text in both languages (amounts, percentages) */
const same = (s: string): L => ({ en: s, es: s });

export const COVERAGE_LABELS = {
  preventive: l("Preventive care", "Cuidado preventivo"),
  basic: l("Basic services", "Servicios básicos"),
  major: l("Major services", "Servicios mayores"),
  orthodontia: l("Orthodontia", "Ortodoncia"),
  hearing: l("Hearing aids", "Audífonos"),
  eyeExam: l("Eye exam", "Examen de la vista"),
  frames: l("Frames", "Armazones"),
  lenses: l("Lenses", "Lentes"),
  contacts: l("Contact lenses", "Lentes de contacto"),
  primaryCare: l("Primary care visit", "Consulta de atención primaria"),
  specialist: l("Specialist visit", "Consulta con especialista"),
  genericRx: l("Generic prescriptions", "Medicamentos genéricos"),
  hospital: l("Hospital and surgery", "Hospital y cirugía"),
  telehealth: l("Telehealth", "Telemedicina"),
  urgentCare: l("Urgent care", "Atención de urgencia"),
  hospitalDay: l("Hospital stay", "Estancia en el hospital"),
  lumpSum: l("Lump sum on diagnosis", "Pago único al diagnóstico"),
  deathBenefit: l("Death benefit", "Beneficio por fallecimiento"),
  income: l("Income benefit", "Beneficio de ingresos"),
  emergencyRoom: l("Emergency room", "Sala de emergencias"),
  fractures: l("Fractures", "Fracturas"),
  admission: l("Hospital admission", "Ingreso hospitalario"),
  icu: l("Intensive care", "Cuidados intensivos"),
  vetBills: l("Vet bills", "Facturas del veterinario"),
  wellness: l("Routine wellness", "Bienestar de rutina"),
  discounts: l("Discounts", "Descuentos"),
  services: l("Services included", "Servicios incluidos"),
  products: l("Products included", "Productos incluidos"),
  gap: l("Deductible and coinsurance", "Deducible y coaseguro"),
  medicareGaps: l("Medicare gaps", "Lo que Medicare no cubre"),
} as const;

export type CoverageKey = keyof typeof COVERAGE_LABELS;

export interface FactDef {
  deductible: L;
  maximums: L;
  waiting: L;
  network: L;
  coverage: Array<[CoverageKey, L]>;
}

const money = (n: number) => `$${n.toLocaleString("en-US")}`;
const NO_DEDUCTIBLE = l("No deductible", "Sin deducible");
const NO_WAIT = l("None", "Ninguno");
const NOT_INSURANCE = l("Not insurance: no deductible", "No es un seguro: sin deducible");
const pct = (p: number) => same(`${p}%`);
const copay = (n: number) => l(`${money(n)} copay`, `Copago de ${money(n)}`);
const notCovered = l("Not covered", "No cubierto");

// ---------------------------------------------------------------- dental

function dentalPpo(o: { max: number; basic: number; major: number; basicWait: number; majorWait: number; ortho?: boolean }): FactDef {
  const wait = (m: number) => (m ? l(`${m} months`, `${m} meses`) : l("none", "ninguno"));
  return {
    deductible: l(
      "$50 per person ($150 per family); none for preventive care",
      "$50 por persona ($150 por familia); ninguno para el cuidado preventivo",
    ),
    maximums: l(
      `${money(o.max)} per person each calendar year${o.ortho ? "; orthodontia $1,000 lifetime" : ""}`,
      `${money(o.max)} por persona por año calendario${o.ortho ? "; ortodoncia $1,000 de por vida" : ""}`,
    ),
    waiting: l(
      `Preventive: none; basic: ${wait(o.basicWait).en}; major: ${wait(o.majorWait).en}${o.ortho ? "; orthodontia: 12 months" : ""}`,
      `Preventivo: ninguno; básicos: ${wait(o.basicWait).es}; mayores: ${wait(o.majorWait).es}${o.ortho ? "; ortodoncia: 12 meses" : ""}`,
    ),
    network: l(
      "BrightSmile PPO (110,000+ dentist locations); any licensed dentist",
      "PPO de BrightSmile (más de 110,000 consultorios); cualquier dentista con licencia",
    ),
    coverage: [
      ["preventive", pct(100)],
      ["basic", pct(o.basic)],
      ["major", pct(o.major)],
      ["orthodontia", o.ortho ? l("50%, children under 19", "50%, hijos menores de 19 años") : notCovered],
    ],
  };
}

// ---------------------------------------------------------------- vision

function vision(o: { frames: number; frameMonths: number; contacts: number }): FactDef {
  return {
    deductible: NO_DEDUCTIBLE,
    maximums: l(
      `Frames ${money(o.frames)} every ${o.frameMonths} months; contacts ${money(o.contacts)}`,
      `Armazones ${money(o.frames)} cada ${o.frameMonths} meses; lentes de contacto ${money(o.contacts)}`,
    ),
    waiting: NO_WAIT,
    network: l("ClearView Vision Alliance (95,000 eye doctors)", "ClearView Vision Alliance (95,000 oculistas)"),
    coverage: [
      ["eyeExam", l("$10 copay every 12 months", "Copago de $10 cada 12 meses")],
      [
        "frames",
        l(`${money(o.frames)} allowance every ${o.frameMonths} months`, `Asignación de ${money(o.frames)} cada ${o.frameMonths} meses`),
      ],
      ["lenses", l("$25 copay every 12 months", "Copago de $25 cada 12 meses")],
      ["contacts", l(`${money(o.contacts)} allowance instead of glasses`, `Asignación de ${money(o.contacts)} en lugar de anteojos`)],
    ],
  };
}

// ---------------------------------------------------------------- medical

function medical(o: {
  deductible: number;
  oop: number;
  coins: number;
  pcp: number;
  spec: number;
  rx: number;
  network: L;
  telehealth?: L;
}): FactDef {
  return {
    deductible: l(
      `${money(o.deductible)}; office visits and preventive care before the deductible`,
      `${money(o.deductible)}; consultas y cuidado preventivo antes del deducible`,
    ),
    maximums: l(`${money(o.oop)} out-of-pocket maximum`, `Máximo de gastos de bolsillo de ${money(o.oop)}`),
    waiting: l("None; pre-existing conditions covered from day one", "Ninguno; condiciones preexistentes cubiertas desde el primer día"),
    network: o.network,
    coverage: [
      ["preventive", l("100%, no deductible", "100%, sin deducible")],
      ["primaryCare", copay(o.pcp)],
      ["specialist", copay(o.spec)],
      ["genericRx", copay(o.rx)],
      ["hospital", l(`Plan pays ${100 - o.coins}% after the deductible`, `El plan paga el ${100 - o.coins}% después del deducible`)],
      ...(o.telehealth ? [["telehealth", o.telehealth] as [CoverageKey, L]] : []),
    ],
  };
}

const LU_PPO = l("Liberty Union national PPO (1.2 million providers)", "PPO nacional de Liberty Union (1.2 millones de proveedores)");

function hsa(o: { deductible: number; oop: number; coins: number }): FactDef {
  return {
    deductible: l(
      `${money(o.deductible)} (HSA-qualified); preventive care before the deductible`,
      `${money(o.deductible)} (compatible con HSA); cuidado preventivo antes del deducible`,
    ),
    maximums: l(`${money(o.oop)} out-of-pocket maximum`, `Máximo de gastos de bolsillo de ${money(o.oop)}`),
    waiting: l("None; pre-existing conditions covered from day one", "Ninguno; condiciones preexistentes cubiertas desde el primer día"),
    network: LU_PPO,
    coverage: [
      ["preventive", l("100%, no deductible", "100%, sin deducible")],
      ["primaryCare", l("After the deductible", "Después del deducible")],
      ["genericRx", l("After the deductible", "Después del deducible")],
      ["hospital", l(`Plan pays ${100 - o.coins}% after the deductible`, `El plan paga el ${100 - o.coins}% después del deducible`)],
    ],
  };
}

// ---------------------------------------------------------------- limited medical

function limitedMedical(o: { visit: number; visits: number; urgent: number; day: number; surgery: number }): FactDef {
  return {
    deductible: NO_DEDUCTIBLE,
    maximums: l(
      `${o.visits} doctor visits a year; hospital up to 30 days; surgery up to ${money(o.surgery)}`,
      `${o.visits} consultas médicas al año; hospital hasta 30 días; cirugía hasta ${money(o.surgery)}`,
    ),
    waiting: l("Pre-existing conditions: 12 months", "Condiciones preexistentes: 12 meses"),
    network: l("Any provider; savings at the MultiPlan PHCS network", "Cualquier proveedor; ahorros en la red MultiPlan PHCS"),
    coverage: [
      ["primaryCare", l(`${money(o.visit)} per visit`, `${money(o.visit)} por consulta`)],
      ["urgentCare", l(`${money(o.urgent)} per visit`, `${money(o.urgent)} por consulta`)],
      ["hospitalDay", l(`${money(o.day)} a day`, `${money(o.day)} por día`)],
      ["telehealth", l("$0, unlimited", "$0, ilimitada")],
    ],
  };
}

// ---------------------------------------------------------------- protection

function criticalIllness(amount: number, questions: boolean): FactDef {
  return {
    deductible: NO_DEDUCTIBLE,
    maximums: l(
      `${money(amount)} lump sum; 25% for less severe diagnoses`,
      `Pago único de ${money(amount)}; 25% por diagnósticos menos graves`,
    ),
    waiting: questions
      ? l("30 days", "30 días")
      : l("30 days; pre-existing conditions: 12 months", "30 días; condiciones preexistentes: 12 meses"),
    network: l("No network: cash paid to you", "Sin red: el dinero se le paga a usted"),
    coverage: [["lumpSum", same(money(amount))]],
  };
}

function accident(o: { er: number; fracture: number; admission: number }): FactDef {
  return {
    deductible: NO_DEDUCTIBLE,
    maximums: l(
      `Fixed amounts per injury; fractures up to ${money(o.fracture)}`,
      `Montos fijos por lesión; fracturas hasta ${money(o.fracture)}`,
    ),
    waiting: l("None: accidents covered from the effective date", "Ninguno: accidentes cubiertos desde la fecha de vigencia"),
    network: l("No network: cash paid to you", "Sin red: el dinero se le paga a usted"),
    coverage: [
      ["emergencyRoom", same(money(o.er))],
      ["fractures", l(`Up to ${money(o.fracture)}`, `Hasta ${money(o.fracture)}`)],
      ["admission", same(money(o.admission))],
    ],
  };
}

function hospital(o: { admission: number; daily: number; icu: number }): FactDef {
  return {
    deductible: NO_DEDUCTIBLE,
    maximums: l("Daily benefit up to 30 days a year", "Beneficio diario hasta 30 días al año"),
    waiting: l(
      "Sickness: 30 days; accidents: none; pre-existing conditions: 12 months",
      "Enfermedad: 30 días; accidentes: ninguno; condiciones preexistentes: 12 meses",
    ),
    network: l("No network: cash paid to you", "Sin red: el dinero se le paga a usted"),
    coverage: [
      ["admission", same(money(o.admission))],
      ["hospitalDay", l(`${money(o.daily)} a day`, `${money(o.daily)} por día`)],
      ["icu", l(`${money(o.icu)} a day more`, `${money(o.icu)} adicionales por día`)],
    ],
  };
}

function pet(o: { reimb: number; deductible: number; limit: L; accidentOnly?: boolean; wellness: boolean }): FactDef {
  return {
    deductible: l(`${money(o.deductible)} a year`, `${money(o.deductible)} al año`),
    maximums: o.limit,
    waiting: o.accidentOnly
      ? l("Accidents: 2 days", "Accidentes: 2 días")
      : l("Accidents: 2 days; illnesses: 14 days", "Accidentes: 2 días; enfermedades: 14 días"),
    network: l("Any licensed vet in the U.S.", "Cualquier veterinario con licencia en EE. UU."),
    coverage: [
      [
        "vetBills",
        o.accidentOnly
          ? l(`${o.reimb}%, accidents only`, `${o.reimb}%, solo accidentes`)
          : l(`${o.reimb}%, accidents and illnesses`, `${o.reimb}%, accidentes y enfermedades`),
      ],
      ["wellness", o.wellness ? l("Up to $250 a year", "Hasta $250 al año") : notCovered],
    ],
  };
}

function bundle(products: L, life?: number): FactDef {
  return {
    deductible: l("Each product's own deductible", "El deducible de cada producto"),
    maximums: l("Each product's own maximums", "Los máximos de cada producto"),
    waiting: l("Each product's own waiting periods", "Los períodos de espera de cada producto"),
    network: l("Each product's own network", "La red de cada producto"),
    coverage: [
      ["products", products],
      ...(life ? [["deathBenefit", l(`${money(life)} term life`, `Vida a término de ${money(life)}`)] as [CoverageKey, L]] : []),
    ],
  };
}

const ESS_DENTAL = l("BrightSmile Essential Dental PPO", "BrightSmile Essential Dental PPO");
const join = (...parts: L[]) => l(parts.map((p) => p.en).join("; "), parts.map((p) => p.es).join("; "));
const VISION_BASIC = l("ClearView Vision Basic", "ClearView Vision Basic");
const TELEHEALTH = l("Everwell 24/7 Telehealth", "Everwell Telemedicina 24/7");
const ACCIDENT = l("Harbor Point Accident Protector", "Harbor Point Accident Protector");
const RX = l("Everwell RxSaver discounts", "Descuentos Everwell RxSaver");

const CASH = l("No network: cash paid to you", "Sin red: el dinero se le paga a usted");

/** The facts of every demo plan, by plan code. */
export const PLAN_FACTS: Record<string, FactDef> = {
  "BSD-PPO-ESS": dentalPpo({ max: 1000, basic: 70, major: 50, basicWait: 6, majorWait: 12 }),
  "BSD-PPO-PREM": dentalPpo({ max: 2000, basic: 80, major: 50, basicWait: 0, majorWait: 6, ortho: true }),
  "BSD-HMO-SUN": {
    deductible: NO_DEDUCTIBLE,
    maximums: l("No annual maximum", "Sin máximo anual"),
    waiting: NO_WAIT,
    network: l(
      "SunBelt network only (TX, FL, GA, AZ); emergencies elsewhere up to $100",
      "Solo la red SunBelt (TX, FL, GA, AZ); emergencias fuera de ella hasta $100",
    ),
    coverage: [
      ["preventive", l("$0 copay", "Copago de $0")],
      ["basic", l("Fixed copays, fillings from $25", "Copagos fijos, empastes desde $25")],
      ["major", l("Fixed copays: root canal $260, crown $395", "Copagos fijos: endodoncia $260, corona $395")],
      ["orthodontia", l("Discounted fixed fee", "Precio fijo con descuento")],
    ],
  },
  "BSD-SENIOR": {
    deductible: l("$50", "$50"),
    maximums: l("$1,500 each calendar year; hearing aids $500 every 3 years", "$1,500 por año calendario; audífonos $500 cada 3 años"),
    waiting: l("Preventive and basic: none; major: 6 months", "Preventivo y básicos: ninguno; mayores: 6 meses"),
    network: l("Any dentist; TruSound network for hearing aids", "Cualquier dentista; red TruSound para audífonos"),
    coverage: [
      ["preventive", pct(100)],
      ["basic", pct(70)],
      ["major", pct(50)],
      ["hearing", l("Up to $500 every 3 years", "Hasta $500 cada 3 años")],
    ],
  },
  "BSD-CLASSIC": dentalPpo({ max: 750, basic: 70, major: 40, basicWait: 6, majorWait: 12 }),
  "CVV-BASIC": vision({ frames: 150, frameMonths: 24, contacts: 130 }),
  "CVV-PLUS": vision({ frames: 200, frameMonths: 12, contacts: 200 }),
  "CVV-PARENT-CHILD": vision({ frames: 130, frameMonths: 12, contacts: 130 }),
  "LUH-BRONZE-6500": medical({ deductible: 6500, oop: 9200, coins: 40, pcp: 50, spec: 100, rx: 20, network: LU_PPO }),
  "LUH-SILVER-3000": medical({ deductible: 3000, oop: 8500, coins: 30, pcp: 30, spec: 70, rx: 15, network: LU_PPO }),
  "LUH-GOLD-1000": medical({ deductible: 1000, oop: 6000, coins: 20, pcp: 20, spec: 50, rx: 10, network: LU_PPO }),
  "LUH-YOUNG-ADULT": medical({
    deductible: 4000,
    oop: 8000,
    coins: 35,
    pcp: 35,
    spec: 75,
    rx: 10,
    network: LU_PPO,
    telehealth: l("$0, unlimited", "$0, ilimitada"),
  }),
  "LUH-METRO-NYC": medical({
    deductible: 2000,
    oop: 7500,
    coins: 25,
    pcp: 25,
    spec: 60,
    rx: 10,
    network: l(
      "Metro NYC EPO: 42 hospitals, 28,000+ doctors; in network only",
      "EPO Metro NYC: 42 hospitales, más de 28,000 médicos; solo dentro de la red",
    ),
  }),
  "LUH-LARGE-GROUP": {
    deductible: l("Chosen by the employer: $500 to $5,000", "Lo elige el empleador: de $500 a $5,000"),
    maximums: l("Set in the group's plan design", "Según el diseño del plan del grupo"),
    waiting: l("Set in the group's plan design", "Según el diseño del plan del grupo"),
    network: l("National PPO or a regional high-performance network", "PPO nacional o una red regional de alto desempeño"),
    coverage: [["services", l("Custom plan design for groups of 51+", "Diseño a la medida para grupos de 51 o más")]],
  },
  "LUH-L713": {
    deductible: same("$1,500"),
    maximums: l("$6,500 out-of-pocket maximum", "Máximo de gastos de bolsillo de $6,500"),
    waiting: NO_WAIT,
    network: l("Liberty Union PPO", "PPO de Liberty Union"),
    coverage: [
      ["primaryCare", copay(25)],
      ["telehealth", same("$0")],
      ["hospital", l("Plan pays 80% after the deductible", "El plan paga el 80% después del deducible")],
    ],
  },
  "LUH-GI-CORE": medical({ deductible: 3500, oop: 9000, coins: 30, pcp: 40, spec: 80, rx: 15, network: LU_PPO }),
  "LUH-GI-PLUS": medical({ deductible: 1500, oop: 7000, coins: 30, pcp: 25, spec: 50, rx: 15, network: LU_PPO }),
  "LUH-HSA-3500": hsa({ deductible: 3500, oop: 7000, coins: 20 }),
  "LUH-HSA-5000": hsa({ deductible: 5000, oop: 5000, coins: 0 }),
  "SML-TERM10": {
    deductible: NO_DEDUCTIBLE,
    maximums: l("$50,000, $100,000 or $250,000; premium locked for 10 years", "$50,000, $100,000 o $250,000; prima fija por 10 años"),
    waiting: NO_WAIT,
    network: l("No network: paid to your beneficiaries", "Sin red: se paga a sus beneficiarios"),
    coverage: [
      [
        "deathBenefit",
        l("Coverage amount chosen; up to 50% early for terminal illness", "Monto elegido; hasta 50% por adelantado en enfermedad terminal"),
      ],
    ],
  },
  "SML-TERM20": {
    deductible: NO_DEDUCTIBLE,
    maximums: l("$100,000, $200,000 or $300,000; premium locked for 20 years", "$100,000, $200,000 o $300,000; prima fija por 20 años"),
    waiting: l(
      "Coverage starts once underwriting approves (usually 5 to 10 days)",
      "La cobertura empieza al aprobarse la suscripción (normalmente de 5 a 10 días)",
    ),
    network: l("No network: paid to your beneficiaries", "Sin red: se paga a sus beneficiarios"),
    coverage: [
      [
        "deathBenefit",
        l("Coverage amount chosen; up to 50% early for terminal illness", "Monto elegido; hasta 50% por adelantado en enfermedad terminal"),
      ],
    ],
  },
  "SML-SPOUSE-RIDER": {
    deductible: NO_DEDUCTIBLE,
    maximums: same("$25,000"),
    waiting: NO_WAIT,
    network: l("No network: paid to the beneficiary", "Sin red: se paga al beneficiario"),
    coverage: [["deathBenefit", l("$25,000 for your spouse", "$25,000 por su cónyuge")]],
  },
  "SML-CHILD-RIDER": {
    deductible: NO_DEDUCTIBLE,
    maximums: same("$10,000"),
    waiting: NO_WAIT,
    network: l("No network: paid to the beneficiary", "Sin red: se paga al beneficiario"),
    coverage: [["deathBenefit", l("$10,000 per child", "$10,000 por hijo")]],
  },
  "KHA-LM-ESSENTIAL": limitedMedical({ visit: 50, visits: 4, urgent: 100, day: 500, surgery: 1000 }),
  "KHA-LM-ENHANCED": limitedMedical({ visit: 75, visits: 6, urgent: 150, day: 1000, surgery: 2500 }),
  "KHA-IHA": limitedMedical({ visit: 60, visits: 5, urgent: 125, day: 750, surgery: 1500 }),
  "EWL-CARECONNECT-MEC": {
    deductible: NO_DEDUCTIBLE,
    maximums: l(
      "Preventive services only; other prescriptions at a discount",
      "Solo servicios preventivos; otros medicamentos con descuento",
    ),
    waiting: NO_WAIT,
    network: l("Everwell in-network providers", "Proveedores de la red Everwell"),
    coverage: [
      ["preventive", l("100% in network", "100% dentro de la red")],
      ["telehealth", l("$0, unlimited", "$0, ilimitada")],
      ["genericRx", l("$0 for generic preventive medications", "$0 en medicamentos preventivos genéricos")],
    ],
  },
  "EWL-RX-SAVER": {
    deductible: NOT_INSURANCE,
    maximums: l("No annual limits", "Sin límites anuales"),
    waiting: NO_WAIT,
    network: l("65,000 pharmacies", "65,000 farmacias"),
    coverage: [
      ["discounts", l("Up to 80% off brand and generic prescriptions", "Hasta 80% de descuento en medicamentos de marca y genéricos")],
    ],
  },
  "EWL-RX-PLUS": {
    deductible: NO_DEDUCTIBLE,
    maximums: l("Generics only; brand names not covered", "Solo genéricos; los de marca no están cubiertos"),
    waiting: NO_WAIT,
    network: l("Participating pharmacies and Everwell Home Delivery", "Farmacias participantes y Everwell Home Delivery"),
    coverage: [
      [
        "genericRx",
        l(
          "$0 on 500+ common generics; $10 on other preferred generics",
          "$0 en más de 500 genéricos comunes; $10 en otros genéricos preferidos",
        ),
      ],
      ["discounts", l("Brand names up to 40% off", "Marcas con hasta 40% de descuento")],
    ],
  },
  "EWL-WELLNESS": {
    deductible: NOT_INSURANCE,
    maximums: l("$5.00 a month for the household", "$5.00 al mes por hogar"),
    waiting: NO_WAIT,
    network: l("9,000+ gyms", "Más de 9,000 gimnasios"),
    coverage: [
      ["services", l("Wellness coaching, gym and nutrition discounts", "Asesoría de bienestar, descuentos en gimnasios y nutrición")],
    ],
  },
  "EWL-TELEHEALTH": {
    deductible: NOT_INSURANCE,
    maximums: l("Unlimited visits", "Consultas ilimitadas"),
    waiting: NO_WAIT,
    network: l("Board-certified doctors by phone or video, 24/7", "Médicos certificados por teléfono o video, 24/7"),
    coverage: [
      ["telehealth", l("$0, unlimited, whole household", "$0, ilimitada, todo el hogar")],
      ["services", l("Behavioral health counseling: $45 a visit", "Asesoría de salud mental: $45 por consulta")],
    ],
  },
  "EWL-ID-PROTECT": {
    deductible: NOT_INSURANCE,
    maximums: l("$1 million identity theft insurance", "Seguro contra robo de identidad de $1 millón"),
    waiting: NO_WAIT,
    network: l("U.S.-based restoration specialists", "Especialistas en restauración en EE. UU."),
    coverage: [
      [
        "services",
        l(
          "Three-bureau credit monitoring, dark web alerts, identity restoration",
          "Monitoreo de crédito en las tres agencias, alertas de la web oscura, restauración de identidad",
        ),
      ],
    ],
  },
  "EWL-LEGAL": {
    deductible: NOT_INSURANCE,
    maximums: l("Document review up to 10 pages", "Revisión de documentos de hasta 10 páginas"),
    waiting: NO_WAIT,
    network: l("Everwell network attorneys", "Abogados de la red Everwell"),
    coverage: [
      [
        "services",
        l(
          "Unlimited phone consultations; simple will and powers of attorney",
          "Consultas telefónicas ilimitadas; testamento simple y poderes notariales",
        ),
      ],
      ["discounts", l("25% off attorney fees for other matters", "25% de descuento en honorarios para otros asuntos")],
    ],
  },
  "SML-MEDSUPP-G": {
    deductible: l(
      "You pay the Medicare Part B deductible ($257 in 2025)",
      "Usted paga el deducible de la Parte B de Medicare ($257 en 2025)",
    ),
    maximums: l("No plan maximum for Medicare-approved services", "Sin máximo del plan para servicios aprobados por Medicare"),
    waiting: l(
      "None when you enroll within 6 months of starting Part B",
      "Ninguno si se inscribe dentro de los 6 meses de empezar la Parte B",
    ),
    network: l("Any U.S. doctor who accepts Medicare", "Cualquier médico de EE. UU. que acepte Medicare"),
    coverage: [
      [
        "medicareGaps",
        l(
          "Part A deductible, hospital coinsurance, Part B coinsurance and excess charges",
          "Deducible de la Parte A, coaseguro hospitalario, coaseguro y cargos en exceso de la Parte B",
        ),
      ],
    ],
  },
  "HPI-CANCER-CARE": {
    deductible: NO_DEDUCTIBLE,
    maximums: l(
      "Chemotherapy and radiation up to $10,000 a year; surgery up to $4,000",
      "Quimioterapia y radiación hasta $10,000 al año; cirugía hasta $4,000",
    ),
    waiting: l("30 days; pre-existing cancer: 12 months", "30 días; cáncer preexistente: 12 meses"),
    network: CASH,
    coverage: [
      ["lumpSum", l("$5,000 on first diagnosis", "$5,000 al primer diagnóstico")],
      ["hospitalDay", l("$200 a day", "$200 por día")],
    ],
  },
  "HPI-MEDICAL-GAP": {
    deductible: NO_DEDUCTIBLE,
    maximums: l("$2,500 a year", "$2,500 al año"),
    waiting: l("Pre-existing conditions: 6 months", "Condiciones preexistentes: 6 meses"),
    network: l("Works with any major medical plan", "Funciona con cualquier plan médico mayor"),
    coverage: [
      [
        "gap",
        l(
          "What you owe for inpatient stays and outpatient surgery, up to $2,500",
          "Lo que usted debe por hospitalización y cirugía ambulatoria, hasta $2,500",
        ),
      ],
    ],
  },
  "SML-STD-SALARY": {
    deductible: NO_DEDUCTIBLE,
    maximums: l("Up to $1,500 a week for 26 weeks", "Hasta $1,500 por semana durante 26 semanas"),
    waiting: l("Benefits from day 8 of illness, day 1 of injury", "Beneficios desde el día 8 por enfermedad y el día 1 por lesión"),
    network: CASH,
    coverage: [["income", l("60% of weekly earnings", "60% de sus ingresos semanales")]],
  },
  "SML-DI-FIXED": {
    deductible: NO_DEDUCTIBLE,
    maximums: l("Up to 12 months per disability", "Hasta 12 meses por discapacidad"),
    waiting: l(
      "30-day elimination period; pre-existing conditions: 12 months",
      "Período de eliminación de 30 días; condiciones preexistentes: 12 meses",
    ),
    network: CASH,
    coverage: [["income", l("$1,500 a month", "$1,500 al mes")]],
  },
  "SML-CI-20K": criticalIllness(20000, true),
  "HPI-CI-10K": criticalIllness(10000, false),
  "HPI-ACCIDENT": accident({ er: 200, fracture: 3000, admission: 1000 }),
  "HPI-PREMIER-ACCIDENT": accident({ er: 300, fracture: 5000, admission: 1500 }),
  "HPI-ADD-RIDER": {
    deductible: NO_DEDUCTIBLE,
    maximums: l("$50,000; double for common carrier accidents", "$50,000; el doble en accidentes de transporte público"),
    waiting: NO_WAIT,
    network: CASH,
    coverage: [
      ["deathBenefit", l("$50,000 accidental death; spouse 50%, children 20%", "$50,000 por muerte accidental; cónyuge 50%, hijos 20%")],
    ],
  },
  "HPI-PREMIER-HOSPITAL": hospital({ admission: 1500, daily: 200, icu: 400 }),
  "HPI-HOSPITAL-500": hospital({ admission: 500, daily: 100, icu: 200 }),
  "PAW-ACC-ILLNESS": pet({ reimb: 80, deductible: 250, limit: l("$10,000 a year", "$10,000 al año"), wellness: false }),
  "PAW-ACCIDENT-WELLNESS": pet({
    reimb: 80,
    deductible: 100,
    limit: l("$5,000 a year", "$5,000 al año"),
    wellness: true,
    accidentOnly: true,
  }),
  "PAW-COMPLETE": pet({ reimb: 90, deductible: 200, limit: l("Unlimited", "Ilimitado"), wellness: true }),
  "BND-SMILE-SIGHT": bundle(join(ESS_DENTAL, VISION_BASIC)),
  "BND-CARE-DUO": bundle(join(TELEHEALTH, RX)),
  "BND-TRIPLE-PLAY": bundle(join(ESS_DENTAL, VISION_BASIC, TELEHEALTH)),
  "BND-4-IN-1": bundle(join(ESS_DENTAL, VISION_BASIC, ACCIDENT), 25000),
  "BND-ULTIMATE": bundle(join(ESS_DENTAL, VISION_BASIC, TELEHEALTH, ACCIDENT), 50000),
};

/** The plan_facts rows of one plan: its facts, with the exclusions of its copy. */
export function planFactsRows(planId: number, code: string, copy: PlanCopy): Insertable<PlanFactsTable>[] {
  const facts = PLAN_FACTS[code];
  if (!facts) throw new Error(`seed: no plan facts for ${code}`);
  return (["en", "es"] as const).map((locale) => ({
    plan_id: planId,
    locale,
    deductible: facts.deductible[locale],
    maximums: facts.maximums[locale],
    waiting_periods: facts.waiting[locale],
    network: facts.network[locale],
    coverage: JSON.stringify(facts.coverage.map(([key, share]) => ({ key, label: COVERAGE_LABELS[key][locale], share: share[locale] }))),
    exclusions: JSON.stringify(copy[locale].exclusions ?? []),
  }));
}
