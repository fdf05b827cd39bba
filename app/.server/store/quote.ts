/**
 * The quote: validate, check the ZIP against the bundled table, then create the temp
 * enrollment (first time) or update it, re-price the cart, and redirect.
 */
import { redirect } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import { zipLookup } from "../adapters/zip";
import { createEnrollment, updateEnrollment } from "../repositories/enrollments";
import { findReferral } from "../repositories/entry";
import { siteOf } from "./site";
import { catalogToday, currentEnrollment } from "./shopping";
import { repriceCart } from "./cart";
import { carryQuote, withCarriedQuote } from "./carried-quote";
import { quoteValidator, type QuoteInput } from "~/forms/quote";
import { todayIso } from "~/domain/dates";
import { needsPortalChoice } from "~/domain/session-mode";
import { GENDER_OTHERS } from "~/domain/pricing";
import type { Enrollment } from "../db/schema";
import { isLocale } from "~/i18n";

export async function submitQuote(
  services: Services,
  request: Request,
  session: StoreSession,
  form: FormData,
  options: { requireCategory: boolean; next: (category: string | null) => string; portalChoice?: string; allowOtherGender?: boolean },
) {
  // A rep's first quote waits for the portal chooser; what they typed goes along, sealed, and
  // comes back into the quote form after the choice (issue 26 #8).
  if (needsPortalChoice(session.all()) && !(await currentEnrollment(services, session))) {
    return redirect(withCarriedQuote(options.portalChoice ?? REP_PORTAL_CHOOSER, carryQuote(services, form)), {
      headers: { "Set-Cookie": await services.sessions.commit(session) },
    });
  }
  // "Others" is chosen on the plan page; a quote that has it may keep it when edited elsewhere.
  const allowOtherGender = options.allowOtherGender || (await currentEnrollment(services, session))?.gender === GENDER_OTHERS;
  const result = await quoteValidator(todayIso(services.now()), options.requireCategory, allowOtherGender).validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const input: QuoteInput = result.data;
  const state = zipLookup.stateFor(input.zip);
  if (!state) return validationError({ fieldErrors: { zip: "validation.zipInvalid" }, formId: result.formId }, result.submittedData);
  if (input.category) {
    const catalog = await catalogToday(services);
    if (!catalog.categories.some((c) => c.key === input.category))
      return validationError({ fieldErrors: { category: "validation.chooseCategory" }, formId: result.formId }, result.submittedData);
  }

  await saveQuote(services, request, session, {
    zip: input.zip,
    state,
    birthdate: input.birthdate,
    gender: input.gender,
    tier: input.tier,
    is_smoker: input.smoker,
    spouse_birthdate: input.spouseBirthdate,
    child_count: input.childCount || null,
    ...(input.category ? { category: input.category } : {}),
  });
  return redirect(options.next(input.category), { headers: { "Set-Cookie": await services.sessions.commit(session) } });
}

/** The agent home's New Member chooser: a portal, then direct enrollment or one of the rep's groups. */
export const REP_PORTAL_CHOOSER = "/agent-home?step=portal";

export type QuoteFilter = Partial<
  Pick<Enrollment, "zip" | "state" | "birthdate" | "gender" | "tier" | "is_smoker" | "spouse_birthdate" | "child_count" | "category">
>;

/**
 * Creates the temp enrollment the first time (in the session's mode), or updates it and
 * re-prices the cart; plans the new details cannot buy leave the cart with a notice.
 */
export async function saveQuote(services: Services, request: Request, session: StoreSession, filter: QuoteFilter) {
  const lng = await services.i18n.getLocale(request);
  const locale = isLocale(lng) ? lng : "en";
  const existing = await currentEnrollment(services, session);
  if (existing) {
    await updateEnrollment(services.db, existing.id, { ...filter, locale }, services.now());
    const removed = await repriceCart(services, { ...existing, ...filter } as Enrollment, locale);
    if (removed.length) session.flash({ kind: "warning", key: "quote.removedFromCart", values: { plans: removed.join(", ") } });
    return existing.id;
  }
  const s = session.all();
  // No enrollment without a portal or a group for a rep (storefront §4): they choose one first.
  if (needsPortalChoice(s)) throw redirect(REP_PORTAL_CHOOSER);
  const site = await siteOf(services, request);
  const referral = s.referral ? await findReferral(services.db, s.referral) : undefined;
  const id = await createEnrollment(
    services.db,
    {
      tier: "IO",
      ...filter,
      locale,
      site_id: site.id,
      eprocess: s.eprocess ?? "applicant",
      open_type: s.openType ?? null,
      enroll_type: s.enrollType ?? "new-member",
      type: s.enrollType === "existing-member" ? "existing" : "new-user",
      agent_id: s.agentId ?? null,
      group_id: s.groupId ?? null,
      portal_id: s.portalId ?? null,
      member_id: s.enrollType === "existing-member" ? (s.memberId ?? null) : null,
      referral_id: referral?.id ?? null,
    },
    services.now(),
  );
  session.set("tempId", id);
  if (!s.enrollType) session.set("enrollType", "new-member");
  return id;
}
