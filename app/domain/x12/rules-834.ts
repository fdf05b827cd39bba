/**
 * Our implementation-guide rules for the 834 we send (005010X220A1 as we use it): the header
 * segments, what each member loop (2000) must hold, the code lists of INS02/03/04/05/08, HD01/03/05
 * and the DTP qualifiers per loop, and CCYYMMDD dates. The envelope itself (counts, control
 * numbers) is checked by the strict X12 parser on the server; both must pass before a file leaves.
 */
import {
  BENEFIT_STATUS,
  COVERAGE_LEVELS,
  DTP_QUALIFIERS,
  EMPLOYMENT_STATUS,
  GENDERS,
  INSURANCE_LINES,
  MAINTENANCE_REASONS,
  MAINTENANCE_TYPES,
  RELATIONSHIP_CODES,
} from "./codes";
import { el, isoFromCcyymmdd, readSegments, type Segment } from "./segments";
import { MASK, shownBadValue } from "./masked";

/**
 * Why a file may not be sent, as message keys (the locales' `x12Problems.<key>`, in English and
 * Spanish; the console translates them). Values a message names (an element, what it held) are its
 * parameters; segment and element names and X12 codes are never translated.
 */
export const PROBLEM_KEYS = [
  "noIsaSegment",
  "firstSegmentIsa",
  "required",
  "notDate",
  "dtpQualifierHeader",
  "dtpQualifierMember",
  "dtpQualifierCoverage",
  "dtpRange",
  "dtpFormat",
  "mustBe",
  "isa15",
  "gs01",
  "bgn01",
  "bgn08",
  "nm102",
  "noTransactionSet",
  "bgnFirst",
  "ref38",
  "n1Sponsor",
  "n1Payer",
  "n1Name",
  "noMemberLoop",
  "ins01",
  "ins02Contradicts",
  "ins03Audit",
  "ins03NotAudit",
  "invalidRelationship",
  "invalidMaintenanceType",
  "invalidMaintenanceReason",
  "invalidBenefitStatus",
  "invalidEmploymentStatus",
  "invalidGender",
  "invalidInsuranceLine",
  "invalidCoverageLevel",
  "ref0fMissing",
  "ref0fTwice",
  "nm1Missing",
  "nm108Pair",
  "nm109Ssn",
  "n3Missing",
  "n4Missing",
  "n402",
  "n403",
  "notMemberSegment",
  "dtpInNameLoop",
  "additionNeedsCoverage",
  "reinstatementNeedsCoverage",
  "dtp348",
  "dtp349",
  "hd01Audit",
  "hd01Terminated",
  // the envelope (adapters/x12-envelope.ts)
  "parser",
  "noInterchangeHeader",
  "ieaMissing",
  "noFunctionalGroup",
  "isa13Digits",
  "controlNumber",
  "geMissing",
  "groupWithoutTransaction",
  "seMissing",
  // a file from the carrier (acknowledgments.ts)
  "ackNoIsa",
  "ackNone",
] as const;
export type ProblemKey = (typeof PROBLEM_KEYS)[number];

/** One reason a file may not be sent: where (segment position, 1 = ISA), which element, and why (a message key and its values). */
export interface FileProblem {
  position: number;
  segment: string;
  element?: string;
  key: ProblemKey;
  params?: Record<string, string>;
}

const has = (list: object, code: string) => Object.hasOwn(list, code);
const name = (s: Segment, n: number) => `${s.tag}${String(n).padStart(2, "0")}`;
const quoted = (s: Segment, n: number) => (el(s, n) ? (shownBadValue(s.tag, el(s, n), name(s, n)) ?? MASK) : "");

/** Segments the guide allows inside a member loop (2000 → 2100x → 2300 → 2700…). */
const MEMBER_LOOP_TAGS = new Set([
  "INS",
  "REF",
  "DTP",
  "NM1",
  "PER",
  "N3",
  "N4",
  "DMG",
  "EC",
  "ICM",
  "AMT",
  "HLH",
  "LUI",
  "DSB",
  "HD",
  "IDC",
  "LX",
  "NX1",
  "COB",
  "LS",
  "LE",
  "N1",
  "PLA",
]);

export function checkImplementationGuide(text: string): FileProblem[] {
  const read = readSegments(text);
  if (!read) return [{ position: 1, segment: "ISA", key: "noIsaSegment" }];
  const problems: FileProblem[] = [];
  const problem = (s: Segment, key: ProblemKey, n?: number, params?: Record<string, string>) =>
    problems.push({
      position: s.position,
      segment: s.tag,
      element: n ? name(s, n) : undefined,
      key,
      // the value quoted only from an element the console shows: a malformed ZIP or date of birth is
      // a member's, and the problems are kept and shown in the clear (masked.ts SHOWN)
      ...(n || params ? { params: { ...(n ? { element: name(s, n), value: quoted(s, n) } : {}), ...params } } : {}),
    });
  const required = (s: Segment, n: number) => {
    if (!el(s, n)) problem(s, "required", n);
    return !!el(s, n);
  };
  const code = (s: Segment, n: number, list: object, key: ProblemKey) => {
    if (el(s, n) && !has(list, el(s, n))) problem(s, key, n);
  };
  const date = (s: Segment, n: number) => {
    if (!isoFromCcyymmdd(el(s, n))) problem(s, "notDate", n);
  };
  const dtp = (s: Segment, qualifiers: object, key: ProblemKey) => {
    if (!has(qualifiers, el(s, 1))) problem(s, key, 1);
    if (el(s, 2) === "D8") date(s, 3);
    else if (el(s, 2) === "RD8") {
      const [from, to] = el(s, 3).split("-");
      if (!isoFromCcyymmdd(from ?? "") || !isoFromCcyymmdd(to ?? "") || from > to) problem(s, "dtpRange", 3);
    } else problem(s, "dtpFormat", 2);
  };

  const segs = read.segments;
  const find = (tag: string) => segs.find((s) => s.tag === tag);
  const isa = segs[0];
  if (isa.tag !== "ISA") problem(isa, "firstSegmentIsa");
  else {
    if (el(isa, 12) !== "00501") problem(isa, "mustBe", 12, { expected: "00501" });
    if (!["T", "P"].includes(el(isa, 15))) problem(isa, "isa15", 15);
  }
  const gs = find("GS");
  if (gs) {
    if (el(gs, 1) !== "BE") problem(gs, "gs01", 1);
    if (el(gs, 8) !== "005010X220A1") problem(gs, "mustBe", 8, { expected: "005010X220A1" });
    date(gs, 4);
  }
  const stIndex = segs.findIndex((s) => s.tag === "ST");
  const seIndex = segs.findIndex((s) => s.tag === "SE");
  if (stIndex < 0 || seIndex < stIndex) {
    problems.push({ position: segs.at(-1)!.position, segment: "ST", key: "noTransactionSet" });
    return problems;
  }
  const st = segs[stIndex];
  if (el(st, 1) !== "834") problem(st, "mustBe", 1, { expected: "834" });
  if (el(st, 3) !== "005010X220A1") problem(st, "mustBe", 3, { expected: "005010X220A1" });

  // header: BGN, REF*38, DTP*, N1*P5, N1*IN, before the first member loop
  const body = segs.slice(stIndex + 1, seIndex);
  const firstIns = body.findIndex((s) => s.tag === "INS");
  const header = firstIns < 0 ? body : body.slice(0, firstIns);
  const bgn = header[0];
  if (!bgn || bgn.tag !== "BGN") problem(bgn ?? st, "bgnFirst");
  else {
    if (!["00", "15", "22"].includes(el(bgn, 1))) problem(bgn, "bgn01", 1);
    required(bgn, 2);
    date(bgn, 3);
    if (!["2", "4", "RX"].includes(el(bgn, 8))) problem(bgn, "bgn08", 8);
  }
  if (!header.some((s) => s.tag === "REF" && el(s, 1) === "38" && el(s, 2))) problem(bgn ?? st, "ref38");
  for (const s of header) if (s.tag === "DTP") dtp(s, DTP_QUALIFIERS.header, "dtpQualifierHeader");
  for (const [qualifier, key] of [
    ["P5", "n1Sponsor"],
    ["IN", "n1Payer"],
  ] as const) {
    const n1 = header.find((s) => s.tag === "N1" && el(s, 1) === qualifier);
    if (!n1) problem(bgn ?? st, key);
    else if (!el(n1, 2) && !el(n1, 4)) problem(n1, "n1Name", 2, { qualifier });
  }
  if (firstIns < 0) {
    problem(segs[seIndex], "noMemberLoop");
    return problems;
  }

  // member loops: INS … up to the next INS or SE
  const starts = body.flatMap((s, i) => (s.tag === "INS" ? [i] : []));
  for (const [k, start] of starts.entries()) memberLoop(body.slice(start, starts[k + 1] ?? body.length));

  function memberLoop(loop: Segment[]) {
    const ins = loop[0];
    if (required(ins, 1) && !["Y", "N"].includes(el(ins, 1))) problem(ins, "ins01", 1);
    if (required(ins, 2)) {
      code(ins, 2, RELATIONSHIP_CODES, "invalidRelationship");
      if ((el(ins, 1) === "Y") !== (el(ins, 2) === "18")) problem(ins, "ins02Contradicts", 2, { ins01: el(ins, 1) });
    }
    if (required(ins, 3)) code(ins, 3, MAINTENANCE_TYPES, "invalidMaintenanceType");
    // a full audit file (BGN08 4, verify) holds only 030 loops, and 030 only travels in one
    const verify = bgn?.tag === "BGN" && el(bgn, 8) === "4";
    if (verify && el(ins, 3) && el(ins, 3) !== "030") problem(ins, "ins03Audit", 3);
    if (!verify && el(ins, 3) === "030") problem(ins, "ins03NotAudit", 3);
    if (required(ins, 4)) code(ins, 4, MAINTENANCE_REASONS, "invalidMaintenanceReason");
    if (required(ins, 5)) code(ins, 5, BENEFIT_STATUS, "invalidBenefitStatus");
    if (el(ins, 1) === "Y") required(ins, 8);
    code(ins, 8, EMPLOYMENT_STATUS, "invalidEmploymentStatus");

    const firstNm1 = loop.findIndex((s) => s.tag === "NM1");
    const firstHd = loop.findIndex((s) => s.tag === "HD");
    const refs0F = loop.filter((s) => s.tag === "REF" && el(s, 1) === "0F");
    if (refs0F.length === 0) problem(ins, "ref0fMissing");
    else if (refs0F.length > 1) problem(refs0F[1], "ref0fTwice");
    for (const r of refs0F) required(r, 2);

    const nm1 = loop.find((s) => s.tag === "NM1" && el(s, 1) === "IL");
    if (!nm1) problem(ins, "nm1Missing");
    else {
      if (el(nm1, 2) !== "1") problem(nm1, "nm102", 2);
      required(nm1, 3);
      if (!!el(nm1, 8) !== !!el(nm1, 9)) problem(nm1, "nm108Pair", el(nm1, 8) ? 9 : 8);
      // the SSN itself is not a parameter: a problem is kept and shown in the clear
      if (el(nm1, 8) === "34" && !/^\d{9}$/.test(el(nm1, 9)))
        problems.push({ position: nm1.position, segment: "NM1", element: "NM109", key: "nm109Ssn" });
    }
    if (el(ins, 1) === "Y") {
      if (!loop.some((s) => s.tag === "N3")) problem(ins, "n3Missing");
      const n4 = loop.find((s) => s.tag === "N4");
      if (!n4) problem(ins, "n4Missing");
    }
    for (const n4 of loop.filter((s) => s.tag === "N4")) {
      required(n4, 1);
      if (!/^[A-Z]{2}$/.test(el(n4, 2))) problem(n4, "n402", 2);
      if (!/^\d{5}(\d{4})?$/.test(el(n4, 3))) problem(n4, "n403", 3);
    }
    for (const dmg of loop.filter((s) => s.tag === "DMG")) {
      if (el(dmg, 1) !== "D8") problem(dmg, "mustBe", 1, { expected: "D8" });
      date(dmg, 2);
      if (required(dmg, 3)) code(dmg, 3, GENDERS, "invalidGender");
    }

    for (const [i, s] of loop.entries()) {
      if (!MEMBER_LOOP_TAGS.has(s.tag)) problem(s, "notMemberSegment", undefined, { tag: s.tag });
      if (s.tag !== "DTP") continue;
      if (firstHd >= 0 && i > firstHd) dtp(s, DTP_QUALIFIERS.coverage, "dtpQualifierCoverage");
      else if (firstNm1 < 0 || i < firstNm1) dtp(s, DTP_QUALIFIERS.member, "dtpQualifierMember");
      else problem(s, "dtpInNameLoop");
    }

    // coverage loops: HD … up to the next HD
    const hdStarts = loop.flatMap((s, i) => (s.tag === "HD" ? [i] : []));
    if (hdStarts.length === 0 && ["021", "025"].includes(el(ins, 3)))
      problem(ins, el(ins, 3) === "021" ? "additionNeedsCoverage" : "reinstatementNeedsCoverage");
    for (const [k, start] of hdStarts.entries()) {
      const cov = loop.slice(start, hdStarts[k + 1] ?? loop.length);
      const hd = cov[0];
      if (required(hd, 1)) code(hd, 1, MAINTENANCE_TYPES, "invalidMaintenanceType");
      if (required(hd, 3)) code(hd, 3, INSURANCE_LINES, "invalidInsuranceLine");
      code(hd, 5, COVERAGE_LEVELS, "invalidCoverageLevel");
      if (!cov.some((s) => s.tag === "DTP" && el(s, 1) === "348")) problem(hd, "dtp348");
      if (el(hd, 1) === "024" && !cov.some((s) => s.tag === "DTP" && el(s, 1) === "349")) problem(hd, "dtp349");
      if (el(ins, 3) === "030" && el(hd, 1) !== "030") problem(hd, "hd01Audit", 1);
      if (el(ins, 3) === "024" && el(hd, 1) !== "024") problem(hd, "hd01Terminated", 1);
    }
  }
  return problems;
}
