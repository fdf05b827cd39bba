/**
 * A small typed builder for the ANSI X12 834 005010X220A1: one interchange, one functional group
 * (BE), one transaction set. Control numbers come in (the database allocates them); counts are
 * computed; separators are explicit. Pure: the same input gives the same bytes.
 */
import { relationshipCode } from "./codes";
import { DEFAULT_REASON, INS03, type MemberChange, type MemberSnapshot } from "./member-change";
import { ccyymmdd, DEFAULT_SEPARATORS, type Separators, writeSegment, x12Text } from "./segments";

export const IMPLEMENTATION_GUIDE = "005010X220A1";

/** ISA05/07 interchange id qualifiers we accept (01 DUNS, 14 DUNS+4, 20 HIN, 27/28 carrier/fiscal, 30 FEIN, ZZ mutual). */
export type IdQualifier = "01" | "14" | "20" | "27" | "28" | "29" | "30" | "33" | "ZZ";

/** The trading-partner side of a carrier's delivery profile. */
export interface TradingPartners {
  senderQualifier: IdQualifier;
  senderId: string;
  receiverQualifier: IdQualifier;
  receiverId: string;
  /** GS02 / GS03 application codes. */
  applicationSender: string;
  applicationReceiver: string;
  /** ISA15 */
  usage: "T" | "P";
}

export interface ControlNumbers {
  /** ISA13 / IEA02, 1…999999999 */
  interchange: number;
  /** GS06 / GE02 */
  group: number;
  /** ST02 / SE02 */
  transaction: number;
}

export interface Party {
  name: string;
  /** N103: FI federal tax id, 94 code assigned by the organization, XV CMS plan id… */
  idQualifier: "FI" | "94" | "XV" | "ZZ" | "24";
  id: string;
}

export interface Build834Input {
  partners: TradingPartners;
  control: ControlNumbers;
  /** When the file is made: YYYY-MM-DD and HH:MM (the caller's clock, so the builder stays pure). */
  createdOn: string;
  createdAt: string;
  /** BGN02: our reference for this file. */
  reference: string;
  /** Daily changes (BGN08 2) or the weekly full audit file (BGN08 4, verify). */
  purpose: "changes" | "audit";
  /** REF*38 master policy number. */
  masterPolicy: string;
  /** DTP*007 when the file's changes share an effective date. */
  fileEffectiveDate?: string;
  sponsor: Party;
  payer: Party;
  members: MemberChange[];
  separators?: Separators;
  /** A line break after each segment terminator (readable files; most carriers accept it, some do not). */
  lineBreaks?: boolean;
}

const pad = (value: string, width: number) => value.slice(0, width).padEnd(width, " ");
const digits = (n: number, width: number) => {
  if (!Number.isInteger(n) || n < 1 || String(n).length > width) throw new RangeError(`control number ${n} does not fit ${width} digits`);
  return String(n).padStart(width, "0");
};

/** The member loops of one change, in guide order: 2000, 2100A, 2300s. */
function memberLoop(change: MemberChange, sep: Separators): string[] {
  const m = change.member;
  const t = (v: string | undefined, max?: number) => x12Text(v, max, sep);
  const out: string[] = [];
  const seg = (tag: string, ...els: Array<string | undefined>) => out.push(writeSegment(tag, els, sep));
  const isSubscriber = m.relationship === "self";
  seg(
    "INS",
    isSubscriber ? "Y" : "N",
    relationshipCode(m.relationship),
    INS03[change.kind],
    change.reason ?? DEFAULT_REASON[change.kind],
    "A",
    "",
    "",
    isSubscriber ? (m.employmentStatus ?? "FT") : "",
  );
  seg("REF", "0F", t(m.subscriberId, 50));
  if (m.groupNumber) seg("REF", "1L", t(m.groupNumber, 50));
  seg("REF", "ZZ", t(m.memberId, 50));
  if (change.eligibilityBegin) seg("DTP", "356", "D8", ccyymmdd(change.eligibilityBegin));
  if (change.eligibilityEnd) seg("DTP", "357", "D8", ccyymmdd(change.eligibilityEnd));
  seg(
    "NM1",
    "IL",
    "1",
    t(m.lastName, 60),
    t(m.firstName, 35),
    t(m.middleName, 25),
    "",
    "",
    m.ssn ? "34" : "",
    m.ssn ? m.ssn.replace(/\D/g, "") : "",
  );
  if (m.phone || m.email) {
    const contacts: string[] = [];
    if (m.phone) contacts.push("TE", m.phone.replace(/\D/g, ""));
    if (m.email) contacts.push("EM", withoutSeparators(m.email, sep));
    seg("PER", "IP", "", ...contacts);
  }
  if (m.address) address(m, seg, t);
  seg("DMG", "D8", ccyymmdd(m.birthDate), m.gender);
  for (const c of change.coverages) {
    seg("HD", c.maintenance, "", c.coverage.insuranceLine, t(c.coverage.planCode, 50), c.coverage.coverageLevel);
    seg("DTP", "348", "D8", ccyymmdd(c.coverage.begin));
    if (c.coverage.end) seg("DTP", "349", "D8", ccyymmdd(c.coverage.end));
  }
  return out;
}

function address(
  m: MemberSnapshot,
  seg: (tag: string, ...els: Array<string | undefined>) => void,
  t: (v: string | undefined, max?: number) => string,
) {
  const a = m.address!;
  seg("N3", t(a.line1, 55), t(a.line2, 55));
  seg("N4", t(a.city, 30), t(a.state, 2), a.postalCode.replace(/\D/g, "").slice(0, 9));
}

/** An e-mail keeps its case (X12's extended set has lower case) but never a separator. */
const withoutSeparators = (value: string, sep: Separators) =>
  [...value].filter((c) => c !== sep.element && c !== sep.subElement && c !== sep.segment && c !== sep.repetition).join("");

/** Builds the whole interchange. Throws only on a programming error (a control number out of range, clashing separators). */
export function build834(input: Build834Input): string {
  const sep = input.separators ?? DEFAULT_SEPARATORS;
  if (new Set([sep.element, sep.subElement, sep.segment, sep.repetition]).size !== 4) throw new Error("separators must differ");
  const p = input.partners;
  const date8 = ccyymmdd(input.createdOn);
  const time4 = input.createdAt.replace(":", "");
  const isa13 = digits(input.control.interchange, 9);
  const st02 = digits(input.control.transaction, 4);
  const gs06 = String(input.control.group);
  digits(input.control.group, 9);

  const isa = [
    "ISA",
    "00",
    pad("", 10),
    "00",
    pad("", 10),
    p.senderQualifier,
    pad(x12Text(p.senderId, 15, sep), 15),
    p.receiverQualifier,
    pad(x12Text(p.receiverId, 15, sep), 15),
    date8.slice(2),
    time4,
    sep.repetition,
    "00501",
    isa13,
    "1",
    p.usage,
    sep.subElement,
  ].join(sep.element);

  const body: string[] = [];
  const seg = (tag: string, ...els: Array<string | undefined>) => body.push(writeSegment(tag, els, sep));
  seg("ST", "834", st02, IMPLEMENTATION_GUIDE);
  seg("BGN", "00", x12Text(input.reference, 50, sep), date8, time4, "", "", "", input.purpose === "audit" ? "4" : "2");
  seg("REF", "38", x12Text(input.masterPolicy, 50, sep));
  if (input.fileEffectiveDate) seg("DTP", "007", "D8", ccyymmdd(input.fileEffectiveDate));
  for (const [code, party] of [
    ["P5", input.sponsor],
    ["IN", input.payer],
  ] as const) {
    seg("N1", code, x12Text(party.name, 60, sep), party.idQualifier, x12Text(party.id, 80, sep));
  }
  for (const change of input.members) body.push(...memberLoop(change, sep));
  seg("SE", String(body.length + 1), st02);

  return (
    [
      isa + sep.segment,
      writeSegment(
        "GS",
        [
          "BE",
          x12Text(p.applicationSender, 15, sep),
          x12Text(p.applicationReceiver, 15, sep),
          date8,
          time4,
          gs06,
          "X",
          IMPLEMENTATION_GUIDE,
        ],
        sep,
      ),
      ...body,
      writeSegment("GE", ["1", gs06], sep),
      writeSegment("IEA", ["1", isa13], sep),
    ].join(input.lineBreaks ? "\n" : "") + (input.lineBreaks ? "\n" : "")
  );
}
