import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { field, readForm } from "~/.server/platform/request";
import { requestContext } from "~/.server/platform/request-context";
import { currentOperator, requireOperator, safeNext } from "~/.server/operators/guard";
import { actorFrom, operatorCookies, readOperatorCookie, startOperatorSession } from "~/.server/operators/sessions";
import { withRenewedCsrf } from "~/.server/platform/respond";
import {
  addPasskey,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  relyingParty,
  verifyPasskeySignIn,
  type PasskeySignInResult,
} from "~/.server/operators/passkeys";
import { passkeyNameSchema } from "~/forms/passkeys";

/**
 * /admin/passkey: the passkey ceremonies' server side (issue 27, ADR 025), called by the small
 * client module of the sign-in and account pages (JavaScript only: WebAuthn is a browser API).
 * Every call is a form post with the CSRF token; answers are JSON, never cached:
 *
 * - `sign-in-options` → the options, the challenge kept on the server and named in `__operator`;
 * - `sign-in` (credential) → `{ next }` with the session's cookie, as a code's sign-in gives;
 * - `add-options` (name) and `add` (name, credential), for a signed-in operator: a new passkey.
 *
 * Refusals are `{ error: <translation key> }` with a 4xx status (a field's under `fieldErrors`).
 */
const NO_STORE = { "Cache-Control": "no-store" };

const SIGN_IN_ERRORS: Record<Exclude<PasskeySignInResult, "ok">, { key: string; status: number }> = {
  challenge: { key: "admin.passkey.errors.expired", status: 422 },
  unknown: { key: "admin.passkey.errors.unknown", status: 422 },
  invalid: { key: "admin.passkey.errors.invalid", status: 422 },
  counter: { key: "admin.passkey.errors.invalid", status: 422 },
  throttled: { key: "validation.tooManyCodes", status: 429 },
};

const ADD_ERRORS = {
  challenge: "admin.passkey.errors.expired",
  invalid: "admin.passkey.errors.invalid",
  duplicate: "admin.passkey.errors.duplicate",
  tooMany: "admin.passkey.errors.tooMany",
} as const;

export function loader() {
  return redirect("/admin");
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { services } = context;
  const form = await readForm(request, services);
  const intent = field(form, "intent", 20);
  const rp = relyingParty(services, request);
  const cookie = await readOperatorCookie(services, request);
  const storage = operatorCookies(services);

  if (intent === "sign-in-options" || intent === "sign-in") {
    if (await currentOperator(args)) return json({ next: "/admin" }, { headers: NO_STORE });
    if (intent === "sign-in-options") {
      const started = await passkeySignInOptions(services, actorFrom(request, null), context.clientIp, rp);
      if (!started.ok) return json({ error: SIGN_IN_ERRORS.throttled.key }, { status: 429, headers: NO_STORE });
      cookie.set("challenge", started.challenge);
      return json({ options: started.options }, { headers: { ...NO_STORE, "Set-Cookie": await storage.commitSession(cookie) } });
    }
    const challenge = cookie.get("challenge");
    cookie.unset("challenge");
    const checked = await verifyPasskeySignIn(services, actorFrom(request, null), context.clientIp, rp, {
      challenge,
      response: field(form, "credential", 64 * 1024),
    });
    if (checked.result !== "ok" || !checked.operator) {
      const refusal = SIGN_IN_ERRORS[checked.result as Exclude<PasskeySignInResult, "ok">];
      return json(
        { error: refusal.key },
        { status: refusal.status, headers: { ...NO_STORE, "Set-Cookie": await storage.commitSession(cookie) } },
      );
    }
    const next = safeNext(field(form, "next", 300) || cookie.get("next"));
    const setCookie = await startOperatorSession(services, request, checked.operator, "passkey");
    const headers = await withRenewedCsrf(services, setCookie);
    for (const [name, value] of Object.entries(NO_STORE)) headers.set(name, value);
    return json({ next }, { headers });
  }

  if (intent === "add-options" || intent === "add") {
    const op = await requireOperator(args);
    const named = passkeyNameSchema.safeParse({ name: field(form, "name", 200) });
    if (!named.success)
      return json({ fieldErrors: { name: named.error.issues[0]?.message ?? "validation.required" } }, { status: 422, headers: NO_STORE });
    if (intent === "add-options") {
      const started = await passkeyRegistrationOptions(services, op.actor, op.operator, op.session.signedInAt, rp);
      if (!started.ok && started.reason === "reauth")
        return json({ error: "admin.passkey.errors.reauth", reauth: true }, { status: 403, headers: NO_STORE });
      if (!started.ok) return json({ error: ADD_ERRORS.tooMany }, { status: 422, headers: NO_STORE });
      cookie.set("challenge", started.challenge);
      return json({ options: started.options }, { headers: { ...NO_STORE, "Set-Cookie": await storage.commitSession(cookie) } });
    }
    const challenge = cookie.get("challenge");
    cookie.unset("challenge");
    const headers = { ...NO_STORE, "Set-Cookie": await storage.commitSession(cookie) };
    const added = await addPasskey(services, op.actor, op.operator, rp, {
      challenge,
      response: field(form, "credential", 64 * 1024),
      name: named.data.name,
      locale: await requestContext(args).locale,
    });
    if (!added.ok) return json({ error: ADD_ERRORS[added.reason] }, { status: 422, headers });
    return json({ next: "/admin/account?added=1" }, { headers });
  }
  throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
}
