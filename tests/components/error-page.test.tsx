/**
 * The 4xx pages readForm and the sealed-value check lead to (issue 16): each says what happened
 * and that nothing was saved, in English and Spanish; a saved enrollment no key opens offers
 * "Start a new enrollment" as a plain form (works without JavaScript) and the reference.
 */
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "~/i18n-react";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { StatusErrorPage } from "~/components/ErrorPage";
import { resources } from "~/.server/platform/i18n";
import en from "../../public/locales/en/common.json";
import es from "../../public/locales/es/common.json";

async function render(page: JSX.Element, lng: "en" | "es" = "en") {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng, resources, defaultNS: "common", interpolation: { escapeValue: false } });
  const routes = [{ path: "/", element: <I18nextProvider i18n={i18n}>{page}</I18nextProvider> }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw context;
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} />).replace(/<!-- -->/g, "");
}
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

describe("error pages", () => {
  it("a saved enrollment no key opens: a clear page, the reference, and Start a new enrollment as a form", async () => {
    const html = await render(
      <AuthenticityTokenProvider token="tok123">
        <StatusErrorPage status={409} code="sealed" requestId="req-42" canPost />
      </AuthenticityTokenProvider>,
    );
    expect(text(html)).toContain(en.errorPage.cannotOpen.title);
    expect(text(html)).toContain(en.errorPage.cannotOpen.body);
    expect(html).toContain("req-42");
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/enrollment\/personal-info"/);
    expect(html).toMatch(/<input[^>]*name="csrf"[^>]*value="tok123"/);
    expect(html).toMatch(/<button[^>]*name="intent"[^>]*value="start-new"[^>]*>Start a new enrollment<\/button>/);
    expect(text(await render(<StatusErrorPage status={409} code="sealed" />, "es"))).toContain(es.errorPage.cannotOpen.title);
  });

  it("without the shell (no CSRF token to post with) it still explains, with a way home", async () => {
    const html = await render(<StatusErrorPage status={409} code="sealed" />);
    expect(text(html)).toContain(en.errorPage.cannotOpen.title);
    expect(html).not.toContain("<form");
    expect(html).toContain('href="/"');
  });

  it.each([
    [400, "malformed-form", en.errorPage.badRequest.title, en.errorPage.badRequest.malformedHint],
    [415, "not-a-form", en.errorPage.notAForm.title, en.errorPage.notAForm.body],
    [400, "bad-form", en.errorPage.badRequest.title, en.errorPage.badRequest.body],
    [403, "csrf", en.errorPage.forbidden.title, en.errorPage.forbidden.csrfHint],
    [413, "too-large", en.errorPage.tooLarge.title, en.errorPage.tooLarge.body],
  ])("a refused form (%i %s) says what happened and that nothing was saved", async (status, code, title, line) => {
    const page = text(await render(<StatusErrorPage status={status} code={code} />));
    expect(page).toContain(title);
    expect(page).toContain(line);
    expect(page).toContain(en.errorPage.nothingSaved);
  });

  it("a 429 is not a refused form: no 'nothing was saved'", async () => {
    expect(text(await render(<StatusErrorPage status={429} />))).not.toContain(en.errorPage.nothingSaved);
  });
});
