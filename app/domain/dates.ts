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

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today as YYYY-MM-DD in the store's time zone (US Central by default). */
export function todayIso(now: Date, timeZone = "America/Chicago"): IsoDate {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, f);
  }
  return f.format(now); // en-CA formats as YYYY-MM-DD
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
 * slashes inserted, 10 characters; a part typed as 0 becomes 01.
 */
export function formatDateTyping(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 8);
  let month = digits.slice(0, 2);
  let day = digits.slice(2, 4);
  const year = digits.slice(4, 8);
  if (month.length === 2) month = Number(month) > 12 ? "12" : Number(month) === 0 ? "01" : month;
  if (day.length === 2) day = Number(day) > 31 ? "31" : Number(day) === 0 ? "01" : day;
  let out = month;
  if (digits.length > 2) out += `/${day}`;
  if (digits.length > 4) out += `/${year}`;
  return out;
}
