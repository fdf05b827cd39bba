/**
 * What a signature and a payment authorisation were given for (issue 26 #9): the cart's plans,
 * their price rows, their monthly prices in cents, the tier and the monthly total, in one
 * canonical text. The agreement and billing steps keep its SHA-256 when they are saved;
 * Complete compares it with the cart as it stands, and any change voids both.
 */
export interface SignedCartLine {
  plan_id: number;
  plan_price_id: number;
  price_cents: number;
}

export function signedCartCanonical(tier: string | null, lines: readonly SignedCartLine[]): string {
  const sorted = [...lines]
    .map((l) => [l.plan_id, l.plan_price_id, l.price_cents] as const)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  const total = sorted.reduce((sum, l) => sum + l[2], 0);
  return JSON.stringify({ v: 1, tier: tier ?? "", lines: sorted, monthly_total_cents: total });
}
