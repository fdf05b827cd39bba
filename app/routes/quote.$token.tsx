import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cartFromToken, restoreCart } from "~/.server/store/saved-quotes";
import { NotFoundPage } from "~/components/ErrorPage";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("savedQuote");

/**
 * The link in a quote e-mail: an unguessable, expiring token restores that cart in this
 * browser. An unknown or expired link is the 404 page, never someone else's cart. A cart
 * enrolled since says so: a quote's reader is not shown the receipt (its confirmation number
 * is for whoever holds the enrollment's own resume code or direct link).
 */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const { services } = context;
  const enrollment = await cartFromToken(services, params.token ?? "");
  if (!enrollment || enrollment.status === "cancelled") throw new Response("Not Found", { status: 404 });
  if (enrollment.status === "completed") return json({ state: "completed" as const });
  const session = await services.sessions.read(request);
  await restoreCart(services, session, enrollment);
  return redirect("/cart", { headers: { "Set-Cookie": await services.sessions.commit(session) } });
}

export default function QuoteLink() {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <div className="notice notice--success" data-testid="enrollment-complete">
        <h1>{t("receipt.alreadyComplete")}</h1>
        <p>{t("receipt.alreadyCompleteBody")}</p>
      </div>
      <p>
        <Link className="button" to="/">
          {t("receipt.returnHome")}
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
