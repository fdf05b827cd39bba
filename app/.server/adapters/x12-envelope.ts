/**
 * The envelope of an outgoing interchange, parsed strictly by node-x12 (ADR 027): ISA length,
 * segments outside their envelope, SE01/GE01/IEA01 counts, SE02=ST02, GE02=GS06, IEA02=ISA13.
 * node-x12 has no check for a missing trailer, nor for the control numbers we meant to send;
 * those are added here. Every finding is a problem; none is a warning.
 */
import { type X12Interchange, X12Parser } from "node-x12";
import type { ControlNumbers } from "~/domain/x12/build-834";
import type { FileProblem } from "~/domain/x12/rules-834";

interface Located {
  message: string;
  range?: { start?: { line: number; character: number } };
}

/** The segment position (1 = ISA) of a character the parser reports as line/character. */
function positionAt(text: string, segmentTerminator: string, at: { line: number; character: number } | undefined) {
  if (!at) return 1;
  let offset = 0;
  for (let line = 0; line < at.line; line++) {
    const next = text.indexOf("\n", offset);
    if (next < 0) break;
    offset = next + 1;
  }
  offset += at.character;
  let position = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text[i] === segmentTerminator) position++;
  return position;
}

const tagOf = (message: string) => /\b(ISA|IEA|GS|GE|ST|SE)\d{0,2}\b/.exec(message)?.[1] ?? "ISA";
const plain = (message: string) => message.replace(/^X12 Standard: /, "");

export function checkEnvelope(text: string, expected?: ControlNumbers): FileProblem[] {
  const terminator = text.replace(/^\s+/, "").charAt(105);
  const problems: FileProblem[] = [];
  const add = (d: Located) =>
    problems.push({
      position: positionAt(text, terminator, d.range?.start),
      segment: tagOf(d.message),
      // the parser's own words (node-x12, English): shown as its detail
      key: "parser",
      params: { detail: plain(d.message) },
    });

  // the lenient pass lists every finding with its place; the strict pass (same checks, stops at the
  // first) only names the error when the lenient one cannot go on
  const lenient = new X12Parser(false);
  let interchange: X12Interchange | undefined;
  try {
    // one interchange per file: what we build never holds a second ISA
    interchange = lenient.parse(text) as X12Interchange;
  } catch (error) {
    let message = (error as Error).message;
    try {
      new X12Parser(true).parse(text);
    } catch (strict) {
      message = (strict as Error).message;
    }
    add({ message });
    return problems;
  }
  for (const d of lenient.diagnostics) add(d);
  if (!interchange?.header) {
    if (problems.length === 0) problems.push({ position: 1, segment: "ISA", key: "noInterchangeHeader" });
    return problems;
  }

  const lastPosition = positionAt(text, terminator, { line: Number.MAX_SAFE_INTEGER, character: 0 });
  if (!interchange.trailer) problems.push({ position: lastPosition, segment: "IEA", key: "ieaMissing" });
  const groups = interchange.functionalGroups ?? [];
  if (groups.length === 0) problems.push({ position: 1, segment: "GS", key: "noFunctionalGroup" });
  const isa13 = String(interchange.header.elements[12]?.value ?? "");
  if (!/^\d{9}$/.test(text.replace(/^\s+/, "").slice(90, 99))) problems.push({ position: 1, segment: "ISA", key: "isa13Digits" });
  if (expected && Number(isa13) !== expected.interchange)
    problems.push({
      position: 1,
      segment: "ISA",
      element: "ISA13",
      key: "controlNumber",
      params: { element: "ISA13", value: isa13, expected: String(expected.interchange) },
    });
  for (const group of groups) {
    if (!group.trailer) problems.push({ position: lastPosition, segment: "GE", key: "geMissing" });
    if (expected && group.header.valueOf(6) !== String(expected.group))
      problems.push({
        position: 2,
        segment: "GS",
        element: "GS06",
        key: "controlNumber",
        params: { element: "GS06", value: String(group.header.valueOf(6)), expected: String(expected.group) },
      });
    if (group.transactions.length === 0) problems.push({ position: 2, segment: "GS", key: "groupWithoutTransaction" });
    for (const tx of group.transactions) {
      if (!tx.trailer) problems.push({ position: lastPosition, segment: "SE", key: "seMissing" });
      if (expected && Number(tx.header.valueOf(2)) !== expected.transaction)
        problems.push({
          position: 3,
          segment: "ST",
          element: "ST02",
          key: "controlNumber",
          params: { element: "ST02", value: String(tx.header.valueOf(2)), expected: String(expected.transaction) },
        });
    }
  }
  return problems;
}
