/**
 * Sample quotes for an import's preview: a few ages and every tier, priced with the rates in
 * force before the version and with the version's, at one place the rates name (their first
 * state and, for a rating area, its first ZIP3). Non-smoker, male, lowest coverage.
 */
import { coverageAmounts, matchRow, type PriceRow } from "../pricing";
import { TIERS, type Tier } from "../tiers";

export interface SampleQuote {
  planCode: string;
  tier: Tier;
  age: number;
  state: string | null;
  zip3: string | null;
  beforeCents: number | null;
  afterCents: number | null;
}

export const SAMPLE_AGES = [21, 40, 60] as const;

export function sampleQuotes(planCode: string, before: readonly PriceRow[], after: readonly PriceRow[]): SampleQuote[] {
  const place = after.find((r) => r.state !== null) ?? before.find((r) => r.state !== null) ?? null;
  const state = place?.state ?? null;
  const zip3 = place?.zip3s ? ([...place.zip3s].sort()[0] ?? null) : null;
  const price = (rows: readonly PriceRow[], tier: Tier, age: number) => {
    const coverage = coverageAmounts(rows)[0] ?? null;
    const row = matchRow(rows, { tier, age, gender: 0, smoker: 0, state, coverage, zip3 });
    return row && row.price_cents > 0 ? row.price_cents : null;
  };
  const out: SampleQuote[] = [];
  for (const tier of TIERS)
    for (const age of SAMPLE_AGES) {
      const beforeCents = price(before, tier, age);
      const afterCents = price(after, tier, age);
      if (beforeCents !== null || afterCents !== null) out.push({ planCode, tier, age, state, zip3, beforeCents, afterCents });
    }
  return out;
}
