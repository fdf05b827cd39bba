import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { readForm, field } from "~/.server/platform/request";
import { planDetail, planForPage } from "~/.server/store/plan-detail";
import { planHref } from "~/.server/store/plan-cards";
import { submitQuote } from "~/.server/store/quote";
import { handleAddToCart } from "~/.server/store/add-to-cart";
import { carriedQuote, openCarriedToken, withCarriedQuote } from "~/.server/store/carried-quote";
import { currentEnrollment, isQuoted } from "~/.server/store/shopping";
import { saveQuoteDetails } from "~/.server/store/quote-details";
import { eligibilityQuestions, recordPlanAnswers } from "~/.server/store/plan-questions";
import { repriceCart } from "~/.server/store/cart";
import { choosableGroups, choosablePortals } from "~/.server/store/portal-choice";
import { sessionMember, startExistingMemberEnrollment } from "~/.server/members/existing-member";
import { redirectWithSession } from "~/.server/platform/respond";
import { eligibilityValidator, salaryValidator, tobaccoValidator } from "~/forms/plan";
import { dependentsInfoValidator, tierChoiceValidator } from "~/forms/quote";
import { newMemberValidator, portalOnlyValidator } from "~/forms/entry";
import { needsChildren, needsSpouse, isTier } from "~/domain/tiers";
import { todayIso } from "~/domain/dates";
import { PlanPage } from "~/components/PlanPage";
import { titled } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";
import { portalOption } from "~/domain/portal";

/** The page offers Compare: its plan cards get a Compare checkbox and it shows the compare tray (issue 18). */
export const handle = { compare: true };

export const meta: MetaFunction<typeof loader> = (args) => titled(args, args.data ? { text: args.data.plan.name } : "plan");

/** /plan/:id/:planName — plan detail (storefront §2 "Plan detail"). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const plan = await planForPage(context.services, params.id);
  const canonical = planHref(plan);
  const url = new URL(request.url);
  if (url.pathname !== canonical) throw redirect(canonical + url.search);
  const { ctx, data } = await planDetail(requestContext({ request, context }), request, plan);
  const dialog = url.searchParams.get("dialog");
  let portalChoice = null;
  if (dialog === "portal") {
    const agentId = ctx.session.get("eprocess") === "rep" ? ctx.session.get("agentId") : undefined;
    const [portals, groups] = await Promise.all([
      choosablePortals(context.services, agentId),
      agentId ? choosableGroups(context.services, agentId) : Promise.resolve([]),
    ]);
    portalChoice = {
      forRep: Boolean(agentId),
      portals: portals.map((p) => portalOption(p, ctx.locale)),
      groups: groups.map((g) => ({ value: String(g.id), label: `${g.company_name} (${g.group_code})` })),
    };
  }
  const tierParam = url.searchParams.get("tier");
  // a rep's quote carried through the portal dialog, and shown back in the quote dialog (issue 26 #8)
  const carried = url.searchParams.get("quote");
  return json({
    ...data,
    dialog,
    portalChoice,
    carriedQuote: dialog === "portal" ? openCarriedToken(context.services, carried) : null,
    quoteDefaults: dialog === "quote" && !data.quoted ? carriedQuote(context.services, carried) : null,
    dependentsFor: dialog === "dependents" && isTier(tierParam) && tierParam !== "IO" ? tierParam : null,
    chosenMembership: Number(url.searchParams.get("membership")) || null,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const plan = await planForPage(services, params.id);
  const here = planHref(plan);
  const session = await requestContext({ request, context }).session;
  const intent = field(form, "intent", 20);
  const locale = await requestContext({ request, context }).locale;

  if (intent === "add") return handleAddToCart(services, request, session, form, { from: "detail", back: here });
  if (intent === "quote")
    return submitQuote(services, request, session, form, {
      requireCategory: false,
      next: () => here,
      portalChoice: `${here}?dialog=portal`,
      allowOtherGender: true,
    });

  if (intent === "tier" || intent === "dependents") {
    const member = await sessionMember(services, session);
    if (!member) return redirectWithSession(services, session, here);
    if (intent === "tier") {
      const result = await tierChoiceValidator.validate(form);
      if (result.error) return validationError(result.error, result.submittedData);
      if (needsSpouse(result.data.tier) || needsChildren(result.data.tier))
        return redirectWithSession(services, session, `${here}?dialog=dependents&tier=${result.data.tier}`);
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
      const carried = openCarriedToken(services, form.get("quote"));
      const result = await newMemberValidator.validate(form);
      if (result.error) return validationError(result.error, result.submittedData);
      const portals = await choosablePortals(services, agentId);
      if (!portals.some((p) => p.id === result.data.portal))
        return validationError({ fieldErrors: { portal: "validation.choosePlatform" }, formId: result.formId }, result.submittedData);
      const choice = result.data;
      if (choice.choice === "group") {
        const groups = await choosableGroups(services, agentId);
        if (!groups.some((g) => g.id === choice.group))
          return validationError({ fieldErrors: { group: "validation.chooseGroup" }, formId: result.formId }, result.submittedData);
        return redirectWithSession(services, session, withCarriedQuote(`${here}?dialog=quote`, carried), {
          set: { portalId: choice.portal, groupId: choice.group, enrollType: "new-group-member" },
          unset: ["tempId"],
        });
      }
      return redirectWithSession(services, session, withCarriedQuote(`${here}?dialog=quote`, carried), {
        set: { portalId: result.data.portal, enrollType: "new-member" },
        unset: [],
      });
    }
    const result = await portalOnlyValidator.validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    const portals = await choosablePortals(services, null);
    if (!portals.some((p) => p.id === result.data.portal))
      return validationError({ fieldErrors: { portal: "validation.choosePlatform" }, formId: result.formId }, result.submittedData);
    return redirectWithSession(services, session, `${here}?dialog=quote`, {
      set: {
        portalId: result.data.portal,
        enrollType: session.get("groupId") ? "new-group-member" : (session.get("enrollType") ?? "new-member"),
      },
      unset: [],
    });
  }

  // The rest change the quote: they need the visitor's own enrollment.
  const enrollment = await currentEnrollment(services, session);
  if (!isQuoted(enrollment)) return redirectWithSession(services, session, `${here}?dialog=quote`);

  if (intent === "salary") {
    const result = await salaryValidator(plan.min_working_hours !== null).validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    const values = {
      annual_income: result.data.annualIncome,
      ...(result.data.workingHours !== undefined ? { working_hours: result.data.workingHours } : {}),
    };
    await saveQuoteDetails(services, enrollment.id, values);
    await repriceCart(services, { ...enrollment, ...values }, locale);
    return redirectWithSession(services, session, here);
  }
  if (intent === "tobacco") {
    const result = await tobaccoValidator.validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    await saveQuoteDetails(services, enrollment.id, { is_smoker: result.data.smoker });
    const removed = await repriceCart(services, { ...enrollment, is_smoker: result.data.smoker }, locale);
    if (removed.length) session.flash({ kind: "warning", key: "quote.removedFromCart", values: { plans: removed.join(", ") } });
    return redirectWithSession(services, session, here);
  }
  if (intent === "eligibility") {
    const questions = await eligibilityQuestions(services, plan.id);
    if (!questions.length) return redirectWithSession(services, session, here);
    const result = await eligibilityValidator(questions).validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    await recordPlanAnswers(services, {
      enrollmentId: enrollment.id,
      planId: plan.id,
      kind: "eligibility",
      answers: result.data,
      outcome: "accepted",
    });
    return redirectWithSession(services, session, here);
  }
  throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
}

export default function PlanDetailRoute() {
  const data = useLoaderData<typeof loader>();
  return <PlanPage data={data} />;
}
