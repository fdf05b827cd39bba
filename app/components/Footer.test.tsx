/**
 * The footer drawn as HTML (Footer.tsx, issue 24): the same markup React drew from the former
 * component (kept here as the reference), escaped, and each visitor's own per-visitor parts.
 */
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createInstance, type TFunction } from "i18next";
import { resources } from "~/.server/platform/i18n";
import { i18nConfig } from "~/i18n";
import { telHref } from "~/utils/format";
import type { ShellData } from "~/views/shell";
import { Footer, footerHtml } from "./Footer";
import * as s from "./Footer.css";

async function translator(lng: string): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({ ...i18nConfig, lng, resources });
  return i18n.t.bind(i18n) as TFunction;
}

/** The footer as the React component drew it before (with Remix's Form as the plain form it rendered). */
function ReferenceFooter({ shell, t }: { shell: ShellData; t: TFunction }) {
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
                  <form method="post" action="/not-my-site" className="inline-form" data-discover="true">
                    <input type="hidden" name="csrf" value={shell.csrf} />
                    <button type="submit" className="button button--link">
                      {t("access.notMySite")}
                    </button>
                  </form>
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

function shell(
  over: {
    csrf?: string;
    rep?: boolean;
    site?: Partial<ShellData["site"]>;
    branding?: Partial<ShellData["branding"]>;
    links?: ShellData["footerLinks"];
  } = {},
): ShellData {
  return {
    csrf: over.csrf ?? "token-a",
    site: {
      kind: "site",
      isDefault: true,
      name: "Benefit Store",
      supportPhone: "(888) 555-0142",
      supportEmail: "help@benefitstore.example",
      showAndroidLink: true,
      iosAppUrl: "https://apps.example/ios",
      androidAppUrl: "https://apps.example/android",
      howToVideoUrl: null,
      supportRequestUrl: "https://help.example/request",
      ...over.site,
    },
    branding: { phone: null, email: null, ...over.branding },
    footerLinks: over.links ?? [
      { id: 1, label: "Group Dashboard", url: "https://portal.example/groups" },
      { id: 2, label: "How to Enroll (Video)", url: "https://videos.example/how" },
    ],
    mode: { eprocess: null, openType: null, enrollType: null, over65: false, repAuthenticated: over.rep ?? false },
  } as unknown as ShellData;
}

const normalised = (html: string) => html.replaceAll("&#x27;", "&#39;");

describe("footerHtml", () => {
  it("is the markup the component drew, in every variant and both languages", async () => {
    const variants = [
      shell(),
      shell({ rep: true }),
      shell({
        site: { isDefault: false, iosAppUrl: null, supportRequestUrl: null },
        branding: { phone: "(555) 010-0199", email: "group@example.com" },
      }),
      shell({ site: { showAndroidLink: false, name: `O'Brien & <Sons> "Co"` }, links: [] }),
      shell({
        rep: true,
        csrf: `a"b<c>&'d`,
        links: [{ id: 9, label: `<script>alert("x")</script> & 'more'`, url: `https://x.example/?a=1&b="2"<3>` }],
        branding: { email: `o'neil&co@example.com` },
      }),
    ];
    for (const lng of ["en", "es"]) {
      const t = await translator(lng);
      for (const data of variants) {
        const reference = renderToString(<ReferenceFooter shell={data} t={t} />);
        const drawn = `<footer class="${s.footer}">${footerHtml(data, t)}</footer>`;
        expect(normalised(drawn)).toBe(normalised(reference));
      }
    }
  });

  it("draws each visitor's own form and token, and none for a visitor who is not a rep", async () => {
    const t = await translator("en");
    const first = footerHtml(shell({ rep: true, csrf: "token-of-rep-one" }), t);
    const second = footerHtml(shell({ rep: true, csrf: "token-of-rep-two" }), t);
    const shopper = footerHtml(shell({ rep: false, csrf: "token-of-shopper" }), t);
    expect(first).toContain('value="token-of-rep-one"');
    expect(first).not.toContain("token-of-rep-two");
    expect(second).toContain('value="token-of-rep-two"');
    expect(second).not.toContain("token-of-rep-one");
    expect(shopper).not.toContain("token-of-shopper");
    expect(shopper).not.toContain("/not-my-site");
    expect(first).toContain("/not-my-site");
  });

  it("is what the Footer component renders", async () => {
    const t = await translator("en");
    const { I18nextProvider } = await import("~/i18n-react");
    const i18n = createInstance();
    await i18n.init({ ...i18nConfig, lng: "en", resources });
    const data = shell({ rep: true });
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <Footer shell={data} />
      </I18nextProvider>,
    );
    expect(html).toBe(`<footer class="${s.footer}">${footerHtml(data, t)}</footer>`);
  });
});
