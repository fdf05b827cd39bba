import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { validationError } from "remix-validated-form";
import { readForm, field } from "~/.server/request";
import { loadCatalog } from "~/.server/repositories/catalog";
import { planDetail } from "~/.server/plan-detail";
import { planHref } from "~/.server/plan-cards";
import { submitQuote } from "~/.server/quote";
import { handleAddToCart } from "~/.server/add-to-cart";
import { currentEnrollment, isQuoted } from "~/.server/shopping";
import { updateEnrollment } from "~/.server/repositories/enrollments";
import { savePlanAnswers } from "~/.server/repositories/answers";
import { repriceCart } from "~/.server/cart";
import { findMember, repGroups, repPortals, allPortals } from "~/.server/repositories/entry";
import { startExistingMemberEnrollment } from "~/.server/existing-member";
import { redirectWithSession } from "~/.server/respond";
import { eligibilityValidator, salaryValidator, tobaccoValidator } from "~/forms/plan";
import { dependentsInfoValidator, tierChoiceValidator } from "~/forms/quote";
import { newMemberValidator, portalOnlyValidator } from "~/forms/entry";
import { needsChildren, needsSpouse, isTier } from "~/domain/tiers";
import { todayIso } from "~/domain/dates";
import { PlanPage } from "~/components/PlanPage";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.plan.name ?? "Plan" }];

async function findPlan(context: LoaderFunctionArgs["context"], idParam: string | undefined) {
  const id = Number(idParam);
  const catalog = await loadCatalog(context.services.db);
  const plan = Number.isSafeInteger(id) ? catalog.plans.get(id) : undefined;
  if (!plan) throw new Response("Not Found", { status: 404 });
  // A retired plan answers "changePid": go to the plan that replaced it.
  if (plan.active !== 1) {
    const next = catalog.replacedBy.get(plan.id);
    const replacement = next ? catalog.plans.get(next) : undefined;
    if (replacement?.active === 1) throw redirect(planHref(replacement));
    throw new Response("Not Found", { status: 404 });
  }
  if (plan.is_membership === 1) throw new Response("Not Found", { status: 404 });
  return plan;
}

/** /plan/:id/:planName — plan detail (storefront §2 "Plan detail"). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const plan = await findPlan(context, params.id);
  const canonical = planHref(plan);
  const url = new URL(request.url);
  if (url.pathname !== canonical) throw redirect(canonical + url.search);
  const { ctx, data } = await planDetail(context.services, request, plan);
  const dialog = url.searchParams.get("dialog");
  let portalChoice = null;
  if (dialog === "portal") {
    const agentId = ctx.session.get("eprocess") === "rep" ? ctx.session.get("agentId") : undefined;
    const [portals, groups] = await Promise.all([agentId ? repPortals(context.services.db, agentId) : allPortals(context.services.db), agentId ? repGroups(context.services.db, agentId) : Promise.resolve([])]);
    portalChoice = {
      forRep: Boolean(agentId),
      portals: portals.map((p) => ({ value: String(p.id), label: `${p.name} (${p.code})` })),
      groups: groups.map((g) => ({ value: String(g.id), label: `${g.company_name} (${g.group_code})` })),
    };
  }
  const tierParam = url.searchParams.get("tier");
  return json({
    ...data,
    dialog,
    portalChoice,
    dependentsFor: dialog === "dependents" && isTier(tierParam) && tierParam !== "IO" ? tierParam : null,
    chosenMembership: Number(url.searchParams.get("membership")) || null,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const plan = await findPlan(context, params.id);
  const here = planHref(plan);
  const session = await services.sessions.read(request);
  const intent = field(form, "intent", 20);
  const locale = (await services.i18n.getLocale(request)) === "es" ? "es" : "en";

  if (intent === "add") return handleAddToCart(services, request, session, form, { from: "detail", back: here });
  if (intent === "quote") return submitQuote(services, request, session, form, { requireCategory: false, next: () => here });

  if (intent === "tier" || intent === "dependents") {
    const member = session.get("memberId") ? await findMember(services.db, session.get("memberId")!) : undefined;
    if (!member) return redirectWithSession(services, session, here);
    if (intent === "tier") {
      const result = await tierChoiceValidator.validate(form);
      if (result.error) return validationError(result.error, result.submittedData);
      if (needsSpouse(result.data.tier) || needsChildren(result.data.tier)) return redirectWithSession(services, session, `${here}?dialog=dependents&tier=${result.data.tier}`);
      await startExistingMemberEnrollment(services, request, session, member, { tier: result.data.tier, spouseDob: null, childCount: 0 });
      return redirectWithSession(services, session, here);
    }
    const result = await dependentsInfoValidator(todayIso(services.now())).validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    await startExistingMemberEnrollment(services, request, session, member, result.data);
    return redirectWithSession(services, session, here);
  }

  if (intent === "portal") {
    const agentId = session.get("eprocess") === "rep" ? session.get("agentId") : undefined;
    if (agentId) {
      const result = await newMemberValidator.validate(form);
      if (result.error) return validationError(result.error, result.submittedData);
      const portals = await repPortals(services.db, agentId);
      if (!portals.some((p) => p.id === result.data.portal)) return validationError({ fieldErrors: { portal: "validation.choosePlatform" }, formId: result.formId }, result.submittedData);
      const choice = result.data;
      if (choice.choice === "group") {
        const groups = await repGroups(services.db, agentId);
        if (!groups.some((g) => g.id === choice.group)) return validationError({ fieldErrors: { group: "validation.chooseGroup" }, formId: result.formId }, result.submittedData);
        return redirectWithSession(services, session, `${here}?dialog=quote`, { set: { portalId: choice.portal, groupId: choice.group, enrollType: "new-group-member" }, unset: ["tempId"] });
      }
      return redirectWithSession(services, session, `${here}?dialog=quote`, { set: { portalId: result.data.portal, enrollType: "new-member" }, unset: [] });
    }
    const result = await portalOnlyValidator.validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    const portals = await allPortals(services.db);
    if (!portals.some((p) => p.id === result.data.portal)) return validationError({ fieldErrors: { portal: "validation.choosePlatform" }, formId: result.formId }, result.submittedData);
    return redirectWithSession(services, session, `${here}?dialog=quote`, {
      set: { portalId: result.data.portal, enrollType: session.get("groupId") ? "new-group-member" : (session.get("enrollType") ?? "new-member") },
      unset: [],
    });
  }

  // The rest change the quote: they need the visitor's own enrollment.
  const enrollment = await currentEnrollment(services, session);
  if (!isQuoted(enrollment)) return redirectWithSession(services, session, `${here}?dialog=quote`);

  if (intent === "salary") {
    const result = await salaryValidator(plan.min_working_hours !== null).validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    const values = { annual_income: result.data.annualIncome, ...(result.data.workingHours !== undefined ? { working_hours: result.data.workingHours } : {}) };
    await updateEnrollment(services.db, enrollment.id, values, services.now());
    await repriceCart(services, { ...enrollment, ...values }, locale);
    return redirectWithSession(services, session, here);
  }
  if (intent === "tobacco") {
    const result = await tobaccoValidator.validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    await updateEnrollment(services.db, enrollment.id, { is_smoker: result.data.smoker }, services.now());
    const removed = await repriceCart(services, { ...enrollment, is_smoker: result.data.smoker }, locale);
    if (removed.length) session.flash({ kind: "warning", key: "quote.removedFromCart", values: { plans: removed.join(", ") } });
    return redirectWithSession(services, session, here);
  }
  if (intent === "eligibility") {
    const questions = (await loadCatalog(services.db)).questions.get(plan.id)?.eligibility ?? [];
    if (!questions.length) return redirectWithSession(services, session, here);
    const result = await eligibilityValidator(questions).validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    await savePlanAnswers(services.db, { enrollmentId: enrollment.id, planId: plan.id, kind: "eligibility", answersEnc: services.cipher.encryptJson(result.data), outcome: "accepted", now: services.now() });
    return redirectWithSession(services, session, here);
  }
  throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
}

export default function PlanDetailRoute() {
  const data = useLoaderData<typeof loader>();
  return <PlanPage data={data} />;
}
