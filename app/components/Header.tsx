import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { ShellData } from "~/.server/shell";
import { formatMoney, telHref } from "~/utils/format";
import * as s from "./Header.css";

export function Header({ shell, homeHref }: { shell: ShellData; homeHref: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { branding, site, cart, menu, adminLinks, locale } = shell;
  const here = location.pathname + location.search;
  const other = locale === "es" ? "en" : "es";

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
          {branding.logoUrl ? <img src={branding.logoUrl} alt={t("shell.logoAlt", { name: branding.name })} width={180} height={48} /> : <span>{branding.name}</span>}
        </Link>
        {branding.tagline ? <p className={s.tagline}>{branding.tagline}</p> : null}
        <Link to="/cart" className={s.cart} title={t("shell.viewCart")}>
          <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24">
            <path fill="currentColor" d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.6 3H21l-2 8H7.3L5 2H1v2h4.2Z" />
          </svg>
          <span className="visually-hidden">{t("shell.viewCart")}: </span>
          <span data-testid="cart-count">{t("shell.cartCount", { count: cart.count })}</span>
          <span aria-hidden="true"> · </span>
          <span data-testid="cart-amount">{formatMoney(cart.amountCents, locale)}</span>
        </Link>
      </div>
      <nav className={s.nav} aria-label={t("shell.categoryMenu")}>
        <ul className={`container ${s.navList}`}>
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
      </nav>
    </header>
  );
}
