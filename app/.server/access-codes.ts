/**
 * Checking rep access codes and group enrollment codes: trimmed, case-insensitive, and
 * throttled per client (10 wrong codes in 10 minutes), counted in the database.
 */
import type { Services } from "./services";
import { findGroupByCode, findRepByCode } from "./repositories/entry";
import { hitLimit, peekLimit } from "./rate-limit";
import { clientKey } from "./respond";

export const CODE_LIMIT = { max: 10, windowMs: 10 * 60 * 1000 };

export type CodeCheck<T> = { ok: true; value: T } | { ok: false; error: "validation.unknownRepCode" | "validation.unknownGroupCode" | "validation.tooManyCodes" };

async function check<T>(services: Services, clientIp: string | undefined, lookup: () => Promise<T | undefined>, unknown: "validation.unknownRepCode" | "validation.unknownGroupCode"): Promise<CodeCheck<T>> {
  const key = `entry-code:${clientKey(services, clientIp)}`;
  const now = services.now();
  if ((await peekLimit(services.db, key, CODE_LIMIT, now)).limited) {
    services.log.warn("entry code throttled");
    return { ok: false, error: "validation.tooManyCodes" };
  }
  const found = await lookup();
  if (found) return { ok: true, value: found };
  const state = await hitLimit(services.db, key, CODE_LIMIT, now);
  if (state.limited) services.log.warn("entry code lockout started");
  return { ok: false, error: unknown };
}

export function checkRepCode(services: Services, clientIp: string | undefined, code: string) {
  return check(services, clientIp, () => findRepByCode(services.db, code), "validation.unknownRepCode");
}

export function checkGroupCode(services: Services, clientIp: string | undefined, code: string) {
  return check(services, clientIp, () => findGroupByCode(services.db, code), "validation.unknownGroupCode");
}
