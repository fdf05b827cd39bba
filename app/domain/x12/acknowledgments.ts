/**
 * What comes back: the 999 implementation acknowledgment (AK1/AK2/IK3/IK4/IK5/AK9) and the TA1
 * interchange acknowledgment, read into outcomes an operator can act on, with the segment, element
 * and error code of each problem. Matching to the file sent is by GS06 (AK102) and ST02 (AK202),
 * or ISA13 (TA101).
 */
import { el, readSegments, type Segment } from "./segments";

export type AckOutcome = "accepted" | "accepted-with-errors" | "partially-accepted" | "rejected";

const OUTCOME: Record<string, AckOutcome> = {
  A: "accepted",
  E: "accepted-with-errors",
  P: "partially-accepted",
  R: "rejected",
  M: "rejected",
  W: "rejected",
  X: "rejected",
};

/** IK304 Implementation Segment Syntax Error Code. */
export const SEGMENT_ERRORS: Record<string, string> = {
  "1": "Unrecognized segment ID",
  "2": "Unexpected segment",
  "3": "Required segment missing",
  "4": "Loop occurs over maximum times",
  "5": "Segment exceeds maximum use",
  "6": "Segment not in defined transaction set",
  "7": "Segment not in proper sequence",
  "8": "Segment has data element errors",
  I4: "Implementation 'not used' segment present",
  I6: "Implementation dependent segment missing",
  I7: "Implementation loop occurs under minimum times",
  I8: "Implementation segment below minimum use",
  I9: "Implementation dependent 'not used' segment present",
};

/** IK403 Implementation Data Element Syntax Error Code. */
export const ELEMENT_ERRORS: Record<string, string> = {
  "1": "Required data element missing",
  "2": "Conditional required data element missing",
  "3": "Too many data elements",
  "4": "Data element too short",
  "5": "Data element too long",
  "6": "Invalid character in data element",
  "7": "Invalid code value",
  "8": "Invalid date",
  "9": "Invalid time",
  "10": "Exclusion condition violated",
  "12": "Too many repetitions",
  "13": "Too many components",
  I10: "Implementation 'not used' data element present",
  I11: "Implementation too few repetitions",
  I12: "Implementation pattern match failure",
  I13: "Implementation dependent 'not used' data element present",
  I6: "Code value not used in implementation",
  I9: "Implementation dependent data element missing",
};

/** IK502–IK506 Transaction Set Syntax Error Code. */
export const TRANSACTION_ERRORS: Record<string, string> = {
  "1": "Transaction set not supported",
  "2": "Transaction set trailer missing",
  "3": "Transaction set control number in header and trailer do not match",
  "4": "Number of included segments does not match actual count",
  "5": "One or more segments in error",
  "6": "Missing or invalid transaction set identifier",
  "7": "Missing or invalid transaction set control number",
  "8": "Authentication key name unknown",
  "9": "Encryption key name unknown",
  "10": "Requested service (authentication or encrypted) not available",
  "11": "Unknown security recipient",
  "12": "Incorrect message length (encryption only)",
  "13": "Message authentication code failed",
  "15": "Unknown security originator",
  "16": "Syntax error in decrypted text",
  "17": "Security not supported",
  "18": "Transaction set not in functional group",
  "19": "Invalid transaction set implementation convention reference",
  "23": "Transaction set control number not unique within the functional group",
  "24": "S3E security end segment missing for S3S security start segment",
  "25": "S3S security start segment missing for S3E security end segment",
  "26": "S4E security end segment missing for S4S security start segment",
  "27": "S4S security start segment missing for S4E security end segment",
  I5: "Implementation one or more segments in error",
  I6: "Implementation convention not supported",
};

/** AK905–AK909 Functional Group Syntax Error Code. */
export const GROUP_ERRORS: Record<string, string> = {
  "1": "Functional group not supported",
  "2": "Functional group version not supported",
  "3": "Functional group trailer missing",
  "4": "Group control number in the functional group header and trailer do not agree",
  "5": "Number of included transaction sets does not match actual count",
  "6": "Group control number violates syntax",
  "10": "Authentication key name unknown",
  "11": "Encryption key name unknown",
  "12": "Requested service (authentication or encryption) not available",
  "13": "Unknown security recipient",
  "14": "Unknown security originator",
  "15": "Syntax error in decrypted text",
  "16": "Security not supported",
  "17": "Incorrect message length (encryption only)",
  "18": "Message authentication code failed",
  "19": "Functional group control number not unique within interchange",
  "23": "S3E security end segment missing for S3S security start segment",
  "24": "S3S security start segment missing for S3E end segment",
  "25": "S4E security end segment missing for S4S security start segment",
  "26": "S4S security start segment missing for S4E security end segment",
};

/** TA105 Interchange Note Code. */
export const INTERCHANGE_NOTES: Record<string, string> = {
  "000": "No error",
  "001": "The interchange control number in the header and trailer do not match",
  "002": "This standard as noted in the control standards identifier is not supported",
  "003": "This version of the controls is not supported",
  "004": "The segment terminator is invalid",
  "005": "Invalid interchange ID qualifier for sender",
  "006": "Invalid interchange sender ID",
  "007": "Invalid interchange ID qualifier for receiver",
  "008": "Invalid interchange receiver ID",
  "009": "Unknown interchange receiver ID",
  "010": "Invalid authorization information qualifier value",
  "011": "Invalid authorization information value",
  "012": "Invalid security information qualifier value",
  "013": "Invalid security information value",
  "014": "Invalid interchange date value",
  "015": "Invalid interchange time value",
  "016": "Invalid interchange standards identifier value",
  "017": "Invalid interchange version ID value",
  "018": "Invalid interchange control number value",
  "019": "Invalid acknowledgment requested value",
  "020": "Invalid test indicator value",
  "021": "Invalid number of included groups value",
  "022": "Invalid control structure",
  "023": "Improper (premature) end-of-file (transmission)",
  "024": "Invalid interchange content (e.g., invalid GS segment)",
  "025": "Duplicate interchange control number",
  "026": "Invalid data element separator",
  "027": "Invalid component element separator",
  "028": "Invalid delivery date in deferred delivery request",
  "029": "Invalid delivery time in deferred delivery request",
  "030": "Invalid delivery time code in deferred delivery request",
  "031": "Invalid grade of service code",
};

/**
 * The code lists an acknowledgment's codes come from, by what they qualify. The English above is
 * the standard's; the console shows each code's words in the operator's language
 * (`x12Codes.<list>.<code>` in the locales, checked equal to these lists by a test).
 */
export const ACK_CODE_LISTS = {
  segment: SEGMENT_ERRORS,
  element: ELEMENT_ERRORS,
  transaction: TRANSACTION_ERRORS,
  group: GROUP_ERRORS,
  interchange: INTERCHANGE_NOTES,
} as const;

/** One error the carrier found in a transaction set: where (segment, loop, element) and the code. */
export interface AckError {
  /** IK301 segment ID, IK302 its position in the transaction set, IK303 the loop. */
  segment: string;
  segmentPosition: number;
  loop?: string;
  /** IK304, with its meaning. */
  segmentErrorCode?: string;
  segmentError?: string;
  /** IK401 (position, or position:component), IK402 element reference number, IK403 code, IK404 the bad value. */
  element?: string;
  elementReference?: string;
  elementErrorCode?: string;
  elementError?: string;
  badValue?: string;
}

export interface TransactionAck {
  /** AK201 (834) and AK202, the ST02 of the transaction set acknowledged. */
  transactionSet: string;
  controlNumber: string;
  outcome: AckOutcome;
  /** IK502–IK506 */
  codes: Array<{ code: string; meaning: string }>;
  /** the first MAX_ERRORS_PER_TRANSACTION errors */
  errors: AckError[];
  /** how many more the carrier listed (not kept) */
  omittedErrors?: number;
}

/**
 * What one acknowledgment may make us keep: a carrier's file is outside input, and a 999 may list
 * errors (and repeat a set's AK2) as often as its size allows. An operator acts on the first errors
 * of a set; the rest are counted. A set's AK2 repeated is one set (its errors together, its last
 * IK5); sets past the cap of a group are counted, not kept (we send one set per file).
 */
export const MAX_ERRORS_PER_TRANSACTION = 100;
export const MAX_TRANSACTIONS_PER_GROUP = 1000;

export interface FunctionalAck {
  kind: "999";
  /** AK101 (BE) and AK102, the GS06 of the group acknowledged. */
  functionalId: string;
  groupControlNumber: string;
  outcome: AckOutcome;
  /** AK905–AK909 */
  codes: Array<{ code: string; meaning: string }>;
  transactions: TransactionAck[];
  /** sets past MAX_TRANSACTIONS_PER_GROUP (not kept) */
  omittedTransactions?: number;
  /** AK902 sets included, AK903 received, AK904 accepted. */
  counts: { included: number; received: number; accepted: number };
}

export interface InterchangeAck {
  kind: "TA1";
  /** TA101, the ISA13 acknowledged. */
  interchangeControlNumber: string;
  date: string;
  time: string;
  outcome: AckOutcome;
  noteCode: string;
  note: string;
}

/** A file that is no acknowledgment: why, as a message key of `x12Problems` (rules-834.ts PROBLEM_KEYS). */
export type ParsedAck = { ok: true; acks: Array<FunctionalAck | InterchangeAck> } | { ok: false; key: "ackNoIsa" | "ackNone" };

const codesOf = (s: Segment, from: number, to: number, table: Record<string, string>) =>
  s.elements.slice(from, to + 1).flatMap((code) => (code ? [{ code, meaning: table[code] ?? "Unknown code" }] : []));

/** Reads every TA1 and 999 in an inbound interchange. */
export function parseAcknowledgments(text: string): ParsedAck {
  const read = readSegments(text);
  if (!read) return { ok: false, key: "ackNoIsa" };
  const acks: Array<FunctionalAck | InterchangeAck> = [];
  let group: FunctionalAck | null = null;
  let tx: TransactionAck | null = null;
  let error: AckError | null = null;
  let inside999 = false;
  for (const s of read.segments) {
    switch (s.tag) {
      case "TA1":
        acks.push({
          kind: "TA1",
          interchangeControlNumber: el(s, 1),
          date: el(s, 2),
          time: el(s, 3),
          outcome: OUTCOME[el(s, 4)] ?? "rejected",
          noteCode: el(s, 5),
          note: INTERCHANGE_NOTES[el(s, 5)] ?? "Unknown note code",
        });
        break;
      case "ST":
        inside999 = el(s, 1) === "999";
        break;
      case "AK1":
        if (!inside999) break;
        group = {
          kind: "999",
          functionalId: el(s, 1),
          groupControlNumber: el(s, 2),
          outcome: "rejected",
          codes: [],
          transactions: [],
          counts: { included: 0, received: 0, accepted: 0 },
        };
        acks.push(group);
        break;
      case "AK2": {
        if (!group) break;
        error = null;
        const again = group.transactions.find((t) => t.transactionSet === el(s, 1) && t.controlNumber === el(s, 2));
        if (again) {
          tx = again;
          break;
        }
        if (group.transactions.length >= MAX_TRANSACTIONS_PER_GROUP) {
          group.omittedTransactions = (group.omittedTransactions ?? 0) + 1;
          tx = null;
          break;
        }
        tx = { transactionSet: el(s, 1), controlNumber: el(s, 2), outcome: "rejected", codes: [], errors: [] };
        group.transactions.push(tx);
        break;
      }
      case "IK3":
        if (!tx) break;
        if (tx.errors.length >= MAX_ERRORS_PER_TRANSACTION) {
          tx.omittedErrors = (tx.omittedErrors ?? 0) + 1;
          error = null;
          break;
        }
        error = {
          segment: el(s, 1),
          segmentPosition: Number(el(s, 2)),
          loop: el(s, 3) || undefined,
          segmentErrorCode: el(s, 4) || undefined,
          segmentError: el(s, 4) ? (SEGMENT_ERRORS[el(s, 4)] ?? "Unknown code") : undefined,
        };
        tx.errors.push(error);
        break;
      case "IK4": {
        if (!tx || !error) break;
        const [position, component] = el(s, 1).split(read.separators.subElement);
        const detail: Partial<AckError> = {
          element: `${error.segment}${position.padStart(2, "0")}${component ? `-${component}` : ""}`,
          elementReference: el(s, 2) || undefined,
          elementErrorCode: el(s, 3),
          elementError: ELEMENT_ERRORS[el(s, 3)] ?? "Unknown code",
          badValue: el(s, 4) || undefined,
        };
        // a second IK4 under the same IK3 is a second error at that segment
        const at: AckError = error;
        if (!at.elementErrorCode) Object.assign(at, detail);
        else if (tx.errors.length >= MAX_ERRORS_PER_TRANSACTION) tx.omittedErrors = (tx.omittedErrors ?? 0) + 1;
        else {
          const next: AckError = { ...at, ...detail };
          tx.errors.push(next);
          error = next;
        }
        break;
      }
      case "IK5":
        if (!tx) break;
        tx.outcome = OUTCOME[el(s, 1)] ?? "rejected";
        tx.codes = codesOf(s, 2, 6, TRANSACTION_ERRORS);
        tx = null;
        error = null;
        break;
      case "AK9":
        if (!group) break;
        group.outcome = OUTCOME[el(s, 1)] ?? "rejected";
        group.counts = { included: Number(el(s, 2)), received: Number(el(s, 3)), accepted: Number(el(s, 4)) };
        group.codes = codesOf(s, 5, 9, GROUP_ERRORS);
        group = null;
        break;
    }
  }
  if (acks.length === 0) return { ok: false, key: "ackNone" };
  return { ok: true, acks };
}
