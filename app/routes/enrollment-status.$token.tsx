import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { statusFromLink } from "~/.server/carriers/status-link";
import { CarrierStatusList } from "~/components/CarrierStatusList";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("enrollmentStatus", [{ name: "robots", content: "noindex" }]);

/**
 * /enrollment-status/{token}: the link in the receipt e-mail (issue 29, ADR 024). It shows only
 * where each plan stands at its carrier — no name, number, address or code — and writes nothing
 * (mail scanners follow links). An unknown, malformed or expired token is the 404 page.
 */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const { services } = context;
  const items = await statusFromLink(services, params.token ?? "", await requestContext({ request, context }).locale);
  if (!items) throw new Response("Not Found", { status: 404 });
  return json({ items }, { headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } });
}

export default function EnrollmentStatus() {
  const { items } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("enrollmentStatus.title")}</h1>
      <p>{t("enrollmentStatus.intro")}</p>
      {items.length ? <CarrierStatusList items={items} /> : <p className="notice">{t("enrollmentStatus.none")}</p>}
    </div>
  );
}
