/**
 * Renders a component as the server would (English, a CSRF token, React Router's static
 * handler): a GET, or a POST answered by `answer` (what an action returned) so forms show
 * the server's errors as they do without JavaScript.
 */
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "~/i18n-react";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { resources } from "~/.server/platform/i18n";

export async function renderComponent(page: JSX.Element, opts: { answer?: { status: number; body: unknown } } = {}) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: "en", resources, defaultNS: "common", interpolation: { escapeValue: false } });
  const answer = opts.answer;
  const routes = [
    {
      id: "page",
      path: "/",
      action: () =>
        new Response(JSON.stringify(answer?.body ?? null), {
          status: answer?.status ?? 200,
          headers: { "Content-Type": "application/json" },
        }),
      element: (
        <I18nextProvider i18n={i18n}>
          <AuthenticityTokenProvider token="tok">{page}</AuthenticityTokenProvider>
        </I18nextProvider>
      ),
    },
  ];
  const handler = createStaticHandler(routes);
  const request = answer
    ? new Request("http://localhost/", { method: "POST", body: new URLSearchParams() })
    : new Request("http://localhost/");
  const context = await handler.query(request);
  if (context instanceof Response) throw context;
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}
