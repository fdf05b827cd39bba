/**
 * Renders a page as the server would send it — the real loaders against the test database,
 * the page's component, the shell (header and footer) around it — so integration tests can
 * check what a person sees, not only what the loader returns.
 */
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { Outlet, useRouteLoaderData, type LoaderFunction, type RouteObject } from "react-router-dom";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "~/i18n-react";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { loader as rootLoader } from "~/root";
import { Header } from "~/components/Header";
import { Footer } from "~/components/Footer";
import { resources } from "~/.server/platform/i18n";
import { i18nConfig } from "~/i18n";
import { loadLazyParts } from "~/components/LazyPart";
import type { ShellData } from "~/views/shell";
import type { TestClient } from "./client";

export interface PageRoute {
  /** the route's path pattern, as Remix's flat routes name it ("plans", "plan/:id/:planName", "*") */
  path: string;
  module: { loader?: (args: LoaderFunctionArgs) => unknown; default?: () => unknown; ErrorBoundary?: () => unknown };
}

function Shell() {
  const shell = useRouteLoaderData("root") as ShellData;
  return (
    <AuthenticityTokenProvider token={shell.csrf}>
      <Header shell={shell} />
      <main id="main">
        <Outlet />
      </main>
      <Footer shell={shell} />
    </AuthenticityTokenProvider>
  );
}

export interface RenderedPage {
  status: number;
  /** a redirect's target, when the loaders redirected instead of rendering */
  location: string | null;
  html: string;
}

/** GET `url` as `client` and render the page's HTML (or report the redirect). */
export async function renderPage(client: TestClient, url: string, page: PageRoute): Promise<RenderedPage> {
  const context = client.loadContext();
  // Remix hands loaders its load context; React Router's static handler does not, so each is wrapped.
  const wrap = (loader?: PageRoute["module"]["loader"]): LoaderFunction | undefined =>
    loader
      ? (args) => loader({ request: args.request, params: args.params, context } as LoaderFunctionArgs) as ReturnType<LoaderFunction>
      : undefined;
  const Page = page.module.default as () => JSX.Element;
  const Boundary = page.module.ErrorBoundary as (() => JSX.Element) | undefined;
  const routes: RouteObject[] = [
    {
      id: "root",
      path: "/",
      loader: wrap(rootLoader as PageRoute["module"]["loader"]),
      element: <Shell />,
      children: [
        {
          id: "page",
          path: page.path,
          loader: wrap(page.module.loader),
          element: <Page />,
          ...(Boundary ? { errorElement: <Boundary /> } : {}),
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const request = client.request(url);
  const ctx = await handler.query(request);
  if (ctx instanceof Response) return { status: ctx.status, location: ctx.headers.get("location"), html: "" };
  const locale = ((ctx.loaderData.root as ShellData | undefined)?.locale ?? "en") as string;
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ ...i18nConfig, lng: locale, resources });
  const router = createStaticRouter(handler.dataRoutes, ctx);
  await loadLazyParts(); // as entry.server does: the dialogs the browser loads lazily render at once
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <StaticRouterProvider router={router} context={ctx} hydrate={false} />
    </I18nextProvider>,
  );
  return { status: ctx.statusCode, location: null, html };
}

/** The words a rendered page shows: tags as spaces, the entities React writes decoded, whitespace collapsed. */
export function pageText(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
