import { Form } from "@remix-run/react";
import { Link } from "~/components/Link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n-react";
import { useHomeHref } from "./useHomeHref";

/** 'OOPS! Page not found' with a Back to Homepage button (to the visitor's home, storefront §2 "Home target"). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const homeHref = useHomeHref();
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

/** The refusals of a posted form (readForm and the actions): nothing of it was saved. */
const REFUSED_FORMS = new Set(["bad-form", "malformed-form", "not-a-form", "csrf", "too-large"]);

/**
 * A 4xx/5xx page. `canPost`: the page is inside the shell's CSRF provider, so it may offer a form
 * (a saved enrollment that cannot be opened offers Start a new enrollment: the wizard's start-new).
 */
export function StatusErrorPage({
  status,
  code,
  requestId,
  canPost = false,
}: {
  status: number;
  code?: string;
  requestId?: string;
  canPost?: boolean;
}) {
  const { t } = useTranslation();
  const homeHref = useHomeHref();
  const kind =
    code === "sealed"
      ? "cannotOpen"
      : code === "bad-address"
        ? "badAddress"
        : code === "role"
          ? "role"
          : status === 403
            ? "forbidden"
            : status === 413
              ? "tooLarge"
              : status === 415
                ? "notAForm"
                : status === 400
                  ? "badRequest"
                  : status === 429
                    ? "tooMany"
                    : status === 410
                      ? "gone"
                      : "server";
  return (
    <div className="stack">
      <h1>{t(`errorPage.${kind}.title`)}</h1>
      <p>{t(`errorPage.${kind}.body`)}</p>
      {code === "csrf" ? <p>{t("errorPage.forbidden.csrfHint")}</p> : null}
      {code === "malformed-form" ? <p>{t("errorPage.badRequest.malformedHint")}</p> : null}
      {code && REFUSED_FORMS.has(code) ? <p>{t("errorPage.nothingSaved")}</p> : null}
      {requestId ? (
        <p className="muted">
          {t("errorPage.reference")} <code data-testid="error-reference">{requestId}</code>
        </p>
      ) : null}
      {kind === "cannotOpen" && canPost ? (
        <Form method="post" action="/enrollment/personal-info">
          <AuthenticityTokenInput />
          <button className="button" type="submit" name="intent" value="start-new">
            {t("errorPage.cannotOpen.startNew")}
          </button>
        </Form>
      ) : null}
      <p>
        <Link className={kind === "cannotOpen" && canPost ? "button button--secondary" : "button"} to={homeHref}>
          {t("notFound.backHome")}
        </Link>
      </p>
    </div>
  );
}
