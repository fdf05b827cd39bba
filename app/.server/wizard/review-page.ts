/**
 * The review-confirm page of the wizard: what it shows and what each of its buttons does (the route
 * only loads the wizard and hands over: issue 25, thin routes).
 */
import { redirect } from "@remix-run/node";
import { json } from "../platform/loader-json";
import { validationError } from "remix-validated-form";
import { field } from "../platform/request";
import { readStep, stepChrome, type WizardContext } from "./steps";
import { commonIntent } from "./step-controls";
import { cartView } from "../store/cart-view";
import { summarize } from "./review-summary";
import { completeEnrollment, saveReviewChoices } from "./completion";
import { openReceipt } from "./enrollment-session";
import { textSignatureOffered } from "./text-signature";
import type { Services } from "../services";
import { reviewValidator } from "~/forms/review";
import { isTabName, screenOf, type TabName } from "~/domain/wizard-steps";
import { changeHref } from "~/domain/wizard";
import type { Translate } from "./registry";

const HERE = "/enrollment/review-confirm";

/**
 * The text-message signature request is offered when no IHA plan is in the cart, a plan needs
 * a signature, a rep or group is enrolling, and the applicant has not signed yet.
 */
async function smsSignatureChoice(services: Services, ctx: WizardContext) {
  const [offered, agreement] = await Promise.all([
    textSignatureOffered(services, ctx.enrollment, ctx.planIds),
    readStep(services, ctx.enrollment.id, "agreement_info"),
  ]);
  return offered && !(agreement?.completed && agreement.data.method);
}

/**
 * "Check your answers" (issue 26 #10): a card per required step (agreement always) with every
 * answer and its Change link, the order summary, the notes and Complete.
 */
export async function reviewStepPage(services: Services, ctx: WizardContext, request: Request) {
  const url = new URL(request.url);
  const tabs: TabName[] = ctx.state.steps.filter((s) => s !== "review_info");
  if (!tabs.includes("agreement_info")) tabs.push("agreement_info");
  const t = await services.i18n.getFixedT(ctx.locale, "common");
  const [view, showSms, answers] = await Promise.all([
    cartView(services, ctx.enrollment, ctx.locale),
    smsSignatureChoice(services, ctx),
    Promise.all(tabs.map((tab) => summarize(services, ctx, t as unknown as Translate, tab))),
  ]);
  return json({
    chrome: stepChrome(ctx),
    tiles: tabs.map((tab, i) => {
      const inList = ctx.state.steps.includes(tab);
      // a step the cart does not ask for has nothing to change
      const groups = inList ? answers[i] : answers[i].map((g) => ({ ...g, lines: g.lines.map((l) => ({ ...l, change: null })) }));
      return { tab, inList, done: ctx.state.completed.has(tab), change: inList ? changeHref(tab) : null, groups };
    }),
    cart: {
      lines: view.lines.map((l) => ({ id: l.id, name: l.name, priceCents: l.priceCents })),
      totals: view.totals,
      effectiveDate: ctx.enrollment.effective_date,
    },
    notes: ctx.enrollment.additional_notes ?? "",
    showSms,
    dialog: url.searchParams.get("dialog"),
  });
}

export async function reviewStepAction(services: Services, ctx: WizardContext, form: FormData) {
  const common = await commonIntent(services, ctx, form);
  if (common) return common;
  const intent = field(form, "intent", 20);
  const commit = async () => ({ headers: { "Set-Cookie": await services.sessions.commit(ctx.session) } });

  if (intent === "edit") {
    const tab = field(form, "tab", 40);
    if (!isTabName(tab) || tab === "review_info" || !ctx.state.steps.includes(tab)) return redirect(HERE);
    // Edit Details: the step saves and comes back here (the return marker).
    ctx.session.set("navto", "review");
    return redirect(`/enrollment/${screenOf(tab)}`, await commit());
  }
  // A refused post changes nothing: the intent is checked before anything is saved.
  if (intent !== "complete" && intent !== "save-later") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  const result = await reviewValidator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  // The box counts only where it is offered; where it is, an unsigned enrollment needs it.
  const showSms = await smsSignatureChoice(services, ctx);
  const sendSms = showSms && result.data.send_sms;
  if (intent === "save-later") {
    await saveReviewChoices(services, ctx.enrollment.id, { notes: result.data.additional_notes, sendSms });
    return redirect(`${HERE}?dialog=save-later`);
  }
  if (showSms && !sendSms) return validationError({ fieldErrors: { send_sms: "validation.signatureByText" } }, result.submittedData);
  // Complete checks the cart and every step again, inside its transaction; a refusal lists
  // what to fix, each with a way to its step ("Dependent #n {message}" among them).
  let done;
  try {
    done = await completeEnrollment(services, ctx, { notes: result.data.additional_notes, sendSms });
  } catch (error) {
    // a page of its own (a saved value no configured key opens: 409), not the error dialog
    if (error instanceof Response) throw error;
    services.log.error("complete enrollment failed", {
      enrollmentId: ctx.enrollment.id,
      reason: error instanceof Error ? error.message : "unknown",
    });
    return redirect(`${HERE}?dialog=error`);
  }
  // Refused: nothing was saved (the notes neither); the page shows them again as typed.
  if (!done.ok && done.reason === "refused")
    return json({ problems: done.problems, notes: result.data.additional_notes ?? "" }, { status: 422 });
  if (!done.ok) return redirect(`${HERE}?dialog=error`);
  openReceipt(services, ctx.session, done.enrollmentId);
  return redirect("/enrollment/receipt", await commit());
}
