/**
 * The signer of a signature link proves who they are before the page shows anything personal
 * (ADR 005 addendum, security review): a text message can be forwarded, read over a shoulder or
 * in a lock screen's preview, so the link alone opens only what identifies nobody. The signer
 * types their date of birth; it is compared, after normalising to yyyy-mm-dd, with the
 * application's in constant time. A right answer is remembered in this browser's session (the
 * link's id, nothing personal), so another browser with the same link must answer again.
 *
 * Counted first, in one atomic statement each (ADR 007): a try takes one of the link's 5 (counted
 * on the link's row for its whole life, `link_tokens.attempts`), then one of the client's hourly
 * tries; only then is the date compared. A right answer hands both back. The 5th wrong answer
 * ends the link (`used_at` set while the policy still awaits the
 * signature); the rep or group sends a new one (ADR 005). Every success and failure is audited.
 */
import crypto from "node:crypto";
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import type { AuditActor } from "~/domain/audit";
import { audit } from "../platform/audit";
import { releaseLimit, takeLimit } from "../platform/rate-limit";
import { endLinkToken, releaseLinkTry, takeLinkTry } from "../repositories/tokens";
import type { IsoDate } from "~/domain/dates";
import type { SignatureRequest } from "./text-signature";

/** Wrong dates of birth a link takes before it ends. */
export const SIGN_DOB_TRIES = 5;
/** Tries from one client (ADR 017) in an hour, whichever links: one client cannot end many people's links. */
export const SIGN_DOB_CLIENT_TRIES = { max: 10, windowMs: 60 * 60 * 1000 };

export type SignerCheck = "ok" | "wrong" | "ended" | "throttled";

const clientLimitKey = (clientKey: string | null) => `sign-dob-client:${clientKey ?? "unknown"}`;

/** Ended by too many wrong answers: used, yet the policy still awaits the signature. */
export const signLinkEnded = (request: SignatureRequest) => request.linkUsedAt !== null && request.policy.signature_status !== "signed";

/** Whether this browser's signer proved who they are for this link. */
export const signerProven = (session: StoreSession, request: SignatureRequest) =>
  session.get("signProven") === request.linkId && !signLinkEnded(request);

/** Two dates compared in constant time (fixed-length digests: neither length nor content shows in the timing). */
function sameDate(typed: IsoDate, onFile: string | null) {
  const a = crypto.createHash("sha256").update(typed).digest();
  const b = crypto
    .createHash("sha256")
    .update(onFile ?? "")
    .digest();
  return crypto.timingSafeEqual(a, b) && onFile !== null;
}

/**
 * Checks the date of birth typed for this link (already a valid yyyy-mm-dd). On a right answer
 * the session remembers the link (the caller commits it).
 */
export async function verifySigner(
  services: Services,
  session: StoreSession,
  request: SignatureRequest,
  birthdate: IsoDate,
  actor: AuditActor,
): Promise<SignerCheck> {
  const result = await check(services, session, request, birthdate, actor.clientKey ?? null);
  const ids = { enrollmentId: request.enrollment.id, memberId: request.policy.member_id };
  if (result === "ok") await audit(services, actor, { kind: "signature.verify_success", ...ids, detail: "text_link_dob" });
  else {
    services.log.warn("signature link date of birth refused", { reason: result, enrollmentId: request.enrollment.id });
    await audit(services, actor, { kind: "signature.verify_failure", ...ids, detail: `text_link_dob:${result}` });
  }
  return result;
}

async function check(services: Services, session: StoreSession, request: SignatureRequest, birthdate: IsoDate, clientKey: string | null) {
  if (signLinkEnded(request)) return "ended";
  const now = services.now();
  // the link's tries, over its whole life: none left (or used, or expired) ends it
  const tries = await takeLinkTry(services.db, request.linkId, SIGN_DOB_TRIES, now);
  if (tries === null) {
    await endLinkToken(services.db, request.linkId, now);
    return "ended";
  }
  const client = await takeLimit(services.db, clientLimitKey(clientKey), SIGN_DOB_CLIENT_TRIES, now);
  if (!client.allowed) {
    await releaseLinkTry(services.db, request.linkId);
    return "throttled";
  }
  if (sameDate(birthdate, request.enrollment.birthdate)) {
    await releaseLinkTry(services.db, request.linkId);
    await releaseLimit(services.db, clientLimitKey(clientKey), client);
    session.set("signProven", request.linkId);
    return "ok";
  }
  if (tries >= SIGN_DOB_TRIES) {
    await endLinkToken(services.db, request.linkId, now);
    return "ended";
  }
  return "wrong";
}
