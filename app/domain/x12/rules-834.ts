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

/** One reason a file may not be sent: where (segment position, 1 = ISA), which element, and why. */
export interface FileProblem {
  position: number;
  segment: string;
  element?: string;
  message: string;
}

const has = (list: object, code: string) => Object.hasOwn(list, code);
const name = (s: Segment, n: number) => `${s.tag}${String(n).padStart(2, "0")}`;

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
  if (!read) return [{ position: 1, segment: "ISA", message: "The file does not start with a 106-character ISA segment." }];
  const problems: FileProblem[] = [];
  const problem = (s: Segment, message: string, n?: number) =>
    problems.push({ position: s.position, segment: s.tag, element: n ? name(s, n) : undefined, message });
  const required = (s: Segment, n: number) => {
    if (!el(s, n)) problem(s, `${name(s, n)} is required.`, n);
    return !!el(s, n);
  };
  const code = (s: Segment, n: number, list: object, what: string) => {
    if (el(s, n) && !has(list, el(s, n))) problem(s, `${name(s, n)} "${el(s, n)}" is not a valid ${what}.`, n);
  };
  const date = (s: Segment, n: number) => {
    if (!isoFromCcyymmdd(el(s, n))) problem(s, `${name(s, n)} "${el(s, n)}" is not a date as CCYYMMDD.`, n);
  };
  const dtp = (s: Segment, qualifiers: object, where: string) => {
    if (!has(qualifiers, el(s, 1))) problem(s, `DTP01 "${el(s, 1)}" is not a date qualifier allowed ${where}.`, 1);
    if (el(s, 2) === "D8") date(s, 3);
    else if (el(s, 2) === "RD8") {
      const [from, to] = el(s, 3).split("-");
      if (!isoFromCcyymmdd(from ?? "") || !isoFromCcyymmdd(to ?? "") || from > to)
        problem(s, `DTP03 "${el(s, 3)}" is not a range CCYYMMDD-CCYYMMDD.`, 3);
    } else problem(s, `DTP02 "${el(s, 2)}" must be D8 (or RD8).`, 2);
  };

  const segs = read.segments;
  const find = (tag: string) => segs.find((s) => s.tag === tag);
  const isa = segs[0];
  if (isa.tag !== "ISA") problem(isa, "The first segment must be ISA.");
  else {
    if (el(isa, 12) !== "00501") problem(isa, `ISA12 "${el(isa, 12)}" must be 00501.`, 12);
    if (!["T", "P"].includes(el(isa, 15))) problem(isa, `ISA15 "${el(isa, 15)}" must be T or P.`, 15);
  }
  const gs = find("GS");
  if (gs) {
    if (el(gs, 1) !== "BE") problem(gs, `GS01 "${el(gs, 1)}" must be BE (benefit enrollment).`, 1);
    if (el(gs, 8) !== "005010X220A1") problem(gs, `GS08 "${el(gs, 8)}" must be 005010X220A1.`, 8);
    date(gs, 4);
  }
  const stIndex = segs.findIndex((s) => s.tag === "ST");
  const seIndex = segs.findIndex((s) => s.tag === "SE");
  if (stIndex < 0 || seIndex < stIndex) {
    problems.push({ position: segs.at(-1)!.position, segment: "ST", message: "The file has no transaction set (ST … SE)." });
    return problems;
  }
  const st = segs[stIndex];
  if (el(st, 1) !== "834") problem(st, `ST01 "${el(st, 1)}" must be 834.`, 1);
  if (el(st, 3) !== "005010X220A1") problem(st, `ST03 "${el(st, 3)}" must be 005010X220A1.`, 3);

  // header: BGN, REF*38, DTP*, N1*P5, N1*IN, before the first member loop
  const body = segs.slice(stIndex + 1, seIndex);
  const firstIns = body.findIndex((s) => s.tag === "INS");
  const header = firstIns < 0 ? body : body.slice(0, firstIns);
  const bgn = header[0];
  if (!bgn || bgn.tag !== "BGN") problem(bgn ?? st, "BGN must follow ST.");
  else {
    if (!["00", "15", "22"].includes(el(bgn, 1))) problem(bgn, `BGN01 "${el(bgn, 1)}" must be 00, 15 or 22.`, 1);
    required(bgn, 2);
    date(bgn, 3);
    if (!["2", "4", "RX"].includes(el(bgn, 8))) problem(bgn, `BGN08 "${el(bgn, 8)}" must be 2 (changes), 4 (verify) or RX (replace).`, 8);
  }
  if (!header.some((s) => s.tag === "REF" && el(s, 1) === "38" && el(s, 2)))
    problem(bgn ?? st, "REF*38 (master policy number) is required in the header.");
  for (const s of header) if (s.tag === "DTP") dtp(s, DTP_QUALIFIERS.header, "in the header");
  for (const [qualifier, label] of [
    ["P5", "sponsor"],
    ["IN", "payer"],
  ]) {
    const n1 = header.find((s) => s.tag === "N1" && el(s, 1) === qualifier);
    if (!n1) problem(bgn ?? st, `N1*${qualifier} (${label}) is required in the header.`);
    else if (!el(n1, 2) && !el(n1, 4)) problem(n1, `N1*${qualifier} needs a name (N102) or an identifier (N104).`, 2);
  }
  if (firstIns < 0) {
    problem(segs[seIndex], "The transaction has no member loop (INS).");
    return problems;
  }

  // member loops: INS … up to the next INS or SE
  const starts = body.flatMap((s, i) => (s.tag === "INS" ? [i] : []));
  for (const [k, start] of starts.entries()) memberLoop(body.slice(start, starts[k + 1] ?? body.length));

  function memberLoop(loop: Segment[]) {
    const ins = loop[0];
    if (required(ins, 1) && !["Y", "N"].includes(el(ins, 1)))
      problem(ins, `INS01 "${el(ins, 1)}" must be Y (subscriber) or N (dependent).`, 1);
    if (required(ins, 2)) {
      code(ins, 2, RELATIONSHIP_CODES, "relationship code");
      if ((el(ins, 1) === "Y") !== (el(ins, 2) === "18"))
        problem(
          ins,
          `INS02 "${el(ins, 2)}" contradicts INS01 "${el(ins, 1)}": the subscriber (Y) is 18, self; a dependent (N) is never 18.`,
          2,
        );
    }
    if (required(ins, 3)) code(ins, 3, MAINTENANCE_TYPES, "maintenance type code");
    // a full audit file (BGN08 4, verify) holds only 030 loops, and 030 only travels in one
    const verify = bgn?.tag === "BGN" && el(bgn, 8) === "4";
    if (verify && el(ins, 3) && el(ins, 3) !== "030")
      problem(ins, `INS03 "${el(ins, 3)}" must be 030 (audit or compare) in a full audit file (BGN08 4).`, 3);
    if (!verify && el(ins, 3) === "030") problem(ins, "INS03 030 (audit or compare) belongs in a full audit file (BGN08 4).", 3);
    if (required(ins, 4)) code(ins, 4, MAINTENANCE_REASONS, "maintenance reason code");
    if (required(ins, 5)) code(ins, 5, BENEFIT_STATUS, "benefit status code");
    if (el(ins, 1) === "Y") required(ins, 8);
    code(ins, 8, EMPLOYMENT_STATUS, "employment status code");

    const firstNm1 = loop.findIndex((s) => s.tag === "NM1");
    const firstHd = loop.findIndex((s) => s.tag === "HD");
    const refs0F = loop.filter((s) => s.tag === "REF" && el(s, 1) === "0F");
    if (refs0F.length === 0) problem(ins, "REF*0F (subscriber identifier) is required in every member loop.");
    else if (refs0F.length > 1) problem(refs0F[1], "REF*0F appears more than once in the member loop.");
    for (const r of refs0F) required(r, 2);

    const nm1 = loop.find((s) => s.tag === "NM1" && el(s, 1) === "IL");
    if (!nm1) problem(ins, "NM1*IL (member name, loop 2100A) is required in every member loop.");
    else {
      if (el(nm1, 2) !== "1") problem(nm1, `NM102 "${el(nm1, 2)}" must be 1 (person).`, 2);
      required(nm1, 3);
      if (!!el(nm1, 8) !== !!el(nm1, 9)) problem(nm1, "NM108 and NM109 go together (qualifier and identifier).", el(nm1, 8) ? 9 : 8);
      if (el(nm1, 8) === "34" && !/^\d{9}$/.test(el(nm1, 9))) problem(nm1, "NM109 must be nine digits when NM108 is 34 (SSN).", 9);
    }
    if (el(ins, 1) === "Y") {
      if (!loop.some((s) => s.tag === "N3")) problem(ins, "N3 (subscriber's address) is required in the subscriber's loop.");
      const n4 = loop.find((s) => s.tag === "N4");
      if (!n4) problem(ins, "N4 (subscriber's city, state and ZIP) is required in the subscriber's loop.");
    }
    for (const n4 of loop.filter((s) => s.tag === "N4")) {
      required(n4, 1);
      if (!/^[A-Z]{2}$/.test(el(n4, 2))) problem(n4, `N402 "${el(n4, 2)}" must be a two-letter state code.`, 2);
      if (!/^\d{5}(\d{4})?$/.test(el(n4, 3))) problem(n4, `N403 "${el(n4, 3)}" must be a 5- or 9-digit ZIP code.`, 3);
    }
    for (const dmg of loop.filter((s) => s.tag === "DMG")) {
      if (el(dmg, 1) !== "D8") problem(dmg, `DMG01 "${el(dmg, 1)}" must be D8.`, 1);
      date(dmg, 2);
      if (required(dmg, 3)) code(dmg, 3, GENDERS, "gender code");
    }

    for (const [i, s] of loop.entries()) {
      if (!MEMBER_LOOP_TAGS.has(s.tag)) problem(s, `${s.tag} is not a segment of the 834 member loop.`);
      if (s.tag !== "DTP") continue;
      if (firstHd >= 0 && i > firstHd) dtp(s, DTP_QUALIFIERS.coverage, "in a coverage loop (2300)");
      else if (firstNm1 < 0 || i < firstNm1) dtp(s, DTP_QUALIFIERS.member, "in the member level (2000)");
      else problem(s, "DTP is not allowed in the member name loop (2100A).");
    }

    // coverage loops: HD … up to the next HD
    const hdStarts = loop.flatMap((s, i) => (s.tag === "HD" ? [i] : []));
    if (hdStarts.length === 0 && ["021", "025"].includes(el(ins, 3)))
      problem(ins, `An ${el(ins, 3) === "021" ? "addition" : "reinstatement"} needs at least one coverage loop (HD).`);
    for (const [k, start] of hdStarts.entries()) {
      const cov = loop.slice(start, hdStarts[k + 1] ?? loop.length);
      const hd = cov[0];
      if (required(hd, 1)) code(hd, 1, MAINTENANCE_TYPES, "maintenance type code");
      if (required(hd, 3)) code(hd, 3, INSURANCE_LINES, "insurance line code");
      code(hd, 5, COVERAGE_LEVELS, "coverage level code");
      if (!cov.some((s) => s.tag === "DTP" && el(s, 1) === "348"))
        problem(hd, "DTP*348 (benefit begin) is required in each coverage loop.");
      if (el(hd, 1) === "024" && !cov.some((s) => s.tag === "DTP" && el(s, 1) === "349"))
        problem(hd, "A terminated coverage (HD01 024) needs DTP*349 (benefit end).");
      if (el(ins, 3) === "030" && el(hd, 1) !== "030")
        problem(hd, `HD01 "${el(hd, 1)}" must be 030 in an audit or compare loop (INS03 030).`, 1);
      if (el(ins, 3) === "024" && el(hd, 1) !== "024")
        problem(hd, `HD01 "${el(hd, 1)}" must be 024 when the member is terminated (INS03 024).`, 1);
    }
  }
  return problems;
}
