/** A rate as every import format yields it: one price row of one plan (plan_prices, ADR 022). */
import type { Tier } from "../tiers";

export interface ImportedRate {
  planCode: string;
  tier: Tier;
  ageMin: number;
  ageMax: number;
  /** 0 male, 1 female, null any */
  gender: number | null;
  /** 1 tobacco user, 0 not, null any */
  smoker: number | null;
  state: string | null;
  /** a rating area key ("TX:1"), null: the whole state (or everywhere) */
  ratingArea: string | null;
  coverageAmount: number | null;
  priceCents: number;
  effectiveDate: string;
  expirationDate: string | null;
  /** where it came from, for the messages */
  file: string;
  row: number;
  /** the file's column names for the plan and the rating area (for the messages) */
  codeColumn: string;
  areaColumn: string;
}

/** Two rates for the same plan, tier, ages, gender, tobacco, place and coverage cannot both be in force. */
export function rateKey(r: ImportedRate) {
  // one template string, not an array joined: this runs once per rate of a 100,000-row file
  return `${r.planCode}|${r.tier}|${r.ageMin}|${r.ageMax}|${r.gender ?? ""}|${r.smoker ?? ""}|${r.state ?? ""}|${r.ratingArea ?? ""}|${r.coverageAmount ?? ""}`;
}

export function describeRate(r: Pick<ImportedRate, "planCode" | "tier" | "ageMin" | "ageMax">) {
  return `${r.planCode} ${r.tier} ages ${r.ageMin}-${r.ageMax}`;
}
