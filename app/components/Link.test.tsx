/**
 * The server's drawing of a link (Link.tsx, issue 24): byte for byte what Remix's Link renders on
 * the server, under the same data router as a page (StaticRouterProvider), for site paths and for
 * everything it leaves to Remix's Link.
 */
import { describe, expect, it } from "vitest";
import { createElement, useId, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { Link as RemixLink, Outlet } from "@remix-run/react";
import { UNSAFE_NavigationContext } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { Link, ServerLink, siteHref } from "./Link";

type Props = Parameters<typeof RemixLink>[0];

function Labelled() {
  const id = useId();
  return <span id={id}>label</span>;
}

/** One link rendered on a page at `location`, inside a nested route, as entry.server renders a page. */
async function render(location: string, link: (props: Props) => ReactNode, props: Props, basename = "/") {
  const routes = [
    {
      id: "root",
      path: "/",
      element: <Outlet />,
      children: [
        {
          id: "plan",
          path: "plan/:id/:slug",
          element: (
            <p>
              <Labelled />
              {link(props)}
              <Labelled />
            </p>
          ),
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes, { basename });
  const context = await handler.query(new Request(`http://localhost${basename === "/" ? "" : basename}${location}`));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const remix = (props: Props) => <RemixLink {...props} />;
const server = (props: Props) => <ServerLink {...props} />;

const TOS = [
  "/",
  "/plans",
  "/plans?type=dental",
  "/plans?type=dental&dialog=basic#top",
  "/plans?",
  "/plans#",
  "/plans/",
  "/a/./b/../c",
  "/a/b/..",
  "/./",
  "/..",
  "/age?redirectTo=%2Fplans%3Ftype%3Ddental",
  "/x y/é?q=a b#h h",
  "/plan/12/slug?x=1&y=2",
  // left to Remix's Link
  "/a//b",
  "//evil.example/x",
  "https://example.com/plans",
  "mailto:help@example.com",
  "tel:+18005550100",
  "cart",
  "../up",
  ".",
  "",
  "?q=1",
  "#h",
];

describe("the server's Link", () => {
  it("renders what Remix's Link renders, for every kind of `to`, on a nested route", async () => {
    for (const to of TOS) {
      for (const location of ["/plan/7/vision-basic", "/plan/7/vision-basic/?type=x"]) {
        const props = { to, className: "c", children: "go" } as Props;
        expect(await render(location, server, props), `${to} at ${location}`).toBe(await render(location, remix, props));
      }
    }
    const objectTo = { to: { pathname: "/plans", search: "?type=vision", hash: "#x" }, children: "o" } as Props;
    expect(await render("/plan/1/a", server, objectTo)).toBe(await render("/plan/1/a", remix, objectTo));
  });

  it("renders the caller's props in Remix's order, without the router's, and data-discover as Remix decides", async () => {
    const variants: Props[] = [
      { to: "/cart", title: "View Cart", className: "y1", children: "Cart" },
      { className: "y1", to: "/cart", "aria-label": "More info", id: "l1", children: [<b key="b">1</b>, " item"] },
      { to: "/cart", target: "_blank", rel: "noreferrer", children: "new tab" },
      { to: "/cart", reloadDocument: true, children: "reload" },
      { to: "/cart", discover: "none", children: "no discovery" },
      { to: "/cart", prefetch: "intent", onFocus: () => {}, onMouseEnter: () => {}, children: "intent" },
      { to: "/cart", prefetch: "render", children: "render" },
      { to: "/cart", prefetch: "viewport", children: "viewport" },
      { to: "/plans?type=dental&dialog=about", preventScrollReset: true, replace: true, state: { a: 1 }, children: "dialog" },
      { to: "/cart", onClick: () => {}, style: { color: "red" }, "data-testid": "x", children: "styled" } as Props,
      { to: "/cart", relative: "path", children: "relative" },
      { to: "/cart", viewTransition: true, children: "transition" },
      { to: "/cart", children: <Labelled /> },
      { to: "/cart", "data-discover": "false", children: "own discover" } as Props,
      { to: "/cart", href: "/elsewhere", children: "own href" } as Props,
    ];
    for (const props of variants) {
      expect(await render("/plan/3/x", server, props)).toBe(await render("/plan/3/x", remix, props));
    }
  });

  it("leaves a basename to Remix's Link", async () => {
    const props = { to: "/plans?type=dental", children: "p" } as Props;
    const drawn = await render("/plan/3/x", server, props, "/store");
    expect(drawn).toBe(await render("/plan/3/x", remix, props, "/store"));
    expect(drawn).toContain('href="/store/plans?type=dental"');
  });

  it("draws a site path without React Router's hooks (no router needed), and is the server's Link here", () => {
    // Remix's Link throws outside a router (useHref); the server's drawing of a site path asks only the basename
    const navigation = { basename: "/", navigator: {} as never, static: true, future: { v7_relativeSplatPath: false } };
    const html = renderToString(
      createElement(UNSAFE_NavigationContext.Provider, { value: navigation }, <ServerLink to="/plans/./x/..?a=1#b">x</ServerLink>),
    );
    expect(html).toBe('<a data-discover="true" href="/plans?a=1#b">x</a>');
    expect(() =>
      renderToString(createElement(UNSAFE_NavigationContext.Provider, { value: navigation }, <RemixLink to="/plans">x</RemixLink>)),
    ).toThrow();
    expect(Link).toBe(ServerLink);
    expect(siteHref("/a/b/../c/?q#")).toBe("/a/c/?q");
  });
});
