/** What the plan page shows for one visitor: prices or the pricing notice, questions,
 *  membership and premier companions, suggestions and the description. */
import { redirect } from "@remix-run/node";
import type { Services } from "../services";
import type { RequestContext } from "../platform/request-context";
import { catalogToday, shoppingContext } from "./shopping";
import { pricingFor } from "./cart";
import { planText, type CatalogPlan } from "../repositories/catalog";
import { planCard, planHref } from "./plan-cards";
import { safeUrl } from "../repositories/branding";
import { sanitizeHtml } from "~/utils/sanitize";
import { siteAssets } from "../repositories/sites";
import { siteOf } from "./site";
import type { PricingErrorCode } from "~/domain/pricing";

export async function planDetail(rc: RequestContext, request: Request, plan: CatalogPlan) {
  const { services } = rc;
  const ctx = await shoppingContext(rc);
  const site = await siteOf(services, request);
  const assets = await siteAssets(services.db, site.id);
  const { catalog, locale, facts, quoted } = ctx;
  const text = planText(plan, locale);
  const questions = catalog.questions.get(plan.id) ?? { eligibility: [], enroll: [] };
  const localized = (q: { id: number; text_en: string; text_es: string; true_condition: number }) => ({
    id: q.id,
    text: locale === "es" ? q.text_es : q.text_en,
    trueCondition: q.true_condition,
  });

  let pricing:
    | { ok: true; entries: Array<{ planPriceId: number; priceCents: number; coverageAmount: number | null }> }
    | { ok: false; errorCode: PricingErrorCode }
    | null = null;
  if (facts) {
    const result = pricingFor(catalog, plan.id, facts);
    pricing = result.ok
      ? {
          ok: true,
          entries: result.entries.map(({ planPriceId, priceCents, coverageAmount }) => ({ planPriceId, priceCents, coverageAmount })),
        }
      : result;
  }
  const eligibilityOutcome = quoted ? ctx.outcome(plan.id, "eligibility") : null;
  const enrollOutcome = quoted ? ctx.outcome(plan.id, "enroll") : null;
  const membershipInCart = ctx.lines.some((l) => catalog.plans.get(l.plan_id)?.is_membership === 1);
  const needsMembership = plan.membership_required === 1 && quoted?.enroll_type !== "existing-member" && !membershipInCart;
  const membershipOptions =
    needsMembership && facts && catalog.membershipPlanId
      ? (() => {
          const m = catalog.plans.get(catalog.membershipPlanId)!;
          const r = pricingFor(catalog, m.id, facts);
          const mText = planText(m, locale);
          return r.ok
            ? r.entries.map((e) => ({
                planPriceId: e.planPriceId,
                priceCents: e.priceCents,
                name: mText?.name ?? m.code,
                bodyHtml: sanitizeHtml(mText?.short_text),
              }))
            : [];
        })()
      : [];
  const companionPlan = plan.is_premier && plan.premier_pair_plan_id ? catalog.plans.get(plan.premier_pair_plan_id) : undefined;
  const companionPricing = companionPlan && facts ? pricingFor(catalog, companionPlan.id, facts) : null;
  const suggestions = (catalog.suggested.get(plan.id) ?? [])
    .map((id) => catalog.plans.get(id))
    .filter((p): p is CatalogPlan => Boolean(p && p.active === 1))
    .map((p) =>
      planCard(catalog, p, {
        facts,
        locale,
        cartPlanIds: ctx.cartPlanIds,
        activePlanIds: ctx.activePlanIds,
        premierInCart: ctx.premierInCart,
        outcome: ctx.outcome,
      }),
    );

  return {
    ctx,
    data: {
      plan: {
        id: plan.id,
        href: planHref(plan),
        name: text?.name ?? plan.code,
        logoUrl: safeUrl(plan.logo_url),
        callout: text?.callout_text ?? null,
        headerText: text?.header_text ?? null,
        blueBarText: text?.blue_bar_text ?? null,
        associationHtml: sanitizeHtml(text?.association_text, { headingLevel: 3 }),
        bodyHtml: sanitizeHtml(text?.body_text, { headingLevel: 3 }),
        exclusions: text?.exclusions_text
          ? { title: text.exclusions_title, html: sanitizeHtml(text.exclusions_text, { headingLevel: 3 }) }
          : null,
        example: text?.example_text ? { title: text.example_title, html: sanitizeHtml(text.example_text, { headingLevel: 3 }) } : null,
        faq: text?.faq_text ? { title: text.faq_title, html: sanitizeHtml(text.faq_text, { headingLevel: 3 }) } : null,
        specialMessageHtml: sanitizeHtml(text?.special_message, { headingLevel: 3 }),
        declineHtml: sanitizeHtml(text?.decline_message, { headingLevel: 3 }),
        hideAddToCart: plan.hide_add_to_cart === 1,
        requiresSalary: plan.requires_salary === 1,
        minWorkingHours: plan.min_working_hours,
        tobaccoRated: plan.tobacco_rated === 1,
        isPremier: plan.is_premier === 1,
      },
      quoted: Boolean(quoted),
      inCart: ctx.cartPlanIds.has(plan.id),
      /** the member holds it already, active: their current plan, never added again (issue 26 #8) */
      current: ctx.activePlanIds.has(plan.id),
      pricing,
      eligibility: questions.eligibility.length && eligibilityOutcome !== "accepted" ? questions.eligibility.map(localized) : null,
      enrollQuestions: plan.has_enroll_questions === 1 ? { outcome: enrollOutcome } : null,
      membershipOptions,
      needsMembership,
      companion: companionPlan
        ? {
            name: planText(companionPlan, locale)?.name ?? companionPlan.code,
            priceCents: companionPricing?.ok ? companionPricing.entries[0].priceCents : null,
          }
        : null,
      salary: { annualIncome: quoted?.annual_income ?? null, workingHours: quoted?.working_hours ?? null },
      smoker: quoted?.is_smoker ?? null,
      suggestions,
      filter: ctx.filter,
      banner: ctx.banner,
      eprocess: ctx.session.get("eprocess") ?? null,
      hasMember: Boolean(ctx.session.get("memberId")),
      enrollType: ctx.session.get("enrollType") ?? null,
      hasPortalOrGroup: Boolean(ctx.session.get("portalId") || ctx.session.get("groupId")),
      memberDashboardUrl: safeUrl(assets.member_dashboard_url),
    },
  };
}

/**
 * The plan at /plan/:id: an active plan other than the membership; a retired plan sends the
 * visitor to the plan that replaced it ("changePid"); anything else is 404.
 */
export async function planForPage(services: Services, idParam: string | undefined): Promise<CatalogPlan> {
  const id = Number(idParam);
  const catalog = await catalogToday(services);
  const plan = Number.isSafeInteger(id) ? catalog.plans.get(id) : undefined;
  if (!plan) throw new Response("Not Found", { status: 404 });
  if (plan.active !== 1) {
    const next = catalog.replacedBy.get(plan.id);
    const replacement = next ? catalog.plans.get(next) : undefined;
    if (replacement?.active === 1) throw redirect(planHref(replacement));
    throw new Response("Not Found", { status: 404 });
  }
  if (plan.is_membership === 1) throw new Response("Not Found", { status: 404 });
  return plan;
}
