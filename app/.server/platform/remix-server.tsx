/**
 * Remix's `<RemixServer>` with its route objects made once per build instead of once per page
 * (issue 24, ADR 031 fifth round).
 *
 * `RemixServer` (@remix-run/react 2.17) builds, for every page, the route tree React Router
 * renders from the build's manifest (`createServerRoutes`: a spread object, two closures and a
 * `getRouteComponents` per route of the whole app) and then `createStaticRouter` converts that
 * tree again into "data routes" (`convertRoutesToDataRoutes`: another object per route). Neither
 * depends on the request: only on the manifest, the route modules and the future flags. Because
 * the tree was a new array each time, React Router's own `matchRoutes` and the lazy route
 * discovery's (`getPartialManifest`) also missed ADR 015's per-array memo. Together ~5% of a
 * fresh `/plans` in the profile.
 *
 * Here both trees are made once per build (the manifest's `routes` object, which is the build's
 * own and never changes) and checked on every page against the route modules the page was given
 * (`createEntryRouteModules` makes that object per request from the build's modules: the same
 * module objects every time; any difference makes the trees again). Everything that belongs to
 * the request — location, matches, loader data, action data, errors — is the request's own
 * `staticHandlerContext`, read per page exactly as `createStaticRouter` reads it; the shared
 * trees hold route definitions only (ids, paths, components, `handle`), which nothing writes to
 * during a render (the router only reads them; ADR 015 relies on the same).
 *
 * The rest is RemixServer's body as published: the loader-data copy for partial hydration, the
 * `RemixContext`, `RemixErrorBoundary`, `StaticRouterProvider` without hydration data. With single
 * fetch or SPA mode on (neither is: vite.config.ts) Remix's own component is used.
 *
 * Upgrading @remix-run/react or react-router-dom means re-reading `RemixServer` (dist/server.js)
 * and `createStaticRouter` (react-router-dom/server.js) against this file; tests/remix-server.test.tsx
 * renders both and compares them.
 */
import { RemixServer, UNSAFE_RemixContext as RemixContext, type RemixServerProps } from "@remix-run/react";
import { RemixErrorBoundary } from "@remix-run/react/dist/errorBoundaries.js";
import { createServerRoutes, shouldHydrateRouteLoader } from "@remix-run/react/dist/routes.js";
import type { DataRouteObject } from "react-router-dom";
import { createStaticRouter, StaticRouterProvider } from "react-router-dom/server";

type EntryContext = RemixServerProps["context"];
type StaticRouter = ReturnType<typeof createStaticRouter>;
type StaticHandlerContext = EntryContext["staticHandlerContext"];

interface BuildRoutes {
  /** the route modules the trees were made from, by route id */
  modules: Map<string, unknown>;
  future: EntryContext["future"];
  /** a router made once: its `routes` (the data routes) and its request-independent members */
  template: StaticRouter;
  /** the template's state: its request-independent members (navigation, revalidation…) */
  idleState: StaticRouter["state"];
  /** each data route by id, to give a page's matches the data routes (as createStaticRouter does) */
  byId: Map<string, DataRouteObject>;
}

const perBuild = new WeakMap<object, BuildRoutes>();

function sameModules(kept: BuildRoutes, context: EntryContext): boolean {
  if (kept.future !== context.future) return false;
  const modules = context.routeModules as Record<string, unknown>;
  let count = 0;
  for (const id in modules) {
    if (kept.modules.get(id) !== modules[id]) return false;
    count++;
  }
  return count === kept.modules.size;
}

const routerFuture = (context: EntryContext) => ({
  v7_partialHydration: true,
  v7_relativeSplatPath: context.future.v3_relativeSplatPath,
});

/** The build's trees, made on its first page (or again if its route modules are not the same). */
export function buildRoutes(context: EntryContext): BuildRoutes {
  const key = context.manifest.routes;
  const kept = perBuild.get(key);
  if (kept && sameModules(kept, context)) return kept;
  const routes = createServerRoutes(context.manifest.routes, context.routeModules, context.future, context.isSpaMode);
  // a context with no matches and no data: the template carries only the trees
  const empty = { ...context.staticHandlerContext, matches: [], loaderData: {}, actionData: null, errors: null } as StaticHandlerContext;
  const template = createStaticRouter(routes, empty, { future: routerFuture(context) });
  const byId = new Map<string, DataRouteObject>();
  const walk = (list: DataRouteObject[]) => {
    for (const route of list) {
      byId.set(route.id, route);
      if (route.children) walk(route.children);
    }
  };
  walk(template.routes);
  const made: BuildRoutes = {
    modules: new Map(Object.entries(context.routeModules)),
    future: context.future,
    template,
    idleState: template.state,
    byId,
  };
  perBuild.set(key, made);
  return made;
}

/**
 * The page's router: the build's data routes, this request's state. Everything else (navigate,
 * fetch…, which throw on the server; createHref, encodeLocation, the future flags) is the
 * template's, which does not depend on the request.
 */
function pageRouter(build: BuildRoutes, context: StaticHandlerContext): StaticRouter {
  const matches = context.matches.map((match) => ({ ...match, route: build.byId.get(match.route.id) ?? match.route }));
  const template = build.template;
  return Object.create(template, {
    basename: { get: () => context.basename, enumerable: true },
    state: {
      get: () => ({
        ...build.idleState,
        location: context.location,
        matches,
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: context.errors,
        fetchers: new Map(),
        blockers: new Map(),
      }),
      enumerable: true,
    },
  }) as StaticRouter;
}

export function BuildRemixServer({ context, url, abortDelay, nonce }: RemixServerProps) {
  if (context.isSpaMode || context.future.v3_singleFetch)
    return <RemixServer context={context} url={url} abortDelay={abortDelay} nonce={nonce} />;
  const { manifest, routeModules, criticalCss, serverHandoffString } = context;
  const build = buildRoutes(context);

  // As RemixServer: a shallow copy of the loader data, cleared for routes that hydrate their own
  // loader with a fallback (none in this app; kept so the page is what Remix would render).
  context.staticHandlerContext.loaderData = { ...context.staticHandlerContext.loaderData };
  for (const match of context.staticHandlerContext.matches) {
    const routeId = match.route.id;
    const route = routeModules[routeId];
    const manifestRoute = manifest.routes[routeId];
    if (route && shouldHydrateRouteLoader(manifestRoute, route, context.isSpaMode) && (route.HydrateFallback || !manifestRoute.hasLoader))
      context.staticHandlerContext.loaderData[routeId] = undefined;
  }
  const router = pageRouter(build, context.staticHandlerContext);
  return (
    <RemixContext.Provider
      value={{
        manifest,
        routeModules,
        criticalCss,
        serverHandoffString,
        future: context.future,
        isSpaMode: context.isSpaMode,
        serializeError: context.serializeError,
        abortDelay,
        renderMeta: context.renderMeta,
      }}
    >
      <RemixErrorBoundary location={router.state.location}>
        <StaticRouterProvider router={router} context={context.staticHandlerContext} hydrate={false} />
      </RemixErrorBoundary>
    </RemixContext.Provider>
  );
}
