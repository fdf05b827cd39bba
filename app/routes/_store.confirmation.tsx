import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { readForm } from "~/.server/platform/request";
import { currentEnrollment, isQuoted } from "~/.server/store/shopping";
import { effectiveDateChoices, proceedToEnrollment } from "~/.server/store/checkout";
import { redirectWithSession } from "~/.server/platform/respond";
import { Dialog } from "~/components/Dialog";
import { isoToUs } from "~/utils/format";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("confirmation");

/** /confirmation: 'Your plans will be effective as of' the chosen date — Back to Cart or Proceed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requestContext({ request, context }).session;
  const enrollment = await currentEnrollment(services, session);
  if (!isQuoted(enrollment)) throw redirect("/cart");
  const options = await effectiveDateChoices(services, enrollment);
  if (!enrollment.effective_date || !options.includes(enrollment.effective_date)) throw redirect("/cart");
  return json({ effectiveDate: enrollment.effective_date });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  await readForm(request, services);
  const session = await requestContext({ request, context }).session;
  const enrollment = await currentEnrollment(services, session);
  if (!isQuoted(enrollment)) return redirectWithSession(services, session, "/cart");
  const result = await proceedToEnrollment(services, enrollment);
  if (!result.ok) {
    const key = { emptyCart: "cart.emptyCheckout", withdrawnPlan: "cart.withdrawnCheckout", noEffectiveDate: "validation.effectiveDate" }[
      result.reason
    ];
    session.flash({ kind: "error", key });
    return redirectWithSession(services, session, "/cart");
  }
  session.unset("navto");
  return redirectWithSession(services, session, `/enrollment/${result.screen}`);
}

export default function Confirmation() {
  const { effectiveDate } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Dialog id="confirmation" title={t("cart.confirmTitle")} closeTo="/cart" level={1}>
      <p data-testid="effective-as-of">{t("cart.effectiveAsOf", { date: isoToUs(effectiveDate) })}</p>
      <Form method="post" className="button-group">
        <AuthenticityTokenInput />
        <Link className="button button--secondary" to="/cart">
          {t("cart.backToCart")}
        </Link>
        <button className="button" type="submit">
          {t("cart.proceedToEnrollment")}
        </button>
      </Form>
    </Dialog>
  );
}
