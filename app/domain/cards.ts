/**
 * Payment cards (enrollment-wizard §5 "Card", §9): the Luhn check, the brand by its issuer
 * prefix (IIN), expiry dates and the masked form a saved card is shown in. Pure: no I/O, the
 * same rules in the browser, in the form schema and in the processor simulator.
 */
import { todayIso, type IsoDate } from "./dates";

export const CARD_NUMBER_MIN = 13;
export const CARD_NUMBER_MAX = 25;
/** Expiry years offered: this year and the next 20. */
export const EXPIRY_YEARS_AHEAD = 20;

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "card";

/** What was typed, without the spaces and dashes people group card numbers with. */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/** The Luhn (mod 10) check over a string of digits; false for anything else. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The digit that, appended to `partial`, makes a Luhn-valid number. */
export function luhnCheckDigit(partial: string): number {
  if (!/^\d+$/.test(partial)) throw new Error("luhnCheckDigit: digits only");
  for (let d = 0; d <= 9; d++) if (luhnValid(partial + d)) return d;
  /* c8 ignore next */
  throw new Error("unreachable");
}

/**
 * The brand by the issuer identification number: Visa 4; Mastercard 51–55 and 2221–2720;
 * American Express 34 and 37; Discover 6011, 65 and 644–649; anything else is a "card".
 */
export function cardBrand(digits: string): CardBrand {
  const n = cardDigits(digits);
  if (!/^\d+$/.test(n)) return "card";
  const p2 = Number(n.slice(0, 2));
  const p3 = Number(n.slice(0, 3));
  const p4 = Number(n.slice(0, 4));
  if (n.length >= 2 && (p2 === 34 || p2 === 37)) return "amex";
  if (n.startsWith("4")) return "visa";
  if (n.length >= 2 && p2 >= 51 && p2 <= 55) return "mastercard";
  if (n.length >= 4 && p4 >= 2221 && p4 <= 2720) return "mastercard";
  if (n.length >= 4 && p4 === 6011) return "discover";
  if (n.length >= 2 && p2 === 65) return "discover";
  if (n.length >= 3 && p3 >= 644 && p3 <= 649) return "discover";
  return "card";
}

/** American Express prints a 4-digit code on the front; every other brand a 3-digit one on the back. */
export function securityCodeLength(brand: CardBrand): 3 | 4 {
  return brand === "amex" ? 4 : 3;
}

function yearOf(now: Date | IsoDate) {
  return Number((typeof now === "string" ? now : todayIso(now)).slice(0, 4));
}

/** The expiry years a card can have today: this year to 20 years ahead. */
export function expiryYears(now: Date | IsoDate): number[] {
  const first = yearOf(now);
  return Array.from({ length: EXPIRY_YEARS_AHEAD + 1 }, (_, i) => first + i);
}

/** "01" … "12" */
export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"));

/** A card is good through the last day of its expiry month. */
export function isExpired(month: number, year: number, today: Date | IsoDate): boolean {
  const iso = typeof today === "string" ? today : todayIso(today);
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  return year < y || (year === y && month < m);
}

/** How a saved account or card number is shown: only its last four digits. */
export function maskedNumber(last4: string | null | undefined): string {
  return `****${last4 ?? ""}`;
}

/** How the review shows a chosen account or card: "••••6789" — at most the last four digits, whatever it is given. */
export function dottedLastFour(last4: string | null | undefined): string {
  const digits = (last4 ?? "").replace(/\D/g, "").slice(-4);
  return digits ? `••••${digits}` : "";
}

export function lastFour(digits: string): string {
  return digits.slice(-4);
}
