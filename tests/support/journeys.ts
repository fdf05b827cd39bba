/**
 * Shortcuts through the storefront for tests that start later in the journey: a quote, plans
 * in the cart, an effective date and the hand-off to the wizard — all through the real actions.
 */
import { expect } from "vitest";
import { action as indexAction } from "~/routes/_index";
import { loader as planLoader, action as planAction } from "~/routes/_store.plan.$id.$planName";
import { loader as cartLoader, action as cartAction } from "~/routes/_store.cart";
import { action as confirmationAction } from "~/routes/_store.confirmation";
import { action as signAction } from "~/routes/sign.$token";
import { planId } from "~/.server/db/seed/catalog";
import { agreementTextsFor, esignConsentFor, recordEsignConsent } from "~/.server/wizard/agreement";
import { contactHash } from "~/.server/wizard/contact-codes";
import type { TestApp } from "./db";
import { isTabName } from "~/domain/wizard-steps";
import { validStepPayloads } from "./step-payloads";
import { cartFingerprint } from "~/.server/wizard/signed-cart";
import { TestClient } from "./client";

export interface JourneyOptions {
  zip?: string;
  dob?: string;
  gender?: "0" | "1";
  spouseDob?: string;
  childCount?: string;
  smoker?: "0" | "1";
  category?: string;
  plans?: string[];
  session?: Record<string, unknown>;
}

export async function quotedClient(app: TestApp, o: JourneyOptions = {}) {
  const c = new TestClient(app.services);
  c.clientIp = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  if (o.session) await c.setSession(o.session);
  const res = await c.submit(indexAction, "/", {
    intent: "quote",
    zip: o.zip ?? "75201",
    dob: o.dob ?? "04/12/1988",
    gender: o.gender ?? "0",
    spouseDob: o.spouseDob ?? "",
    childCount: o.childCount ?? "0",
    smoker: o.smoker ?? "",
    category: o.category ?? "dental",
  });
  expect(res.status, JSON.stringify(res.data)).toBe(302);
  return c;
}

export async function addPlan(c: TestClient, code: string) {
  const params = { id: String(planId(code)), planName: "x" };
  const first = await c.load(planLoader, `/plan/${planId(code)}/x`, params);
  const path = first.location ? first.location.split("?")[0] : `/plan/${planId(code)}/x`;
  const page = first.location ? await c.load(planLoader, path, params) : first;
  expect(page.data.pricing?.ok, `${code}: ${JSON.stringify(page.data.pricing)}`).toBe(true);
  const res = await c.submit(
    planAction,
    path,
    { intent: "add", planId: String(planId(code)), planPriceId: String(page.data.pricing.entries[0].planPriceId) },
    { params },
  );
  expect(res.location).toBe("/cart");
}

/** The cart (these plans added first, if any) checked out at its first effective date and confirmed: returns the wizard's first step. */
export async function checkOut(c: TestClient, plans: string[] = []) {
  for (const code of plans) await addPlan(c, code);
  const cart = await c.load(cartLoader, "/cart");
  await c.submit(cartAction, "/cart", { intent: "checkout", effectiveDate: cart.data.cart.effectiveDates[0] });
  const res = await c.submit(confirmationAction, "/confirmation", {});
  expect(res.location, JSON.stringify(res.data)).toMatch(/^\/enrollment\//);
  return res.location!;
}

/** A visitor whose cart has been handed to the wizard; returns the client and the first step. */
export async function inWizard(app: TestApp, o: JourneyOptions = {}) {
  const c = await quotedClient(app, o);
  return { client: c, first: await checkOut(c, o.plans ?? ["BSD-PPO-ESS"]) };
}

/**
 * For tests of a later step: marks earlier steps done with plausible data, straight in the
 * database (the earlier steps have tests of their own).
 */
export async function markStepsDone(app: TestApp, c: TestClient, tabs: string[]) {
  const id = (await c.session()).tempId!;
  const now = new Date().toISOString();
  // Complete checks every step again: the agreement accepts every text the cart shows, and the
  // billing step has a method on file — as the real steps would leave them.
  const planIds = (await app.store.db.selectFrom("cart_lines").select("plan_id").where("enrollment_id", "=", id).execute()).map(
    (r) => r.plan_id,
  );
  const texts = await agreementTextsFor(app.services, { planIds, locale: "en" });
  const payloads = validStepPayloads(
    now,
    texts.map((t) => t.id),
  );
  // the signature and the payment authorisation cover the cart as it is now, as the steps record it
  const enrollment = await app.store.db.selectFrom("enrollments").select(["id", "tier"]).where("id", "=", id).executeTakeFirstOrThrow();
  const cart_sha256 = await cartFingerprint(app.services, enrollment);
  for (const tab of tabs) {
    const base = isTabName(tab) ? payloads[tab] : { data: {}, secret: null };
    const payload = tab === "agreement_info" || tab === "billing_info" ? { ...base, data: { ...base.data, cart_sha256 } } : base;
    const secret = payload.secret ? app.services.cipher.encryptJson(payload.secret) : null;
    await app.store.db
      .insertInto("enrollment_steps")
      .values({
        enrollment_id: id,
        tab_name: tab,
        data: JSON.stringify(payload.data),
        secret_enc: secret,
        completed_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(["enrollment_id", "tab_name"]).doUpdateSet({ completed_at: now }))
      .execute();
    if (tab === "agreement_info") {
      // the consent to electronic records, recorded as the agreement step records it
      const consent = await esignConsentFor(app.services, new Request("http://localhost/enrollment/agreement-signature"), "en");
      await recordEsignConsent(app.services, id, "en", consent);
    }
    if (tab === "billing_info") {
      await app.store.db
        .insertInto("enrollment_payments")
        .values({
          enrollment_id: id,
          payment_method: "stmt",
          payment_method_id: null,
          bill_date: 28,
          is_physical_address: 0,
          address1: null,
          address2: null,
          city: null,
          state: null,
          zip: null,
          updated_at: now,
        })
        .onConflict((oc) => oc.column("enrollment_id").doNothing())
        .execute();
    }
  }
  return id;
}

/** A drawn signature as the signature pad sends it (a 1×1 PNG). */
export const SIGNATURE_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
/** The signing link in a text message's body (its token is group 1). */
export const SIGN_LINK = /\/sign\/([A-Za-z0-9_-]{43})(?=\s)/;

/** The journeys' applicant's date of birth (JourneyOptions.dob's default). */
export const APPLICANT_DOB = "04/12/1988";

/**
 * The signer proves who they are on a signing link's page, in this client (browser), with their
 * date of birth: only then does the page show the application and take the signature.
 */
export async function proveSigner(phone: TestClient, token: string, dob = APPLICANT_DOB) {
  const res = await phone.submit(signAction, `/sign/${token}`, { intent: "verify", dob }, { params: { token } });
  expect(res.location, "the signer's date of birth").toBe(`/sign/${token}`);
  return res;
}

/** An agreement as a signing page lists it. */
export interface PageAgreement {
  id: number;
  required: boolean;
}
/** What a signer ticks: every required agreement, and the consent to electronic records. */
export const signingTicks = (agreements: PageAgreement[]) =>
  Object.fromEntries(
    agreements
      .filter((a) => a.required)
      .map((a) => [`agreement_${a.id}`, "1"])
      .concat([["esign_consent", "1"]]),
  );

/**
 * A rep's enrollment (the client's) with every step before the review done and its agreement
 * accepted but not signed: the rep left the signature (and the consent to electronic records)
 * to the applicant, by text message.
 * Answers the enrollment's id.
 */
export async function readyForTextSignature(app: TestApp, c: TestClient) {
  const id = (await c.session()).tempId!;
  const steps = JSON.parse(
    (await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow()).step_list!,
  ) as string[];
  await markStepsDone(app, c, steps.slice(0, steps.indexOf("review_info")));
  const agreement = await app.store.db
    .selectFrom("enrollment_steps")
    .select("data")
    .where("enrollment_id", "=", id)
    .where("tab_name", "=", "agreement_info")
    .executeTakeFirstOrThrow();
  const accepted = JSON.parse(agreement.data).agreements;
  await app.store.db
    .updateTable("enrollment_steps")
    .set({ data: JSON.stringify({ method: null, signed_at: null, eprocess: "rep", agreements: accepted, agent_name: "Jane Carter" }) })
    .where("enrollment_id", "=", id)
    .where("tab_name", "=", "agreement_info")
    .execute();
  // the rep gives no consent to electronic records for the applicant: they give it when they sign
  await app.store.db.deleteFrom("esign_consents").where("enrollment_id", "=", id).execute();
  return id;
}

/** The employer step as an Acme employee fills it (every field valid). */
export const EMPLOYER_FORM: Readonly<Record<string, string>> = {
  intent: "next",
  name: "Acme Logistics Inc.",
  phone: "(214) 555-0160",
  address1: "1845 Commerce Street",
  city: "Dallas",
  zip: "75201",
  state: "TX",
  with_validation: "1",
  average_work_week: "40+",
  employment_start_date: "03/01/2019",
  occupation: "Warehouse lead",
  compensation_type: "G20",
  employment_status: "A",
  emp_industry: "transportation",
  emp_num_employed: "640",
  emp_vac_policy: "TWO_WEEKS",
  emp_barg_unit: "NONE",
  "holiday_policy.Standard_6": "1",
};

/**
 * This client's enrollment has confirmed the address with a contact-step code (as the contact
 * step leaves it; that step has tests of its own): a quote's message may go to it (issue 23).
 */
export async function confirmedAddress(app: TestApp, c: TestClient, email: string) {
  const id = (await c.session()).tempId!;
  const now = new Date().toISOString();
  await app.store.db
    .insertInto("one_time_codes")
    .values({
      enrollment_id: id,
      purpose: "otp_email",
      target_hash: contactHash(app.services, "email", email),
      code_hash: "used",
      attempts: 1,
      expires_at: now,
      created_at: now,
      used_at: now,
      invalidated_at: null,
    })
    .execute();
}
