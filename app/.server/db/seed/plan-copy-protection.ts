/**
 * Copy for term life, disability income, critical illness, accident, hospital and
 * supplemental plans. Keyed by plan code; see catalog.ts for the plan rows.
 */
import type { PlanCopy } from "./plan-copy-helpers";

// ---------------------------------------------------------------- term life

const LIFE_EXCLUSIONS = {
  en: [
    "Suicide within the first 2 policy years (premiums paid are refunded)",
    "Material misstatements on the application discovered within the 2-year contestability period",
    "Coverage amounts of $100,000 to $300,000 require medical underwriting approval and evidence of insurability; approval is not guaranteed and a decision usually arrives within 5 to 10 days",
  ],
  es: [
    "Suicidio durante los primeros 2 años de la póliza (se reembolsan las primas pagadas)",
    "Declaraciones falsas importantes en la solicitud descubiertas durante el período de impugnación de 2 años",
    "Los montos de cobertura de $100,000 a $300,000 requieren aprobación de suscripción médica y prueba de asegurabilidad; la aprobación no está garantizada y la decisión suele llegar en un plazo de 5 a 10 días",
  ],
};

const term10: PlanCopy = {
  en: {
    name: "Summit Mutual 10-Year Level Term Life",
    short: [
      "Choose $50,000, $100,000 or $250,000 of coverage",
      "Premium locked for 10 years",
      "Rates for tobacco and non-tobacco users",
      "Accelerated benefit for terminal illness",
    ],
    header: "Affordable protection for the years that matter most",
    body: [
      "<strong>Summit Mutual 10-Year Level Term Life</strong> pays a tax-free death benefit to the beneficiaries you name. Your premium and coverage amount stay the same for the full 10-year term, making it a simple way to protect a mortgage, a car loan or your family's income while your children are young.",
      "Rates depend on your age, gender and tobacco use, so you will be asked whether you have used tobacco or nicotine in the last 12 months. Coverage of $50,000 requires only a few eligibility questions; higher amounts may require a phone interview.",
      "If you are diagnosed with a terminal illness with a life expectancy of 12 months or less, you can receive up to 50% of the death benefit early. Before age 65 you can convert the policy to permanent coverage without a medical exam.",
    ],
    blueBar: "Level premiums for 10 years. Name up to 3 beneficiaries.",
    exclusions: LIFE_EXCLUSIONS.en,
    example: [
      "Derek, 38, buys $250,000 of coverage as a non-tobacco user. Six years later he dies in a car accident.",
      "His wife and son, named as beneficiaries at 60% and 40%, receive <strong>$150,000 and $100,000</strong> income-tax free, usually within 14 days of the claim.",
    ],
    faq: [
      [
        "Who can be my beneficiary?",
        "Anyone you choose: a spouse, children, other relatives, a trust or a charity. You can name up to 3 beneficiaries and the percentages must add up to 100%.",
      ],
      [
        "What happens after 10 years?",
        "You can renew every year without a medical exam at the rate for your age at that time, or convert to a permanent policy before age 65.",
      ],
      ["Why do you ask about tobacco?", "Tobacco users pay higher rates. If you quit for 12 months, you can apply for non-tobacco rates."],
    ],
  },
  es: {
    name: "Summit Mutual Vida a Término Nivelado de 10 Años",
    short: [
      "Elija una cobertura de $50,000, $100,000 o $250,000",
      "Prima fija durante 10 años",
      "Tarifas para fumadores y no fumadores",
      "Beneficio anticipado por enfermedad terminal",
    ],
    header: "Protección asequible para los años que más importan",
    body: [
      "El seguro <strong>Summit Mutual Vida a Término Nivelado de 10 Años</strong> paga un beneficio por fallecimiento libre de impuestos a los beneficiarios que usted designe. Su prima y su monto de cobertura se mantienen iguales durante los 10 años, una forma sencilla de proteger una hipoteca, un préstamo de auto o los ingresos de su familia mientras sus hijos son pequeños.",
      "Las tarifas dependen de su edad, su sexo y el uso de tabaco, por lo que le preguntaremos si ha consumido tabaco o nicotina en los últimos 12 meses. Una cobertura de $50,000 solo requiere algunas preguntas de elegibilidad; los montos mayores pueden requerir una entrevista telefónica.",
      "Si le diagnostican una enfermedad terminal con una expectativa de vida de 12 meses o menos, puede recibir por adelantado hasta el 50% del beneficio por fallecimiento. Antes de cumplir 65 años puede convertir la póliza en un seguro permanente sin examen médico.",
    ],
    blueBar: "Primas niveladas durante 10 años. Designe hasta 3 beneficiarios.",
    exclusions: LIFE_EXCLUSIONS.es,
    example: [
      "Derek, de 38 años y no fumador, contrata una cobertura de $250,000. Seis años después fallece en un accidente de auto.",
      "Su esposa y su hijo, designados como beneficiarios al 60% y al 40%, reciben <strong>$150,000 y $100,000</strong> libres de impuestos sobre la renta, normalmente dentro de los 14 días posteriores a la reclamación.",
    ],
    faq: [
      [
        "¿Quién puede ser mi beneficiario?",
        "Quien usted elija: su cónyuge, sus hijos, otros familiares, un fideicomiso o una organización benéfica. Puede designar hasta 3 beneficiarios y los porcentajes deben sumar 100%.",
      ],
      [
        "¿Qué pasa después de los 10 años?",
        "Puede renovar cada año sin examen médico, con la tarifa que corresponda a su edad, o convertir la póliza en un seguro permanente antes de los 65 años.",
      ],
      [
        "¿Por qué preguntan por el tabaco?",
        "Las personas que consumen tabaco pagan tarifas más altas. Si lo deja durante 12 meses, puede solicitar la tarifa de no fumador.",
      ],
    ],
  },
};

const term20: PlanCopy = {
  en: {
    name: "Summit Mutual 20-Year Level Term Life",
    short: [
      "$100,000, $200,000 or $300,000 of coverage",
      "Premium locked for 20 years",
      "Issue ages 18 to 60",
      "Convertible to permanent coverage",
    ],
    header: "Long-term protection at a price that never changes",
    body: [
      "<strong>Summit Mutual 20-Year Level Term Life</strong> keeps the same premium and death benefit for two full decades, long enough to see children through college or pay off most of a mortgage.",
      "Because these are optional life amounts of $100,000 to $300,000, coverage is subject to medical underwriting and evidence of insurability. After you enroll, Summit Mutual may contact you for a short phone interview; a decision usually arrives within 5 to 10 days and coverage is not guaranteed until you are approved.",
      "The policy includes a terminal illness accelerated benefit of up to 50% and a waiver of premium if you become totally disabled before age 60.",
    ],
    blueBar: "Premiums guaranteed for 20 years.",
    exclusions: LIFE_EXCLUSIONS.en,
    example: [
      "Aisha, 42, buys $300,000 of coverage to protect her mortgage. In year 12 she is diagnosed with a terminal illness.",
      "She requests the accelerated benefit and receives <strong>$150,000</strong> to cover treatment and household costs. When she passes away, her beneficiaries receive the remaining $150,000.",
    ],
    faq: [
      [
        "Do I need a medical exam?",
        "Most applicants only complete a phone interview. Summit Mutual may order a paramedical exam at no cost to you for amounts above $250,000.",
      ],
      ["When does my coverage start?", "On the later of your effective date and the date Summit Mutual approves your application."],
      ["Can I add my spouse or children?", "Yes. Add the Spouse Term Life Rider or the Child Term Life Rider from the cart."],
    ],
  },
  es: {
    name: "Summit Mutual Vida a Término Nivelado de 20 Años",
    short: [
      "Cobertura de $100,000, $200,000 o $300,000",
      "Prima fija durante 20 años",
      "Edades de emisión de 18 a 60 años",
      "Convertible a un seguro permanente",
    ],
    header: "Protección a largo plazo con un precio que nunca cambia",
    body: [
      "El seguro <strong>Summit Mutual Vida a Término Nivelado de 20 Años</strong> mantiene la misma prima y el mismo beneficio por fallecimiento durante dos décadas completas, tiempo suficiente para que sus hijos terminen la universidad o para pagar la mayor parte de una hipoteca.",
      "Como se trata de montos opcionales de $100,000 a $300,000, la cobertura está sujeta a suscripción médica y a prueba de asegurabilidad. Después de inscribirse, Summit Mutual puede contactarle para una breve entrevista telefónica; la decisión suele llegar en un plazo de 5 a 10 días y la cobertura no está garantizada hasta que se apruebe.",
      "La póliza incluye un beneficio anticipado por enfermedad terminal de hasta el 50% y la exención del pago de primas si queda totalmente discapacitado antes de los 60 años.",
    ],
    blueBar: "Primas garantizadas durante 20 años.",
    exclusions: LIFE_EXCLUSIONS.es,
    example: [
      "Aisha, de 42 años, contrata $300,000 de cobertura para proteger su hipoteca. En el año 12 le diagnostican una enfermedad terminal.",
      "Solicita el beneficio anticipado y recibe <strong>$150,000</strong> para cubrir su tratamiento y los gastos del hogar. Cuando fallece, sus beneficiarios reciben los $150,000 restantes.",
    ],
    faq: [
      [
        "¿Necesito un examen médico?",
        "La mayoría de los solicitantes solo completan una entrevista telefónica. Para montos superiores a $250,000, Summit Mutual puede solicitar un examen paramédico sin costo para usted.",
      ],
      [
        "¿Cuándo comienza mi cobertura?",
        "En la fecha de vigencia o en la fecha en que Summit Mutual apruebe su solicitud, la que sea posterior.",
      ],
      [
        "¿Puedo añadir a mi cónyuge o a mis hijos?",
        "Sí. Añada la Cláusula de Vida a Término para Cónyuge o la Cláusula de Vida a Término para Hijos desde el carrito.",
      ],
    ],
  },
};

function rider(o: { en: [string, string, string]; es: [string, string, string]; amount: string }): PlanCopy {
  return {
    en: {
      name: o.en[0],
      short: [`${o.amount} of term life coverage`, o.en[1], "Added to a Summit Mutual term life policy", "No medical exam"],
      body: [
        `The <strong>${o.en[0]}</strong> adds ${o.amount} of level term life coverage to your Summit Mutual term life policy. ${o.en[2]}`,
        "The rider ends when the base policy ends or is converted, and it can be converted to its own permanent policy without evidence of insurability.",
      ],
      blueBar: "Available only with a Summit Mutual term life policy.",
      exclusions: LIFE_EXCLUSIONS.en.slice(0, 2),
      faq: [
        ["Can I buy the rider on its own?", "No. It must be attached to a Summit Mutual 10-Year or 20-Year Level Term Life policy."],
        ["Who receives the benefit?", "You, as the policy owner, unless you name another beneficiary."],
      ],
    },
    es: {
      name: o.es[0],
      short: [
        `${o.amount} de cobertura de vida a término`,
        o.es[1],
        "Se añade a una póliza de vida a término de Summit Mutual",
        "Sin examen médico",
      ],
      body: [
        `La <strong>${o.es[0]}</strong> añade ${o.amount} de cobertura de vida a término nivelado a su póliza de vida a término de Summit Mutual. ${o.es[2]}`,
        "La cláusula termina cuando la póliza principal termina o se convierte, y puede convertirse en una póliza permanente propia sin prueba de asegurabilidad.",
      ],
      blueBar: "Disponible solo con una póliza de vida a término de Summit Mutual.",
      exclusions: LIFE_EXCLUSIONS.es.slice(0, 2),
      faq: [
        [
          "¿Puedo comprar la cláusula por separado?",
          "No. Debe añadirse a una póliza Summit Mutual Vida a Término Nivelado de 10 o de 20 años.",
        ],
        ["¿Quién recibe el beneficio?", "Usted, como titular de la póliza, a menos que designe a otro beneficiario."],
      ],
    },
  };
}

// ---------------------------------------------------------------- disability

const stdSalary: PlanCopy = {
  en: {
    name: "Summit Mutual Short-Term Disability Income",
    short: [
      "Replaces 60% of your weekly earnings",
      "Up to $1,500 a week for 26 weeks",
      "Benefits from day 8 of illness, day 1 of injury",
      "Price based on your annual salary",
    ],
    header: "Keep your paycheck coming while you recover",
    body: [
      "If an illness, injury or pregnancy keeps you from working, <strong>Summit Mutual Short-Term Disability Income</strong> replaces 60% of your weekly earnings, up to $1,500 a week, for as long as 26 weeks.",
      "Because the benefit is tied to your pay, your premium is based on your annual salary: a small base rate plus $0.45 a month for every $1,000 of salary. Enter your annual salary to see your exact rate.",
      "Benefits are paid directly to you every two weeks and can be used for rent, groceries, car payments or anything else.",
    ],
    blueBar: "Enter your annual salary to see your rate.",
    exclusions: [
      "Disabilities caused by intentionally self-inflicted injuries",
      "Pre-existing conditions treated in the 3 months before coverage, during the first 12 months",
      "Injuries sustained while committing a felony",
      "Work-related injuries covered by workers' compensation",
    ],
    example: [
      "Kevin earns $52,000 a year ($1,000 a week). He pays the base rate plus 52 × $0.45 = $23.40 a month for the salary-based portion.",
      "After knee surgery he cannot work for 8 weeks. Starting on day 8 he receives $600 a week, or <strong>$4,800</strong> in total.",
    ],
    faq: [
      [
        "Is pregnancy covered?",
        "Yes. Normal delivery is covered for 6 weeks and cesarean delivery for 8 weeks, once you have been covered for 10 months.",
      ],
      ["Are benefits taxable?", "When you pay the premium with after-tax money, benefits are generally not taxable."],
      ["What if my salary changes?", "Update your salary at renewal. Your benefit and premium are recalculated from the new amount."],
    ],
  },
  es: {
    name: "Summit Mutual Ingreso por Discapacidad a Corto Plazo",
    short: [
      "Reemplaza el 60% de sus ingresos semanales",
      "Hasta $1,500 por semana durante 26 semanas",
      "Beneficios desde el día 8 por enfermedad y el día 1 por lesión",
      "Precio según su salario anual",
    ],
    header: "Siga recibiendo ingresos mientras se recupera",
    body: [
      "Si una enfermedad, una lesión o un embarazo le impiden trabajar, el seguro <strong>Summit Mutual Ingreso por Discapacidad a Corto Plazo</strong> reemplaza el 60% de sus ingresos semanales, hasta $1,500 por semana, durante un máximo de 26 semanas.",
      "Como el beneficio depende de su sueldo, la prima se calcula según su salario anual: una tarifa base pequeña más $0.45 al mes por cada $1,000 de salario. Ingrese su salario anual para ver su tarifa exacta.",
      "Los beneficios se le pagan directamente cada dos semanas y puede usarlos para la renta, la comida, el pago del auto o cualquier otro gasto.",
    ],
    blueBar: "Ingrese su salario anual para ver su tarifa.",
    exclusions: [
      "Discapacidades causadas por lesiones autoinfligidas intencionalmente",
      "Condiciones preexistentes tratadas en los 3 meses anteriores a la cobertura, durante los primeros 12 meses",
      "Lesiones sufridas al cometer un delito grave",
      "Lesiones laborales cubiertas por la compensación para trabajadores",
    ],
    example: [
      "Kevin gana $52,000 al año ($1,000 por semana). Paga la tarifa base más 52 × $0.45 = $23.40 al mes por la parte basada en su salario.",
      "Tras una cirugía de rodilla no puede trabajar durante 8 semanas. A partir del día 8 recibe $600 por semana, es decir, <strong>$4,800</strong> en total.",
    ],
    faq: [
      [
        "¿Cubre el embarazo?",
        "Sí. El parto normal se cubre durante 6 semanas y la cesárea durante 8 semanas, una vez que tenga 10 meses de cobertura.",
      ],
      [
        "¿Los beneficios pagan impuestos?",
        "Si paga la prima con dinero después de impuestos, por lo general los beneficios no están sujetos a impuestos.",
      ],
      ["¿Y si cambia mi salario?", "Actualice su salario al renovar. Su beneficio y su prima se recalculan con el nuevo monto."],
    ],
  },
};

const diFixed: PlanCopy = {
  en: {
    name: "Summit Mutual Fixed Benefit Disability Income",
    short: [
      "$1,500 a month if you cannot work",
      "Benefits for up to 12 months",
      "30-day elimination period",
      "For employees working 30+ hours a week",
    ],
    header: "A fixed monthly benefit when you cannot work",
    body: [
      "<strong>Summit Mutual Fixed Benefit Disability Income</strong> pays a flat $1,500 a month when a covered illness or injury keeps you from working, for up to 12 months per disability.",
      "The plan is for people who are actively at work at least 30 hours a week. You will be asked for your average weekly hours before you can add it to your cart.",
      "Benefits begin after a 30-day elimination period and are paid regardless of any other coverage you have, including workers' compensation for off-the-job injuries.",
    ],
    blueBar: "Requires at least 30 working hours a week.",
    exclusions: [
      "Employees working fewer than 30 hours a week",
      "Pre-existing conditions during the first 12 months",
      "Normal pregnancy during the first 10 months of coverage",
      "Disabilities resulting from war or acts of war",
    ],
    example: [
      "Rosa works 36 hours a week as a dental assistant and breaks her wrist skiing. She is out of work for 3 months.",
      "After the 30-day elimination period the plan pays $1,500 for each of the remaining 2 months: <strong>$3,000</strong>.",
    ],
    faq: [
      [
        "Why do you ask about my working hours?",
        "Eligibility requires at least 30 hours of work a week. Part-time employees can consider the Harbor Point Accident Protector instead.",
      ],
      ["Can I have this plan and short-term disability?", "Yes. The fixed benefit is paid in addition to any other disability benefits."],
      ["Is the price based on my salary?", "No. The price depends on your age and gender only."],
    ],
  },
  es: {
    name: "Summit Mutual Ingreso por Discapacidad con Beneficio Fijo",
    short: [
      "$1,500 al mes si no puede trabajar",
      "Beneficios durante un máximo de 12 meses",
      "Período de eliminación de 30 días",
      "Para empleados que trabajan 30 horas o más a la semana",
    ],
    header: "Un beneficio mensual fijo cuando no puede trabajar",
    body: [
      "El seguro <strong>Summit Mutual Ingreso por Discapacidad con Beneficio Fijo</strong> paga una cantidad fija de $1,500 al mes cuando una enfermedad o lesión cubierta le impide trabajar, hasta 12 meses por discapacidad.",
      "El plan es para personas que trabajan activamente al menos 30 horas a la semana. Le preguntaremos su promedio de horas semanales antes de que pueda añadirlo al carrito.",
      "Los beneficios comienzan después de un período de eliminación de 30 días y se pagan independientemente de cualquier otra cobertura que tenga, incluida la compensación para trabajadores por lesiones fuera del trabajo.",
    ],
    blueBar: "Requiere al menos 30 horas de trabajo a la semana.",
    exclusions: [
      "Empleados que trabajan menos de 30 horas a la semana",
      "Condiciones preexistentes durante los primeros 12 meses",
      "Embarazo normal durante los primeros 10 meses de cobertura",
      "Discapacidades causadas por guerra o actos de guerra",
    ],
    example: [
      "Rosa trabaja 36 horas a la semana como asistente dental y se fractura la muñeca esquiando. No puede trabajar durante 3 meses.",
      "Después del período de eliminación de 30 días, el plan paga $1,500 por cada uno de los 2 meses restantes: <strong>$3,000</strong>.",
    ],
    faq: [
      [
        "¿Por qué me preguntan por mis horas de trabajo?",
        "Para ser elegible debe trabajar al menos 30 horas a la semana. Los empleados de medio tiempo pueden considerar el Harbor Point Protección contra Accidentes.",
      ],
      [
        "¿Puedo tener este plan y el de discapacidad a corto plazo?",
        "Sí. El beneficio fijo se paga además de cualquier otro beneficio por discapacidad.",
      ],
      ["¿El precio depende de mi salario?", "No. El precio depende solo de su edad y su sexo."],
    ],
  },
};

// ---------------------------------------------------------------- critical illness

const CI_CONDITIONS = {
  en: "heart attack, stroke, invasive cancer, end-stage kidney failure, major organ transplant, coronary bypass surgery and paralysis",
  es: "infarto, derrame cerebral, cáncer invasivo, insuficiencia renal terminal, trasplante de órgano mayor, cirugía de bypass coronario y parálisis",
};

function criticalIllness(o: { amount: number; withQuestions: boolean; carrier: string; nameEn: string; nameEs: string }): PlanCopy {
  const amt = `$${o.amount.toLocaleString("en-US")}`;
  return {
    en: {
      name: o.nameEn,
      short: [
        `${amt} lump sum on first diagnosis`,
        "Heart attack, stroke, cancer and more",
        "Cash paid directly to you",
        o.withQuestions ? "Short health questionnaire" : "Guaranteed issue, no health questions",
      ],
      header: "Cash when a serious diagnosis turns life upside down",
      body: [
        `<strong>${o.nameEn}</strong> pays a ${amt} lump sum when you are first diagnosed with a covered condition: ${CI_CONDITIONS.en}. Less severe diagnoses such as carcinoma in situ pay 25%.`,
        "The money is paid directly to you and you decide how to use it: deductibles, travel to a treatment center, childcare or everyday bills while you focus on getting better.",
        o.withQuestions
          ? "To enroll, answer four Enroll Now health questions. Certain recent diagnoses make applicants ineligible; if your answers qualify, you can add the plan to your cart right away."
          : "Everyone who applies is accepted. Conditions diagnosed or treated in the 12 months before your effective date are not covered during your first 12 months.",
      ],
      blueBar: `${o.carrier}: benefits paid in a single lump sum.`,
      exclusions: [
        "Conditions first diagnosed during the 30-day waiting period after your effective date",
        o.withQuestions
          ? "Conditions disclosed incorrectly on the health questions"
          : "Pre-existing conditions during the first 12 months of coverage",
        "Skin cancers other than melanoma",
        "Self-inflicted injuries and illnesses resulting from substance abuse",
      ],
      example: [
        "Grace, 47, suffers a heart attack eight months after her coverage starts. Her health plan covers most of the hospital bill but she still owes her $3,000 deductible and misses six weeks of work.",
        `She files a claim with her discharge summary and receives <strong>${amt}</strong> within about 10 business days to spend however she needs.`,
      ],
      faq: [
        [
          "Can I receive the benefit more than once?",
          "Yes. A different covered condition pays the full amount again, and a recurrence of cancer after 12 treatment-free months pays 50%.",
        ],
        [
          "Does it replace health insurance?",
          "No. It pays in addition to your health plan and helps with costs that health insurance does not cover.",
        ],
        [
          "Are my spouse and children covered?",
          "With the Member + Spouse, Member + Children or Family tiers, your spouse receives 50% and each child 25% of your benefit amount.",
        ],
      ],
      decline: o.withQuestions
        ? `Based on your answers we are unable to offer ${o.nameEn} at this time. You may still choose the Harbor Point Critical Illness 10K plan, which accepts every applicant without health questions.`
        : undefined,
    },
    es: {
      name: o.nameEs,
      short: [
        `Pago único de ${amt} con el primer diagnóstico`,
        "Infarto, derrame cerebral, cáncer y más",
        "Dinero pagado directamente a usted",
        o.withQuestions ? "Breve cuestionario de salud" : "Aceptación garantizada, sin preguntas de salud",
      ],
      header: "Dinero en efectivo cuando un diagnóstico grave le cambia la vida",
      body: [
        `El seguro <strong>${o.nameEs}</strong> paga una suma única de ${amt} cuando recibe por primera vez el diagnóstico de una condición cubierta: ${CI_CONDITIONS.es}. Los diagnósticos menos graves, como el carcinoma in situ, pagan el 25%.`,
        "El dinero se le paga directamente y usted decide cómo usarlo: deducibles, viajes a un centro de tratamiento, cuidado de los niños o las cuentas del día a día mientras se concentra en recuperarse.",
        o.withQuestions
          ? "Para inscribirse, responda cuatro preguntas de salud de Inscríbase Ahora. Ciertos diagnósticos recientes hacen que el solicitante no sea elegible; si sus respuestas califican, puede añadir el plan al carrito de inmediato."
          : "Se acepta a todos los solicitantes. Las condiciones diagnosticadas o tratadas en los 12 meses anteriores a su fecha de vigencia no se cubren durante sus primeros 12 meses.",
      ],
      blueBar: `${o.carrier}: beneficios pagados en una sola suma.`,
      exclusions: [
        "Condiciones diagnosticadas por primera vez durante el período de espera de 30 días después de su fecha de vigencia",
        o.withQuestions
          ? "Condiciones declaradas de forma incorrecta en las preguntas de salud"
          : "Condiciones preexistentes durante los primeros 12 meses de cobertura",
        "Cánceres de piel distintos del melanoma",
        "Lesiones autoinfligidas y enfermedades derivadas del abuso de sustancias",
      ],
      example: [
        "Grace, de 47 años, sufre un infarto ocho meses después de que comienza su cobertura. Su plan de salud cubre la mayor parte de la cuenta del hospital, pero aún debe su deducible de $3,000 y falta seis semanas al trabajo.",
        `Presenta una reclamación con su resumen de alta y recibe <strong>${amt}</strong> en unos 10 días hábiles para usarlos como necesite.`,
      ],
      faq: [
        [
          "¿Puedo recibir el beneficio más de una vez?",
          "Sí. Una condición cubierta diferente paga de nuevo el monto completo, y la reaparición de un cáncer después de 12 meses sin tratamiento paga el 50%.",
        ],
        ["¿Reemplaza al seguro médico?", "No. Paga además de su plan de salud y ayuda con gastos que el seguro médico no cubre."],
        [
          "¿Están cubiertos mi cónyuge y mis hijos?",
          "Con los niveles Miembro + Cónyuge, Miembro + Hijos o Familia, su cónyuge recibe el 50% y cada hijo el 25% de su monto de beneficio.",
        ],
      ],
      decline: o.withQuestions
        ? `Según sus respuestas, no podemos ofrecerle el plan ${o.nameEs} en este momento. Aún puede elegir el plan Harbor Point Enfermedades Críticas 10K, que acepta a todos los solicitantes sin preguntas de salud.`
        : undefined,
    },
  };
}

// ---------------------------------------------------------------- accident and hospital

function accident(o: { nameEn: string; nameEs: string; er: number; fracture: number; admission: number; premier?: boolean }): PlanCopy {
  const total = o.er + 150 + 400;
  return {
    en: {
      name: o.nameEn,
      short: [
        `Emergency room visit: $${o.er}`,
        `Fractures up to $${o.fracture.toLocaleString("en-US")}`,
        `Hospital admission: $${o.admission.toLocaleString("en-US")}`,
        "Covers on- and off-the-job accidents",
      ],
      header: o.premier ? "The accident companion to Premier Hospital Indemnity" : "Cash benefits for life's bumps and breaks",
      body: [
        `<strong>${o.nameEn}</strong> pays fixed cash benefits for treatment after an accidental injury, whether it happens at work, at home or on the playing field.`,
        `Benefits include $${o.er} for an emergency room visit, $150 for an urgent care visit, $300 for ground ambulance, up to $${o.fracture.toLocaleString("en-US")} for fractures and $${o.admission.toLocaleString("en-US")} for a hospital admission, plus follow-up visits, physical therapy and medical imaging.`,
        o.premier
          ? "This plan is added to your cart together with Harbor Point Premier Hospital Indemnity. Under the premier pair, Member + Children covers one child."
          : "Benefits are paid directly to you, regardless of any other insurance you have.",
      ],
      blueBar: "Benefits paid directly to you, on top of any other coverage.",
      exclusions: [
        "Sickness or disease",
        "Injuries while intoxicated or under the influence of non-prescribed drugs",
        "Participation in professional or semi-professional sports",
        "Intentionally self-inflicted injuries",
      ],
      example: [
        "Ethan, 12, breaks his forearm at soccer practice. He is seen in the emergency room, has an X-ray and returns to the orthopedist for a follow-up.",
        `The plan pays $${o.er} for the ER visit, $150 for imaging and $400 for the closed reduction of the fracture: <strong>$${total.toLocaleString("en-US")}</strong> paid to the family.`,
      ],
      faq: [
        ["Is there a waiting period?", "No. Accidents are covered from your effective date."],
        ["Do I need to use a network?", "No. You can receive care from any licensed provider."],
        [
          "How do I file a claim?",
          "Upload the itemized bill or visit summary in the member app. Most claims are paid within 7 business days.",
        ],
      ],
    },
    es: {
      name: o.nameEs,
      short: [
        `Visita a la sala de emergencias: $${o.er}`,
        `Fracturas hasta $${o.fracture.toLocaleString("en-US")}`,
        `Ingreso hospitalario: $${o.admission.toLocaleString("en-US")}`,
        "Cubre accidentes dentro y fuera del trabajo",
      ],
      header: o.premier
        ? "El complemento de accidentes del plan de Indemnización Hospitalaria Premier"
        : "Beneficios en efectivo para los golpes y fracturas de la vida",
      body: [
        `El plan <strong>${o.nameEs}</strong> paga beneficios fijos en efectivo por el tratamiento de una lesión accidental, ya ocurra en el trabajo, en casa o en la cancha.`,
        `Los beneficios incluyen $${o.er} por una visita a la sala de emergencias, $150 por una visita a urgencias, $300 por ambulancia terrestre, hasta $${o.fracture.toLocaleString("en-US")} por fracturas y $${o.admission.toLocaleString("en-US")} por un ingreso hospitalario, además de consultas de seguimiento, fisioterapia y estudios de imagen.`,
        o.premier
          ? "Este plan se añade al carrito junto con el plan Harbor Point Indemnización Hospitalaria Premier. En el par premier, Miembro + Hijos cubre a un hijo."
          : "Los beneficios se le pagan directamente a usted, sin importar qué otro seguro tenga.",
      ],
      blueBar: "Beneficios pagados directamente a usted, además de cualquier otra cobertura.",
      exclusions: [
        "Enfermedades",
        "Lesiones sufridas en estado de ebriedad o bajo los efectos de drogas no recetadas",
        "Participación en deportes profesionales o semiprofesionales",
        "Lesiones autoinfligidas intencionalmente",
      ],
      example: [
        "Ethan, de 12 años, se fractura el antebrazo en el entrenamiento de fútbol. Lo atienden en la sala de emergencias, le toman una radiografía y vuelve con el ortopedista para una consulta de seguimiento.",
        `El plan paga $${o.er} por la sala de emergencias, $150 por los estudios de imagen y $400 por la reducción cerrada de la fractura: <strong>$${total.toLocaleString("en-US")}</strong> pagados a la familia.`,
      ],
      faq: [
        ["¿Hay un período de espera?", "No. Los accidentes están cubiertos desde su fecha de vigencia."],
        ["¿Tengo que usar una red de proveedores?", "No. Puede atenderse con cualquier proveedor con licencia."],
        [
          "¿Cómo presento una reclamación?",
          "Suba la factura detallada o el resumen de la consulta en la aplicación para miembros. La mayoría de las reclamaciones se pagan en 7 días hábiles.",
        ],
      ],
    },
  };
}

const addRider: PlanCopy = {
  en: {
    name: "Harbor Point Accidental Death & Dismemberment Rider",
    short: [
      "$50,000 accidental death benefit",
      "Up to $50,000 for loss of limbs or sight",
      "Spouse covered at 50%, children at 20%",
      "Added to a Harbor Point accident plan",
    ],
    body: [
      "The <strong>Harbor Point Accidental Death &amp; Dismemberment Rider</strong> adds a $50,000 accidental death benefit to your Harbor Point accident plan, along with benefits of up to $50,000 for the loss of limbs, sight, speech or hearing in a covered accident.",
      "Common carrier accidents (bus, train or commercial flight) pay double the benefit.",
    ],
    blueBar: "Available only with a Harbor Point accident plan.",
    exclusions: ["Deaths from sickness or disease", "Injuries while intoxicated", "Acts of war"],
    faq: [
      ["Can I buy the rider by itself?", "No. It is added to the Harbor Point Accident Protector or the Premier Accident Companion."],
      ["Who receives the death benefit?", "The beneficiary you name during enrollment."],
    ],
  },
  es: {
    name: "Cláusula de Muerte Accidental y Desmembramiento de Harbor Point",
    short: [
      "Beneficio de $50,000 por muerte accidental",
      "Hasta $50,000 por pérdida de extremidades o de la vista",
      "Cónyuge cubierto al 50% e hijos al 20%",
      "Se añade a un plan de accidentes de Harbor Point",
    ],
    body: [
      "La <strong>Cláusula de Muerte Accidental y Desmembramiento de Harbor Point</strong> añade un beneficio de $50,000 por muerte accidental a su plan de accidentes de Harbor Point, además de beneficios de hasta $50,000 por la pérdida de extremidades, de la vista, del habla o de la audición en un accidente cubierto.",
      "Los accidentes en transporte público (autobús, tren o vuelo comercial) pagan el doble del beneficio.",
    ],
    blueBar: "Disponible solo con un plan de accidentes de Harbor Point.",
    exclusions: ["Muertes por enfermedad", "Lesiones sufridas en estado de ebriedad", "Actos de guerra"],
    faq: [
      [
        "¿Puedo comprar la cláusula por separado?",
        "No. Se añade al plan Harbor Point Protección contra Accidentes o al Complemento Premier de Accidentes.",
      ],
      ["¿Quién recibe el beneficio por fallecimiento?", "El beneficiario que usted designe durante la inscripción."],
    ],
  },
};

function hospital(o: {
  nameEn: string;
  nameEs: string;
  admission: number;
  daily: number;
  icu: number;
  premier?: boolean;
  callout?: [string, string];
}): PlanCopy {
  const total = o.admission + 3 * o.daily + o.icu;
  return {
    en: {
      name: o.nameEn,
      callout: o.callout?.[0],
      short: [
        `$${o.admission.toLocaleString("en-US")} per hospital admission`,
        `$${o.daily} a day while confined, up to 30 days`,
        `$${o.icu} a day in intensive care`,
        o.premier ? "Paired with the Premier Accident Companion" : "No networks, no deductibles",
      ],
      header: o.premier ? "Premier protection for hospital stays and accidents" : "Help with the costs of a hospital stay",
      body: [
        `A hospital stay can leave you with thousands of dollars in deductibles and coinsurance. <strong>${o.nameEn}</strong> pays $${o.admission.toLocaleString("en-US")} when you are admitted, plus $${o.daily} for each day you stay, up to 30 days a year.`,
        `Stays in intensive care pay an additional $${o.icu} a day. Benefits are paid directly to you and can be used for any expense.`,
        o.premier
          ? "As a premier plan, it is enrolled together with the Harbor Point Premier Accident Companion, and both appear in your cart as a pair. In this pair, the Member + Children tier covers one child (Member + 1 Child)."
          : "Maternity stays are covered after 10 months, and there is no limit on the number of admissions per year.",
      ],
      blueBar: "Cash for every covered hospital admission.",
      exclusions: [
        "Pre-existing conditions during the first 12 months",
        "Cosmetic surgery",
        "Admissions for rest care or custodial care",
        "Normal pregnancy during the first 10 months",
      ],
      example: [
        "Tom is admitted with pneumonia and stays four days, one of them in intensive care.",
        `The plan pays $${o.admission.toLocaleString("en-US")} for the admission, $${o.daily} × 3 regular days and $${o.icu} for the ICU day: <strong>$${total.toLocaleString("en-US")}</strong>.`,
      ],
      faq: [
        [
          "Does observation status count as an admission?",
          "No. Benefits are paid for inpatient admissions of at least 24 hours. Observation stays pay the emergency room benefit of your accident plan, if any.",
        ],
        ["Is there a waiting period?", "Sickness admissions are covered after 30 days; accidents from day one."],
        ["Can I keep the plan if I change jobs?", "Yes. The plan is portable and stays with you at the same rate."],
      ],
    },
    es: {
      name: o.nameEs,
      callout: o.callout?.[1],
      short: [
        `$${o.admission.toLocaleString("en-US")} por cada ingreso hospitalario`,
        `$${o.daily} por día de hospitalización, hasta 30 días`,
        `$${o.icu} por día en cuidados intensivos`,
        o.premier ? "Se combina con el Complemento Premier de Accidentes" : "Sin redes y sin deducibles",
      ],
      header: o.premier ? "Protección premier para hospitalizaciones y accidentes" : "Ayuda con los gastos de una hospitalización",
      body: [
        `Una hospitalización puede dejarle miles de dólares en deducibles y coaseguro. El plan <strong>${o.nameEs}</strong> paga $${o.admission.toLocaleString("en-US")} cuando usted ingresa al hospital, más $${o.daily} por cada día de estancia, hasta 30 días al año.`,
        `Las estancias en cuidados intensivos pagan $${o.icu} adicionales por día. Los beneficios se le pagan directamente y puede usarlos para cualquier gasto.`,
        o.premier
          ? "Como plan premier, se inscribe junto con el Complemento Premier de Accidentes de Harbor Point y ambos aparecen en su carrito como un par. En este par, el nivel Miembro + Hijos cubre a un hijo (Miembro + 1 Hijo)."
          : "Las estancias por maternidad se cubren después de 10 meses y no hay límite en el número de ingresos al año.",
      ],
      blueBar: "Dinero en efectivo por cada ingreso hospitalario cubierto.",
      exclusions: [
        "Condiciones preexistentes durante los primeros 12 meses",
        "Cirugía estética",
        "Ingresos para descanso o cuidado asistencial",
        "Embarazo normal durante los primeros 10 meses",
      ],
      example: [
        "Tom ingresa al hospital con neumonía y se queda cuatro días, uno de ellos en cuidados intensivos.",
        `El plan paga $${o.admission.toLocaleString("en-US")} por el ingreso, $${o.daily} × 3 días regulares y $${o.icu} por el día en cuidados intensivos: <strong>$${total.toLocaleString("en-US")}</strong>.`,
      ],
      faq: [
        [
          "¿La estancia en observación cuenta como ingreso?",
          "No. Los beneficios se pagan por ingresos hospitalarios de al menos 24 horas. Las estancias en observación pagan el beneficio de sala de emergencias de su plan de accidentes, si lo tiene.",
        ],
        ["¿Hay un período de espera?", "Los ingresos por enfermedad se cubren después de 30 días; los accidentes, desde el primer día."],
        ["¿Puedo conservar el plan si cambio de empleo?", "Sí. El plan es portátil y lo conserva con la misma tarifa."],
      ],
    },
  };
}

// ---------------------------------------------------------------- supplemental

const medsuppG: PlanCopy = {
  en: {
    name: "Summit Mutual Medicare Supplement Plan G",
    short: [
      "For people 65 and over enrolled in Medicare Parts A and B",
      "Covers the Part A deductible and hospital coinsurance",
      "Covers Part B coinsurance and excess charges",
      "See any doctor in the U.S. who accepts Medicare",
    ],
    header: "Fill the gaps in Original Medicare",
    body: [
      "<strong>Summit Mutual Medicare Supplement Plan G</strong> pays most of the costs Original Medicare leaves to you: the Part A hospital deductible ($1,676 in 2025), hospital and skilled nursing coinsurance, Part B coinsurance and Part B excess charges.",
      "After you pay the annual Part B deductible ($257 in 2025), you generally have no other out-of-pocket costs for Medicare-approved services. There are no networks and no referrals.",
      "Coverage is individual: each spouse needs a separate policy. Enrolling within 6 months of starting Part B means no health questions.",
    ],
    blueBar: "For Medicare beneficiaries aged 65 and over.",
    exclusions: [
      "The Medicare Part B deductible",
      "Prescription drugs (consider a Part D plan)",
      "Routine dental, vision and hearing care",
      "Long-term custodial care",
    ],
    example: [
      "Margaret, 72, has a 3-day hospital stay and follow-up outpatient care billed at $4,200 in Medicare-approved charges.",
      "Medicare pays its share, and Plan G pays the $1,676 Part A deductible and the 20% Part B coinsurance. Having already met her Part B deductible, Margaret pays <strong>$0</strong>.",
    ],
    faq: [
      [
        "Can my spouse be on my policy?",
        "No. Medicare supplement policies cover one person. Your spouse can apply for a separate Plan G policy.",
      ],
      [
        "Does Plan G include drug coverage?",
        "No. Medicare supplement plans do not cover prescriptions; pair it with a Medicare Part D plan.",
      ],
      ["Will my premium go up?", "Premiums are attained-age rated and may change each year with your age and with medical inflation."],
    ],
  },
  es: {
    name: "Summit Mutual Seguro Suplementario de Medicare Plan G",
    short: [
      "Para personas de 65 años o más inscritas en Medicare Partes A y B",
      "Cubre el deducible de la Parte A y el coseguro hospitalario",
      "Cubre el coseguro y los cargos en exceso de la Parte B",
      "Vea a cualquier médico del país que acepte Medicare",
    ],
    header: "Cubra lo que Medicare Original no paga",
    body: [
      "El <strong>Summit Mutual Seguro Suplementario de Medicare Plan G</strong> paga la mayoría de los costos que Medicare Original le deja a usted: el deducible hospitalario de la Parte A ($1,676 en 2025), el coseguro de hospital y de centro de enfermería especializada, el coseguro de la Parte B y los cargos en exceso de la Parte B.",
      "Después de pagar el deducible anual de la Parte B ($257 en 2025), por lo general no tiene otros gastos de bolsillo por servicios aprobados por Medicare. No hay redes ni referencias.",
      "La cobertura es individual: cada cónyuge necesita su propia póliza. Si se inscribe dentro de los 6 meses posteriores a iniciar la Parte B, no hay preguntas de salud.",
    ],
    blueBar: "Para beneficiarios de Medicare de 65 años o más.",
    exclusions: [
      "El deducible de la Parte B de Medicare",
      "Medicamentos recetados (considere un plan de la Parte D)",
      "Atención dental, de la vista y auditiva de rutina",
      "Cuidado asistencial a largo plazo",
    ],
    example: [
      "Margaret, de 72 años, pasa 3 días en el hospital y luego recibe atención ambulatoria por $4,200 en cargos aprobados por Medicare.",
      "Medicare paga su parte y el Plan G paga el deducible de la Parte A de $1,676 y el coseguro del 20% de la Parte B. Como ya cubrió su deducible de la Parte B, Margaret paga <strong>$0</strong>.",
    ],
    faq: [
      [
        "¿Mi cónyuge puede estar en mi póliza?",
        "No. Los seguros suplementarios de Medicare cubren a una sola persona. Su cónyuge puede solicitar su propia póliza del Plan G.",
      ],
      [
        "¿El Plan G incluye medicamentos?",
        "No. Los planes suplementarios de Medicare no cubren recetas; combínelo con un plan de la Parte D de Medicare.",
      ],
      [
        "¿Aumentará mi prima?",
        "Las primas se calculan según la edad alcanzada y pueden cambiar cada año con su edad y con la inflación médica.",
      ],
    ],
  },
};

const cancerCare: PlanCopy = {
  en: {
    name: "Harbor Point Cancer Care",
    short: [
      "$5,000 initial diagnosis benefit",
      "Chemotherapy and radiation benefits up to $10,000 a year",
      "Pays in addition to health insurance",
      "Family coverage available",
    ],
    header: "Focused financial support through cancer treatment",
    body: [
      "<strong>Harbor Point Cancer Care</strong> pays a $5,000 benefit when you are first diagnosed with internal cancer, then ongoing benefits for treatment: chemotherapy and radiation up to $10,000 a year, surgery up to $4,000, and $200 a day in the hospital.",
      "It also pays for travel and lodging when treatment is more than 50 miles from home, and a $50 annual cancer screening benefit for tests such as mammograms and colonoscopies.",
    ],
    blueBar: "Includes a $50 annual screening benefit.",
    exclusions: [
      "Cancers diagnosed during the 30-day waiting period",
      "Skin cancers other than melanoma",
      "Pre-existing cancer during the first 12 months",
    ],
    example: [
      "Linda is diagnosed with breast cancer and completes surgery and six rounds of chemotherapy.",
      "The plan pays $5,000 at diagnosis, $2,800 for surgery and $6,000 for chemotherapy: <strong>$13,800</strong> in total.",
    ],
    faq: [
      ["Do I need a network?", "No. Benefits are paid for treatment from any licensed provider."],
      ["Is the screening benefit paid every year?", "Yes, once per covered person each calendar year."],
    ],
  },
  es: {
    name: "Harbor Point Cuidado contra el Cáncer",
    short: [
      "Beneficio de $5,000 por diagnóstico inicial",
      "Beneficios de quimioterapia y radioterapia hasta $10,000 al año",
      "Paga además de su seguro médico",
      "Cobertura familiar disponible",
    ],
    header: "Apoyo económico durante el tratamiento contra el cáncer",
    body: [
      "El plan <strong>Harbor Point Cuidado contra el Cáncer</strong> paga $5,000 cuando recibe por primera vez un diagnóstico de cáncer interno y, después, beneficios continuos para el tratamiento: quimioterapia y radioterapia hasta $10,000 al año, cirugía hasta $4,000 y $200 por día de hospitalización.",
      "También paga transporte y alojamiento cuando el tratamiento queda a más de 50 millas de su casa, y un beneficio anual de $50 por pruebas de detección como mamografías y colonoscopías.",
    ],
    blueBar: "Incluye un beneficio anual de $50 por pruebas de detección.",
    exclusions: [
      "Cánceres diagnosticados durante el período de espera de 30 días",
      "Cánceres de piel distintos del melanoma",
      "Cáncer preexistente durante los primeros 12 meses",
    ],
    example: [
      "A Linda le diagnostican cáncer de mama y completa una cirugía y seis ciclos de quimioterapia.",
      "El plan paga $5,000 por el diagnóstico, $2,800 por la cirugía y $6,000 por la quimioterapia: <strong>$13,800</strong> en total.",
    ],
    faq: [
      ["¿Necesito usar una red?", "No. Los beneficios se pagan por el tratamiento de cualquier proveedor con licencia."],
      ["¿El beneficio por pruebas de detección se paga cada año?", "Sí, una vez por persona asegurada en cada año calendario."],
    ],
  },
};

const medicalGap: PlanCopy = {
  en: {
    name: "Harbor Point Medical Gap Plan",
    short: [
      "Up to $2,500 toward your deductible and coinsurance",
      "Inpatient stays and outpatient surgery",
      "Works with any major medical plan",
      "No health questions",
    ],
    header: "Shrink your deductible",
    body: [
      "High-deductible health plans keep premiums down but can leave you with a large bill after a hospital stay. <strong>Harbor Point Medical Gap Plan</strong> pays up to $2,500 a year toward the deductible and coinsurance you owe for inpatient stays and outpatient surgery.",
      "Claims are simple: send the explanation of benefits from your health plan and Harbor Point pays you the amount you owe, up to the annual limit.",
    ],
    blueBar: "Pairs with any major medical or HSA plan.",
    exclusions: [
      "Office visits, prescriptions and emergency room visits without admission",
      "Services not covered by your major medical plan",
      "Pre-existing conditions during the first 6 months",
    ],
    example: [
      "Sam's HSA plan has a $5,000 deductible. He has outpatient gallbladder surgery and owes $4,300.",
      "The Medical Gap Plan pays <strong>$2,500</strong>, cutting Sam's bill to $1,800.",
    ],
    faq: [
      [
        "Can I use this with an HSA plan?",
        "Yes. Because it pays only for hospital and surgical services, it does not affect your HSA eligibility.",
      ],
      ["Is there a network?", "No. It pays based on your health plan's explanation of benefits."],
    ],
  },
  es: {
    name: "Harbor Point Plan de Cobertura de Brechas Médicas",
    short: [
      "Hasta $2,500 para su deducible y coaseguro",
      "Hospitalizaciones y cirugías ambulatorias",
      "Funciona con cualquier plan médico",
      "Sin preguntas de salud",
    ],
    header: "Reduzca su deducible",
    body: [
      "Los planes de salud con deducible alto mantienen las primas bajas, pero pueden dejarle una cuenta grande después de una hospitalización. El <strong>Harbor Point Plan de Cobertura de Brechas Médicas</strong> paga hasta $2,500 al año del deducible y el coaseguro que usted deba por hospitalizaciones y cirugías ambulatorias.",
      "Las reclamaciones son sencillas: envíe la explicación de beneficios de su plan de salud y Harbor Point le paga lo que usted debe, hasta el límite anual.",
    ],
    blueBar: "Se combina con cualquier plan médico o plan HSA.",
    exclusions: [
      "Consultas, medicamentos y visitas a la sala de emergencias sin ingreso hospitalario",
      "Servicios que no cubre su plan médico",
      "Condiciones preexistentes durante los primeros 6 meses",
    ],
    example: [
      "El plan HSA de Sam tiene un deducible de $5,000. Le hacen una cirugía ambulatoria de vesícula y debe $4,300.",
      "El Plan de Cobertura de Brechas Médicas paga <strong>$2,500</strong> y la cuenta de Sam baja a $1,800.",
    ],
    faq: [
      [
        "¿Puedo usarlo con un plan HSA?",
        "Sí. Como solo paga servicios hospitalarios y quirúrgicos, no afecta su elegibilidad para la HSA.",
      ],
      ["¿Hay una red de proveedores?", "No. Paga según la explicación de beneficios de su plan de salud."],
    ],
  },
};

// ---------------------------------------------------------------- export

export const PROTECTION_COPY: Record<string, PlanCopy> = {
  "SML-TERM10": term10,
  "SML-TERM20": term20,
  "SML-SPOUSE-RIDER": rider({
    amount: "$25,000",
    en: [
      "Summit Mutual Spouse Term Life Rider",
      "Available with Member + Spouse and Family coverage",
      "Your spouse answers three short eligibility questions during enrollment.",
    ],
    es: [
      "Cláusula de Vida a Término para Cónyuge de Summit Mutual",
      "Disponible con cobertura Miembro + Cónyuge y Familia",
      "Su cónyuge responde tres breves preguntas de elegibilidad durante la inscripción.",
    ],
  }),
  "SML-CHILD-RIDER": rider({
    amount: "$10,000",
    en: [
      "Summit Mutual Child Term Life Rider",
      "Available with Member + Children and Family coverage",
      "One rider covers all your children from 15 days to 26 years old for the same price.",
    ],
    es: [
      "Cláusula de Vida a Término para Hijos de Summit Mutual",
      "Disponible con cobertura Miembro + Hijos y Familia",
      "Una sola cláusula cubre a todos sus hijos de 15 días a 26 años por el mismo precio.",
    ],
  }),
  "SML-STD-SALARY": stdSalary,
  "SML-DI-FIXED": diFixed,
  "SML-CI-20K": criticalIllness({
    amount: 20000,
    withQuestions: true,
    carrier: "Summit Mutual Life",
    nameEn: "Summit Mutual Critical Illness 20K",
    nameEs: "Summit Mutual Enfermedades Críticas 20K",
  }),
  "HPI-CI-10K": criticalIllness({
    amount: 10000,
    withQuestions: false,
    carrier: "Harbor Point Indemnity",
    nameEn: "Harbor Point Critical Illness 10K",
    nameEs: "Harbor Point Enfermedades Críticas 10K",
  }),
  "HPI-ACCIDENT": accident({
    nameEn: "Harbor Point Accident Protector",
    nameEs: "Harbor Point Protección contra Accidentes",
    er: 200,
    fracture: 3000,
    admission: 1000,
  }),
  "HPI-PREMIER-ACCIDENT": accident({
    nameEn: "Harbor Point Premier Accident Companion",
    nameEs: "Harbor Point Complemento Premier de Accidentes",
    er: 300,
    fracture: 5000,
    admission: 1500,
    premier: true,
  }),
  "HPI-ADD-RIDER": addRider,
  "HPI-PREMIER-HOSPITAL": hospital({
    nameEn: "Harbor Point Premier Hospital Indemnity",
    nameEs: "Harbor Point Indemnización Hospitalaria Premier",
    admission: 1500,
    daily: 200,
    icu: 400,
    premier: true,
    callout: ["Premier Pick", "Selección Premier"],
  }),
  "HPI-HOSPITAL-500": hospital({
    nameEn: "Harbor Point Hospital Advantage 500",
    nameEs: "Harbor Point Ventaja Hospitalaria 500",
    admission: 500,
    daily: 100,
    icu: 200,
  }),
  "SML-MEDSUPP-G": medsuppG,
  "HPI-CANCER-CARE": cancerCare,
  "HPI-MEDICAL-GAP": medicalGap,
};
