/**
 * An interchange as the operator console shows it: the envelope, the codes and the dates an
 * operator needs to read a problem, with each member's identity masked (name, identifiers, SSN,
 * date of birth, address, contact). A member's file is another person's record: the console
 * never prints it whole (security review of issue 29). Pure.
 */
import { separatorsOf } from "./segments";
import type { AckError, FunctionalAck, InterchangeAck } from "./acknowledgments";
import type { ReconciliationReport } from "./effectuation";

export const MASK = "•••";

const every = () => true;

/**
 * What of each segment the console shows and the database keeps in the clear (1 = XX01): an allow-list.
 * A segment not named here shows its name alone, every element masked, and an element not allowed is
 * masked: a carrier's effectuation 834 may carry what we never send and never listed — a member's
 * height and weight (HLH), income (ICM), amounts (AMT), language (LUI), disability (DSB), another
 * insurer's policy number (COB), a sponsor who is a person (N1*P5 with N103 34 and an SSN). Shown:
 * the envelope and headers; the codes and dates of coverage (INS, HD, DTP, QTY, LX); of NM1 the
 * entity and id qualifiers (never a name or NM109, the id or SSN); of N1 its codes (not the name or
 * id); of N4 the state and country (not the city or ZIP); of DMG the date format and gender (not the
 * date of birth, nor marital status, race or citizenship); of REF and PER the qualifier; of a 999 its
 * codes and positions (IK404, the copy of a bad value, never). A 999's CTX is masked by maskedContext.
 */
const SHOWN: Record<string, (n: number) => boolean> = {
  ISA: every,
  IEA: every,
  GS: every,
  GE: every,
  ST: every,
  SE: every,
  BGN: every,
  INS: every,
  HD: every,
  DTP: every,
  QTY: every,
  LX: every,
  REF: (n) => n === 1,
  N1: (n) => n === 1 || n === 3,
  NM1: (n) => n <= 2 || n === 8,
  N4: (n) => n === 2 || n === 4,
  DMG: (n) => n === 1 || n === 3,
  PER: (n) => n === 1,
  TA1: every,
  AK1: every,
  AK2: every,
  IK3: every,
  IK4: (n) => n <= 3,
  IK5: every,
  AK9: every,
};
const NOTHING = () => false;

/**
 * A 999's CTX (005010X231A1): the business unit identifier (loop 2100) names an identifier of the
 * rejected record in CTX01-1 and carries its value — a member's id, an SSN at some carriers — in
 * CTX01-2; the segment and element contexts ("SITUATIONAL TRIGGER") say where in the 834 the problem
 * sits: CTX02 the segment, CTX03 its position, CTX04 the loop, CTX05 the element's position, CTX06
 * its reference number. What an operator needs to find the problem is kept; every value is masked,
 * and so is anything that does not look like one of those (a carrier's free text).
 */
const CTX_NAME = /^(SITUATIONAL TRIGGER|[A-Z][A-Z0-9]{1,2}[0-9]{2}|[A-Z0-9]{2,3})$/;
const CTX_KEPT: Record<number, RegExp> = {
  2: /^[A-Z][A-Z0-9]{1,2}$/,
  3: /^[0-9]{1,6}$/,
  4: /^[0-9]{4}[A-Z]?$/,
  5: /^[0-9]{1,2}(\x00[0-9]{1,2}){0,2}$/,
  6: /^[0-9]{1,4}(\x00[0-9]{1,4})?$/,
};

function maskedContext(parts: string[], subElement: string): string[] {
  return parts.map((v, i) => {
    if (i === 0 || v === "") return v;
    if (i === 1) {
      const [name, ...values] = v.split(subElement);
      if (!CTX_NAME.test(name)) return MASK;
      return [name, ...values.map((x) => (x === "" ? x : MASK))].join(subElement);
    }
    const kept = CTX_KEPT[i];
    return kept?.test(v.split(subElement).join("\x00")) ? v : MASK;
  });
}

/** The file with personal elements replaced by •••; a text that is not X12 gives null (never shown raw). */
export function maskedInterchange(text: string): string | null {
  const sep = separatorsOf(text);
  if (!sep) return null;
  return text
    .split(sep.segment)
    .map((raw) => {
      const segment = raw.replace(/^\s+/, "");
      const parts = segment.split(sep.element);
      const lead = raw.slice(0, raw.length - segment.length);
      if (parts[0] === "CTX") return lead + maskedContext(parts, sep.subElement).join(sep.element);
      const shown = SHOWN[parts[0]] ?? NOTHING;
      return lead + parts.map((v, i) => (i > 0 && v !== "" && !shown(i) ? MASK : v)).join(sep.element);
    })
    .join(sep.segment);
}

/**
 * An acknowledgment's bad value (IK404), kept only when the element it came from is one the console
 * shows (SHOWN): `element` names it as the parsed 999 does ("HD03", "DMG02-1" for a component, from
 * IK401); with no position, only when the segment shows every element.
 */
export function shownBadValue(segment: string, value: string | undefined, element?: string): string | undefined {
  if (!value) return undefined;
  const shown = SHOWN[segment] ?? NOTHING;
  const position = Number(/^[A-Z][A-Z0-9]{1,2}?(\d{2})(?:-\d+)?$/.exec(element ?? "")?.[1] ?? Number.NaN);
  const kept = Number.isInteger(position) && position > 0 ? shown(position) : shown === every;
  return kept ? value : undefined;
}

/**
 * The file with each SSN (NM109 after NM108 34) masked and everything else as built: what the
 * database keeps in `content` when the file carries SSNs (the whole file is kept sealed), so the
 * console, the logs and a database dump never hold one. A text that is not X12 is returned as is.
 */
export function maskSsns(text: string): string {
  const sep = separatorsOf(text);
  if (!sep) return text;
  return text
    .split(sep.segment)
    .map((raw) => {
      const parts = raw.split(sep.element);
      if (parts[0].replace(/^\s+/, "") !== "NM1" || parts[8] !== "34" || !parts[9]) return raw;
      parts[9] = MASK;
      return parts.join(sep.element);
    })
    .join(sep.segment);
}

/**
 * What the database keeps in the clear of a file received from a carrier (the whole file is kept
 * sealed): the console's view of it, every personal element masked — a carrier's file may echo
 * members' SSNs and names (a 999's IK404 copy of a bad value, an effectuation 834's NM1 and
 * REF*0F). A file that is not X12 keeps nothing in the clear (the console never shows one).
 */
export const keptInbound = (text: string): string => maskedInterchange(text) ?? "";

/**
 * An acknowledgment as the database keeps it (`detail_json`, the transactions' and the member
 * changes' `errors_json`): each error's bad value only from an element the console shows
 * (shownBadValue) — a carrier's 999 rejecting NM109 echoes the member's SSN.
 */
export function keptAck<A extends FunctionalAck | InterchangeAck>(ack: A): A {
  if (ack.kind === "TA1") return ack;
  const functional = ack as FunctionalAck;
  return { ...functional, transactions: functional.transactions.map((t) => ({ ...t, errors: t.errors.map(keptError) })) } as A;
}

/** One error as kept: its bad value dropped unless the element it came from is one the console shows. */
export const keptError = (e: AckError): AckError => {
  const { badValue, ...rest } = e;
  const kept = shownBadValue(e.segment, badValue, e.element);
  return kept === undefined ? rest : { ...rest, badValue: kept };
};

/**
 * A reconciliation report as the database keeps it (`report_json`): a member the carrier has and we
 * do not is kept by our member key (REF*ZZ) when it has one, and by the carrier's subscriber id
 * masked to its last four — a carrier may use the SSN as the id — never by name.
 */
export const keptReport = (report: ReconciliationReport): ReconciliationReport => ({
  ...report,
  unknownToUs: report.unknownToUs.map((u) => ({
    subscriberId: `${MASK}${u.subscriberId.replace(/^•+/, "").slice(-4)}`,
    ...(u.memberId ? { memberId: u.memberId } : {}),
  })),
});
