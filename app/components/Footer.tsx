import type { TFunction } from "i18next";
import { useTranslation } from "~/i18n-react";
import type { ShellData } from "~/views/shell";
import { telHref } from "~/utils/format";
import { escapeHtml as e } from "~/utils/escape-html";
import * as s from "./Footer.css";

/**
 * The footer's content as one piece of HTML (issue 24, ADR 031 fifth round). Nothing in it is
 * interactive: links, and for a signed-in rep one post form, which works as a plain form with
 * JavaScript on as off (the action redirects). React rendered it as ~40 elements on every page;
 * now it is one element with `dangerouslySetInnerHTML`, drawn by this function from the shell's
 * loader data — on the server and, after a client navigation, in the browser, which has the same
 * data and strings — so hydration keeps the server's HTML. Every value is escaped here.
 * Per visitor: the rep's form and its CSRF token (drawn only for a signed-in rep); the rest
 * depends on the site, its branding, the language and the year.
 */
export function footerHtml(shell: ShellData, t: TFunction): string {
  const { site, footerLinks, branding } = shell;
  const phone = branding.phone || site.supportPhone;
  const email = branding.email || site.supportEmail;
  const item = (href: string, text: string, external = true) =>
    `<li><a href="${e(href)}"${external ? ' rel="noopener noreferrer"' : ""}>${e(text)}</a></li>`;
  let html = `<div class="container">`;
  if (site.isDefault) html += `<p class="${s.notice}">${e(t("shell.associationNotice"))}</p>`;
  html += `<div class="${s.columns}"><nav aria-label="${e(t("shell.footerLinks"))}"><h2 class="${s.heading}">${e(t("shell.usefulLinks"))}</h2><ul class="${s.list}">`;
  for (const l of footerLinks) html += item(l.url, l.label);
  if (shell.mode.repAuthenticated)
    html +=
      `<li><form method="post" action="/not-my-site" class="inline-form" data-discover="true"><input type="hidden" name="csrf" value="${e(shell.csrf)}"/>` +
      `<button type="submit" class="button button--link">${e(t("access.notMySite"))}</button></form></li>`;
  html += item("/access?step=employee&purpose=employee", t("access.employeeEnrollment"), false);
  html += item("/access#rep-code", t("shell.accessCode"), false);
  if (site.supportRequestUrl) html += item(site.supportRequestUrl, t("shell.supportRequest"));
  html += `</ul></nav><div><h2 class="${s.heading}">${e(t("shell.memberApp"))}</h2><ul class="${s.list}">`;
  if (site.iosAppUrl) html += item(site.iosAppUrl, t("shell.iosApp"));
  if (site.showAndroidLink && site.androidAppUrl) html += item(site.androidAppUrl, t("shell.androidApp"));
  html += `</ul></div><div><h2 class="${s.heading}">${e(t("shell.contactUs"))}</h2><p class="${s.contact}">`;
  html += `<a href="${e(telHref(phone))}">${e(phone)}</a><br/><a href="${e(`mailto:${email}`)}">${e(email)}</a></p></div></div>`;
  html += `<p class="${s.legal}">${e(t("shell.copyright", { year: new Date().getFullYear(), name: site.name }))}</p></div>`;
  return html;
}

export function Footer({ shell }: { shell: ShellData }) {
  const { t } = useTranslation();
  return <footer className={s.footer} dangerouslySetInnerHTML={{ __html: footerHtml(shell, t) }} />;
}
