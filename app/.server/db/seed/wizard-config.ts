/**
 * Enrollment wizard configuration: dynamic tabs, field definitions, agreement texts,
 * effective-date rules, option lists and health questions.
 */
import type { Insertable } from "kysely";
import type {
  AgreementTextTable,
  EffectiveDateRuleTable,
  FieldDefinitionTable,
  HealthQuestionTable,
  OptionTable,
  WizardTabTable,
} from "../schema";
import { LIFE_BUNDLES, planId, plansInCategory } from "./catalog";
import type { FieldDefault, TabName } from "~/domain/wizard-steps";
import { defaultFieldRows, defaultTabRows, fieldRow, tabRow } from "../declared-tabs";

// ---------------------------------------------------------------- dynamic tabs

const tab = tabRow;

export const BENEFICIARY_PLAN_IDS = [...plansInCategory("term_life").map((p) => p.id), ...LIFE_BUNDLES.map(planId)];
export const HEALTH_PLAN_IDS = plansInCategory("medical", "limited_medical", "guaranteed", "critical_illness").map((p) => p.id);

export const WIZARD_TABS: Insertable<WizardTabTable>[] = [
  ...defaultTabRows(),
  // employees enrolling under a group always give employer information
  tab("employer_info", 1, null, "new-group-member"),
  // IHA plans collect employer information (the step can be skipped in the wizard)
  tab("employer_info", 1, planId("KHA-IHA")),
  ...BENEFICIARY_PLAN_IDS.map((id) => tab("beneficiary_info", 1, id)),
  ...HEALTH_PLAN_IDS.map((id) => tab("primary_health_info", 1, id)),
  // present but not required: must be skipped when the step list is built
  tab("beneficiary_info", 0, planId("LUH-HSA-3500")),
];

// ---------------------------------------------------------------- field definitions

type FieldSpec = FieldDefault;

const field = (tabName: string, spec: FieldSpec, planId: number | null = null, enrollType: string | null = null) =>
  fieldRow(tabName as TabName, spec, planId, enrollType);

/** Plans whose underwriting needs dependents' height and weight. */
const BUILD_PLAN_IDS = plansInCategory("medical", "guaranteed", "hsa", "limited_medical").map((p) => p.id);
/** Life insurers record the place of birth. */
const BIRTHPLACE_PLAN_IDS = plansInCategory("term_life").map((p) => p.id);

export const FIELD_DEFINITIONS: Insertable<FieldDefinitionTable>[] = [
  ...defaultFieldRows(),
  // existing members: identity fields come from the member record and cannot be changed
  ...(
    [
      ["birthdate", 1, 1],
      ["gender", 1, 1],
      ["ssn", 1, 1],
    ] as FieldSpec[]
  ).map((s) => field("primary_info", s, null, "existing-member")),
  ...BUILD_PLAN_IDS.flatMap((id) =>
    (
      [
        ["weight", 1],
        ["height_feet", 1],
        ["height_inch", 1],
      ] as FieldSpec[]
    ).map((s) => field("dependent_info", s, id)),
  ),
  ...BIRTHPLACE_PLAN_IDS.flatMap((id) =>
    (
      [
        ["birth_state", 1],
        ["birth_city", 1],
      ] as FieldSpec[]
    ).map((s) => field("contact_info", s, id)),
  ),
];

// ---------------------------------------------------------------- agreements

export const AGREEMENT_TEXTS: Insertable<AgreementTextTable>[] = [
  {
    plan_id: null,
    carrier_id: null,
    head_en: "Enrollment Authorization",
    head_es: "Autorización de inscripción",
    body_en:
      "<p>I have read the plan descriptions and I certify that the information in this application is true and complete to the best of my knowledge. I understand that false or incomplete information may result in denial of claims or cancellation of coverage.</p><p>I understand that coverage begins on the effective date shown only after my application is accepted and my first payment is received, and that each plan's exclusions, limitations and waiting periods apply.</p>",
    body_es:
      "<p>He leído las descripciones de los planes y certifico que la información de esta solicitud es verdadera y completa según mi leal saber y entender. Entiendo que la información falsa o incompleta puede dar lugar al rechazo de reclamaciones o a la cancelación de la cobertura.</p><p>Entiendo que la cobertura comienza en la fecha de vigencia indicada solo después de que se acepte mi solicitud y se reciba mi primer pago, y que se aplican las exclusiones, limitaciones y períodos de espera de cada plan.</p>",
    required: 1,
    sort_order: 1,
  },
  {
    plan_id: null,
    carrier_id: null,
    head_en: "Privacy and HIPAA Authorization",
    head_es: "Autorización de privacidad y HIPAA",
    body_en:
      "<p>I authorize any physician, hospital, pharmacy, insurer or other health care provider to release to the carriers of the plans I have selected, and to their administrators, information about my health and the health of the dependents I have enrolled, for the purposes of underwriting, enrollment and claims administration.</p><p>This authorization is valid for 24 months from the date signed. I may revoke it in writing at any time, except to the extent action has already been taken. A copy of this authorization is as valid as the original.</p>",
    body_es:
      "<p>Autorizo a cualquier médico, hospital, farmacia, aseguradora u otro proveedor de atención médica a divulgar a las aseguradoras de los planes que he elegido, y a sus administradores, información sobre mi salud y la de los dependientes que he inscrito, con fines de suscripción, inscripción y administración de reclamaciones.</p><p>Esta autorización es válida durante 24 meses a partir de la fecha de la firma. Puedo revocarla por escrito en cualquier momento, salvo en la medida en que ya se hayan tomado medidas con base en ella. Una copia de esta autorización es tan válida como el original.</p>",
    required: 1,
    sort_order: 2,
  },
  {
    plan_id: null,
    carrier_id: null,
    head_en: "Payment Authorization",
    head_es: "Autorización de pago",
    body_en:
      "<p>I authorize Benefit Store and the carriers of my selected plans to charge my bank account or card for the initial payment, which is processed between the enrollment date and up to 5 days after it, and for each monthly premium thereafter on the billing date I selected.</p><p>A $30 fee applies to any payment returned for insufficient funds. To stop a payment, I must give notice at least 3 business days before the scheduled date. This authorization remains in effect until I cancel it in writing.</p>",
    body_es:
      "<p>Autorizo a Benefit Store y a las aseguradoras de los planes elegidos a cobrar en mi cuenta bancaria o tarjeta el pago inicial, que se procesa entre la fecha de inscripción y hasta 5 días después, y cada prima mensual posterior en la fecha de facturación que elegí.</p><p>Se aplica un cargo de $30 por cualquier pago devuelto por fondos insuficientes. Para detener un pago, debo avisar al menos 3 días hábiles antes de la fecha programada. Esta autorización sigue vigente hasta que la cancele por escrito.</p>",
    required: 1,
    sort_order: 3,
  },
  {
    plan_id: planId("LUH-L713"),
    carrier_id: null,
    head_en: "Local 713 Membership and Fee Acknowledgment",
    head_es: "Reconocimiento de membresía y cuotas del Local 713",
    body_en:
      "<p>I confirm that I am an active member of Local 713 in good standing. I understand that my monthly payment includes union dues of $25.00, an annuity fund contribution of $10.00, billing fees of $30.00, association member fees (Single $50, Member + Spouse $100, Member + Child(ren) $100, Family $150), independent marketer fees averaging $77.00 to $150.00, and the union health and welfare amount.</p><p>I understand that coverage under the Member + Children tier is limited to one child.</p>",
    body_es:
      "<p>Confirmo que soy miembro activo del Local 713 y que estoy al corriente con mis cuotas. Entiendo que mi pago mensual incluye cuotas sindicales de $25.00, una aportación al fondo de anualidad de $10.00, cargos de facturación de $30.00, cuotas de la asociación (Individual $50, Miembro + Cónyuge $100, Miembro + Hijo(s) $100, Familia $150), honorarios del comercializador independiente de entre $77.00 y $150.00 en promedio, y el monto sindical de salud y bienestar.</p><p>Entiendo que la cobertura del nivel Miembro + Hijos se limita a un hijo.</p>",
    required: 1,
    sort_order: 4,
  },
];

// ---------------------------------------------------------------- effective dates

export const EFFECTIVE_DATE_RULES: Insertable<EffectiveDateRuleTable>[] = [
  { group_id: null, days_of_month: "1,15", months_ahead: 3, min_days_ahead: 1 },
  { group_id: 1, days_of_month: "1", months_ahead: 3, min_days_ahead: 1 },
];

// ---------------------------------------------------------------- option lists

const list = (list_key: string, items: Array<[value: string, en: string, es: string]>): Insertable<OptionTable>[] =>
  items.map(([value, label_en, label_es], i) => ({ list_key, value, label_en, label_es, sort_order: i + 1 }));

function ordinal(n: number) {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${s}`;
}

const STATES: Array<[string, string, string]> = [
  ["AL", "Alabama", "Alabama"],
  ["AK", "Alaska", "Alaska"],
  ["AZ", "Arizona", "Arizona"],
  ["AR", "Arkansas", "Arkansas"],
  ["CA", "California", "California"],
  ["CO", "Colorado", "Colorado"],
  ["CT", "Connecticut", "Connecticut"],
  ["DE", "Delaware", "Delaware"],
  ["DC", "District of Columbia", "Distrito de Columbia"],
  ["FL", "Florida", "Florida"],
  ["GA", "Georgia", "Georgia"],
  ["HI", "Hawaii", "Hawái"],
  ["ID", "Idaho", "Idaho"],
  ["IL", "Illinois", "Illinois"],
  ["IN", "Indiana", "Indiana"],
  ["IA", "Iowa", "Iowa"],
  ["KS", "Kansas", "Kansas"],
  ["KY", "Kentucky", "Kentucky"],
  ["LA", "Louisiana", "Luisiana"],
  ["ME", "Maine", "Maine"],
  ["MD", "Maryland", "Maryland"],
  ["MA", "Massachusetts", "Massachusetts"],
  ["MI", "Michigan", "Míchigan"],
  ["MN", "Minnesota", "Minnesota"],
  ["MS", "Mississippi", "Misisipi"],
  ["MO", "Missouri", "Misuri"],
  ["MT", "Montana", "Montana"],
  ["NE", "Nebraska", "Nebraska"],
  ["NV", "Nevada", "Nevada"],
  ["NH", "New Hampshire", "Nuevo Hampshire"],
  ["NJ", "New Jersey", "Nueva Jersey"],
  ["NM", "New Mexico", "Nuevo México"],
  ["NY", "New York", "Nueva York"],
  ["NC", "North Carolina", "Carolina del Norte"],
  ["ND", "North Dakota", "Dakota del Norte"],
  ["OH", "Ohio", "Ohio"],
  ["OK", "Oklahoma", "Oklahoma"],
  ["OR", "Oregon", "Oregón"],
  ["PA", "Pennsylvania", "Pensilvania"],
  ["RI", "Rhode Island", "Rhode Island"],
  ["SC", "South Carolina", "Carolina del Sur"],
  ["SD", "South Dakota", "Dakota del Sur"],
  ["TN", "Tennessee", "Tennessee"],
  ["TX", "Texas", "Texas"],
  ["UT", "Utah", "Utah"],
  ["VT", "Vermont", "Vermont"],
  ["VA", "Virginia", "Virginia"],
  ["WA", "Washington", "Washington"],
  ["WV", "West Virginia", "Virginia Occidental"],
  ["WI", "Wisconsin", "Wisconsin"],
  ["WY", "Wyoming", "Wyoming"],
];

export const OPTIONS: Insertable<OptionTable>[] = [
  ...list("marital_status", [
    ["0", "Single", "Soltero(a)"],
    ["1", "Married", "Casado(a)"],
    ["2", "Divorced", "Divorciado(a)"],
    ["3", "Widowed", "Viudo(a)"],
  ]),
  ...list("gender", [
    ["0", "Male", "Masculino"],
    ["1", "Female", "Femenino"],
  ]),
  ...list("beneficiary_relationship", [
    ["spouse", "Spouse", "Cónyuge"],
    ["child", "Child", "Hijo(a)"],
    ["parent", "Parent", "Padre o madre"],
    ["sibling", "Sibling", "Hermano(a)"],
    ["domestic_partner", "Domestic Partner", "Pareja de hecho"],
    ["grandchild", "Grandchild", "Nieto(a)"],
    ["trust", "Trust", "Fideicomiso"],
    ["estate", "Estate", "Sucesión"],
    ["other", "Other", "Otro"],
  ]),
  ...list("average_work_week", [
    ["1-19", "Fewer than 20 hours", "Menos de 20 horas"],
    ["20-29", "20–29 hours", "De 20 a 29 horas"],
    ["30-39", "30–39 hours", "De 30 a 39 horas"],
    ["40+", "40 hours or more", "40 horas o más"],
  ]),
  ...list("compensation_type", [
    ["MW", "Minimum wage", "Salario mínimo"],
    ["GMWL10", "Greater than minimum wage but less than $10/hr", "Más del salario mínimo pero menos de $10/hora"],
    ["G10L20", "Greater than $10/hr but less than $20/hr", "Más de $10/hora pero menos de $20/hora"],
    ["G20", "Greater than $20/hr", "Más de $20/hora"],
    ["Salary", "Salary", "Sueldo fijo"],
    ["1099", "1099", "1099 (contratista independiente)"],
  ]),
  ...list("employment_status", [
    ["A", "Active", "Activo"],
    ["C", "COBRA", "COBRA"],
    ["R", "Retired", "Jubilado"],
  ]),
  ...list("employer_industry", [
    ["agriculture", "Agriculture", "Agricultura"],
    ["construction", "Construction", "Construcción"],
    ["manufacturing", "Manufacturing", "Manufactura"],
    ["retail", "Retail", "Comercio minorista"],
    ["transportation", "Transportation and Logistics", "Transporte y logística"],
    ["healthcare", "Health Care", "Atención médica"],
    ["hospitality", "Hospitality and Food Service", "Hotelería y restaurantes"],
    ["education", "Education", "Educación"],
    ["finance", "Finance and Insurance", "Finanzas y seguros"],
    ["technology", "Technology", "Tecnología"],
    ["professional_services", "Professional Services", "Servicios profesionales"],
    ["government", "Government", "Gobierno"],
    ["other", "Other", "Otro"],
  ]),
  ...list("vacation_policy", [
    ["NONE", "No paid vacation", "Sin vacaciones pagadas"],
    ["ONE_WEEK", "1 week", "1 semana"],
    ["TWO_WEEKS", "2 weeks", "2 semanas"],
    ["THREE_PLUS", "3 weeks or more", "3 semanas o más"],
  ]),
  ...list("bargaining_unit", [
    ["NONE", "Not in a bargaining unit", "No pertenece a una unidad de negociación"],
    ["UNION", "Union member", "Miembro de un sindicato"],
    ["LOCAL713", "Local 713 member", "Miembro del Local 713"],
  ]),
  ...list("holiday_policy", [
    ["Standard_6", "Standard 6", "6 días festivos estándar"],
    ["Presendents_Day", "Presidents Day", "Día de los Presidentes"],
    ["Columbus_Day", "Columbus Day", "Día de la Raza (Columbus Day)"],
    ["Religious_Days", "Religious Days", "Días religiosos"],
    ["Birthday", "Birthday", "Cumpleaños"],
    ["Floating_Day", "Floating Day", "Día flotante"],
  ]),
  ...list(
    "bill_date",
    Array.from({ length: 28 }, (_, i): [string, string, string] => [String(i + 1), `${ordinal(i + 1)} of month`, `Día ${i + 1} del mes`]),
  ),
  ...list("account_type", [
    ["checking", "Checking", "Cuenta de cheques"],
    ["savings", "Savings", "Cuenta de ahorros"],
  ]),
  ...list("account_holder_type", [
    ["individual", "Individual", "Personal"],
    ["company", "Company", "Empresa"],
  ]),
  ...list("payment_method", [
    ["eft", "Bank Draft (EFT)", "Débito bancario (EFT)"],
    ["cc", "Credit Card", "Tarjeta de crédito"],
    ["elist", "EFT List", "Lista EFT"],
    ["list", "List Bill", "Facturación por lista"],
    ["stmt", "Statement", "Estado de cuenta"],
  ]),
  ...list("state", STATES),
];

// ---------------------------------------------------------------- health questions

export const HEALTH_QUESTIONS: Insertable<HealthQuestionTable>[] = [
  {
    id: 140,
    kind: "condition",
    text_en:
      "In the past 5 years, have you been diagnosed with or treated for heart disease, a heart attack, a stroke or high blood pressure?",
    text_es:
      "En los últimos 5 años, ¿le han diagnosticado o tratado una enfermedad cardíaca, un infarto, un derrame cerebral o presión arterial alta?",
    for_dependents: 1,
    sort_order: 1,
  },
  {
    id: 141,
    kind: "condition",
    text_en: "In the past 5 years, have you been diagnosed with or treated for diabetes, kidney disease or liver disease?",
    text_es: "En los últimos 5 años, ¿le han diagnosticado o tratado diabetes, una enfermedad renal o una enfermedad del hígado?",
    for_dependents: 1,
    sort_order: 2,
  },
  {
    id: 142,
    kind: "condition",
    text_en: "In the past 10 years, have you been diagnosed with or treated for cancer, a tumor or leukemia?",
    text_es: "En los últimos 10 años, ¿le han diagnosticado o tratado cáncer, un tumor o leucemia?",
    for_dependents: 1,
    sort_order: 3,
  },
  {
    id: 143,
    kind: "condition",
    text_en: "In the past 5 years, have you been diagnosed with or treated for COPD, emphysema or asthma requiring daily medication?",
    text_es: "En los últimos 5 años, ¿le han diagnosticado o tratado EPOC, enfisema o asma que requiera medicamentos diarios?",
    for_dependents: 0,
    sort_order: 4,
  },
  {
    id: 144,
    kind: "condition",
    text_en: "Has a medical professional advised you to have surgery or further testing that has not yet been completed?",
    text_es: "¿Algún profesional médico le ha recomendado una cirugía o estudios adicionales que aún no se hayan realizado?",
    for_dependents: 0,
    sort_order: 5,
  },
  {
    id: 145,
    kind: "condition",
    text_en: "Is anyone applying for coverage currently pregnant?",
    text_es: "¿Alguna de las personas que solicitan cobertura está embarazada actualmente?",
    for_dependents: 1,
    sort_order: 6,
  },
  {
    id: 146,
    kind: "condition",
    text_en: "Are you currently under treatment for a mental or nervous disorder, or for alcohol or drug dependency?",
    text_es: "¿Está recibiendo actualmente tratamiento por un trastorno mental o nervioso, o por dependencia del alcohol o las drogas?",
    for_dependents: 1,
    sort_order: 7,
  },
  {
    id: 147,
    kind: "condition",
    text_en: "Have you been hospitalized in the last 2 years for any reason other than childbirth?",
    text_es: "¿Ha estado hospitalizado en los últimos 2 años por cualquier motivo que no sea un parto?",
    for_dependents: 1,
    sort_order: 8,
  },
  {
    id: 148,
    kind: "medication",
    text_en: "Are you currently taking any prescription medication?",
    text_es: "¿Toma actualmente algún medicamento recetado?",
    for_dependents: 1,
    sort_order: 9,
  },
];
