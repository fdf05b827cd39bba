/** The catalog's structured plan facts (Compare plans), in one language, English when missing. */
import { z } from "zod";
import type { DB } from "../db/connection";
import type { PlanFacts } from "~/domain/compare";

const coverageSchema = z.array(z.object({ key: z.string(), label: z.string(), share: z.string() }));
const exclusionsSchema = z.array(z.string());

function parsed<T>(schema: z.ZodType<T>, json: string, fallback: T): T {
  try {
    const r = schema.safeParse(JSON.parse(json));
    return r.success ? r.data : fallback;
  } catch {
    return fallback;
  }
}

export async function planFacts(db: DB, planIds: ReadonlyArray<number>, locale: string): Promise<Map<number, PlanFacts>> {
  const out = new Map<number, PlanFacts>();
  if (!planIds.length) return out;
  const rows = await db
    .selectFrom("plan_facts")
    .selectAll()
    .where("plan_id", "in", [...planIds])
    .where("locale", "in", [...new Set([locale, "en"])])
    .execute();
  for (const r of rows) {
    if (out.has(r.plan_id) && r.locale !== locale) continue;
    out.set(r.plan_id, {
      deductible: r.deductible,
      maximums: r.maximums,
      waitingPeriods: r.waiting_periods,
      network: r.network,
      coverage: parsed(coverageSchema, r.coverage, []),
      exclusions: parsed(exclusionsSchema, r.exclusions, []),
    });
  }
  return out;
}
