/**
 * Every file is checked before it leaves: the envelope parsed strictly (node-x12, ADR 027) and our
 * implementation-guide rules. A file with any problem is not sent; the operator sees the list.
 */
import type { ControlNumbers } from "~/domain/x12/build-834";
import { checkImplementationGuide, type FileProblem } from "~/domain/x12/rules-834";
import { checkEnvelope } from "../adapters/x12-envelope";

export function checkBeforeSending(text: string, expected?: ControlNumbers): FileProblem[] {
  return [...checkEnvelope(text, expected), ...checkImplementationGuide(text)].sort((a, b) => a.position - b.position);
}

export const mayBeSent = (problems: readonly FileProblem[]) => problems.length === 0;
