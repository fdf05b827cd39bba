import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** 'OOPS! Page not found' with a Back to Homepage button. */
export function NotFoundPage({ homeHref = "/" }: { homeHref?: string }) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.body")}</p>
      <p>
        <Link className="button" to={homeHref}>
          {t("notFound.backHome")}
        </Link>
      </p>
    </div>
  );
}

export function StatusErrorPage({ status, code, requestId }: { status: number; code?: string; requestId?: string }) {
  const { t } = useTranslation();
  const kind = status === 403 ? "forbidden" : status === 413 ? "tooLarge" : status === 400 ? "badRequest" : status === 429 ? "tooMany" : "server";
  return (
    <div className="stack">
      <h1>{t(`errorPage.${kind}.title`)}</h1>
      <p>{t(`errorPage.${kind}.body`)}</p>
      {code === "csrf" ? <p>{t("errorPage.forbidden.csrfHint")}</p> : null}
      {requestId ? (
        <p className="muted">
          {t("errorPage.reference")} <code data-testid="error-reference">{requestId}</code>
        </p>
      ) : null}
      <p>
        <Link className="button" to="/">
          {t("notFound.backHome")}
        </Link>
      </p>
    </div>
  );
}
