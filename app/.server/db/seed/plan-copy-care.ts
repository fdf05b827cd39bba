/**
 * Copy for limited medical, RX, lifestyle, pet and bundle plans.
 * Keyed by plan code; see catalog.ts for the plan rows.
 */
import { ASSOCIATION, type PlanCopy } from "./plan-copy-helpers";

const ADMIN_FEE = {
  en: "Keystone quotes include a 3% administrative fee.",
  es: "Las cotizaciones de Keystone incluyen un cargo administrativo del 3%.",
};

// ---------------------------------------------------------------- limited medical

function limitedMedical(o: {
  nameEn: string;
  nameEs: string;
  office: number;
  visits: number;
  urgent: number;
  hospitalDay: number;
  surgery: number;
  iha?: boolean;
  callout?: [string, string];
}): PlanCopy {
  const total = o.office * 2 + o.hospitalDay * 3 + o.surgery;
  const money = (n: number) => `$${n.toLocaleString("en-US")}`;
  return {
    en: {
      name: o.nameEn,
      callout: o.callout?.[0],
      short: [
        `${money(o.office)} per doctor visit, up to ${o.visits} a year`,
        `Urgent care ${money(o.urgent)} per visit`,
        `${money(o.hospitalDay)} per day in the hospital`,
        "$0 telehealth visits, 24/7",
      ],
      header: o.iha
        ? "Indemnity Health Access: fixed benefits for everyday and hospital care"
        : "Everyday care at a price you can plan for",
      body: [
        `<strong>${o.nameEn}</strong> is a limited medical plan that pays fixed cash amounts for common medical services. It is not major medical insurance and does not meet the Affordable Care Act's minimum essential coverage requirements.`,
        `The plan pays ${money(o.office)} for each doctor's office visit (up to ${o.visits} a year), ${money(o.urgent)} for urgent care, ${money(o.hospitalDay)} for each day of a hospital stay (up to 30 days) and up to ${money(o.surgery)} for inpatient surgery. Unlimited telehealth visits cost $0, and you save up to 60% at the MultiPlan PHCS network.`,
        o.iha
          ? "As an IHA plan, it covers up to 5 children under Member + Children and up to 9 dependents under Family, and the employer information step may be skipped during enrollment."
          : "There are no deductibles, and benefits are paid directly to you or, if you prefer, to your provider.",
      ],
      blueBar: ADMIN_FEE.en,
      association: ASSOCIATION.en,
      exclusions: [
        "Pre-existing conditions during the first 12 months of coverage",
        "Maternity care except complications of pregnancy",
        "Mental health and substance abuse treatment beyond telehealth",
        "Amounts above the fixed benefit for each service",
      ],
      example: [
        "Nina sees her doctor twice for bronchitis, then is admitted to the hospital for 3 days and has an inpatient procedure.",
        `The plan pays ${money(o.office)} × 2 office visits, ${money(o.hospitalDay)} × 3 hospital days and ${money(o.surgery)} for the procedure: <strong>${money(total)}</strong>. Nina uses the PHCS network discount to lower the remaining bill.`,
      ],
      faq: [
        [
          "Is this health insurance?",
          "It is a fixed indemnity limited medical plan. It pays set amounts for covered services and is not a substitute for major medical coverage.",
        ],
        [
          "Can I see any doctor?",
          "Yes. Benefits are paid for any licensed provider; PHCS network providers also give you negotiated discounts.",
        ],
        [
          "Why is there an administrative fee?",
          "Keystone Health Administrators adds a 3% administrative fee to its quotes, which is already included in the price shown.",
        ],
      ],
    },
    es: {
      name: o.nameEs,
      callout: o.callout?.[1],
      short: [
        `${money(o.office)} por consulta médica, hasta ${o.visits} al año`,
        `Urgencias: ${money(o.urgent)} por visita`,
        `${money(o.hospitalDay)} por día de hospitalización`,
        "Telemedicina a $0, las 24 horas",
      ],
      header: o.iha
        ? "Indemnity Health Access: beneficios fijos para la atención diaria y hospitalaria"
        : "Atención médica diaria con un precio que puede planificar",
      body: [
        `El plan <strong>${o.nameEs}</strong> es un plan médico limitado que paga cantidades fijas en efectivo por servicios médicos comunes. No es un seguro de gastos médicos mayores y no cumple con los requisitos de cobertura esencial mínima de la Ley de Cuidado de Salud Asequible.`,
        `El plan paga ${money(o.office)} por cada consulta en el consultorio (hasta ${o.visits} al año), ${money(o.urgent)} por una visita a urgencias, ${money(o.hospitalDay)} por cada día de hospitalización (hasta 30 días) y hasta ${money(o.surgery)} por una cirugía con hospitalización. Las consultas de telemedicina ilimitadas cuestan $0 y ahorra hasta un 60% en la red MultiPlan PHCS.`,
        o.iha
          ? "Como plan IHA, cubre hasta 5 hijos en Miembro + Hijos y hasta 9 dependientes en Familia, y durante la inscripción puede omitir el paso de información del empleador."
          : "No hay deducibles y los beneficios se le pagan directamente a usted o, si lo prefiere, a su proveedor.",
      ],
      blueBar: ADMIN_FEE.es,
      association: ASSOCIATION.es,
      exclusions: [
        "Condiciones preexistentes durante los primeros 12 meses de cobertura",
        "Atención de maternidad, salvo complicaciones del embarazo",
        "Tratamiento de salud mental y adicciones más allá de la telemedicina",
        "Montos que superen el beneficio fijo de cada servicio",
      ],
      example: [
        "Nina va dos veces al médico por bronquitis; después ingresa al hospital durante 3 días y le hacen un procedimiento.",
        `El plan paga ${money(o.office)} × 2 consultas, ${money(o.hospitalDay)} × 3 días de hospital y ${money(o.surgery)} por el procedimiento: <strong>${money(total)}</strong>. Nina usa el descuento de la red PHCS para reducir el resto de la cuenta.`,
      ],
      faq: [
        [
          "¿Es un seguro médico?",
          "Es un plan médico limitado de indemnización fija. Paga cantidades establecidas por los servicios cubiertos y no sustituye a un seguro de gastos médicos mayores.",
        ],
        [
          "¿Puedo ir con cualquier médico?",
          "Sí. Los beneficios se pagan por cualquier proveedor con licencia; los proveedores de la red PHCS además le ofrecen descuentos negociados.",
        ],
        [
          "¿Por qué hay un cargo administrativo?",
          "Keystone Health Administrators añade un cargo administrativo del 3% a sus cotizaciones, ya incluido en el precio que se muestra.",
        ],
      ],
    },
  };
}

const careConnectMec: PlanCopy = {
  en: {
    name: "Everwell CareConnect MEC",
    short: [
      "Minimum essential coverage under the ACA",
      "Preventive care and immunizations at 100%",
      "Unlimited $0 telehealth visits",
      "Requires the $5.00 Everwell Wellness Membership",
    ],
    header: "Preventive coverage that meets the ACA standard",
    body: [
      "<strong>Everwell CareConnect MEC</strong> covers the preventive services required by the Affordable Care Act at 100% in network: annual checkups, screenings, immunizations and well-woman and well-child visits.",
      "It also includes unlimited $0 telehealth visits with board-certified doctors, $0 generic preventive medications and a discount card for other prescriptions.",
      "This plan is offered to members of the Everwell Wellness Membership. When you add it to your cart, you will be asked to add the membership ($5.00 a month) as well.",
    ],
    blueBar: "Requires the Everwell Wellness Membership ($5.00 a month).",
    association: ASSOCIATION.en,
    exclusions: ["Hospital stays, surgery and specialist care", "Emergency room visits", "Non-preventive prescriptions (discounts only)"],
    example: [
      "Ana has her annual physical with blood work, gets a flu shot and uses telehealth twice for a sinus infection.",
      "Retail cost would be about $410. With CareConnect MEC she pays <strong>$0</strong> for all four services.",
    ],
    faq: [
      [
        "Why do I need a membership?",
        "The plan is available through the Everwell Wellness Membership. It costs $5.00 a month and also includes wellness coaching and gym discounts.",
      ],
      [
        "Does this plan satisfy the ACA coverage requirement?",
        "Yes. It is minimum essential coverage, but it is not comprehensive major medical insurance.",
      ],
    ],
  },
  es: {
    name: "Everwell CareConnect MEC",
    short: [
      "Cobertura esencial mínima según la ACA",
      "Cuidado preventivo y vacunas al 100%",
      "Consultas de telemedicina ilimitadas a $0",
      "Requiere la Membresía de Bienestar Everwell de $5.00",
    ],
    header: "Cobertura preventiva que cumple con la ACA",
    body: [
      "El plan <strong>Everwell CareConnect MEC</strong> cubre al 100% dentro de la red los servicios preventivos que exige la Ley de Cuidado de Salud Asequible: chequeos anuales, pruebas de detección, vacunas y consultas de bienestar para mujeres y niños.",
      "También incluye consultas de telemedicina ilimitadas a $0 con médicos certificados, medicamentos preventivos genéricos a $0 y una tarjeta de descuento para otras recetas.",
      "Este plan se ofrece a los miembros de la Membresía de Bienestar Everwell. Al añadirlo al carrito, se le pedirá que añada también la membresía ($5.00 al mes).",
    ],
    blueBar: "Requiere la Membresía de Bienestar Everwell ($5.00 al mes).",
    association: ASSOCIATION.es,
    exclusions: [
      "Hospitalizaciones, cirugías y atención de especialistas",
      "Visitas a la sala de emergencias",
      "Medicamentos no preventivos (solo descuentos)",
    ],
    example: [
      "Ana se hace su chequeo anual con análisis de sangre, se pone la vacuna contra la gripe y usa la telemedicina dos veces por una sinusitis.",
      "A precio normal pagaría unos $410. Con CareConnect MEC paga <strong>$0</strong> por los cuatro servicios.",
    ],
    faq: [
      [
        "¿Por qué necesito una membresía?",
        "El plan se ofrece a través de la Membresía de Bienestar Everwell. Cuesta $5.00 al mes e incluye también asesoría de bienestar y descuentos en gimnasios.",
      ],
      [
        "¿Este plan cumple con el requisito de cobertura de la ACA?",
        "Sí. Es una cobertura esencial mínima, pero no es un seguro integral de gastos médicos mayores.",
      ],
    ],
  },
};

// ---------------------------------------------------------------- rx

const rxSaver: PlanCopy = {
  en: {
    name: "Everwell RxSaver Discount Program",
    short: [
      "Save up to 80% on prescriptions",
      "Accepted at 65,000 pharmacies",
      "Covers the whole household",
      "Not insurance: no forms, no limits",
    ],
    body: [
      "The <strong>Everwell RxSaver Discount Program</strong> gives everyone in your household discounts of up to 80% on brand and generic prescriptions at 65,000 pharmacies, including major national chains.",
      "Show your card or the app at the counter and pay the discounted price. There are no claim forms, no annual limits and no pre-existing condition restrictions, and pet medications filled at a retail pharmacy are included.",
    ],
    blueBar: "This is a discount program, not insurance.",
    exclusions: ["Cannot be combined with insurance on the same prescription", "Discounts vary by pharmacy and drug"],
    example: [
      "Carla's generic cholesterol medication costs $64 at the retail price.",
      "With RxSaver she pays <strong>$14.80</strong>, saving more than $590 a year.",
    ],
    faq: [
      ["Can I use it with my health insurance?", "Yes, but not on the same prescription. Use whichever price is lower."],
      ["Who is covered?", "Everyone in your household, including pets, at no extra cost."],
    ],
  },
  es: {
    name: "Everwell Programa de Descuentos RxSaver",
    short: [
      "Ahorre hasta un 80% en recetas",
      "Aceptado en 65,000 farmacias",
      "Cubre a todo el hogar",
      "No es un seguro: sin formularios ni límites",
    ],
    body: [
      "El <strong>Everwell Programa de Descuentos RxSaver</strong> ofrece a todas las personas de su hogar descuentos de hasta un 80% en medicamentos de marca y genéricos en 65,000 farmacias, incluidas las grandes cadenas nacionales.",
      "Muestre su tarjeta o la aplicación en el mostrador y pague el precio con descuento. No hay formularios de reclamación, límites anuales ni restricciones por condiciones preexistentes, e incluye los medicamentos para mascotas surtidos en una farmacia.",
    ],
    blueBar: "Este es un programa de descuentos, no un seguro.",
    exclusions: ["No se puede combinar con un seguro en la misma receta", "Los descuentos varían según la farmacia y el medicamento"],
    example: [
      "El medicamento genérico para el colesterol de Carla cuesta $64 a precio normal.",
      "Con RxSaver paga <strong>$14.80</strong> y se ahorra más de $590 al año.",
    ],
    faq: [
      ["¿Puedo usarlo con mi seguro médico?", "Sí, pero no en la misma receta. Use el precio que sea más bajo."],
      ["¿A quién cubre?", "A todas las personas de su hogar, incluidas las mascotas, sin costo adicional."],
    ],
  },
};

const rxPlus: PlanCopy = {
  en: {
    name: "Everwell Rx Plus Generic Coverage",
    short: [
      "$0 copay on 500+ common generics",
      "$10 copay on other preferred generics",
      "90-day mail-order supply for two copays",
      "Brand-name discounts up to 40%",
    ],
    body: [
      "<strong>Everwell Rx Plus Generic Coverage</strong> is prescription insurance for generic drugs. More than 500 common generics for blood pressure, cholesterol, diabetes, asthma and thyroid conditions cost $0, and other preferred generics cost $10.",
      "Order a 90-day supply through Everwell Home Delivery and pay only two copays. Brand-name drugs are not covered but are discounted by up to 40% at participating pharmacies.",
    ],
    blueBar: "Pairs well with limited medical and HSA plans.",
    exclusions: ["Brand-name and specialty drugs (discount only)", "Drugs for cosmetic purposes or weight loss", "Compounded medications"],
    example: [
      "Omar takes a generic blood pressure drug and a generic statin.",
      "Both are on the $0 list, so a year of both medications costs him <strong>$0</strong> in copays.",
    ],
    faq: [
      ["How do I know if my drug is on the $0 list?", "Search the formulary in the member app or call member services."],
      ["Is there a deductible?", "No. Copays apply from your first prescription."],
    ],
  },
  es: {
    name: "Everwell Rx Plus Cobertura de Genéricos",
    short: [
      "Copago de $0 en más de 500 genéricos comunes",
      "Copago de $10 en otros genéricos preferidos",
      "Suministro de 90 días por correo por dos copagos",
      "Descuentos de hasta un 40% en medicamentos de marca",
    ],
    body: [
      "El plan <strong>Everwell Rx Plus Cobertura de Genéricos</strong> es un seguro de medicamentos genéricos. Más de 500 genéricos comunes para la presión arterial, el colesterol, la diabetes, el asma y la tiroides cuestan $0, y otros genéricos preferidos cuestan $10.",
      "Pida un suministro de 90 días a través de Everwell Home Delivery y pague solo dos copagos. Los medicamentos de marca no están cubiertos, pero tienen descuentos de hasta un 40% en farmacias participantes.",
    ],
    blueBar: "Se complementa bien con planes médicos limitados y planes HSA.",
    exclusions: [
      "Medicamentos de marca y especializados (solo descuento)",
      "Medicamentos con fines cosméticos o para bajar de peso",
      "Medicamentos compuestos",
    ],
    example: [
      "Omar toma un medicamento genérico para la presión arterial y una estatina genérica.",
      "Ambos están en la lista de $0, así que un año de ambos medicamentos le cuesta <strong>$0</strong> en copagos.",
    ],
    faq: [
      [
        "¿Cómo sé si mi medicamento está en la lista de $0?",
        "Busque en el formulario de medicamentos de la aplicación o llame a servicio al miembro.",
      ],
      ["¿Hay deducible?", "No. Los copagos se aplican desde su primera receta."],
    ],
  },
};

// ---------------------------------------------------------------- lifestyle

const wellness: PlanCopy = {
  en: {
    name: "Everwell Wellness Membership",
    short: [
      "$5.00 a month for the whole household",
      "Personal wellness coaching",
      "Gym and fitness discounts",
      "Required for select Everwell plans",
    ],
    body: [
      "The <strong>Everwell Wellness Membership</strong> gives your household access to personal wellness coaching, discounts at more than 9,000 gyms, nutrition programs and member savings on hearing aids and vision hardware.",
      "Some plans, such as Everwell CareConnect MEC, are available only to members. When you choose one of those plans, the membership is added to your cart with it and stays in place while the plan is active.",
    ],
    blueBar: "Wellness membership: $5.00 a month.",
    faq: [
      ["Can I cancel the membership?", "You can cancel at any time, but plans that require membership will end at the same time."],
      ["Is this insurance?", "No. It is a membership that provides discounts and wellness services."],
    ],
  },
  es: {
    name: "Membresía de Bienestar Everwell",
    short: [
      "$5.00 al mes para todo el hogar",
      "Asesoría personal de bienestar",
      "Descuentos en gimnasios y actividades físicas",
      "Requerida para ciertos planes Everwell",
    ],
    body: [
      "La <strong>Membresía de Bienestar Everwell</strong> le da a su hogar acceso a asesoría personal de bienestar, descuentos en más de 9,000 gimnasios, programas de nutrición y ahorros para miembros en audífonos y artículos de óptica.",
      "Algunos planes, como Everwell CareConnect MEC, solo están disponibles para miembros. Cuando elige uno de esos planes, la membresía se añade al carrito junto con él y se mantiene mientras el plan esté activo.",
    ],
    blueBar: "Membresía de bienestar: $5.00 al mes.",
    faq: [
      [
        "¿Puedo cancelar la membresía?",
        "Puede cancelarla en cualquier momento, pero los planes que requieren membresía terminarán al mismo tiempo.",
      ],
      ["¿Es un seguro?", "No. Es una membresía que ofrece descuentos y servicios de bienestar."],
    ],
  },
};

const telehealth: PlanCopy = {
  en: {
    name: "Everwell 24/7 Telehealth",
    short: [
      "Unlimited $0 virtual doctor visits",
      "Available 24 hours a day, 7 days a week",
      "Prescriptions sent to your pharmacy",
      "Covers your whole household",
    ],
    body: [
      "With <strong>Everwell 24/7 Telehealth</strong>, a board-certified doctor can diagnose and treat common conditions such as colds, flu, allergies, sinus and urinary tract infections, rashes and pink eye by phone or video, usually within 15 minutes.",
      "Visits cost $0, there is no limit on the number of visits, and every member of your household is covered. Behavioral health counseling is available by appointment for a $45 visit fee.",
    ],
    blueBar: "Talk to a doctor in minutes, any time of day.",
    association: ASSOCIATION.en,
    exclusions: ["Emergencies: call 911", "Controlled substances cannot be prescribed", "Care that requires a physical exam or lab tests"],
    example: [
      "Rachel's son wakes up with pink eye on a Sunday morning.",
      "A doctor sees him by video in 12 minutes and sends a prescription to the pharmacy. The visit costs <strong>$0</strong>, compared with about $180 at urgent care.",
    ],
    faq: [
      ["Do I need to sign anything?", "No signature is required to enroll in this plan."],
      ["Can my children use it?", "Yes. Everyone in your household is covered, including children."],
    ],
  },
  es: {
    name: "Everwell Telemedicina 24/7",
    short: [
      "Consultas médicas virtuales ilimitadas a $0",
      "Disponible las 24 horas, los 7 días de la semana",
      "Recetas enviadas a su farmacia",
      "Cubre a todo su hogar",
    ],
    body: [
      "Con <strong>Everwell Telemedicina 24/7</strong>, un médico certificado puede diagnosticar y tratar por teléfono o video condiciones comunes como resfriados, gripe, alergias, sinusitis, infecciones urinarias, sarpullidos y conjuntivitis, normalmente en menos de 15 minutos.",
      "Las consultas cuestan $0, no hay límite de consultas y todas las personas de su hogar están cubiertas. La orientación de salud mental está disponible con cita previa por $45 la consulta.",
    ],
    blueBar: "Hable con un médico en minutos, a cualquier hora.",
    association: ASSOCIATION.es,
    exclusions: [
      "Emergencias: llame al 911",
      "No se pueden recetar sustancias controladas",
      "Atención que requiera un examen físico o análisis de laboratorio",
    ],
    example: [
      "El hijo de Rachel amanece con conjuntivitis un domingo por la mañana.",
      "Un médico lo atiende por video en 12 minutos y envía la receta a la farmacia. La consulta cuesta <strong>$0</strong>, frente a unos $180 en un centro de urgencias.",
    ],
    faq: [
      ["¿Tengo que firmar algo?", "No se requiere firma para inscribirse en este plan."],
      ["¿Pueden usarlo mis hijos?", "Sí. Todas las personas de su hogar están cubiertas, incluidos los niños."],
    ],
  },
};

const idProtect: PlanCopy = {
  en: {
    name: "Everwell Identity Protect",
    short: [
      "Three-bureau credit monitoring",
      "Dark web and Social Security number alerts",
      "$1 million identity theft insurance",
      "U.S.-based restoration specialists",
    ],
    body: [
      "<strong>Everwell Identity Protect</strong> watches your credit files at all three bureaus, scans the dark web for your personal information and alerts you to changes of address or new accounts opened in your name.",
      "If your identity is stolen, a dedicated restoration specialist handles the recovery for you, and identity theft insurance reimburses up to $1 million in covered expenses such as lost wages and legal fees.",
    ],
    blueBar: "Protection for your identity and your credit.",
    exclusions: ["Losses from identity theft that began before your effective date", "Business identities"],
    example: [
      "Someone opens a credit card in Mark's name. His alert arrives the same day, and his restoration specialist freezes his credit and disputes the account.",
      "Mark misses three days of work filing police and bank reports; identity theft insurance reimburses his <strong>$840</strong> in lost wages.",
    ],
    faq: [
      ["Is a signature required?", "No. You can enroll without a signature."],
      ["Are my children covered?", "Family coverage includes monitoring of children's Social Security numbers."],
    ],
  },
  es: {
    name: "Everwell Protección de Identidad",
    short: [
      "Monitoreo de crédito en las tres agencias",
      "Alertas de la web oscura y del número de Seguro Social",
      "Seguro contra robo de identidad de $1 millón",
      "Especialistas en restauración en EE. UU.",
    ],
    body: [
      "<strong>Everwell Protección de Identidad</strong> vigila sus expedientes de crédito en las tres agencias, busca su información personal en la web oscura y le avisa de cambios de dirección o de cuentas nuevas abiertas a su nombre.",
      "Si le roban la identidad, un especialista en restauración se encarga de la recuperación por usted, y el seguro contra robo de identidad le reembolsa hasta $1 millón en gastos cubiertos, como salarios perdidos y honorarios legales.",
    ],
    blueBar: "Protección para su identidad y su crédito.",
    exclusions: ["Pérdidas por robos de identidad iniciados antes de su fecha de vigencia", "Identidades de empresas"],
    example: [
      "Alguien abre una tarjeta de crédito a nombre de Mark. La alerta le llega el mismo día y su especialista en restauración congela su crédito e impugna la cuenta.",
      "Mark falta tres días al trabajo para presentar denuncias ante la policía y el banco; el seguro contra robo de identidad le reembolsa <strong>$840</strong> en salarios perdidos.",
    ],
    faq: [
      ["¿Se requiere firma?", "No. Puede inscribirse sin firmar."],
      ["¿Están cubiertos mis hijos?", "La cobertura familiar incluye el monitoreo del número de Seguro Social de los niños."],
    ],
  },
};

const legal: PlanCopy = {
  en: {
    name: "Everwell Legal Assist",
    short: [
      "Unlimited phone consultations with attorneys",
      "Simple will and powers of attorney",
      "Document review and letters on your behalf",
      "25% off attorney fees for other matters",
    ],
    body: [
      "<strong>Everwell Legal Assist</strong> connects you with a network attorney for unlimited phone consultations on everyday legal questions: landlord disputes, consumer problems, traffic tickets and family matters.",
      "The plan also prepares a simple will, a healthcare directive and powers of attorney for you and your spouse, reviews documents up to 10 pages, and writes letters or makes calls on your behalf.",
    ],
    blueBar: "Legal help for everyday questions.",
    exclusions: [
      "Business and employment disputes with your employer",
      "Matters that began before your effective date",
      "Court costs, fines and expert fees",
    ],
    example: [
      "Teresa's landlord keeps her $1,800 security deposit without explanation.",
      "Her plan attorney reviews the lease and sends a demand letter at no charge. The landlord returns the deposit within two weeks: <strong>$1,800</strong> recovered for a $19.95 monthly plan.",
    ],
    faq: [
      ["How quickly will an attorney call me?", "Usually within one business day."],
      ["Can I use my own lawyer?", "The plan works with its network attorneys. Out-of-network lawyers are not reimbursed."],
    ],
  },
  es: {
    name: "Everwell Asistencia Legal",
    short: [
      "Consultas telefónicas ilimitadas con abogados",
      "Testamento simple y poderes notariales",
      "Revisión de documentos y cartas en su nombre",
      "25% de descuento en honorarios para otros asuntos",
    ],
    body: [
      "<strong>Everwell Asistencia Legal</strong> le conecta con un abogado de la red para consultas telefónicas ilimitadas sobre temas legales cotidianos: conflictos con el arrendador, problemas de consumo, multas de tránsito y asuntos familiares.",
      "El plan también prepara un testamento simple, una directiva de atención médica y poderes notariales para usted y su cónyuge, revisa documentos de hasta 10 páginas, y escribe cartas o hace llamadas en su nombre.",
    ],
    blueBar: "Ayuda legal para las preguntas de todos los días.",
    exclusions: [
      "Asuntos de negocios y conflictos laborales con su empleador",
      "Asuntos iniciados antes de su fecha de vigencia",
      "Costos judiciales, multas y honorarios de peritos",
    ],
    example: [
      "El arrendador de Teresa se queda con su depósito de garantía de $1,800 sin dar explicaciones.",
      "El abogado del plan revisa el contrato y envía una carta de reclamación sin costo. El arrendador devuelve el depósito en dos semanas: <strong>$1,800</strong> recuperados con un plan de $19.95 al mes.",
    ],
    faq: [
      ["¿En cuánto tiempo me llama un abogado?", "Por lo general, en un día hábil."],
      ["¿Puedo usar a mi propio abogado?", "El plan funciona con los abogados de su red. Los abogados fuera de la red no se reembolsan."],
    ],
  },
};

// ---------------------------------------------------------------- pet

function pet(o: {
  nameEn: string;
  nameEs: string;
  reimb: number;
  deductible: number;
  limit: string;
  limitEs: string;
  wellness: boolean;
  accidentOnly?: boolean;
}): PlanCopy {
  const bill = 2400;
  const paid = ((bill - o.deductible) * o.reimb) / 100;
  return {
    en: {
      name: o.nameEn,
      short: [
        `${o.reimb}% reimbursement after a $${o.deductible} deductible`,
        `${o.limit} annual limit`,
        o.accidentOnly ? "Accidents only, plus a wellness allowance" : "Accidents and illnesses, including cancer",
        "Any licensed vet in the U.S.",
      ],
      header: "Coverage for the newest member of the family",
      body: [
        `<strong>${o.nameEn}</strong> reimburses ${o.reimb}% of eligible vet bills for your dog or cat after a $${o.deductible} annual deductible, up to ${o.limit} a year. Visit any licensed veterinarian, emergency clinic or specialist in the United States.`,
        o.accidentOnly
          ? "Accidents such as swallowed objects, broken bones, bite wounds and car accidents are covered after a 2-day waiting period. Illnesses are not covered."
          : "Covered care includes accidents, illnesses, cancer, hereditary conditions, diagnostics, surgery, hospitalization and prescription medications. Accidents are covered after 2 days and illnesses after 14 days.",
        o.wellness
          ? "A wellness allowance of up to $250 a year reimburses vaccines, annual exams, flea and tick prevention and dental cleanings."
          : "Add routine care later through the PawSure Wellness add-on.",
      ],
      blueBar: "The price shown covers one dog or cat.",
      exclusions: [
        "Pre-existing conditions",
        "Breeding, pregnancy and cosmetic procedures",
        o.wellness ? "Routine care above the wellness allowance" : "Routine and preventive care",
        "Pets younger than 8 weeks",
      ],
      example: [
        `Biscuit, a 4-year-old beagle, swallows a sock and needs emergency surgery. The bill is $${bill.toLocaleString("en-US")}.`,
        `After the $${o.deductible} deductible, PawSure reimburses ${o.reimb}%: <strong>$${paid.toLocaleString("en-US")}</strong>, usually by direct deposit within 5 days.`,
      ],
      faq: [
        ["Can I cover more than one pet?", "Yes. Each pet has its own policy, and the second pet receives a 10% multi-pet discount."],
        ["Is there an age limit?", "Pets can be enrolled from 8 weeks old with no upper age limit."],
        ["How do I get reimbursed?", "Snap a photo of the invoice in the PawSure app. Most claims are processed within 5 days."],
      ],
    },
    es: {
      name: o.nameEs,
      short: [
        `Reembolso del ${o.reimb}% después de un deducible de $${o.deductible}`,
        `Límite anual de ${o.limitEs}`,
        o.accidentOnly ? "Solo accidentes, más una asignación de bienestar" : "Accidentes y enfermedades, incluido el cáncer",
        "Cualquier veterinario con licencia en EE. UU.",
      ],
      header: "Cobertura para el miembro más nuevo de la familia",
      body: [
        `<strong>${o.nameEs}</strong> reembolsa el ${o.reimb}% de las facturas veterinarias elegibles de su perro o gato después de un deducible anual de $${o.deductible}, hasta ${o.limitEs} al año. Puede ir a cualquier veterinario, clínica de emergencias o especialista con licencia en los Estados Unidos.`,
        o.accidentOnly
          ? "Los accidentes, como objetos tragados, fracturas, mordeduras y atropellos, se cubren después de un período de espera de 2 días. Las enfermedades no están cubiertas."
          : "La atención cubierta incluye accidentes, enfermedades, cáncer, condiciones hereditarias, diagnósticos, cirugías, hospitalización y medicamentos recetados. Los accidentes se cubren después de 2 días y las enfermedades después de 14 días.",
        o.wellness
          ? "Una asignación de bienestar de hasta $250 al año reembolsa vacunas, exámenes anuales, prevención de pulgas y garrapatas, y limpiezas dentales."
          : "Puede añadir más adelante la atención de rutina con el complemento PawSure Bienestar.",
      ],
      blueBar: "El precio que se muestra cubre a un perro o un gato.",
      exclusions: [
        "Condiciones preexistentes",
        "Crianza, embarazo y procedimientos estéticos",
        o.wellness ? "Atención de rutina por encima de la asignación de bienestar" : "Atención de rutina y preventiva",
        "Mascotas menores de 8 semanas",
      ],
      example: [
        `Biscuit, un beagle de 4 años, se traga un calcetín y necesita una cirugía de emergencia. La factura es de $${bill.toLocaleString("en-US")}.`,
        `Después del deducible de $${o.deductible}, PawSure reembolsa el ${o.reimb}%: <strong>$${paid.toLocaleString("en-US")}</strong>, normalmente por depósito directo en 5 días.`,
      ],
      faq: [
        [
          "¿Puedo asegurar a más de una mascota?",
          "Sí. Cada mascota tiene su propia póliza y la segunda recibe un 10% de descuento por varias mascotas.",
        ],
        ["¿Hay un límite de edad?", "Puede inscribir mascotas desde las 8 semanas de edad, sin límite máximo de edad."],
        [
          "¿Cómo recibo el reembolso?",
          "Tome una foto de la factura con la aplicación de PawSure. La mayoría de las reclamaciones se procesan en 5 días.",
        ],
      ],
    },
  };
}

// ---------------------------------------------------------------- bundles

/**
 * Monthly Member Only prices (cents, youngest age band) of the bundles and of their
 * products bought separately. The catalog prices the bundles from BUNDLE_PRICES, so the
 * savings quoted in the copy always match the rate table.
 */
const SEPARATE = { dental: 2495, vision: 875, tele: 1495, rx: 995, accident: 1450, life25: 750, life50: 1150 } as const;
type Part = keyof typeof SEPARATE;
export const BUNDLE_PRICES: Record<string, number> = {
  "BND-SMILE-SIGHT": 2995,
  "BND-CARE-DUO": 1995,
  "BND-TRIPLE-PLAY": 4195,
  "BND-4-IN-1": 4595,
  "BND-ULTIMATE": 5795,
};

const B: Record<Part, [string, string]> = {
  dental: ["BrightSmile Essential Dental PPO", "BrightSmile Essential Dental PPO"],
  vision: ["ClearView Vision Basic", "ClearView Visión Básica"],
  tele: ["Everwell 24/7 Telehealth", "Everwell Telemedicina 24/7"],
  rx: ["Everwell RxSaver discounts", "descuentos Everwell RxSaver"],
  accident: ["Harbor Point Accident Protector", "Harbor Point Protección contra Accidentes"],
  life25: ["$25,000 Summit Mutual term life", "vida a término de Summit Mutual por $25,000"],
  life50: ["$50,000 Summit Mutual term life", "vida a término de Summit Mutual por $50,000"],
};

function bundle(code: string, o: { nameEn: string; nameEs: string; parts: Part[]; life?: string; callout?: [string, string] }): PlanCopy {
  const n = o.parts.length;
  const countEn = ["", "", "two", "three", "four", "five"][n]!;
  const countEs = ["", "", "dos", "tres", "cuatro", "cinco"][n]!;
  const itemsEn = o.parts.map((p) => B[p][0]);
  const itemsEs = o.parts.map((p) => B[p][1]);
  const separate = o.parts.reduce((sum, p) => sum + SEPARATE[p], 0);
  const price = BUNDLE_PRICES[code]!;
  const saved = separate - price;
  const pct = Math.round((saved / separate) * 100);
  const money = (c: number) => `$${(c / 100).toFixed(2)}`;
  const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
  return {
    en: {
      name: o.nameEn,
      callout: o.callout?.[0],
      short: [...itemsEn.slice(0, 3), `Save about ${pct}% compared with buying separately`],
      header: `${cap(countEn)} products, one simple price`,
      body: [
        `<strong>${o.nameEn}</strong> combines ${countEn} products in a single enrollment and one monthly payment: ${itemsEn.join("; ")}.`,
        `Each product keeps its full benefits, and buying them together saves about ${pct}% compared with enrolling in each one separately.`,
        o.life
          ? `The bundle includes ${o.life} of term life coverage, so you will name your beneficiaries during enrollment.`
          : "Every product starts on the same effective date, and you receive one welcome kit and one member ID for all of them.",
      ],
      blueBar: "Multiple products in one enrollment.",
      association: ASSOCIATION.en,
      exclusions: ["Products in the bundle cannot be removed individually", "Each product's own exclusions and waiting periods apply"],
      exampleTitle: "What You Save",
      example: [
        `For a 28-year-old enrolling alone, the ${countEn} products bought separately cost ${money(separate)} a month.`,
        `<strong>${o.nameEn}</strong> costs ${money(price)} a month: a saving of ${money(saved)} a month, or <strong>${money(saved * 12)}</strong> a year.`,
      ],
      faq: [
        [
          "Can I change a product inside the bundle?",
          "Not during the plan year. At renewal you can switch to a different bundle or to individual plans.",
        ],
        ["Is my family covered?", "Yes. Choose the tier that fits your household; every product in the bundle follows the same tier."],
      ],
    },
    es: {
      name: o.nameEs,
      callout: o.callout?.[1],
      short: [...itemsEs.slice(0, 3), `Ahorre alrededor de un ${pct}% frente a comprarlos por separado`],
      header: `${cap(countEs)} productos, un solo precio`,
      body: [
        `<strong>${o.nameEs}</strong> combina ${countEs} productos en una sola inscripción y un solo pago mensual: ${itemsEs.join("; ")}.`,
        `Cada producto conserva todos sus beneficios y, al comprarlos juntos, ahorra alrededor de un ${pct}% frente a inscribirse en cada uno por separado.`,
        o.life
          ? `El paquete incluye ${o.life} de cobertura de vida a término, por lo que designará a sus beneficiarios durante la inscripción.`
          : "Todos los productos comienzan en la misma fecha de vigencia y recibe un solo paquete de bienvenida y una sola tarjeta de miembro para todos.",
      ],
      blueBar: "Varios productos en una sola inscripción.",
      association: ASSOCIATION.es,
      exclusions: [
        "Los productos del paquete no se pueden eliminar por separado",
        "Se aplican las exclusiones y los períodos de espera de cada producto",
      ],
      exampleTitle: "Cuánto ahorra",
      example: [
        `Para una persona de 28 años que se inscribe sola, los ${countEs} productos comprados por separado cuestan ${money(separate)} al mes.`,
        `<strong>${o.nameEs}</strong> cuesta ${money(price)} al mes: un ahorro de ${money(saved)} al mes, es decir, <strong>${money(saved * 12)}</strong> al año.`,
      ],
      faq: [
        [
          "¿Puedo cambiar un producto dentro del paquete?",
          "No durante el año del plan. Al renovar puede cambiar a otro paquete o a planes individuales.",
        ],
        [
          "¿Está cubierta mi familia?",
          "Sí. Elija el nivel que corresponda a su hogar; todos los productos del paquete siguen el mismo nivel.",
        ],
      ],
    },
  };
}

// ---------------------------------------------------------------- export

export const CARE_COPY: Record<string, PlanCopy> = {
  "KHA-LM-ESSENTIAL": limitedMedical({
    nameEn: "Keystone Essential Limited Medical",
    nameEs: "Keystone Médico Limitado Esencial",
    office: 50,
    visits: 4,
    urgent: 100,
    hospitalDay: 500,
    surgery: 1000,
  }),
  "KHA-LM-ENHANCED": limitedMedical({
    nameEn: "Keystone Enhanced Limited Medical",
    nameEs: "Keystone Médico Limitado Mejorado",
    office: 75,
    visits: 6,
    urgent: 150,
    hospitalDay: 1000,
    surgery: 2500,
    callout: ["Top Rated", "Mejor calificado"],
  }),
  "KHA-IHA": limitedMedical({
    nameEn: "Keystone IHA Indemnity Health Access",
    nameEs: "Keystone IHA Acceso a Salud por Indemnización",
    office: 60,
    visits: 5,
    urgent: 125,
    hospitalDay: 750,
    surgery: 1500,
    iha: true,
  }),
  "EWL-CARECONNECT-MEC": careConnectMec,
  "EWL-RX-SAVER": rxSaver,
  "EWL-RX-PLUS": rxPlus,
  "EWL-WELLNESS": wellness,
  "EWL-TELEHEALTH": telehealth,
  "EWL-ID-PROTECT": idProtect,
  "EWL-LEGAL": legal,
  "PAW-ACC-ILLNESS": pet({
    nameEn: "PawSure Accident & Illness",
    nameEs: "PawSure Accidentes y Enfermedades",
    reimb: 80,
    deductible: 250,
    limit: "$10,000",
    limitEs: "$10,000",
    wellness: false,
  }),
  "PAW-ACCIDENT-WELLNESS": pet({
    nameEn: "PawSure Accident Only + Wellness",
    nameEs: "PawSure Solo Accidentes + Bienestar",
    reimb: 80,
    deductible: 100,
    limit: "$5,000",
    limitEs: "$5,000",
    wellness: true,
    accidentOnly: true,
  }),
  "PAW-COMPLETE": pet({
    nameEn: "PawSure Complete Care",
    nameEs: "PawSure Cuidado Completo",
    reimb: 90,
    deductible: 200,
    limit: "unlimited",
    limitEs: "ilimitado",
    wellness: true,
  }),
  "BND-SMILE-SIGHT": bundle("BND-SMILE-SIGHT", {
    nameEn: "Smile & Sight Duo",
    nameEs: "Dúo Sonrisa y Visión",
    parts: ["dental", "vision"],
  }),
  "BND-CARE-DUO": bundle("BND-CARE-DUO", { nameEn: "Everyday Care Duo", nameEs: "Dúo Cuidado Diario", parts: ["tele", "rx"] }),
  "BND-TRIPLE-PLAY": bundle("BND-TRIPLE-PLAY", {
    nameEn: "Triple Play Family Essentials",
    nameEs: "Triple Play Esenciales para la Familia",
    parts: ["dental", "vision", "tele"],
  }),
  "BND-4-IN-1": bundle("BND-4-IN-1", {
    nameEn: "4-in-1 Protection Pack",
    nameEs: "Paquete de Protección 4 en 1",
    parts: ["dental", "vision", "accident", "life25"],
    life: "$25,000",
  }),
  "BND-ULTIMATE": bundle("BND-ULTIMATE", {
    nameEn: "Ultimate Play Bundle",
    nameEs: "Paquete Ultimate Play",
    parts: ["dental", "vision", "tele", "accident", "life50"],
    life: "$50,000",
    callout: ["Biggest Savings", "Máximo ahorro"],
  }),
};
