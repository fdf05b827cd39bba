/** Cell parsers shared by the import formats: each answers a value or the problem (messages.ts). */
import { problem, type ProblemCode, type ProblemMessage, type ProblemValues } from "./messages";

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: ProblemMessage };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = (code: ProblemCode, values?: ProblemValues): Parsed<never> => ({ ok: false, message: problem(code, values) });

export const US_STATES: ReadonlySet<string> = new Set(
  (
    "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN " +
    "TX UT VT VA WA WV WI WY PR VI GU AS MP"
  ).split(" "),
);

/** A monthly amount in dollars ("292.56", "$1,024.00") as integer cents; never negative. */
export function money(cell: string): Parsed<number> {
  if (!cell) return bad("missing");
  const clean = cell.replace(/^\$/, "").replace(/,(?=\d{3}(\D|$))/g, "");
  if (!/^-?\d+(\.\d+)?$/.test(clean)) return bad("notANumber");
  const n = Number(clean);
  if (!Number.isFinite(n)) return bad("notANumber");
  if (n < 0) return bad("negativeAmount");
  if (n >= 1_000_000) return bad("tooMuchMoney");
  return ok(Math.round(n * 100));
}

/** A whole number within bounds. */
export function wholeNumber(cell: string, min: number, max: number): Parsed<number> {
  if (!cell) return bad("missing");
  const clean = cell.replace(/,(?=\d{3}(\D|$))/g, "");
  if (!/^\d+$/.test(clean)) return bad("notWholeNumber");
  const n = Number(clean);
  if (n < min || n > max) return bad("notBetween", { min, max });
  return ok(n);
}

const pad = (n: number) => String(n).padStart(2, "0");
function realDate(y: number, m: number, d: number): Parsed<string> {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return bad("notRealDate");
  return ok(`${y}-${pad(m)}-${pad(d)}`);
}

/** A date as YYYY-MM-DD (a time after it is ignored, as CMS files carry) or M/D/YYYY; answered as YYYY-MM-DD. */
export function date(cell: string): Parsed<string> {
  if (!cell) return bad("missing");
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T][\d:.]+Z?)?$/.exec(cell);
  if (m) return realDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell);
  if (m) return realDate(Number(m[3]), Number(m[1]), Number(m[2]));
  return bad("notDate");
}

/** Yes/no flags: 1, 0, yes, no, y, n, true, false. */
export function flag(cell: string): Parsed<number> {
  const v = cell.toLowerCase();
  if (["1", "yes", "y", "true"].includes(v)) return ok(1);
  if (["0", "no", "n", "false"].includes(v)) return ok(0);
  return bad("notYesNo");
}

/** An age band: "18-64", "40", "65+", "64 and over", "all" or empty (any age). */
export function ageBand(cell: string, maxAge = 120): Parsed<{ min: number; max: number }> {
  const v = cell.toLowerCase();
  if (!v || v === "all" || v === "any") return ok({ min: 0, max: maxAge });
  let m = /^(\d{1,3})\s*-\s*(\d{1,3})$/.exec(v);
  if (m) {
    const [min, max] = [Number(m[1]), Number(m[2])];
    if (min > max) return bad("bandReversed");
    if (max > maxAge) return bad("ageAbove", { max: maxAge });
    return ok({ min, max });
  }
  m = /^(\d{1,3})\s*(\+|and over|or older)$/.exec(v);
  if (m) return Number(m[1]) > maxAge ? bad("ageAbove", { max: maxAge }) : ok({ min: Number(m[1]), max: maxAge });
  m = /^(\d{1,3})$/.exec(v);
  if (m) return Number(m[1]) > maxAge ? bad("ageAbove", { max: maxAge }) : ok({ min: Number(m[1]), max: Number(m[1]) });
  return bad("notAgeBand");
}
