/**
 * Dates as the spec types them (mm/dd/yyyy, 10 characters) and as we store them (ISO).
 * Ages are whole years on a given day.
 */
export type IsoDate = string;

/** mm/dd/yyyy (also m/d/yyyy) → YYYY-MM-DD, or null when not a real calendar date. */
export function parseUsDate(input: string): IsoDate | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(input.trim());
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  const year = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function isoToUsDate(iso: IsoDate | null | undefined) {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return m ? `${m[2]}/${m[3]}/${m[1]}` : "";
}

const dayFormats = new Map<string, { format: Intl.DateTimeFormat; second: number; day: IsoDate }>();

/**
 * Today as YYYY-MM-DD in the store's time zone (US Central by default). The last answer is kept
 * per time zone for its whole second (a fresh page asks twice, and pages within a second ask the
 * same): a time zone's offset changes on a whole minute, so every instant of one second is on
 * the same day there (issue 24, ADR 031 seventh round).
 */
export function todayIso(now: Date, timeZone = "America/Chicago"): IsoDate {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = {
      format: new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }),
      second: Number.NaN,
      day: "",
    };
    dayFormats.set(timeZone, f);
  }
  const second = Math.floor(now.getTime() / 1000);
  // an invalid date (NaN) never equals the kept second: format throws for it as before
  if (second === f.second) return f.day;
  const day = f.format.format(now); // en-CA formats as YYYY-MM-DD
  f.second = second;
  f.day = day;
  return day;
}

/** Whole years between a birth date and a day. */
export function ageOn(birth: IsoDate, on: IsoDate): number {
  const [by, bm, bd] = birth.split("-").map(Number);
  const [oy, om, od] = on.split("-").map(Number);
  let age = oy - by;
  if (om < bm || (om === bm && od < bd)) age -= 1;
  return age;
}

/**
 * The typing helper's rule (storefront §5): digits only, month at most 12, day at most 31,
 * slashes inserted, 10 characters; a part typed as 0 becomes 01. Single-digit months and
 * days work as typed: a slash (or "-" / ".") the applicant types ends the part, and a digit
 * that cannot start a two-digit part (a month from 2, a day from 4) is a part of its own, so
 * "3/27/1985" typed or pasted stays "3/27/1985" (and "3271985" becomes "3/27/1985").
 */
export function formatDateTyping(raw: string): string {
  const parts = ["", "", ""];
  let i = 0;
  const close = () => {
    if (parts[i] === "0" || parts[i] === "00") parts[i] = "01";
    i += 1;
  };
  for (const ch of raw) {
    if (/\d/.test(ch)) {
      if (i < 2) {
        const p = parts[i];
        if (p.length === 2 || (p.length === 1 && Number(p) > (i === 0 ? 1 : 3))) close();
      }
      if (i === 2 && parts[2].length === 4) break;
      parts[i] += ch;
      if (i < 2 && parts[i].length === 2) {
        const n = Number(parts[i]);
        const max = i === 0 ? 12 : 31;
        if (n > max) parts[i] = String(max);
        else if (n === 0) parts[i] = "01";
      }
    } else if ((ch === "/" || ch === "-" || ch === ".") && i < 2 && parts[i] !== "") {
      close();
    }
  }
  let out = parts[0];
  if (i >= 1) out += `/${parts[1]}`;
  if (i >= 2) out += `/${parts[2]}`;
  return out;
}
