import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requestContext } from "~/.server/platform/request-context";
import { json } from "~/.server/platform/loader-json";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "~/i18n-react";
import { PageStrings } from "~/i18n-react";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { loadShell } from "~/.server/store/shell";
import { Header } from "~/components/Header";
import { Footer } from "~/components/Footer";
import { FlashMessage } from "~/components/FlashMessage";
import { NotFoundPage, StatusErrorPage } from "~/components/ErrorPage";
import { useRequestInfo } from "~/components/RequestInfo";
import { AboutDialog } from "~/components/AboutDialog";
import { titled } from "~/utils/page-title";
import "~/styles/theme.css";
import "~/styles/global.css";

export const handle = { i18n: "common" };

// Only verified staff have a session to time out, and the warning is drawn by JavaScript alone:
// its code loads on their pages only (issue 17).
const SessionTimeout = lazy(() => import("~/components/SessionTimeout").then((m) => ({ default: m.SessionTimeout })));

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/** The site's name; each page puts its own title before it, and an error page says what went wrong (app/utils/page-title.ts). */
export const meta: MetaFunction<typeof loader> = (args) => titled(args, null);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { data, headers } = await loadShell(requestContext({ request, context }), request);
  return json(data, { headers });
}

/** Brand colours from the database, as CSS variables. Values are validated #rrggbb colours. */
function brandCss(color: string | null) {
  if (!color || !/^#[0-9a-fA-F]{6}$/.test(color)) return "";
  const dark =
    "#" +
    [1, 3, 5]
      .map((i) =>
        Math.round(parseInt(color.slice(i, i + 2), 16) * 0.72)
          .toString(16)
          .padStart(2, "0"),
      )
      .join("");
  return `:root{--brand:${color};--brand-dark:${dark};}`;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const hydrated = useHydrated();
  const shell = useRouteLoaderData<typeof loader>("root");
  const { nonce, requestId } = useRequestInfo();
  const { t, i18n } = useTranslation();
  const locale = shell?.locale ?? i18n.language ?? "en";
  return (
    <html lang={locale} dir={i18n.dir?.(locale) ?? "ltr"} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="request-id" content={requestId} />
        <Meta />
        <Links />
        {shell?.branding.brandColor ? (
          <style nonce={nonce} dangerouslySetInnerHTML={{ __html: brandCss(shell.branding.brandColor) }} />
        ) : null}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('js')" }} />
      </head>
      <body>
        {shell ? (
          <AuthenticityTokenProvider token={shell.csrf}>
            <Header shell={shell} />
            <main id="main" className="container" tabIndex={-1}>
              {shell.flash ? <FlashMessage flash={shell.flash} /> : null}
              {children}
              <AboutDialog shell={shell} />
            </main>
            <Footer shell={shell} />
            {/* after hydration only: a lazy part inside the hydrating tree would be thrown away by
                the first update (React #421) — the warning draws nothing on the server anyway */}
            {shell.staffSession && hydrated ? (
              <Suspense fallback={null}>
                <SessionTimeout limits={shell.staffSession} />
              </Suspense>
            ) : null}
          </AuthenticityTokenProvider>
        ) : (
          <main id="main" className="container" tabIndex={-1}>
            <p className="visually-hidden">{t("shell.skipToContent")}</p>
            {children}
          </main>
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* last: the strings everything above used, for the browser (ADR 013) */}
        <PageStrings />
      </body>
    </html>
  );
}

export default function App() {
  // React has taken over the server's HTML: the browser tests wait for this before checking what hydration keeps
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { requestId } = useRequestInfo();
  const shell = useRouteLoaderData<typeof loader>("root");
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error)) {
    // "sealed" (a saved enrollment no key opens) shows the reference too: support needs it.
    const reference = error.status >= 500 || error.statusText === "sealed" ? requestId : undefined;
    return <StatusErrorPage status={error.status} code={error.statusText} requestId={reference} canPost={Boolean(shell)} />;
  }
  return <StatusErrorPage status={500} requestId={requestId} />;
}
