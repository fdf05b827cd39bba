import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { ShellData } from "~/views/shell";
import { telHref } from "~/utils/format";
import * as s from "./Footer.css";

export function Footer({ shell }: { shell: ShellData }) {
  const { t } = useTranslation();
  const { site, footerLinks, branding } = shell;
  const phone = branding.phone || site.supportPhone;
  const email = branding.email || site.supportEmail;
  return (
    <footer className={s.footer}>
      <div className="container">
        {site.isDefault ? <p className={s.notice}>{t("shell.associationNotice")}</p> : null}
        <div className={s.columns}>
          <nav aria-label={t("shell.footerLinks")}>
            <h2 className={s.heading}>{t("shell.usefulLinks")}</h2>
            <ul className={s.list}>
              {footerLinks.map((l) => (
                <li key={l.id}>
                  <a href={l.url} rel="noopener noreferrer">
                    {l.label}
                  </a>
                </li>
              ))}
              {shell.mode.repAuthenticated ? (
                <li>
                  <Form method="post" action="/not-my-site" className="inline-form">
                    <AuthenticityTokenInput />
                    <button type="submit" className="button button--link">
                      {t("access.notMySite")}
                    </button>
                  </Form>
                </li>
              ) : null}
              <li>
                <a href="/access?step=employee&purpose=employee">{t("access.employeeEnrollment")}</a>
              </li>
              <li>
                <a href="/access#rep-code">{t("shell.accessCode")}</a>
              </li>
              {site.supportRequestUrl ? (
                <li>
                  <a href={site.supportRequestUrl} rel="noopener noreferrer">
                    {t("shell.supportRequest")}
                  </a>
                </li>
              ) : null}
            </ul>
          </nav>
          <div>
            <h2 className={s.heading}>{t("shell.memberApp")}</h2>
            <ul className={s.list}>
              {site.iosAppUrl ? (
                <li>
                  <a href={site.iosAppUrl} rel="noopener noreferrer">
                    {t("shell.iosApp")}
                  </a>
                </li>
              ) : null}
              {site.showAndroidLink && site.androidAppUrl ? (
                <li>
                  <a href={site.androidAppUrl} rel="noopener noreferrer">
                    {t("shell.androidApp")}
                  </a>
                </li>
              ) : null}
            </ul>
          </div>
          <div>
            <h2 className={s.heading}>{t("shell.contactUs")}</h2>
            <p className={s.contact}>
              <a href={telHref(phone)}>{phone}</a>
              <br />
              <a href={`mailto:${email}`}>{email}</a>
            </p>
          </div>
        </div>
        <p className={s.legal}>{t("shell.copyright", { year: new Date().getFullYear(), name: site.name })}</p>
      </div>
    </footer>
  );
}
