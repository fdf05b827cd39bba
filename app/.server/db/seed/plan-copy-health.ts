/**
 * Copy for dental, vision, major medical, guaranteed-issue medical and HSA plans.
 * Keyed by plan code; see catalog.ts for the plan rows.
 */
import { ASSOCIATION, usd, type PlanCopy } from "./plan-copy-helpers";

// ---------------------------------------------------------------- dental

interface DentalPpo {
  name: string;
  max: number;
  basic: number;
  major: number;
  basicWait: number;
  majorWait: number;
  ortho?: boolean;
  callout?: [string, string];
  retired?: boolean;
}

function dentalPpo(o: DentalPpo): PlanCopy {
  // Worked example: $145 cleaning + exam, $160 filling, $50 deductible.
  const planPays = (110 * o.basic) / 100;
  const coins = 110 - planPays;
  const waitEn = (m: number) => (m ? `after a ${m}-month waiting period` : "with no waiting period");
  const waitEs = (m: number) => (m ? `después de un período de espera de ${m} meses` : "sin período de espera");
  return {
    en: {
      name: o.name,
      callout: o.callout?.[0],
      short: [
        "Preventive care covered at 100% with no waiting period",
        `Basic services at ${o.basic}% ${waitEn(o.basicWait)}`,
        `Major services at ${o.major}% ${waitEn(o.majorWait)}`,
        `${usd(o.max)} calendar-year maximum per person`,
      ],
      header: o.retired ? "This plan is closed to new enrollment" : "Dental coverage that puts prevention first",
      body: [
        `The <strong>${o.name}</strong> gives you access to the BrightSmile PPO network of more than 110,000 dentist locations nationwide. You may visit any licensed dentist, but staying in network keeps your costs lower because network dentists accept negotiated fees and cannot bill you above them.`,
        `Preventive care (two exams and cleanings a year, bitewing X-rays and fluoride for children) is paid at 100% with no deductible. Basic services such as fillings, simple extractions and periodontal scaling are paid at ${o.basic}%, and major services such as crowns, bridges, dentures, root canals and oral surgery at ${o.major}%, after a $50 deductible per person ($150 per family).`,
        `Benefits are limited to ${usd(o.max)} per covered person each calendar year.${o.ortho ? " Orthodontia for dependent children under age 19 is covered at 50% up to a $1,000 lifetime maximum after a 12-month waiting period." : ""} There are no health questions, and you can cover your spouse and dependent children up to age 26.`,
      ],
      blueBar: "Use any dentist and save more in the BrightSmile PPO network.",
      exclusions: [
        "Cosmetic procedures such as teeth whitening and veneers",
        "Treatment that started before your coverage effective date",
        "Replacement of lost or stolen appliances, or of a crown or bridge within 5 years of placement",
        "Charges above the maximum allowed fee when you see an out-of-network dentist",
      ],
      example: [
        "Maria sees a network dentist for her routine exam and cleaning (negotiated fee $145) and needs one filling (negotiated fee $160).",
        `The exam and cleaning are preventive, so the plan pays the full $145. For the filling, Maria first pays her $50 deductible; the plan then pays ${o.basic}% of the remaining $110 (${usd(planPays)}) and Maria pays ${usd(coins)}.`,
        `Maria's total out-of-pocket cost for the visit: <strong>${usd(50 + coins)}</strong> instead of $305.`,
      ],
      faq: [
        [
          "Can I keep my current dentist?",
          "If your dentist is in the BrightSmile PPO network you pay the lowest negotiated fees. You can still see an out-of-network dentist: the plan pays the same percentage of the maximum allowed fee and the dentist may bill you the difference.",
        ],
        [
          "Is there a waiting period?",
          `Preventive care has no waiting period. Basic services are covered ${waitEn(o.basicWait)} and major services ${waitEn(o.majorWait)}.`,
        ],
        [
          "Do I need an ID card to see the dentist?",
          "Your ID card arrives by mail within 10 business days and is available in the member app right away. Your dentist can also confirm your eligibility online with your name and date of birth.",
        ],
        [
          "Can I cover my family?",
          "Yes. Choose Member + Spouse, Member + Children or Family when you get your quote. Children are covered up to age 26.",
        ],
      ],
    },
    es: {
      name: o.name,
      callout: o.callout?.[1],
      short: [
        "Cuidado preventivo cubierto al 100%, sin período de espera",
        `Servicios básicos al ${o.basic}% ${waitEs(o.basicWait)}`,
        `Servicios mayores al ${o.major}% ${waitEs(o.majorWait)}`,
        `Máximo de ${usd(o.max)} por persona por año calendario`,
      ],
      header: o.retired ? "Este plan ya no acepta nuevas inscripciones" : "Cobertura dental que pone la prevención en primer lugar",
      body: [
        `El <strong>${o.name}</strong> le da acceso a la red PPO de BrightSmile, con más de 110,000 consultorios dentales en todo el país. Puede visitar a cualquier dentista con licencia, pero dentro de la red pagará menos, porque los dentistas de la red aceptan tarifas negociadas y no pueden cobrarle más.`,
        `El cuidado preventivo (dos exámenes y limpiezas al año, radiografías de aleta de mordida y fluoruro para niños) se paga al 100% sin deducible. Los servicios básicos, como empastes, extracciones simples y raspado periodontal, se pagan al ${o.basic}%, y los servicios mayores, como coronas, puentes, dentaduras, endodoncias y cirugía oral, al ${o.major}%, después de un deducible de $50 por persona ($150 por familia).`,
        `Los beneficios tienen un límite de ${usd(o.max)} por persona asegurada en cada año calendario.${o.ortho ? " La ortodoncia para hijos dependientes menores de 19 años se cubre al 50%, hasta un máximo de por vida de $1,000, después de un período de espera de 12 meses." : ""} No hay preguntas de salud y puede incluir a su cónyuge y a sus hijos dependientes hasta los 26 años.`,
      ],
      blueBar: "Vaya al dentista que prefiera y ahorre más dentro de la red PPO de BrightSmile.",
      exclusions: [
        "Procedimientos cosméticos, como blanqueamiento dental y carillas",
        "Tratamientos iniciados antes de la fecha de vigencia de su cobertura",
        "Reemplazo de aparatos perdidos o robados, o de coronas o puentes colocados hace menos de 5 años",
        "Cargos que superen la tarifa máxima permitida cuando visita a un dentista fuera de la red",
      ],
      example: [
        "María visita a un dentista de la red para su examen y limpieza de rutina (tarifa negociada de $145) y necesita un empaste (tarifa negociada de $160).",
        `El examen y la limpieza son preventivos, así que el plan paga los $145 completos. Por el empaste, María paga primero su deducible de $50; luego el plan paga el ${o.basic}% de los $110 restantes (${usd(planPays)}) y María paga ${usd(coins)}.`,
        `Lo que María paga de su bolsillo por la visita: <strong>${usd(50 + coins)}</strong> en lugar de $305.`,
      ],
      faq: [
        [
          "¿Puedo seguir con mi dentista actual?",
          "Si su dentista pertenece a la red PPO de BrightSmile, pagará las tarifas negociadas más bajas. También puede ir a un dentista fuera de la red: el plan paga el mismo porcentaje de la tarifa máxima permitida y el dentista podría cobrarle la diferencia.",
        ],
        [
          "¿Hay un período de espera?",
          `El cuidado preventivo no tiene período de espera. Los servicios básicos se cubren ${waitEs(o.basicWait)} y los servicios mayores ${waitEs(o.majorWait)}.`,
        ],
        [
          "¿Necesito una tarjeta de identificación para ir al dentista?",
          "Su tarjeta llega por correo en un plazo de 10 días hábiles y está disponible de inmediato en la aplicación para miembros. Su dentista también puede confirmar su elegibilidad en línea con su nombre y fecha de nacimiento.",
        ],
        [
          "¿Puedo asegurar a mi familia?",
          "Sí. Elija Miembro + Cónyuge, Miembro + Hijos o Familia al pedir su cotización. Los hijos están cubiertos hasta los 26 años.",
        ],
      ],
    },
  };
}

const sunbeltHmo: PlanCopy = {
  en: {
    name: "BrightSmile SunBelt Dental HMO",
    short: [
      "No deductibles and no annual maximum",
      "Fixed copays: cleanings $0, fillings from $25",
      "Choose a primary dentist in TX, FL, GA or AZ",
      "Orthodontia at a discounted fixed fee",
    ],
    header: "Predictable dental costs across the Sun Belt",
    body: [
      "The <strong>BrightSmile SunBelt Dental HMO</strong> is a regional plan for residents of Texas, Florida, Georgia and Arizona. You choose a primary dentist from the SunBelt network and every service is paid through a fixed copay schedule: no deductibles, no claim forms and no annual maximum.",
      "Exams, cleanings and X-rays have a $0 copay. Fillings start at $25, simple extractions at $30, root canals at $260 and porcelain crowns at $395. Your primary dentist arranges referrals to network specialists when you need them.",
      "Because this is a network-only plan, care from dentists outside the SunBelt network is not covered, except emergency palliative treatment while you are away from home, which is reimbursed up to $100 per emergency.",
    ],
    blueBar: "Available only to residents of Texas, Florida, Georgia and Arizona.",
    exclusions: [
      "Services from out-of-network dentists, except emergency palliative care",
      "Cosmetic procedures such as whitening and veneers",
      "Treatment that started before your coverage effective date",
      "Procedures not listed on the SunBelt copay schedule",
    ],
    example: [
      "Luis lives in Phoenix and needs a root canal on a molar followed by a porcelain crown.",
      "His copays are $260 for the root canal and $395 for the crown, $655 in total. The same treatment at typical retail fees costs about $2,350, so Luis saves roughly <strong>$1,695</strong>.",
    ],
    faq: [
      ["Who can enroll?", "Residents of Texas, Florida, Georgia and Arizona. The plan is not available in other states."],
      [
        "Can I change my primary dentist?",
        "Yes, once a month. Call member services or use the member app; the change takes effect on the first day of the next month.",
      ],
      [
        "What happens if I move out of the service area?",
        "Let us know within 30 days. Your coverage ends at the end of that month, and you can apply for a BrightSmile PPO plan with no new waiting periods.",
      ],
    ],
  },
  es: {
    name: "BrightSmile SunBelt Dental HMO",
    short: [
      "Sin deducibles y sin máximo anual",
      "Copagos fijos: limpiezas $0, empastes desde $25",
      "Elija un dentista de cabecera en TX, FL, GA o AZ",
      "Ortodoncia a precio fijo con descuento",
    ],
    header: "Costos dentales previsibles en todo el Sun Belt",
    body: [
      "El <strong>BrightSmile SunBelt Dental HMO</strong> es un plan regional para residentes de Texas, Florida, Georgia y Arizona. Usted elige un dentista de cabecera de la red SunBelt y cada servicio se paga según una tabla de copagos fijos: sin deducibles, sin formularios de reclamación y sin máximo anual.",
      "Los exámenes, las limpiezas y las radiografías tienen un copago de $0. Los empastes empiezan en $25, las extracciones simples en $30, las endodoncias en $260 y las coronas de porcelana en $395. Su dentista de cabecera coordina las referencias a especialistas de la red cuando las necesite.",
      "Como es un plan exclusivo de red, la atención de dentistas fuera de la red SunBelt no está cubierta, salvo el tratamiento paliativo de emergencia cuando esté lejos de casa, que se reembolsa hasta $100 por emergencia.",
    ],
    blueBar: "Disponible solo para residentes de Texas, Florida, Georgia y Arizona.",
    exclusions: [
      "Servicios de dentistas fuera de la red, salvo la atención paliativa de emergencia",
      "Procedimientos cosméticos, como blanqueamiento y carillas",
      "Tratamientos iniciados antes de la fecha de vigencia de su cobertura",
      "Procedimientos que no figuran en la tabla de copagos de SunBelt",
    ],
    example: [
      "Luis vive en Phoenix y necesita una endodoncia en una muela, seguida de una corona de porcelana.",
      "Sus copagos son $260 por la endodoncia y $395 por la corona, $655 en total. El mismo tratamiento a precios normales cuesta unos $2,350, así que Luis se ahorra aproximadamente <strong>$1,695</strong>.",
    ],
    faq: [
      ["¿Quién puede inscribirse?", "Los residentes de Texas, Florida, Georgia y Arizona. El plan no está disponible en otros estados."],
      [
        "¿Puedo cambiar de dentista de cabecera?",
        "Sí, una vez al mes. Llame a servicio al miembro o use la aplicación; el cambio entra en vigor el primer día del mes siguiente.",
      ],
      [
        "¿Qué pasa si me mudo fuera del área de servicio?",
        "Avísenos dentro de los 30 días. Su cobertura termina al final de ese mes y puede solicitar un plan PPO de BrightSmile sin nuevos períodos de espera.",
      ],
    ],
  },
};

const seniorDental: PlanCopy = {
  en: {
    name: "BrightSmile Senior Dental & Hearing",
    short: [
      "Designed for adults 65 and over",
      "Cleanings and exams at 100% from day one",
      "$1,500 annual maximum; basic care with no waiting period",
      "Hearing exam plus up to $500 toward hearing aids every 3 years",
    ],
    header: "Dental and hearing coverage that works alongside Medicare",
    body: [
      "Original Medicare does not cover routine dental care or hearing aids. The <strong>BrightSmile Senior Dental &amp; Hearing</strong> plan fills that gap for adults 65 and over, with no health questions and no age-based rate increases at renewal.",
      "Preventive care is paid at 100% from your first day. Fillings and simple extractions are paid at 70% with no waiting period, and dentures, crowns and bridges at 50% after 6 months, up to $1,500 per calendar year.",
      "The plan also includes one hearing exam a year and an allowance of up to $500 toward hearing aids every 3 years, plus 40% off hearing aids from the TruSound network.",
    ],
    blueBar: "No health questions. Coverage for you, or for you and your spouse.",
    exclusions: [
      "Cosmetic procedures",
      "Dental implants",
      "Replacement dentures within 5 years of the previous set",
      "Hearing aid batteries and repairs",
    ],
    example: [
      "Walter, 71, needs a new upper denture after his 6-month waiting period. The network fee is $1,300.",
      "After the $50 deductible the plan pays 50% of $1,250, or $625. Walter pays <strong>$675</strong>, and he still has $875 of his annual maximum for the rest of the year.",
    ],
    faq: [
      [
        "Does this replace my Medicare coverage?",
        "No. It adds dental and hearing benefits that Original Medicare does not provide. Keep your Medicare and any supplement plan you have.",
      ],
      ["Can my spouse join?", "Yes, choose Member + Spouse. Both of you must be 65 or older."],
      [
        "Where do I get hearing aids?",
        "Any licensed audiologist. Using the TruSound network adds a 40% discount on top of your $500 allowance.",
      ],
    ],
  },
  es: {
    name: "BrightSmile Senior Dental y Audición",
    short: [
      "Diseñado para adultos de 65 años o más",
      "Limpiezas y exámenes al 100% desde el primer día",
      "Máximo anual de $1,500; atención básica sin período de espera",
      "Examen de audición y hasta $500 para audífonos cada 3 años",
    ],
    header: "Cobertura dental y auditiva que complementa a Medicare",
    body: [
      "Medicare Original no cubre la atención dental de rutina ni los audífonos. El plan <strong>BrightSmile Senior Dental y Audición</strong> cubre esa necesidad para adultos de 65 años o más, sin preguntas de salud y sin aumentos de tarifa por edad al renovar.",
      "El cuidado preventivo se paga al 100% desde el primer día. Los empastes y las extracciones simples se pagan al 70% sin período de espera, y las dentaduras, coronas y puentes al 50% después de 6 meses, hasta $1,500 por año calendario.",
      "El plan también incluye un examen de audición al año y hasta $500 para audífonos cada 3 años, además de un 40% de descuento en audífonos de la red TruSound.",
    ],
    blueBar: "Sin preguntas de salud. Cobertura para usted, o para usted y su cónyuge.",
    exclusions: [
      "Procedimientos cosméticos",
      "Implantes dentales",
      "Reemplazo de dentaduras antes de 5 años desde las anteriores",
      "Pilas y reparaciones de audífonos",
    ],
    example: [
      "Walter, de 71 años, necesita una dentadura superior nueva después de su período de espera de 6 meses. La tarifa de la red es de $1,300.",
      "Después del deducible de $50, el plan paga el 50% de $1,250, es decir, $625. Walter paga <strong>$675</strong> y aún le quedan $875 de su máximo anual para el resto del año.",
    ],
    faq: [
      [
        "¿Este plan reemplaza mi cobertura de Medicare?",
        "No. Añade beneficios dentales y auditivos que Medicare Original no ofrece. Conserve su Medicare y cualquier plan suplementario que tenga.",
      ],
      ["¿Puede inscribirse mi cónyuge?", "Sí, elija Miembro + Cónyuge. Ambos deben tener 65 años o más."],
      [
        "¿Dónde consigo los audífonos?",
        "Con cualquier audiólogo con licencia. Si usa la red TruSound, obtiene un 40% de descuento además de su asignación de $500.",
      ],
    ],
  },
};

// ---------------------------------------------------------------- vision

interface Vision {
  nameEn: string;
  nameEs: string;
  frame: number;
  frameMonths: number;
  contacts: number;
  extrasEn: string;
  extrasEs: string;
  kids?: boolean;
  callout?: [string, string];
}

function vision(o: Vision): PlanCopy {
  const remainder = 240 - o.frame;
  const discounted = remainder * 0.8;
  const total = 10 + 25 + discounted;
  return {
    en: {
      name: o.nameEn,
      callout: o.callout?.[0],
      short: [
        "$10 eye exam copay every 12 months",
        `${usd(o.frame)} frame allowance every ${o.frameMonths} months`,
        "Lenses every 12 months for a $25 copay",
        `${usd(o.contacts)} contact lens allowance instead of glasses`,
      ],
      header: o.kids ? "Eye care for a parent and their children" : "See clearly for less",
      body: [
        `With the <strong>${o.nameEn}</strong> you can see any of 95,000 ClearView Vision Alliance eye doctors, including major retail chains and independent optometrists. Your annual comprehensive eye exam costs a $10 copay.`,
        `Every ${o.frameMonths} months you receive a ${usd(o.frame)} allowance toward the frames of your choice, plus 20% off any amount over the allowance. Single-vision, bifocal and trifocal lenses are covered every 12 months after a $25 copay. If you prefer contacts, you receive a ${usd(o.contacts)} allowance instead of glasses.`,
        o.extrasEn,
      ],
      blueBar: "Use your benefits in store or online at ClearView partner retailers.",
      exclusions: [
        "Non-prescription (plano) lenses and sunglasses",
        "Medical or surgical treatment of the eye, which your health plan covers",
        "Replacement of lost or broken eyewear before the next benefit period",
        "Two pairs of glasses in place of bifocals",
      ],
      example: [
        "Alex has his annual eye exam and picks frames priced at $240 with single-vision lenses.",
        `He pays the $10 exam copay and the $25 lens copay. The plan pays ${usd(o.frame)} toward the frames and Alex gets 20% off the remaining ${usd(remainder)}, paying ${usd(discounted)}.`,
        `Alex's total: <strong>${usd(total)}</strong> instead of about $455 at retail prices.`,
      ],
      faq: [
        [
          "Can I order glasses online?",
          "Yes. ClearView partner websites apply your allowance at checkout. Out-of-network purchases are reimbursed up to the schedule in your benefit summary.",
        ],
        [
          "Does the plan cover LASIK?",
          "The plan gives you 15% off standard LASIK and 5% off promotional prices at participating surgeons.",
        ],
        [
          "When can I use my benefits again?",
          `Exams and lenses renew every 12 months and frames every ${o.frameMonths} months, counted from the date you last used each benefit.`,
        ],
      ],
    },
    es: {
      name: o.nameEs,
      callout: o.callout?.[1],
      short: [
        "Examen de la vista con copago de $10 cada 12 meses",
        `Asignación de ${usd(o.frame)} para armazones cada ${o.frameMonths} meses`,
        "Lentes cada 12 meses con un copago de $25",
        `${usd(o.contacts)} para lentes de contacto en lugar de anteojos`,
      ],
      header: o.kids ? "Cuidado de la vista para un padre o madre y sus hijos" : "Vea con claridad por menos",
      body: [
        `Con el plan <strong>${o.nameEs}</strong> puede visitar a cualquiera de los 95,000 oculistas de ClearView Vision Alliance, incluidas grandes cadenas ópticas y optometristas independientes. Su examen completo anual de la vista tiene un copago de $10.`,
        `Cada ${o.frameMonths} meses recibe una asignación de ${usd(o.frame)} para el armazón que elija, más un 20% de descuento sobre el monto que exceda la asignación. Los lentes monofocales, bifocales y trifocales se cubren cada 12 meses con un copago de $25. Si prefiere lentes de contacto, recibe ${usd(o.contacts)} en lugar de anteojos.`,
        o.extrasEs,
      ],
      blueBar: "Use sus beneficios en tienda o en línea con las ópticas asociadas a ClearView.",
      exclusions: [
        "Lentes sin graduación y anteojos de sol",
        "Tratamiento médico o quirúrgico de los ojos, que cubre su plan de salud",
        "Reemplazo de anteojos perdidos o rotos antes del siguiente período de beneficios",
        "Dos pares de anteojos en lugar de bifocales",
      ],
      example: [
        "Alex se hace su examen anual de la vista y elige un armazón de $240 con lentes monofocales.",
        `Paga el copago de $10 por el examen y el copago de $25 por los lentes. El plan paga ${usd(o.frame)} del armazón y Alex recibe un 20% de descuento sobre los ${usd(remainder)} restantes, por lo que paga ${usd(discounted)}.`,
        `Total de Alex: <strong>${usd(total)}</strong> en lugar de unos $455 a precio normal.`,
      ],
      faq: [
        [
          "¿Puedo pedir anteojos en línea?",
          "Sí. Los sitios web asociados a ClearView aplican su asignación al pagar. Las compras fuera de la red se reembolsan según la tabla de su resumen de beneficios.",
        ],
        [
          "¿El plan cubre la cirugía LASIK?",
          "El plan le da un 15% de descuento en LASIK estándar y un 5% en precios promocionales con cirujanos participantes.",
        ],
        [
          "¿Cuándo puedo volver a usar mis beneficios?",
          `Los exámenes y los lentes se renuevan cada 12 meses y los armazones cada ${o.frameMonths} meses, contados desde la última vez que usó cada beneficio.`,
        ],
      ],
    },
  };
}

// ---------------------------------------------------------------- major medical

interface Medical {
  name: string;
  nameEs?: string;
  network: "PPO" | "EPO";
  deductible: number;
  oop: number;
  coins: number;
  pcp: number;
  specialist: number;
  generic: number;
  introEn: string;
  introEs: string;
  blueBarEn: string;
  blueBarEs: string;
  callout?: [string, string];
  association?: boolean;
  extraFaq?: { en: [string, string]; es: [string, string] };
}

function medical(o: Medical): PlanCopy {
  const allowed = 12000;
  const member = Math.min(o.deductible + ((allowed - o.deductible) * o.coins) / 100, o.oop);
  const nameEs = o.nameEs ?? o.name;
  return {
    en: {
      name: o.name,
      callout: o.callout?.[0],
      short: [
        `${usd(o.deductible)} deductible, ${usd(o.oop)} out-of-pocket maximum`,
        `Primary care ${usd(o.pcp)} copay, specialists ${usd(o.specialist)}`,
        `Generic prescriptions ${usd(o.generic)}`,
        "Preventive care at 100%, no deductible",
      ],
      header: "Comprehensive major medical coverage",
      body: [
        o.introEn,
        `Office visits are covered before the deductible: ${usd(o.pcp)} for primary care and ${usd(o.specialist)} for specialists. For hospital stays, surgery, imaging and other major services you pay the ${usd(o.deductible)} deductible and then ${o.coins}% coinsurance until you reach the ${usd(o.oop)} out-of-pocket maximum; after that the plan pays 100% of covered services for the rest of the year.`,
        `All ten essential health benefits are included: preventive care, maternity and newborn care, mental health and substance use treatment, prescription drugs, emergency services, hospitalization, lab work, rehabilitation, pediatric dental and vision, and chronic disease management. Pre-existing conditions are covered from day one.`,
      ],
      blueBar: o.blueBarEn,
      association: o.association ? ASSOCIATION.en : undefined,
      exclusions: [
        "Cosmetic surgery that is not medically necessary",
        "Out-of-network care, except emergencies" +
          (o.network === "PPO" ? " (PPO plans pay out-of-network care at a higher cost share)" : ""),
        "Long-term custodial or nursing home care",
        "Experimental or investigational treatment",
        "Weight-loss programs and non-prescription drugs",
      ],
      example: [
        `Jordan has outpatient knee surgery. The network's allowed amount is ${usd(allowed)}.`,
        `Jordan pays the ${usd(o.deductible)} deductible, then ${o.coins}% of the remaining ${usd(allowed - o.deductible)}.${member === o.oop ? ` His share is capped by the ${usd(o.oop)} out-of-pocket maximum.` : ""}`,
        `Jordan's total cost: <strong>${usd(member)}</strong>; the plan pays ${usd(allowed - member)}.`,
      ],
      faq: [
        [
          "Are pre-existing conditions covered?",
          "Yes. The plan covers pre-existing conditions from your effective date, with no waiting period and no health questions.",
        ],
        [
          "Do office visits count toward my deductible?",
          "Copays do not count toward the deductible, but they do count toward your out-of-pocket maximum.",
        ],
        [
          "How do I find a doctor?",
          `Use the Liberty Union ${o.network} directory in the member app or call member services. ${o.network === "EPO" ? "EPO plans cover network providers only, except in an emergency." : "You may see out-of-network providers at a higher cost."}`,
        ],
        ...(o.extraFaq ? [o.extraFaq.en] : []),
      ],
    },
    es: {
      name: nameEs,
      callout: o.callout?.[1],
      short: [
        `Deducible de ${usd(o.deductible)}, máximo de gastos de bolsillo de ${usd(o.oop)}`,
        `Médico de cabecera con copago de ${usd(o.pcp)}, especialistas ${usd(o.specialist)}`,
        `Medicamentos genéricos ${usd(o.generic)}`,
        "Cuidado preventivo al 100%, sin deducible",
      ],
      header: "Cobertura médica integral de gastos mayores",
      body: [
        o.introEs,
        `Las consultas se cubren antes del deducible: ${usd(o.pcp)} con su médico de cabecera y ${usd(o.specialist)} con especialistas. Para hospitalizaciones, cirugías, estudios de imagen y otros servicios mayores, usted paga el deducible de ${usd(o.deductible)} y luego un coaseguro del ${o.coins}% hasta alcanzar el máximo de gastos de bolsillo de ${usd(o.oop)}; a partir de ahí, el plan paga el 100% de los servicios cubiertos por el resto del año.`,
        "Incluye los diez beneficios de salud esenciales: cuidado preventivo, maternidad y atención del recién nacido, salud mental y tratamiento de adicciones, medicamentos recetados, servicios de emergencia, hospitalización, análisis de laboratorio, rehabilitación, atención dental y de la vista pediátrica, y manejo de enfermedades crónicas. Las condiciones preexistentes están cubiertas desde el primer día.",
      ],
      blueBar: o.blueBarEs,
      association: o.association ? ASSOCIATION.es : undefined,
      exclusions: [
        "Cirugía estética que no sea médicamente necesaria",
        "Atención fuera de la red, salvo emergencias" +
          (o.network === "PPO" ? " (en los planes PPO la atención fuera de la red tiene un costo compartido mayor)" : ""),
        "Cuidado asistencial a largo plazo o en hogares de ancianos",
        "Tratamientos experimentales o en investigación",
        "Programas para bajar de peso y medicamentos de venta libre",
      ],
      example: [
        `Jordan se somete a una cirugía ambulatoria de rodilla. El monto permitido por la red es de ${usd(allowed)}.`,
        `Jordan paga el deducible de ${usd(o.deductible)} y luego el ${o.coins}% de los ${usd(allowed - o.deductible)} restantes.${member === o.oop ? ` Su parte queda limitada por el máximo de gastos de bolsillo de ${usd(o.oop)}.` : ""}`,
        `Costo total para Jordan: <strong>${usd(member)}</strong>; el plan paga ${usd(allowed - member)}.`,
      ],
      faq: [
        [
          "¿Se cubren las condiciones preexistentes?",
          "Sí. El plan cubre las condiciones preexistentes desde su fecha de vigencia, sin período de espera y sin preguntas de salud.",
        ],
        [
          "¿Las consultas cuentan para mi deducible?",
          "Los copagos no cuentan para el deducible, pero sí cuentan para su máximo de gastos de bolsillo.",
        ],
        [
          "¿Cómo encuentro un médico?",
          `Use el directorio ${o.network} de Liberty Union en la aplicación para miembros o llame a servicio al miembro. ${o.network === "EPO" ? "Los planes EPO solo cubren proveedores de la red, excepto en una emergencia." : "Puede consultar a proveedores fuera de la red con un costo mayor."}`,
        ],
        ...(o.extraFaq ? [o.extraFaq.es] : []),
      ],
    },
  };
}

const largeGroup: PlanCopy = {
  en: {
    name: "Liberty Union Large Group Custom PPO",
    short: [
      "For employers with 51 or more employees",
      "Plan design built around your workforce",
      "Rates based on your group's census",
      "Call for a quote",
    ],
    header: "Custom major medical for larger employers",
    body: [
      "The <strong>Liberty Union Large Group Custom PPO</strong> is designed with your benefits team. Choose deductibles from $500 to $5,000, add HSA or HRA funding, and pick the national PPO network or a regional high-performance network.",
      "Rates depend on your group's census, location and claims history, so this plan cannot be added to the cart online. The prices shown are a typical starting point for a mid-size group in Texas.",
      "Call your broker or Liberty Union group sales at (888) 555-0199 and a group underwriter will prepare a proposal within 5 business days.",
    ],
    blueBar: "Call for a quote. Group proposals within 5 business days.",
    exclusions: [
      "Available only to employer groups of 51 or more eligible employees",
      "Minimum participation of 70% of eligible employees",
      "Employer must contribute at least 50% of employee-only premium",
    ],
    faq: [
      [
        "Why can't I add this plan to my cart?",
        "Large group rates are set by underwriting for each employer. A specialist will prepare your quote after reviewing your census.",
      ],
      [
        "Can we combine it with dental and vision?",
        "Yes. Groups that add BrightSmile dental and ClearView vision receive a 3% package credit.",
      ],
      ["How long does implementation take?", "Most groups go live 30 to 45 days after signing, always on the first day of a month."],
    ],
  },
  es: {
    name: "Liberty Union PPO Personalizado para Grupos Grandes",
    short: [
      "Para empleadores con 51 empleados o más",
      "Diseño del plan adaptado a su personal",
      "Tarifas basadas en el censo de su grupo",
      "Llame para cotizar",
    ],
    header: "Cobertura médica personalizada para empleadores grandes",
    body: [
      "El <strong>Liberty Union PPO Personalizado para Grupos Grandes</strong> se diseña junto con su equipo de beneficios. Elija deducibles de $500 a $5,000, añada fondos HSA o HRA, y escoja la red PPO nacional o una red regional de alto rendimiento.",
      "Las tarifas dependen del censo, la ubicación y el historial de reclamaciones de su grupo, por lo que este plan no se puede añadir al carrito en línea. Los precios que se muestran son un punto de partida típico para un grupo mediano en Texas.",
      "Llame a su agente o al equipo de ventas grupales de Liberty Union al (888) 555-0199 y un suscriptor preparará una propuesta en un plazo de 5 días hábiles.",
    ],
    blueBar: "Llame para cotizar. Propuestas grupales en 5 días hábiles.",
    exclusions: [
      "Disponible solo para grupos de empleadores con 51 o más empleados elegibles",
      "Participación mínima del 70% de los empleados elegibles",
      "El empleador debe aportar al menos el 50% de la prima del empleado",
    ],
    faq: [
      [
        "¿Por qué no puedo añadir este plan al carrito?",
        "Las tarifas para grupos grandes se fijan mediante suscripción para cada empleador. Un especialista preparará su cotización después de revisar su censo.",
      ],
      [
        "¿Podemos combinarlo con dental y visión?",
        "Sí. Los grupos que añaden dental de BrightSmile y visión de ClearView reciben un crédito del 3% por paquete.",
      ],
      [
        "¿Cuánto tarda la implementación?",
        "La mayoría de los grupos comienzan entre 30 y 45 días después de firmar, siempre el primer día de un mes.",
      ],
    ],
  },
};

const l713: PlanCopy = {
  en: {
    name: "Liberty Union Local 713 Health & Welfare Plan",
    short: [
      "For members of Local 713 and their families",
      "$1,500 deductible, $6,500 out-of-pocket maximum",
      "$25 primary care and $0 telehealth visits",
      "Union health and welfare contribution included",
    ],
    header: "Health and welfare benefits for Local 713 members",
    body: [
      "The <strong>Liberty Union Local 713 Health &amp; Welfare Plan</strong> is a PPO plan negotiated for members of Local 713 and their families. It includes a $1,500 deductible, 20% coinsurance and a $6,500 out-of-pocket maximum.",
      "Your monthly price combines the union health and welfare contribution with union dues, the annuity fund, billing fees, association member fees and independent marketer fees. The cart shows the full breakdown before you enroll.",
      "Member + Children coverage under this plan includes one child. Families with more than one child should choose the Family tier.",
    ],
    blueBar: "Union membership in Local 713 is required.",
    association: "Local 713 members belong to the Local 713 Benefit Association, whose member fees are included in the price shown.",
    exclusions: [
      "Available only to active members of Local 713 in good standing",
      "Cosmetic surgery and experimental treatment",
      "Out-of-network care except emergencies, at a higher cost share",
    ],
    example: [
      "Denise, a Local 713 member, spends two nights in the hospital after an appendectomy. The allowed amount is $18,400.",
      "She pays the $1,500 deductible and 20% of the remaining $16,900 ($3,380). Her total is <strong>$4,880</strong>, below her $6,500 out-of-pocket maximum.",
    ],
    faq: [
      [
        "What does my monthly price include?",
        "Union dues $25.00, annuity fund $10.00, billing fees $30.00, association member fees ($50 Single, $100 Member + Spouse, $100 Member + Child(ren), $150 Family), independent marketer fees averaging $77.00 to $150.00, and the union health and welfare amount.",
      ],
      [
        "What if I leave the union?",
        "Coverage continues to the end of the month in which your membership ends. You may then continue under COBRA.",
      ],
      ["Can I add more than one child?", "Member + Children covers one child. Choose the Family tier to cover additional children."],
    ],
    special:
      "This is a union plan. Your monthly price includes union dues of $25.00, annuity fund $10.00, billing fees $30.00, association member fees (Single $50, Member + Spouse $100, Member + Child(ren) $100, Family $150) and independent marketer fees averaging $77.00 to $150.00, plus the union health and welfare amount.",
  },
  es: {
    name: "Plan de Salud y Bienestar Local 713 de Liberty Union",
    short: [
      "Para miembros del Local 713 y sus familias",
      "Deducible de $1,500, máximo de gastos de bolsillo de $6,500",
      "Médico de cabecera $25 y telemedicina $0",
      "Incluye la aportación sindical de salud y bienestar",
    ],
    header: "Beneficios de salud y bienestar para miembros del Local 713",
    body: [
      "El <strong>Plan de Salud y Bienestar Local 713 de Liberty Union</strong> es un plan PPO negociado para los miembros del Local 713 y sus familias. Tiene un deducible de $1,500, un coaseguro del 20% y un máximo de gastos de bolsillo de $6,500.",
      "Su pago mensual combina la aportación sindical de salud y bienestar con las cuotas sindicales, el fondo de anualidad, los cargos de facturación, las cuotas de la asociación y los honorarios del comercializador independiente. El carrito muestra el desglose completo antes de inscribirse.",
      "La cobertura Miembro + Hijos de este plan incluye a un hijo. Las familias con más de un hijo deben elegir el nivel Familia.",
    ],
    blueBar: "Se requiere ser miembro del sindicato Local 713.",
    association:
      "Los miembros del Local 713 pertenecen a la Local 713 Benefit Association, cuyas cuotas están incluidas en el precio que se muestra.",
    exclusions: [
      "Disponible solo para miembros activos del Local 713 al corriente con sus cuotas",
      "Cirugía estética y tratamientos experimentales",
      "Atención fuera de la red, salvo emergencias, con un costo compartido mayor",
    ],
    example: [
      "Denise, miembro del Local 713, pasa dos noches en el hospital tras una apendicectomía. El monto permitido es de $18,400.",
      "Paga el deducible de $1,500 y el 20% de los $16,900 restantes ($3,380). Su total es de <strong>$4,880</strong>, por debajo de su máximo de gastos de bolsillo de $6,500.",
    ],
    faq: [
      [
        "¿Qué incluye mi pago mensual?",
        "Cuotas sindicales de $25.00, fondo de anualidad de $10.00, cargos de facturación de $30.00, cuotas de la asociación ($50 Individual, $100 Miembro + Cónyuge, $100 Miembro + Hijo(s), $150 Familia), honorarios del comercializador independiente de entre $77.00 y $150.00 en promedio, y el monto sindical de salud y bienestar.",
      ],
      [
        "¿Qué pasa si dejo el sindicato?",
        "La cobertura continúa hasta el final del mes en que termina su membresía. Después puede continuar con COBRA.",
      ],
      ["¿Puedo incluir a más de un hijo?", "Miembro + Hijos cubre a un hijo. Elija el nivel Familia para cubrir a más hijos."],
    ],
    special:
      "Este es un plan sindical. Su pago mensual incluye cuotas sindicales de $25.00, fondo de anualidad de $10.00, cargos de facturación de $30.00, cuotas de la asociación (Individual $50, Miembro + Cónyuge $100, Miembro + Hijo(s) $100, Familia $150) y honorarios del comercializador independiente de entre $77.00 y $150.00 en promedio, más el monto sindical de salud y bienestar.",
  },
};

// ---------------------------------------------------------------- HSA

function hsa(o: { name: string; nameEs: string; deductible: number; oop: number; coins: number }): PlanCopy {
  const mri = 1400;
  return {
    en: {
      name: o.name,
      short: [
        `HSA-qualified: ${usd(o.deductible)} deductible`,
        o.coins ? `${o.coins}% coinsurance after the deductible` : "100% coverage after the deductible",
        `${usd(o.oop)} out-of-pocket maximum`,
        "Preventive care at 100%, no deductible",
      ],
      header: "Pair a high-deductible plan with tax-free savings",
      body: [
        `The <strong>${o.name}</strong> is a high-deductible health plan that qualifies you to open and contribute to a Health Savings Account (HSA). For 2025 you can put aside up to $4,300 for yourself or $8,550 for your family, plus $1,000 more if you are 55 or older.`,
        `HSA money goes in before taxes, grows tax-free and comes out tax-free for qualified medical expenses, including your deductible. Unused money rolls over every year and stays yours if you change jobs or plans.`,
        `Preventive care is covered at 100%. Other services, including prescriptions, are paid by you until you meet the ${usd(o.deductible)} deductible; then ${o.coins ? `you pay ${o.coins}% coinsurance` : "the plan pays 100%"} up to the ${usd(o.oop)} out-of-pocket maximum.`,
      ],
      blueBar: "Save on taxes while you save for health care.",
      exclusions: [
        "Office visit copays before the deductible (not allowed on HSA-qualified plans)",
        "Cosmetic procedures and experimental treatment",
        "Out-of-network care except emergencies, at a higher cost share",
      ],
      example: [
        `Priya needs an MRI early in the year, before meeting her deductible. The network's allowed amount is ${usd(mri)}.`,
        `She pays the ${usd(mri)} from her HSA with pre-tax dollars. In a 22% tax bracket, that saves her about <strong>${usd(Math.round(mri * 0.22))}</strong> compared with paying from her paycheck, and the amount counts toward her deductible.`,
      ],
      faq: [
        [
          "Where do I open my HSA?",
          "You can open an HSA with any bank or custodian. Liberty Union members can open one with HealthEquity Partners Bank at no monthly fee.",
        ],
        ["Can I use my HSA for my spouse?", "Yes, for your spouse and tax dependents, even if they are not covered under this plan."],
        [
          "What if I have Medicare?",
          "Once you enroll in Medicare you can no longer contribute to an HSA, but you can keep spending the balance.",
        ],
      ],
    },
    es: {
      name: o.nameEs,
      short: [
        `Compatible con HSA: deducible de ${usd(o.deductible)}`,
        o.coins ? `Coaseguro del ${o.coins}% después del deducible` : "Cobertura al 100% después del deducible",
        `Máximo de gastos de bolsillo de ${usd(o.oop)}`,
        "Cuidado preventivo al 100%, sin deducible",
      ],
      header: "Combine un plan de deducible alto con ahorros libres de impuestos",
      body: [
        `El <strong>${o.nameEs}</strong> es un plan de salud con deducible alto que le permite abrir una Cuenta de Ahorros para la Salud (HSA) y hacer aportes. En 2025 puede apartar hasta $4,300 para usted o $8,550 para su familia, y $1,000 adicionales si tiene 55 años o más.`,
        "El dinero de la HSA se deposita antes de impuestos, crece libre de impuestos y se retira sin impuestos para gastos médicos calificados, incluido su deducible. El saldo no usado pasa al año siguiente y sigue siendo suyo si cambia de empleo o de plan.",
        `El cuidado preventivo se cubre al 100%. Los demás servicios, incluidos los medicamentos, los paga usted hasta alcanzar el deducible de ${usd(o.deductible)}; después, ${o.coins ? `usted paga un coaseguro del ${o.coins}%` : "el plan paga el 100%"} hasta el máximo de gastos de bolsillo de ${usd(o.oop)}.`,
      ],
      blueBar: "Ahorre en impuestos mientras ahorra para su salud.",
      exclusions: [
        "Copagos de consultas antes del deducible (no se permiten en planes compatibles con HSA)",
        "Procedimientos cosméticos y tratamientos experimentales",
        "Atención fuera de la red, salvo emergencias, con un costo compartido mayor",
      ],
      example: [
        `Priya necesita una resonancia magnética a principios de año, antes de cumplir su deducible. El monto permitido por la red es de ${usd(mri)}.`,
        `Paga los ${usd(mri)} con su HSA, con dinero antes de impuestos. Con una tasa del 22%, se ahorra cerca de <strong>${usd(Math.round(mri * 0.22))}</strong> frente a pagar con su sueldo, y el monto cuenta para su deducible.`,
      ],
      faq: [
        [
          "¿Dónde abro mi HSA?",
          "Puede abrirla en cualquier banco o custodio. Los miembros de Liberty Union pueden abrirla en HealthEquity Partners Bank sin cargo mensual.",
        ],
        [
          "¿Puedo usar mi HSA para mi cónyuge?",
          "Sí, para su cónyuge y sus dependientes fiscales, aunque no estén cubiertos por este plan.",
        ],
        ["¿Y si tengo Medicare?", "Una vez inscrito en Medicare ya no puede hacer aportes a una HSA, pero puede seguir usando el saldo."],
      ],
    },
  };
}

// ---------------------------------------------------------------- guaranteed issue

function guaranteed(o: {
  name: string;
  nameEs: string;
  deductible: number;
  oop: number;
  pcp: number;
  callout?: [string, string];
}): PlanCopy {
  const base = medical({
    name: o.name,
    nameEs: o.nameEs,
    network: "PPO",
    deductible: o.deductible,
    oop: o.oop,
    coins: 30,
    pcp: o.pcp,
    specialist: o.pcp * 2,
    generic: 15,
    introEn: `The <strong>${o.name}</strong> accepts every eligible applicant: there are no medical questions and no one is turned down or charged more because of their health. You only need to be a legal resident of the United States and live in the state shown on your quote.`,
    introEs: `El <strong>${o.nameEs}</strong> acepta a todos los solicitantes elegibles: no hay preguntas médicas y a nadie se le rechaza ni se le cobra más por su estado de salud. Solo necesita ser residente legal de los Estados Unidos y vivir en el estado que aparece en su cotización.`,
    blueBarEn: "Guaranteed acceptance. No medical questions.",
    blueBarEs: "Aceptación garantizada. Sin preguntas médicas.",
    callout: o.callout,
    association: true,
  });
  base.en.header = "Guaranteed-issue major medical";
  base.es.header = "Cobertura médica de aceptación garantizada";
  base.en.short[3] = "Guaranteed acceptance, no medical questions";
  base.es.short[3] = "Aceptación garantizada, sin preguntas médicas";
  return base;
}

// ---------------------------------------------------------------- export

export const HEALTH_COPY: Record<string, PlanCopy> = {
  "BSD-PPO-ESS": dentalPpo({ name: "BrightSmile Essential Dental PPO", max: 1000, basic: 70, major: 50, basicWait: 6, majorWait: 12 }),
  "BSD-PPO-PREM": dentalPpo({
    name: "BrightSmile Premier Dental PPO",
    max: 2000,
    basic: 80,
    major: 50,
    basicWait: 0,
    majorWait: 6,
    ortho: true,
    callout: ["Most Popular", "Más popular"],
  }),
  "BSD-HMO-SUN": sunbeltHmo,
  "BSD-SENIOR": seniorDental,
  "BSD-CLASSIC": dentalPpo({
    name: "BrightSmile Classic Dental",
    max: 750,
    basic: 70,
    major: 40,
    basicWait: 6,
    majorWait: 12,
    retired: true,
  }),

  "CVV-BASIC": vision({
    nameEn: "ClearView Vision Basic",
    nameEs: "ClearView Visión Básica",
    frame: 150,
    frameMonths: 24,
    contacts: 130,
    extrasEn:
      "Children under 19 receive polycarbonate lenses at no extra cost. Members also save 20% on a second pair of glasses at any time.",
    extrasEs:
      "Los menores de 19 años reciben lentes de policarbonato sin costo adicional. Los miembros también ahorran un 20% en un segundo par de anteojos en cualquier momento.",
  }),
  "CVV-PLUS": vision({
    nameEn: "ClearView Vision Plus",
    nameEs: "ClearView Visión Plus",
    frame: 200,
    frameMonths: 12,
    contacts: 200,
    callout: ["Best Value", "Mejor valor"],
    extrasEn:
      "Anti-reflective coating, scratch protection and UV protection are included at no extra cost, and progressive lenses carry a $55 copay instead of retail prices over $300.",
    extrasEs:
      "El tratamiento antirreflejo, la protección contra rayones y la protección UV se incluyen sin costo adicional, y los lentes progresivos tienen un copago de $55 en lugar de precios de más de $300.",
  }),
  "CVV-PARENT-CHILD": vision({
    nameEn: "ClearView Parent & Child Vision",
    nameEs: "ClearView Visión Padre e Hijos",
    frame: 130,
    frameMonths: 12,
    contacts: 130,
    kids: true,
    extrasEn:
      "Offered for one parent alone or one parent with children (Member Only and Member + Children); spouse and family tiers are not available. Children's frames are replaced once a year if broken, at no charge.",
    extrasEs:
      "Se ofrece para un padre o una madre solo, o con sus hijos (Solo Miembro y Miembro + Hijos); los niveles con cónyuge y familia no están disponibles. Los armazones de los niños se reemplazan gratis una vez al año si se rompen.",
  }),

  "LUH-BRONZE-6500": medical({
    name: "Liberty Union Bronze 6500 PPO",
    nameEs: "Liberty Union Bronce 6500 PPO",
    network: "PPO",
    deductible: 6500,
    oop: 9200,
    coins: 40,
    pcp: 50,
    specialist: 100,
    generic: 20,
    introEn:
      "The <strong>Liberty Union Bronze 6500 PPO</strong> is our lowest-premium ACA-compliant plan. It protects you against large medical bills while keeping your monthly cost down, and it includes three primary care visits a year before the deductible.",
    introEs:
      "El <strong>Liberty Union Bronce 6500 PPO</strong> es nuestro plan conforme a la ACA con la prima más baja. Le protege contra facturas médicas grandes con un pago mensual reducido e incluye tres consultas al año con su médico de cabecera antes del deducible.",
    blueBarEn: "ACA-compliant coverage with the lowest monthly premium.",
    blueBarEs: "Cobertura conforme a la ACA con la prima mensual más baja.",
  }),
  "LUH-SILVER-3000": medical({
    name: "Liberty Union Silver 3000 PPO",
    nameEs: "Liberty Union Plata 3000 PPO",
    network: "PPO",
    deductible: 3000,
    oop: 8500,
    coins: 30,
    pcp: 30,
    specialist: 70,
    generic: 15,
    callout: ["Most Popular", "Más popular"],
    introEn:
      "The <strong>Liberty Union Silver 3000 PPO</strong> balances premium and out-of-pocket costs, and it is the plan our members choose most often. You have access to the Liberty Union national PPO network of more than 1.2 million providers.",
    introEs:
      "El <strong>Liberty Union Plata 3000 PPO</strong> equilibra la prima y los gastos de bolsillo, y es el plan que más eligen nuestros miembros. Tiene acceso a la red PPO nacional de Liberty Union, con más de 1.2 millones de proveedores.",
    blueBarEn: "Our most popular balance of premium and coverage.",
    blueBarEs: "Nuestro equilibrio más popular entre prima y cobertura.",
  }),
  "LUH-GOLD-1000": medical({
    name: "Liberty Union Gold 1000 PPO",
    nameEs: "Liberty Union Oro 1000 PPO",
    network: "PPO",
    deductible: 1000,
    oop: 6000,
    coins: 20,
    pcp: 20,
    specialist: 50,
    generic: 10,
    introEn:
      "The <strong>Liberty Union Gold 1000 PPO</strong> is built for people who use their coverage regularly. A low deductible and low copays mean more predictable costs for ongoing care, specialists and prescriptions.",
    introEs:
      "El <strong>Liberty Union Oro 1000 PPO</strong> está pensado para quienes usan su cobertura con frecuencia. Un deducible bajo y copagos bajos significan costos más previsibles para la atención continua, los especialistas y los medicamentos.",
    blueBarEn: "Low deductible, low copays, predictable costs.",
    blueBarEs: "Deducible bajo, copagos bajos y costos previsibles.",
  }),
  "LUH-YOUNG-ADULT": medical({
    name: "Liberty Union Young Adult Essential",
    nameEs: "Liberty Union Esencial para Adultos Jóvenes",
    network: "PPO",
    deductible: 4000,
    oop: 8000,
    coins: 35,
    pcp: 35,
    specialist: 75,
    generic: 10,
    callout: ["New", "Nuevo"],
    introEn:
      "The <strong>Liberty Union Young Adult Essential</strong> plan is priced for applicants aged 18 to 49. It adds unlimited $0 telehealth visits, $0 mental health virtual visits and a fitness reimbursement of up to $20 a month.",
    introEs:
      "El plan <strong>Liberty Union Esencial para Adultos Jóvenes</strong> tiene precios pensados para solicitantes de 18 a 49 años. Incluye consultas de telemedicina ilimitadas a $0, consultas virtuales de salud mental a $0 y un reembolso de gimnasio de hasta $20 al mes.",
    blueBarEn: "Available to applicants aged 18 to 49.",
    blueBarEs: "Disponible para solicitantes de 18 a 49 años.",
    extraFaq: {
      en: [
        "What happens when I turn 50?",
        "Your coverage continues until the end of the plan year. At renewal we will move you to the Liberty Union Silver 3000 PPO with no new health questions.",
      ],
      es: [
        "¿Qué pasa cuando cumpla 50 años?",
        "Su cobertura continúa hasta el final del año del plan. Al renovar, le pasaremos al Liberty Union Plata 3000 PPO sin nuevas preguntas de salud.",
      ],
    },
  }),
  "LUH-METRO-NYC": medical({
    name: "Liberty Union Metro NYC EPO",
    nameEs: "Liberty Union Metro NYC EPO",
    network: "EPO",
    deductible: 2000,
    oop: 7500,
    coins: 25,
    pcp: 25,
    specialist: 60,
    generic: 10,
    introEn:
      "The <strong>Liberty Union Metro NYC EPO</strong> is built around a New York City network of 42 hospitals and more than 28,000 doctors in Manhattan, the Bronx, Brooklyn, Queens and Staten Island. It is available only to residents of the New York City metro area.",
    introEs:
      "El <strong>Liberty Union Metro NYC EPO</strong> se basa en una red de la ciudad de Nueva York con 42 hospitales y más de 28,000 médicos en Manhattan, el Bronx, Brooklyn, Queens y Staten Island. Está disponible solo para residentes del área metropolitana de Nueva York.",
    blueBarEn: "For residents of the New York City metro area only.",
    blueBarEs: "Solo para residentes del área metropolitana de Nueva York.",
  }),
  "LUH-LARGE-GROUP": largeGroup,
  "LUH-L713": l713,

  "LUH-GI-CORE": guaranteed({
    name: "Liberty Union Guaranteed Issue Core Medical",
    nameEs: "Liberty Union Médico Básico de Aceptación Garantizada",
    deductible: 3500,
    oop: 9000,
    pcp: 40,
    callout: ["Guaranteed Acceptance", "Aceptación garantizada"],
  }),
  "LUH-GI-PLUS": guaranteed({
    name: "Liberty Union Guaranteed Issue Plus Medical",
    nameEs: "Liberty Union Médico Plus de Aceptación Garantizada",
    deductible: 1500,
    oop: 7000,
    pcp: 25,
  }),

  "LUH-HSA-3500": hsa({
    name: "Liberty Union HSA Bronze 3500",
    nameEs: "Liberty Union HSA Bronce 3500",
    deductible: 3500,
    oop: 7000,
    coins: 20,
  }),
  "LUH-HSA-5000": hsa({
    name: "Liberty Union HSA Saver 5000",
    nameEs: "Liberty Union HSA Ahorro 5000",
    deductible: 5000,
    oop: 5000,
    coins: 0,
  }),
};
