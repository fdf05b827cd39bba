/**
 * The contact step's server rules (enrollment-wizard §2.5, §4, §8): the state follows the ZIP;
 * an address already used by another member is refused; one the checks cannot reach is
 * flagged, and then must be verified by a code or knowingly skipped.
 */
import type { Services } from "../services";
import type { Enrollment } from "../db/schema";
import type { ContactInput } from "~/forms/contact";
import { zipLookup } from "../adapters/zip";
import { checkEmail, checkPhone } from "../adapters/contact-check";
import { contactTakenByOtherMember } from "../repositories/members";
import { contactHash, isContactHash, sendContactCode, verifyContactCode, type ContactKind } from "./contact-codes";
import { writeStep, type WizardContext } from "./steps";
import type { StepData } from "./step-data";
import { safeUrl } from "../repositories/branding";
import { siteAssets } from "../repositories/sites";
import { siteOf } from "../store/site";
import { peekLimit, releaseLimit, takeLimit, type Limit } from "../platform/rate-limit";
import { clientKey } from "../platform/client-key";

/**
 * "Already exists" answers one client may get in an hour (security review w10). The answer says an
 * address or number is a member's; enrollments are free, so unbounded it told anyone who is insured
 * here. Each check takes a place first, in one atomic statement (ADR 007), and an address nobody
 * has hands it back: only the "exists" answers are counted. Once they are used up, every check
 * from that client is refused with a wait — taken or not, so the refusal tells nothing.
 */
export const CONTACT_TAKEN_LIMIT: Limit = { max: 10, windowMs: 60 * 60 * 1000 };
const takenKey = (client: string) => `contact-taken:${client}`;

/** Whether this address or number is another member's, counted against the client (null: the client's hour is used up). */
async function takenByOtherMember(services: Services, kind: "email" | "phone", value: string, memberId: number | null, client: string) {
  const now = services.now();
  const place = await takeLimit(services.db, takenKey(client), CONTACT_TAKEN_LIMIT, now);
  if (!place.allowed) {
    services.log.warn("contact check refused: limit", { channel: kind, client });
    return null;
  }
  const taken = await contactTakenByOtherMember(services.db, kind, value, memberId);
  if (!taken) await releaseLimit(services.db, takenKey(client), place);
  return taken;
}

/** Where a member signs in to their dashboard on this site (an outside address), or null: the way forward from "Email Already Exists." */
export async function memberSignInUrl(services: Services, request: Request): Promise<string | null> {
  const site = await siteOf(services, request);
  return safeUrl((await siteAssets(services.db, site.id)).member_dashboard_url);
}

export type ContactData = StepData["contact_info"];

export interface ContactFlags {
  email: boolean;
  phone: boolean;
}

export type ContactCheckResult =
  | { ok: true; data: ContactData }
  /** limited: the client's "exists" answers are used up (CONTACT_TAKEN_LIMIT): a 429 */
  | { ok: false; fieldErrors: Record<string, string>; flags: ContactFlags; limited: boolean };

export async function checkContact(
  services: Services,
  enrollment: Enrollment,
  input: ContactInput,
  verified: ContactData["verified"],
  clientIp: string | undefined,
): Promise<ContactCheckResult> {
  const fieldErrors: Record<string, string> = {};
  const flags: ContactFlags = { email: false, phone: false };
  const client = clientKey(services, clientIp);
  // the client's "exists" answers are used up: no address or number is looked up (CONTACT_TAKEN_LIMIT)
  if (
    (input.email || input.phone_number) &&
    (await peekLimit(services.db, takenKey(client), CONTACT_TAKEN_LIMIT, services.now())).limited
  ) {
    if (input.email) fieldErrors.email = "validation.tooManyContactChecks";
    if (input.phone_number) fieldErrors.phone_number = "validation.tooManyContactChecks";
    return { ok: false, fieldErrors, flags, limited: true };
  }
  let state = input.state;
  if (input.zip) {
    const zipState = zipLookup.stateFor(input.zip);
    if (!zipState) {
      fieldErrors.zip = "validation.zipInvalid";
      state = "";
    } else state = zipState; // the state follows the ZIP (filled and locked in the form)
  }
  if (input.email) {
    const taken = await takenByOtherMember(services, "email", input.email, enrollment.member_id, client);
    if (taken === null) fieldErrors.email = "validation.tooManyContactChecks";
    else if (taken) fieldErrors.email = "validation.emailExists";
    else if (checkEmail(input.email) !== "ok" && !isContactHash(services, "email", input.email, verified.email)) {
      flags.email = true;
      if (!input.skip_validation_email) fieldErrors.email = "validation.emailUnverified";
    }
  }
  if (input.phone_number) {
    const taken = await takenByOtherMember(services, "phone", input.phone_number, enrollment.member_id, client);
    if (taken === null) fieldErrors.phone_number = "validation.tooManyContactChecks";
    else if (taken) fieldErrors.phone_number = "validation.phoneExists";
    else if (checkPhone(input.phone_number) !== "ok" && !isContactHash(services, "phone", input.phone_number, verified.phone)) {
      flags.phone = true;
      if (!input.skip_validation_phone) fieldErrors.phone_number = "validation.phoneUnverified";
    }
  }
  const data: ContactData = { ...input, state, verified: keepVerified(services, input, verified) };
  const limited = Object.values(fieldErrors).includes("validation.tooManyContactChecks");
  return Object.keys(fieldErrors).length ? { ok: false, fieldErrors, flags, limited } : { ok: true, data };
}

/** A verification holds only for the value that was verified. */
export function keepVerified(services: Services, input: Pick<ContactInput, "email" | "phone_number">, verified: ContactData["verified"]) {
  return {
    ...(verified.email && isContactHash(services, "email", input.email, verified.email) ? { email: verified.email } : {}),
    ...(verified.phone && isContactHash(services, "phone", input.phone_number, verified.phone) ? { phone: verified.phone } : {}),
  };
}

/**
 * The contact step's actions, one use case per intent (issue 25): the route reads the form, picks
 * the intent and turns the answer into a response; what is checked, sent and saved is decided here.
 */
type ContactStep = { data: Partial<ContactData>; completed?: boolean } | null | undefined;
type StepContext = Pick<WizardContext, "enrollment" | "locale">;

/** The code typed in the dialog: when right, the address or number counts as verified. */
export async function confirmContactCode(
  services: Services,
  ctx: StepContext,
  step: ContactStep,
  kind: ContactKind,
  target: string,
  code: string,
  clientIp: string | undefined,
) {
  const outcome = await verifyContactCode(services, ctx.enrollment.id, kind, target, code, clientIp);
  if (outcome !== "ok") return outcome;
  const verified = step?.data.verified ?? {};
  await writeStep(services, ctx.enrollment, "contact_info", {
    data: { ...step!.data, verified: { ...verified, [kind]: contactHash(services, kind, target) } },
    completed: Boolean(step?.completed),
  });
  return outcome;
}

/**
 * "Verify" beside the e-mail or phone: a code to what was typed; what was typed is kept unless the
 * sending is refused outright (locked, or over a limit).
 */
export async function sendCodeToTyped(
  services: Services,
  ctx: StepContext,
  step: ContactStep,
  kind: ContactKind,
  typed: ContactInput,
  clientIp: string | undefined,
) {
  const target = kind === "email" ? typed.email : typed.phone_number;
  const sent = await sendContactCode(services, ctx.enrollment.id, kind, target, ctx.locale, clientIp);
  if (!sent.ok && (sent.reason === "locked" || sent.reason === "limited")) return sent;
  await writeStep(services, ctx.enrollment, "contact_info", {
    data: { ...typed, verified: keepVerified(services, typed, step?.data.verified ?? {}) },
    completed: Boolean(step?.completed),
    draft: null,
  });
  return sent;
}

/** Next: the step checked and, when it passes, saved as completed. */
export async function saveContact(
  services: Services,
  ctx: StepContext,
  step: ContactStep,
  input: ContactInput,
  clientIp: string | undefined,
) {
  const checked = await checkContact(services, ctx.enrollment, input, step?.data.verified ?? {}, clientIp);
  if (checked.ok) await writeStep(services, ctx.enrollment, "contact_info", { data: checked.data, completed: true, draft: null });
  return checked;
}
