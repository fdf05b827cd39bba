/**
 * The add-to-cart form, wherever it is (plans, recommendations, plan detail): add, then
 * redirect with the server's message carried in the flash (a dialog with JavaScript or not).
 */
import { redirect } from "@remix-run/node";
import { localRedirect } from "../platform/redirect";
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import { field } from "../platform/request";
import { catalogToday, currentEnrollment, isQuoted } from "./shopping";
import { addPlanToCart } from "./cart";
import { planHref } from "./plan-cards";
import { localeOf } from "~/domain/locale";
import { backToCard } from "~/domain/card-anchor";
import { recordIdFrom } from "~/domain/record-id";

export async function handleAddToCart(
  services: Services,
  request: Request,
  session: StoreSession,
  form: FormData,
  options: { from: "listing" | "detail"; back: string; toCard?: boolean },
) {
  const back = localRedirect(field(form, "redirectTo", 500) || options.back, options.back);
  const done = async (to: string) => redirect(to, { headers: { "Set-Cookie": await services.sessions.commit(session) } });
  // A card of a list sends "add=<plan id>:<price id>" (one form for the whole list); the plan page sends both fields.
  const pair = /^(\d{1,12}):(\d{1,12})$/.exec(field(form, "add", 30));
  const planId = recordIdFrom(pair ? pair[1] : field(form, "planId", 12));
  const planPriceId = recordIdFrom(pair ? pair[2] : field(form, "planPriceId", 12));
  const catalog = await catalogToday(services);
  const plan = planId ? catalog.plans.get(planId) : undefined;
  if (!plan || !planPriceId) {
    session.flash({ kind: "error", key: "cart.unknownPlan" });
    return done(back);
  }
  const detail = planHref(plan);
  const enrollment = await currentEnrollment(services, session);
  if (!isQuoted(enrollment)) {
    session.flash({ kind: "info", key: "cart.quoteFirst" });
    return done(`${detail}?dialog=quote`);
  }
  const locale = localeOf(await services.i18n.getLocale(request));
  const membershipPriceId = recordIdFrom(field(form, "membershipPriceId", 12));
  const result = await addPlanToCart(services, enrollment, { planId: plan.id, planPriceId, membershipPriceId, locale });
  if (result.status === "success") {
    if (options.from === "detail") {
      session.flash({ kind: "success", key: "cart.addedMessage", values: { plan: result.planName } });
      return done("/cart");
    }
    session.flash({ kind: "success", key: "cart.addedMessage", values: { plan: result.planName }, dialog: "cart-added" });
    return done(options.toCard ? backToCard(back, plan.id) : back);
  }
  switch (result.code) {
    case "alreadyActive":
      session.flash({ kind: "info", key: "cart.alreadyActive", values: { plan: result.planName }, dialog: "already-active" });
      return done(options.toCard ? backToCard(back, plan.id) : back);
    case "blackout":
      session.flash({ kind: "error", key: "cart.blackout", values: { plan: result.planName } });
      return done(back);
    case "alreadyInCart":
      session.flash({ kind: "info", key: "cart.alreadyInCart", values: { plan: result.planName } });
      return done(back);
    case "declined":
      session.flash({ kind: "error", key: "cart.declined", values: { plan: result.planName } });
      return done(detail);
    case "needsMembership":
      session.flash({ kind: "info", key: "cart.needsMembership" });
      return done(`${detail}?dialog=membership`);
    case "unknownPlan":
    case "notSold":
    case "hidden":
      session.flash({ kind: "error", key: "cart.unknownPlan" });
      return done(back);
    default:
      // questions to answer, a price to work out (salary, tobacco…): the plan page leads on
      return done(options.from === "detail" ? back : detail);
  }
}
