import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("landingConfigError");

const TYPES = ["rep", "group"] as const;

/** 'Landing url is not configured for this {type}', with a link home. */
export function loader({ params }: LoaderFunctionArgs) {
  const type = (TYPES as readonly string[]).includes(params.enrollType ?? "") ? (params.enrollType as (typeof TYPES)[number]) : null;
  if (!type) throw new Response("Not Found", { status: 404 });
  return json({ type });
}

export default function LandingConfigError() {
  const { type } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("landingConfigError.title")}</h1>
      <p className="notice notice--warning" data-testid="landing-config-error">
        {t("landingConfigError.message", { type: t(`landingConfigError.types.${type}`) })}
      </p>
      <p>
        <Link className="button" to="/access">
          {t("notFound.backHome")}
        </Link>
      </p>
    </div>
  );
}
