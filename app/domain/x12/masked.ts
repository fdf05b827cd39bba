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

/**
 * Which elements of a segment identify a person (1 = XX01). NM1: NM103… (names, NM109 the id or
 * SSN); N3: the street; N4: city and ZIP (N402 state stays); DMG: DMG02 date of birth; PER: the
 * contact numbers; REF: REF02 (subscriber and member ids such as REF*0F); the 999's IK4 bad value.
 * A 999's CTX is masked by maskedContext below.
 */
const PERSONAL: Record<string, (n: number) => boolean> = {
  NM1: (n) => n >= 3 && n !== 8,
  N3: () => true,
  N4: (n) => n === 1 || n === 3,
  DMG: (n) => n === 2,
  PER: (n) => n >= 2,
  REF: (n) => n === 2,
  IK4: (n) => n === 4,
};

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
      const personal = PERSONAL[parts[0]];
      if (!personal) return raw;
      return lead + parts.map((v, i) => (i > 0 && v !== "" && personal(i) ? MASK : v)).join(sep.element);
    })
    .join(sep.segment);
}

/** An acknowledgment's bad value, shown only when the segment it came from identifies nobody. */
export const shownBadValue = (segment: string, value: string | undefined) => (value && !PERSONAL[segment] ? value : undefined);

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
 * changes' `errors_json`): each error's bad value only when its segment identifies nobody
 * (shownBadValue) — a carrier's 999 rejecting NM109 echoes the member's SSN.
 */
export function keptAck<A extends FunctionalAck | InterchangeAck>(ack: A): A {
  if (ack.kind === "TA1") return ack;
  const functional = ack as FunctionalAck;
  return { ...functional, transactions: functional.transactions.map((t) => ({ ...t, errors: t.errors.map(keptError) })) } as A;
}

/** One error as kept: its bad value dropped when the segment it came from identifies a person. */
export const keptError = (e: AckError): AckError => {
  const { badValue, ...rest } = e;
  const kept = shownBadValue(e.segment, badValue);
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
