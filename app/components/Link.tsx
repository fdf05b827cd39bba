/**
 * The app's `<Link>`: Remix's `Link` in the browser; on the server, a link to a path of this site
 * is drawn as the same `<a>` without React Router's hooks (issue 24, ADR 031 seventh round).
 *
 * On the server Remix's Link and React Router's under it render one `<a>` and nothing else (the
 * prefetch links come only after hydration), but on the way every link resolves its `to` twice
 * against the route matches (`useHref`, `useLinkClickHandler`: `useResolvedPath`, each with a
 * JSON round trip of the matched paths), sets up its prefetch state and click handlers and merges
 * refs: ~7% of a small fresh page's server time for its ~30 links. For a `to` that is a string
 * starting with one `/` (the store's own links, e.g. `/plans?type=dental`) the result does not
 * depend on the route or the location: React Router resolves it with `resolvePath` alone (its
 * `resolveTo` ignores the matches for such a path, and adds a trailing slash only when the path
 * has one), joins it to the basename and writes it with `createPath`. So this does exactly that,
 * and writes the `<a>` with the attributes in the order the two components give them: the
 * caller's own props (without the router's: `to`, `prefetch`, `discover`, `onClick`, `relative`,
 * `reloadDocument`, `replace`, `state`, `target`, `preventScrollReset`, `viewTransition`), then
 * `data-discover` (Remix's, for lazy route discovery), `href`, `target`. The element sits in a
 * fragment with an empty second child, as Remix's does, so `useId` below a link counts the same.
 *
 * Anything else (an external or relative `to`, an object `to`, a basename, a caller giving `href`
 * or `data-discover` itself) is drawn by Remix's Link. The browser always runs Remix's Link:
 * hydration finds the same HTML, and client navigation, prefetching and discovery are Remix's.
 */
import { createPath, Link as RemixLink, parsePath, resolvePath } from "@remix-run/react";
import { createElement, forwardRef, useContext, type ComponentProps } from "react";
import { UNSAFE_NavigationContext } from "react-router-dom";

type LinkProps = ComponentProps<typeof RemixLink>;

/** Props React Router's Link (react-router-dom 6.30) and Remix's (2.17) keep for themselves. */
const ROUTER_PROPS = new Set([
  "to",
  "prefetch",
  "discover",
  "onClick",
  "relative",
  "reloadDocument",
  "replace",
  "state",
  "target",
  "preventScrollReset",
  "viewTransition",
]);

/** A path of this site: one leading `/`, no `//` anywhere (React Router warns and rewrites those). */
function sitePath(to: unknown): to is string {
  return typeof to === "string" && to.startsWith("/") && !to.includes("//");
}

/** Hrefs of site paths seen before: a pure function of `to`; paths come from pages, so it is bounded. */
const hrefs = new Map<string, string>();
const MAX_HREFS = 2_000;

/** The href React Router gives a site path under the basename `/` (resolveTo + useHref + the static navigator's createHref). */
export function siteHref(to: string): string {
  let href = hrefs.get(to);
  if (href === undefined) {
    href = resolvedHref(to);
    if (hrefs.size >= MAX_HREFS) hrefs.clear();
    hrefs.set(to, href);
  }
  return href;
}

function resolvedHref(to: string): string {
  const parsed = parsePath(to);
  const path = resolvePath(parsed, "/");
  const toPathname = parsed.pathname ?? "";
  if (!path.pathname.endsWith("/") && toPathname !== "/" && toPathname.endsWith("/")) path.pathname += "/";
  return createPath(path);
}

// pure: the browser build (where `Link` is Remix's) leaves it out
export const ServerLink = /* @__PURE__ */ forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  const { basename } = useContext(UNSAFE_NavigationContext);
  if (basename !== "/" || !sitePath(props.to) || "href" in props || "data-discover" in props) return <RemixLink {...props} ref={ref} />;
  const anchor: Record<string, unknown> = {};
  for (const key in props) if (!ROUTER_PROPS.has(key)) anchor[key] = (props as Record<string, unknown>)[key];
  const discover = props.discover === undefined ? "render" : props.discover;
  anchor["data-discover"] = discover === "render" && !props.reloadDocument ? "true" : undefined;
  anchor.href = siteHref(props.to);
  anchor.target = props.target;
  return (
    <>
      {createElement("a", anchor)}
      {null}
    </>
  );
});

/** Remix's Link in the browser, the server's drawing of it on the server (see above). */
export const Link: typeof RemixLink = import.meta.env.SSR ? (ServerLink as typeof RemixLink) : RemixLink;
