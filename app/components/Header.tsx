import { Form, NavLink, useLocation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { ShellData } from "~/views/shell";
import { formatMoney, telHref } from "~/utils/format";
import * as s from "./Header.css";

function withDialog(here: string, dialog: string) {
  const url = new URL(here, "http://local");
  url.searchParams.set("dialog", dialog);
  return url.pathname + url.search;
}

export function Header({ shell }: { shell: ShellData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { branding, site, cart, menu, adminLinks, locale, mode, homeHref } = shell;
  const here = location.pathname + location.search;
  const other = locale === "es" ? "en" : "es";
  // The wizard keeps its header to the essentials (issue 26 #1): no recommendations button there.
  const inWizard = location.pathname.startsWith("/enrollment/");
  // With JavaScript a navigation keeps the header: the folded menu closes again on each page.
  const menuRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, [location.pathname, location.search]);

  return (
    <header className={s.header}>
      <a className="skip-link" href="#main">
        {t("shell.skipToContent")}
      </a>
      <div className={s.contactBar}>
        <div className={`container ${s.contactInner}`}>
          {site.isDefault && branding.kind === "site" ? (
            <p className={s.contactText}>
              {t("shell.questionsCall")} <a href={telHref(site.supportPhone)}>{site.supportPhone}</a>
            </p>
          ) : (
            <p className={s.contactText}>
              {branding.phone ? (
                <>
                  {t("shell.call")} <a href={telHref(branding.phone)}>{branding.phone}</a>
                </>
              ) : null}
              {branding.email ? (
                <>
                  {" · "}
                  <a href={`mailto:${branding.email}`}>{branding.email}</a>
                </>
              ) : null}
            </p>
          )}
          <div className={s.tools}>
            {adminLinks.length > 0 ? (
              <details className={s.switcher}>
                <summary>{t("shell.appSwitcher")}</summary>
                <ul>
                  {adminLinks.map((l) => (
                    <li key={l.id}>
                      <a href={l.url} rel="noopener noreferrer">
                        {l.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
            {mode.eprocess === "rep" || mode.eprocess === "group" ? (
              <Form method="post" action="/logout" className="inline-form">
                <AuthenticityTokenInput />
                <button className={s.languageButton} type="submit">
                  {t("shell.logout")}
                </button>
              </Form>
            ) : null}
            <Form method="post" action="/language" className="inline-form" reloadDocument>
              <AuthenticityTokenInput />
              <input type="hidden" name="redirectTo" value={here} />
              <button className={s.languageButton} type="submit" name="lng" value={other} lang={other}>
                {t(`language.${other}`)}
              </button>
            </Form>
          </div>
        </div>
      </div>
      <div className={`container ${s.brandRow}`}>
        <Link to={homeHref} className={s.logo}>
          {branding.logoUrl ? (
            <img src={branding.logoUrl} alt={t("shell.logoAlt", { name: branding.name })} width={180} height={48} />
          ) : (
            <span>{branding.name}</span>
          )}
        </Link>
        <div className={s.tagline}>
          {branding.tagline ? <p className={s.taglineText}>{branding.tagline}</p> : null}
          {mode.enrollType === "new-group-member" && branding.kind === "group" ? (
            <p className={s.taglineText} data-testid="employer-group">
              {t("shell.enrollingWith", { name: branding.name })}
              {branding.address
                ? ` — ${branding.address.address1}, ${branding.address.city}, ${branding.address.state} ${branding.address.zip}`
                : ""}
            </p>
          ) : null}
          <p className={s.taglineText}>
            {t("shell.plansFor", { group: mode.over65 ? t("age.over65") : t("age.under65") })}{" "}
            <Link to={`/age?redirectTo=${encodeURIComponent(here)}`}>{t("shell.changeAge")}</Link>
            {branding.about ? (
              <>
                {" · "}
                <Link to={withDialog(here, "about")} preventScrollReset>
                  {t("shell.about", { name: branding.name })}
                </Link>
              </>
            ) : null}
          </p>
        </div>
        {shell.showRecommended && !inWizard ? (
          <Link to="/recommend-list?name=cart" className={`button button--secondary ${s.recommended}`}>
            {t("shell.viewRecommended")}
          </Link>
        ) : null}
        <Link to="/cart" className={s.cart} title={t("shell.viewCart")}>
          <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24">
            <path
              fill="currentColor"
              d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.6 3H21l-2 8H7.3L5 2H1v2h4.2Z"
            />
          </svg>
          <span className="visually-hidden">{t("shell.viewCart")}: </span>
          <span data-testid="cart-count">{t("shell.cartCount", { count: cart.count })}</span>
          <span aria-hidden="true"> · </span>
          <span data-testid="cart-amount">{formatMoney(cart.amountCents, locale)}</span>
        </Link>
      </div>
      <nav className={s.nav} aria-label={t("shell.categoryMenu")}>
        {/* below the breakpoint one control opens the menu (no script needed); above it the menu shows in full */}
        <details className={`container ${s.menu}`} ref={menuRef}>
          <summary className={s.menuToggle}>{t("shell.categoryMenu")}</summary>
          <ul className={s.navList}>
            <li>
              <NavLink to={homeHref} end className={s.navLink}>
                {t("shell.home")}
              </NavLink>
            </li>
            {menu.map((c) => (
              <li key={c.key}>
                <Link to={`/plans?type=${encodeURIComponent(c.key)}`} className={s.navLink}>
                  {c.label}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      </nav>
    </header>
  );
}
