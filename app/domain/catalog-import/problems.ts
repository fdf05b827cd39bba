/**
 * What is wrong with an upload, in the operator's words: the file, the row as a spreadsheet
 * numbers it (the header is row 1) and the column, then what is wrong ("not a number"). Every
 * problem of the whole upload is listed before anything changes (ADR 022).
 */
import { englishProblem, type ProblemCode, type ProblemMessage, type ProblemValues } from "./messages";

export interface ImportProblem {
  file: string;
  /** the spreadsheet's row number (header = 1); null: the whole file */
  row: number | null;
  /** the column's header as in the file; null: the whole row or file */
  column: string | null;
  /** what is wrong, in the importer's English words (the command line's) */
  message: string;
  /** the same as a code and values, for the console's translation (admin.catalog.problems.<code>) */
  code: ProblemCode;
  values?: ProblemValues;
}

/** "Rate_PUF.csv row 214, IndividualRate: not a number" */
export function formatProblem(p: ImportProblem): string {
  const where = [p.row !== null ? `row ${p.row}` : null, p.column].filter(Boolean).join(", ");
  return `${p.file}${where ? ` ${where}` : ""}: ${p.message}`;
}

/** Collects problems; past `limit` it only counts them (a broken 100,000-row file lists the first ones). */
export class Problems {
  readonly list: ImportProblem[] = [];
  count = 0;
  constructor(readonly limit = 1000) {}
  add(file: string, row: number | null, column: string | null, what: ProblemMessage) {
    this.count++;
    if (this.list.length < this.limit) this.list.push({ file, row, column, message: englishProblem(what), ...what });
  }
}
