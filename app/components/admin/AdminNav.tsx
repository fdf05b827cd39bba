/**
 * The console's frame (issue 27): who is signed in, the areas their role may open, Log out, and
 * (JavaScript only) the idle-timeout warning with the console's own keep-alive and way out.
 */
import { lazy, Suspense } from "react";
import { Form } from "@remix-run/react";
import { Link } from "~/components/Link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n-react";
import type { SessionUrls } from "~/components/SessionTimeout";
import type { AdminFrameData } from "~/views/admin";

const SessionTimeout = lazy(() => import("~/components/SessionTimeout").then((m) => ({ default: m.SessionTimeout })));
const OPERATOR_URLS: SessionUrls = { status: "/admin/session", expired: "/admin?ended=idle", logout: "/admin/logout" };

export function AdminNav({ frame }: { frame: AdminFrameData }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <div className="stack">
      <nav aria-label={t("admin.nav.label")} className="card">
        <p>
          {t("admin.nav.signedInAs", { name: frame.operator.name, role: t(`admin.roles.${frame.operator.role}`) })}{" "}
          <Link to="/admin/account">{t("admin.nav.account")}</Link>
        </p>
        <ul className="admin-menu">
          {frame.areas.map((a) => (
            <li key={a.href}>
              <Link to={a.href}>{t(a.key)}</Link>
            </li>
          ))}
        </ul>
        <Form method="post" action="/admin/logout" className="inline-form">
          <AuthenticityTokenInput />
          <button className="button button--secondary" type="submit">
            {t("shell.logout")}
          </button>
        </Form>
      </nav>
      {hydrated ? (
        <Suspense fallback={null}>
          <SessionTimeout limits={frame.limits} urls={OPERATOR_URLS} />
        </Suspense>
      ) : null}
    </div>
  );
}
