/**
 * Effective-date choices from the configured rules (e.g. the 1st and 15th of the coming
 * months, at least a day ahead). Ages for pricing are taken on the effective date.
 */
import type { IsoDate } from "./dates";

export interface EffectiveDateRule {
  days_of_month: string;
  months_ahead: number;
  min_days_ahead: number;
}

function addDays(iso: IsoDate, days: number): IsoDate {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function effectiveDateOptions(rule: EffectiveDateRule, today: IsoDate): IsoDate[] {
  const days = rule.days_of_month
    .split(",")
    .map((d) => Number(d.trim()))
    .filter((d) => Number.isInteger(d) && d >= 1 && d <= 28)
    .sort((a, b) => a - b);
  const earliest = addDays(today, rule.min_days_ahead);
  const [y, m] = today.split("-").map(Number);
  const out: IsoDate[] = [];
  // This month and the next `months_ahead` months, keeping dates on or after the earliest.
  for (let i = 0; i <= rule.months_ahead; i++) {
    const month = ((m - 1 + i) % 12) + 1;
    const year = y + Math.floor((m - 1 + i) / 12);
    for (const day of days) {
      const iso = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
      if (iso >= earliest) out.push(iso);
    }
  }
  return out.slice(0, Math.max(1, rule.months_ahead * days.length));
}
