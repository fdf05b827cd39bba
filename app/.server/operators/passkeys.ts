/**
 * Operators' passkeys (issue 27, ADR 025): the stronger way into the console an operator can add
 * once signed in with a code. WebAuthn through @simplewebauthn/server; this module keeps what the
 * library leaves to us:
 *
 * - the **relying party** (id and origins) from the configuration, or in development and tests
 *   from the request's own host (`relyingParty`);
 * - the **challenges** on the server (`operator_passkey_challenges`): every ceremony's challenge
 *   is kept with its purpose (and, to add a passkey, its operator), expires in 5 minutes and is
 *   taken once, atomically, before the response is checked; the browser's `__operator` cookie
 *   says which challenge is its own;
 * - the **credentials** (`operator_passkeys`: id, public key, counter, transports, the account's
 *   user handle): a signature counter that does not move forward refuses the sign-in (a cloned
 *   authenticator), and two sign-ins racing with one credential move it once;
 * - the **trail**: every passkey added or removed (before → after, in the change's transaction),
 *   every refused add or removal (`passkey.add_failure`, `passkey.remove_failure`), every sign-in
 *   and failure (`sign_in.success` with detail `passkey`, `sign_in.failure` with
 *   `passkey_<reason>`); a passkey added or removed is also e-mailed to its operator.
 * - **step-up**: adding or removing a passkey needs a sign-in under RECENT_SIGN_IN_MS old.
 *
 * A passkey sign-in asks for user verification (a PIN, a fingerprint): the passkey stands alone.
 * It counts in the same per-client failure limit as wrong codes. The route then starts the same
 * server-side session as a code does (`startOperatorSession(…, "passkey")`).
 */
import crypto from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Services } from "../services";
import type { Operator } from "../db/schema";
import { clientKey } from "../platform/client-key";
import { peekLimit, takeLimit } from "../platform/rate-limit";
import { queueMail, withMessages } from "../platform/outbox";
import {
  deletePasskey,
  insertPasskey,
  insertPasskeyChallenge,
  operatorById,
  passkeyByCredentialId,
  passkeysOf,
  takePasskeyChallenge,
  recordPasskeyUse,
} from "../repositories/operators";
import { STAFF_CLIENT_FAILURE_LIMIT } from "../members/verification";
import { recordChange, recordEvent, type OperatorActor } from "./trail";

/** How long a ceremony's challenge can be answered (the browser's own timeout is 2 minutes). */
export const PASSKEY_CHALLENGE_MS = 5 * 60 * 1000;
const CEREMONY_TIMEOUT_MS = 2 * 60 * 1000;
/**
 * How recent the session's sign-in must be to add or remove a passkey (L1): a hijacked session
 * alone must not buy lasting access nor take the owner's passkeys away, so an older session first
 * confirms with a new e-mail code.
 */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;
/** Whether a session signed in at `signedInAt` (ms) may add or remove a passkey now. */
export const signedInRecently = (services: Services, signedInAt: number) => services.now().getTime() - signedInAt < RECENT_SIGN_IN_MS;
/** Passkeys one operator may keep. */
export const MAX_PASSKEYS = 10;
/** Sign-in ceremonies one client may start in 10 minutes (each keeps a challenge on the server). */
export const PASSKEY_STARTS_PER_CLIENT = { max: 30, windowMs: 10 * 60 * 1000 };
/** The longest response accepted (a real one is a few KB). */
const MAX_RESPONSE_CHARS = 64 * 1024;

export interface RelyingParty {
  rpId: string;
  origins: string[];
  rpName: string;
}

/**
 * The relying party a ceremony runs for: WEBAUTHN_RP_ID / WEBAUTHN_ORIGINS when set; otherwise
 * in production the host and origin of PUBLIC_BASE_URL, and elsewhere (development, tests) those
 * of the request, so `localhost:5173` and an e2e port work without configuration.
 */
export function relyingParty(services: Services, request: Request): RelyingParty {
  const { webauthn, env, publicBaseUrl } = services.config;
  const base = new URL(env === "production" ? publicBaseUrl : request.url);
  return { rpId: webauthn.rpId ?? base.hostname, origins: webauthn.origins ?? [base.origin], rpName: webauthn.rpName };
}

/** The WebAuthn user handle of an operator's account: the one their passkeys carry, else one derived with the key. */
async function userHandleOf(services: Services, operatorId: number) {
  const kept = (await passkeysOf(services.db, operatorId)).find((p) => p.user_handle)?.user_handle;
  if (kept) return kept;
  return crypto
    .createHash("sha256")
    .update(services.cipher.hash(`operator-passkey-user:${operatorId}`))
    .digest("base64url");
}

const challengeExpiry = (now: Date) => new Date(now.getTime() + PASSKEY_CHALLENGE_MS);

/** A browser's response, read as JSON of the shape the library expects; null when it is not one. */
function readResponse<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(text: string, fields: readonly string[]): T | null {
  if (!text || text.length > MAX_RESPONSE_CHARS) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const response = v.response as Record<string, unknown> | undefined;
  if (typeof v.id !== "string" || typeof v.rawId !== "string" || v.type !== "public-key") return null;
  if (!response || typeof response !== "object") return null;
  if (!fields.every((f) => typeof response[f] === "string")) return null;
  return value as T;
}

// ---------------------------------------------------------------- adding a passkey

export type PasskeyOptionsResult<T> =
  | { ok: true; options: T; challenge: string }
  | { ok: false; reason: "tooMany" | "throttled" | "reauth" };

/**
 * The options for the browser to create a passkey for this operator; the challenge is kept on the
 * server. Only for a session signed in within RECENT_SIGN_IN_MS (else `reauth`, on the trail).
 */
export async function passkeyRegistrationOptions(
  services: Services,
  actor: OperatorActor & { operatorId: number },
  operator: Pick<Operator, "id" | "email" | "name">,
  signedInAt: number,
  rp: RelyingParty,
): Promise<PasskeyOptionsResult<PublicKeyCredentialCreationOptionsJSON>> {
  const now = services.now();
  if (!signedInRecently(services, signedInAt)) {
    await recordEvent(services, actor, { kind: "passkey.add_failure", subject: `operator:${operator.id}`, detail: "reauth" });
    return { ok: false, reason: "reauth" };
  }
  const existing = await passkeysOf(services.db, operator.id);
  if (existing.length >= MAX_PASSKEYS) return { ok: false, reason: "tooMany" };
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpId,
    userName: operator.email,
    userDisplayName: operator.name,
    userID: Buffer.from(await userHandleOf(services, operator.id), "base64url"),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await insertPasskeyChallenge(services.db, {
    challenge: options.challenge,
    purpose: "register",
    operatorId: operator.id,
    now,
    expiresAt: challengeExpiry(now),
  });
  return { ok: true, options, challenge: options.challenge };
}

const transportsOf = (json: string | null): string[] | undefined => {
  if (!json) return undefined;
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === "string") : undefined;
  } catch {
    return undefined;
  }
};

export type AddPasskeyResult = { ok: true; id: number } | { ok: false; reason: "challenge" | "invalid" | "duplicate" | "tooMany" };

/**
 * Checks the browser's new credential against the challenge this browser was given, and keeps it
 * with its name, on the trail (`passkey.add`) and with a message to the operator, in one transaction.
 */
export async function addPasskey(
  services: Services,
  actor: OperatorActor & { operatorId: number },
  operator: Pick<Operator, "id" | "email" | "name">,
  rp: RelyingParty,
  input: { challenge: string | undefined; response: string; name: string; locale: string },
): Promise<AddPasskeyResult> {
  const now = services.now();
  const fail = async (reason: Exclude<AddPasskeyResult, { ok: true }>["reason"]) => {
    services.log.warn("operator passkey refused", { reason });
    await recordEvent(services, actor, { kind: "passkey.add_failure", subject: `operator:${operator.id}`, detail: reason });
    return { ok: false as const, reason };
  };
  const response = readResponse<RegistrationResponseJSON>(input.response, ["clientDataJSON", "attestationObject"]);
  // no challenge asked for in this browser: a credential made elsewhere (options carried from
  // another browser) is an attempt, on the trail; a post with no credential in it is only a
  // malformed request, refused without an entry
  if (!input.challenge) return response ? fail("challenge") : { ok: false, reason: "challenge" };
  if (!(await takePasskeyChallenge(services.db, { challenge: input.challenge, purpose: "register", operatorId: operator.id, now })))
    return fail("challenge");
  if (!response) return fail("invalid");
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>["registrationInfo"];
  try {
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: input.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
    });
    info = verified.verified ? verified.registrationInfo : undefined;
  } catch (error) {
    services.log.warn("operator passkey response not verified", { error: error instanceof Error ? error.message : "unknown" });
    info = undefined;
  }
  if (!info) return fail("invalid");
  const credential = info.credential;
  const userHandle = await userHandleOf(services, operator.id);
  const t = await services.i18n.getFixedT(input.locale, "common");
  const outcome = await withMessages(services, async (tx): Promise<AddPasskeyResult> => {
    if ((await passkeysOf(tx.db, operator.id)).length >= MAX_PASSKEYS) return { ok: false, reason: "tooMany" };
    if (await passkeyByCredentialId(tx.db, credential.id)) return { ok: false, reason: "duplicate" };
    const id = await insertPasskey(tx.db, {
      operatorId: operator.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports,
      name: input.name,
      userHandle,
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      now,
    });
    await recordChange(services, tx.db, actor, {
      kind: "passkey.add",
      targetType: "operator_passkey",
      targetId: id,
      before: null,
      after: { operator_id: operator.id, name: input.name, device_type: info.credentialDeviceType, backed_up: info.credentialBackedUp },
    });
    const text = t("admin.account.addedEmailBody", { name: operator.name, passkey: input.name });
    const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
    await queueMail(tx, {
      to: operator.email,
      subject: t("admin.account.addedEmailSubject"),
      text,
      html: `<p>${esc(text)}</p>`,
      kind: "operator_passkey_added",
    });
    return { ok: true, id };
  });
  if (!outcome.ok) return fail(outcome.reason);
  services.log.info("operator passkey added", { deviceType: info.credentialDeviceType });
  return outcome;
}

export type RemovePasskeyResult = { ok: true } | { ok: false; reason: "notFound" | "reauth" };

/**
 * Removes one of the operator's own passkeys (on the trail, `passkey.remove`, and e-mailed to the
 * operator, in one transaction); `notFound` when it is not theirs. As adding, only for a session
 * signed in within RECENT_SIGN_IN_MS (else `reauth`, on the trail as `passkey.remove_failure`,
 * before the passkey is looked up): a stolen session must not remove the owner's passkeys.
 */
export async function removePasskey(
  services: Services,
  actor: OperatorActor & { operatorId: number },
  operator: Pick<Operator, "id" | "email" | "name">,
  signedInAt: number,
  id: number,
  locale: string,
): Promise<RemovePasskeyResult> {
  if (!signedInRecently(services, signedInAt)) {
    await recordEvent(services, actor, { kind: "passkey.remove_failure", subject: `operator:${operator.id}`, detail: "reauth" });
    return { ok: false, reason: "reauth" };
  }
  const t = await services.i18n.getFixedT(locale, "common");
  return withMessages(services, async (tx): Promise<RemovePasskeyResult> => {
    const row = (await passkeysOf(tx.db, operator.id)).find((p) => p.id === id);
    if (!row || !(await deletePasskey(tx.db, operator.id, id))) return { ok: false, reason: "notFound" };
    await recordChange(services, tx.db, actor, {
      kind: "passkey.remove",
      targetType: "operator_passkey",
      targetId: id,
      before: { operator_id: operator.id, name: row.name, device_type: row.device_type, backed_up: row.backed_up === 1 },
      after: null,
    });
    const text = t("admin.account.removedEmailBody", { name: operator.name, passkey: row.name });
    const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
    await queueMail(tx, {
      to: operator.email,
      subject: t("admin.account.removedEmailSubject"),
      text,
      html: `<p>${esc(text)}</p>`,
      kind: "operator_passkey_removed",
    });
    return { ok: true };
  });
}

/** An operator's passkeys as their account page lists them. */
export async function listPasskeys(services: Services, operatorId: number) {
  return (await passkeysOf(services.db, operatorId)).map((p) => ({
    id: p.id,
    name: p.name,
    createdAt: p.created_at,
    lastUsedAt: p.last_used_at,
    synced: p.backed_up === 1 || p.device_type === "multiDevice",
  }));
}

// ---------------------------------------------------------------- signing in

/**
 * The options for the browser to sign in with any passkey of this site (no address asked: the
 * authenticator offers the operator's accounts). The challenge is kept on the server.
 */
export async function passkeySignInOptions(
  services: Services,
  actor: OperatorActor,
  clientIp: string | undefined,
  rp: RelyingParty,
): Promise<PasskeyOptionsResult<PublicKeyCredentialRequestOptionsJSON>> {
  const now = services.now();
  const client = clientKey(services, clientIp);
  const throttled = async () => {
    await recordEvent(services, actor, { kind: "sign_in.failure", subject: "unknown", detail: "passkey_throttled" });
    return { ok: false as const, reason: "throttled" as const };
  };
  if ((await peekLimit(services.db, `op-fail-client:${client}`, STAFF_CLIENT_FAILURE_LIMIT, now)).limited) return throttled();
  if (!(await takeLimit(services.db, `op-passkey-start:${client}`, PASSKEY_STARTS_PER_CLIENT, now)).allowed) return throttled();
  const options = await generateAuthenticationOptions({ rpID: rp.rpId, userVerification: "required", timeout: CEREMONY_TIMEOUT_MS });
  await insertPasskeyChallenge(services.db, {
    challenge: options.challenge,
    purpose: "sign_in",
    operatorId: null,
    now,
    expiresAt: challengeExpiry(now),
  });
  return { ok: true, options, challenge: options.challenge };
}

export type PasskeySignInResult = "ok" | "challenge" | "unknown" | "invalid" | "counter" | "throttled";

/** Checks a passkey sign-in against this browser's challenge; the operator when it holds. */
export async function verifyPasskeySignIn(
  services: Services,
  actor: OperatorActor,
  clientIp: string | undefined,
  rp: RelyingParty,
  input: { challenge: string | undefined; response: string },
): Promise<{ result: PasskeySignInResult; operator: Operator | null }> {
  const now = services.now();
  const client = clientKey(services, clientIp);
  const clientFail = `op-fail-client:${client}`;
  const outcome = await (async (): Promise<{ result: PasskeySignInResult; operator: Operator | null }> => {
    if ((await peekLimit(services.db, clientFail, STAFF_CLIENT_FAILURE_LIMIT, now)).limited) return { result: "throttled", operator: null };
    if (!input.challenge) return { result: "challenge", operator: null };
    if (!(await takePasskeyChallenge(services.db, { challenge: input.challenge, purpose: "sign_in", operatorId: null, now })))
      return { result: "challenge", operator: null };
    const response = readResponse<AuthenticationResponseJSON>(input.response, ["clientDataJSON", "authenticatorData", "signature"]);
    if (!response) return { result: "invalid", operator: null };
    const passkey = await passkeyByCredentialId(services.db, response.id);
    const found = passkey ? await operatorById(services.db, passkey.operator_id) : undefined;
    if (!passkey || !found?.active) return { result: "unknown", operator: null };
    const handle = response.response.userHandle;
    if (handle && passkey.user_handle && handle !== passkey.user_handle) return { result: "invalid", operator: found };
    try {
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: input.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpId,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(Buffer.from(passkey.public_key, "base64url")),
          counter: Number(passkey.counter),
          transports: transportsOf(passkey.transports),
        },
        requireUserVerification: true,
      });
      if (!verified.verified) return { result: "invalid", operator: found };
      const moved = await recordPasskeyUse(
        services.db,
        passkey.id,
        Number(passkey.counter),
        verified.authenticationInfo.newCounter,
        verified.authenticationInfo.credentialBackedUp,
        now,
      );
      return moved ? { result: "ok", operator: found } : { result: "counter", operator: found };
    } catch (error) {
      const message = error instanceof Error ? error.message : "";
      // the library refuses a counter that did not move forward with this message (a cloned authenticator)
      return { result: /counter value/i.test(message) ? "counter" : "invalid", operator: found };
    }
  })();
  const subject = outcome.operator ? `operator:${outcome.operator.id}` : "unknown";
  if (outcome.result === "ok" && outcome.operator) {
    await recordEvent(services, { ...actor, operatorId: outcome.operator.id }, { kind: "sign_in.success", subject, detail: "passkey" });
    return outcome;
  }
  if (outcome.result !== "throttled") await takeLimit(services.db, clientFail, STAFF_CLIENT_FAILURE_LIMIT, now);
  services.log.warn("operator passkey sign-in refused", { reason: outcome.result });
  await recordEvent(services, actor, { kind: "sign_in.failure", subject, detail: `passkey_${outcome.result}` });
  return { result: outcome.result, operator: null };
}
