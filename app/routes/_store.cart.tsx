import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useActionData, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { readForm, field } from "~/.server/platform/request";
import { shoppingContext, currentEnrollment, isQuoted } from "~/.server/store/shopping";
import { cartView, removeCartLine } from "~/.server/store/cart-view";
import { recommendedCards } from "~/.server/store/recommended";
import { handleAddToCart } from "~/.server/store/add-to-cart";
import { cancelEnrollment, chooseEffectiveDate } from "~/.server/store/checkout";
import { previewQuote, quoteRecipient, sendQuote } from "~/.server/store/saved-quotes";
import { hostOf } from "~/.server/store/site";
import { comparisonForEmail } from "~/.server/store/compare";
import { redirectWithSession } from "~/.server/platform/respond";
import { effectiveDateValidator, saveCartValidator } from "~/forms/cart";
import { CartPage } from "~/components/CartPage";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("cart");

/** /cart — storefront §2 "Cart". */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const ctx = await shoppingContext(requestContext({ request, context }));
  const url = new URL(request.url);
  const dialog = url.searchParams.get("dialog");
  if (!isQuoted(ctx.enrollment)) return json({ empty: true as const, banner: ctx.banner, dialog: null });
  const [view, recommended] = await Promise.all([
    cartView(services, ctx.enrollment, ctx.locale),
    ctx.session.get("eprocess") !== "group"
      ? recommendedCards(services, { enrollment: ctx.enrollment, facts: ctx.facts, over65: ctx.over65, locale: ctx.locale })
      : Promise.resolve([]),
  ]);
  const lineId = Number(url.searchParams.get("line"));
  const quoteId = Number(url.searchParams.get("quote"));
  const sentTo = dialog === "quote-sent" && quoteId ? await quoteRecipient(services, quoteId, ctx.enrollment.id) : null;
  return json({
    empty: false as const,
    banner: ctx.banner,
    cart: view,
    recommended,
    dialog,
    dialogLine: view.lines.find((l) => l.id === lineId) ?? null,
    sentTo,
    checkedOut: ctx.enrollment.status === "checked_out",
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const session = await requestContext({ request, context }).session;
  const enrollment = await currentEnrollment(services, session);
  const intent = field(form, "intent", 30);
  const locale = await requestContext({ request, context }).locale;

  if (intent === "cancel-enrollment") {
    await cancelEnrollment(services, session, enrollment);
    session.flash({ kind: "info", key: "cart.cancelled" });
    return redirectWithSession(services, session, "/plans");
  }
  if (!isQuoted(enrollment)) return redirectWithSession(services, session, "/plans");

  switch (intent) {
    case "add":
      return handleAddToCart(services, request, session, form, { from: "listing", back: "/cart" });
    case "remove": {
      const lineId = Number(field(form, "lineId", 12));
      const outcome = Number.isSafeInteger(lineId) && lineId > 0 ? await removeCartLine(services, enrollment, lineId) : "notInCart";
      session.flash(
        outcome === "removed"
          ? { kind: "success", key: "cart.removed" }
          : { kind: "error", key: outcome === "notRemovable" ? "cart.notRemovable" : "cart.notInCart" },
      );
      return redirectWithSession(services, session, "/cart");
    }
    case "checkout": {
      const result = await effectiveDateValidator.validate(form);
      if (result.error) return validationError(result.error, result.submittedData);
      if (!(await chooseEffectiveDate(services, enrollment, result.data.effectiveDate))) {
        return validationError({ fieldErrors: { effectiveDate: "validation.effectiveDate" }, formId: result.formId }, result.submittedData);
      }
      return redirectWithSession(services, session, "/confirmation");
    }
    case "preview": {
      const result = await saveCartValidator.validate(form);
      if (result.error) return validationError(result.error, result.submittedData);
      const comparison = result.data.includeComparison ? await comparisonForEmail(services, session, enrollment, locale) : null;
      const email = await previewQuote(services, enrollment, { ...result.data, comparison }, locale, hostOf(request));
      // Nothing changes on a preview, so it answers in place; the form keeps what was typed.
      return json({
        preview: { subject: email.subject, html: email.bodyHtml },
        values: {
          name: result.data.name,
          email: result.data.email,
          message: result.data.message ?? "",
          includeComparison: result.data.includeComparison ? "1" : "",
        },
      });
    }
    case "send-quote": {
      const result = await saveCartValidator.validate(form);
      if (result.error) return validationError(result.error, result.submittedData);
      const comparison = result.data.includeComparison ? await comparisonForEmail(services, session, enrollment, locale) : null;
      const sent = await sendQuote(services, enrollment, { ...result.data, comparison }, locale, hostOf(request), context.clientIp);
      if (!sent.ok)
        return validationError({ fieldErrors: { email: sent.error }, formId: result.formId }, result.submittedData, {
          status: sent.error === "validation.tooManyQuotes" ? 429 : 422,
        });
      return redirectWithSession(services, session, `/cart?dialog=quote-sent&quote=${sent.quoteId}`);
    }
    default:
      throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  }
}

export default function Cart() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const preview = actionData && "preview" in actionData ? { ...actionData.preview, values: actionData.values } : null;
  return <CartPage data={data} preview={preview} />;
}
