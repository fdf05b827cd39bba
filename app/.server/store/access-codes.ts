/**
 * Checking rep access codes and group enrollment codes: trimmed, case-insensitive, and
 * throttled per client (10 wrong codes in 10 minutes), counted in the database: each guess takes
 * its place in the count atomically before the code is looked up (ADR 007); a right code hands
 * its place back. A code an operator has deactivated is refused with its own message.
 */
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import { findGroup, findGroupByCode, findRep, findRepByCode, findReferral, inactiveCode } from "../repositories/entry";
import { releaseLimit, takeLimit } from "../platform/rate-limit";
import { clientKey } from "../platform/respond";

export const CODE_LIMIT = { max: 10, windowMs: 10 * 60 * 1000 };

export type CodeCheck<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      error:
        | "validation.unknownRepCode"
        | "validation.unknownGroupCode"
        | "validation.inactiveRepCode"
        | "validation.inactiveGroupCode"
        | "validation.tooManyCodes";
    };

async function check<T>(
  services: Services,
  clientIp: string | undefined,
  lookup: () => Promise<T | undefined>,
  unknown: "validation.unknownRepCode" | "validation.unknownGroupCode",
  inactive: () => Promise<boolean>,
): Promise<CodeCheck<T>> {
  const key = `entry-code:${clientKey(services, clientIp)}`;
  const now = services.now();
  const taken = await takeLimit(services.db, key, CODE_LIMIT, now);
  if (!taken.allowed) {
    services.log.warn("entry code throttled");
    return { ok: false, error: "validation.tooManyCodes" };
  }
  const found = await lookup();
  if (found) {
    await releaseLimit(services.db, key, taken);
    return { ok: true, value: found };
  }
  if (taken.count >= CODE_LIMIT.max) services.log.warn("entry code lockout started");
  // a code an operator deactivated stops at once, and says so (issue 27); it still counts as a wrong code
  if (await inactive())
    return { ok: false, error: unknown === "validation.unknownRepCode" ? "validation.inactiveRepCode" : "validation.inactiveGroupCode" };
  return { ok: false, error: unknown };
}

export function checkRepCode(services: Services, clientIp: string | undefined, code: string) {
  return check(
    services,
    clientIp,
    () => findRepByCode(services.db, code),
    "validation.unknownRepCode",
    () => inactiveCode(services.db, "rep", code),
  );
}

export function checkGroupCode(services: Services, clientIp: string | undefined, code: string) {
  return check(
    services,
    clientIp,
    () => findGroupByCode(services.db, code),
    "validation.unknownGroupCode",
    () => inactiveCode(services.db, "group", code),
  );
}

/**
 * A referral code (`/referrals?rid=…`), counted with the rep and group codes (security review w10):
 * a referral enters the visitor with its rep, group and portal — a group's as a new group member —
 * and names its referrer, so guessing them is what the access page's count stops. "throttled": this
 * client's wrong codes are used up; undefined: no active referral has this code (counted).
 */
export async function checkReferralCode(services: Services, clientIp: string | undefined, code: string) {
  const checked = await check(
    services,
    clientIp,
    () => findReferral(services.db, code),
    "validation.unknownRepCode",
    async () => false,
  );
  if (checked.ok) return checked.value;
  return checked.error === "validation.tooManyCodes" ? ("throttled" as const) : undefined;
}

/** The rep a valid access code found, while the visitor confirms it (still active). */
export async function pendingRep(services: Services, session: StoreSession) {
  const id = session.get("pendingRepId");
  return id ? findRep(services.db, id) : undefined;
}

/** The group a valid enrollment code found, while the visitor confirms it (still active). */
export async function pendingGroup(services: Services, session: StoreSession) {
  const id = session.get("pendingGroupId");
  return id ? findGroup(services.db, id) : undefined;
}
