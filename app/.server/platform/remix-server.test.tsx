/**
 * `BuildRemixServer` (remix-server.tsx): Remix's RemixServer with the route trees made once per
 * build. A page must be exactly what RemixServer renders, every page must show its own request's
 * data (the shared trees carry none), and the trees are made again when the route modules change.
 */
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createStaticHandler, type StaticHandlerContext } from "@remix-run/router";
import { Outlet, RemixServer, useLoaderData, useLocation, useMatches, useRouteError, type RemixServerProps } from "@remix-run/react";
import { BuildRemixServer, buildRoutes } from "./remix-server";

type EntryContext = RemixServerProps["context"];

function Root() {
  const { visitor } = useLoaderData() as { visitor: string };
  const location = useLocation();
  const matches = useMatches();
  return (
    <div>
      <p>
        root for {visitor} at {location.pathname}
        {location.search}
      </p>
      <p>matched {matches.map((m) => m.id).join(",")}</p>
      <Outlet />
    </div>
  );
}
function Page() {
  const { items } = useLoaderData() as { items: string[] };
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
function Broken() {
  return <p>never</p>;
}
function BrokenBoundary() {
  const error = useRouteError() as Error;
  return <p role="alert">boundary: {error.message}</p>;
}

const manifestRoutes = {
  root: {
    id: "root",
    path: "",
    hasLoader: true,
    hasAction: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasErrorBoundary: true,
    module: "/root.js",
  },
  "routes/list": {
    id: "routes/list",
    parentId: "root",
    path: "list/:owner",
    hasLoader: true,
    hasAction: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasErrorBoundary: false,
    module: "/list.js",
  },
  "routes/broken": {
    id: "routes/broken",
    parentId: "root",
    path: "broken",
    hasLoader: true,
    hasAction: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasErrorBoundary: true,
    module: "/broken.js",
  },
};
const modules = {
  root: { default: Root, ErrorBoundary: BrokenBoundary },
  "routes/list": { default: Page },
  "routes/broken": { default: Broken, ErrorBoundary: BrokenBoundary },
};
const future = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_lazyRouteDiscovery: true,
  v3_singleFetch: false,
  v3_routeConfig: true,
  unstable_optimizeDeps: false,
};
const manifest = { routes: manifestRoutes, entry: { module: "/entry.js", imports: [] }, url: "/manifest.js", version: "1" };

/** A page's context as Remix's server makes it: the build's manifest, a new route-modules object, this request's data. */
async function contextFor(url: string, visitor: string, routeModules: Record<string, unknown> = modules): Promise<EntryContext> {
  const handler = createStaticHandler([
    {
      id: "root",
      path: "",
      loader: () => ({ visitor }),
      hasErrorBoundary: true,
      children: [
        {
          id: "routes/list",
          path: "list/:owner",
          loader: ({ params }) => ({ items: [`${params.owner}-1`, `${params.owner}-2`, visitor] }),
        },
        {
          id: "routes/broken",
          path: "broken",
          hasErrorBoundary: true,
          loader: () => {
            throw new Error(`nothing for ${visitor}`);
          },
        },
      ],
    },
  ]);
  const staticHandlerContext = (await handler.query(new Request(`http://store.test${url}`))) as StaticHandlerContext;
  return {
    manifest,
    routeModules: { ...routeModules },
    staticHandlerContext,
    future,
    isSpaMode: false,
    serverHandoffString: "{}",
    criticalCss: undefined,
    renderMeta: {},
    serializeError: (error: Error) => ({ message: error.message }),
  } as unknown as EntryContext;
}

async function both(url: string, visitor: string, routeModules?: Record<string, unknown>) {
  const remix = renderToString(<RemixServer context={await contextFor(url, visitor, routeModules)} url={`http://store.test${url}`} />);
  const ours = renderToString(<BuildRemixServer context={await contextFor(url, visitor, routeModules)} url={`http://store.test${url}`} />);
  return { remix, ours };
}

describe("BuildRemixServer", () => {
  it("renders exactly what RemixServer renders, each page with its own request's data", async () => {
    const alice = await both("/list/alice?page=2", "Alice");
    const bob = await both("/list/bob", "Bob");
    const failing = await both("/broken", "Carol");
    expect(alice.ours).toBe(alice.remix);
    expect(bob.ours).toBe(bob.remix);
    expect(failing.ours).toBe(failing.remix);
    expect(alice.ours).toContain("root for <!-- -->Alice<!-- --> at <!-- -->/list/alice<!-- -->?page=2");
    expect(alice.ours).toContain("<li>alice-1</li>");
    expect(bob.ours).toContain("root for <!-- -->Bob<!-- --> at <!-- -->/list/bob");
    expect(bob.ours).toContain("<li>bob-1</li><li>bob-2</li><li>Bob</li>");
    // the second visitor's page holds nothing of the first's
    expect(bob.ours).not.toMatch(/alice|Alice|page=2/);
    expect(failing.ours).toContain("boundary: <!-- -->nothing for Carol");
    expect(failing.ours).not.toMatch(/Alice|Bob/);
  });

  it("makes the route trees once per build, though every page brings a new route-modules object", async () => {
    const first = buildRoutes(await contextFor("/list/a", "A"));
    const second = buildRoutes(await contextFor("/list/b", "B"));
    expect(second).toBe(first);
    expect(second.template.routes).toBe(first.template.routes);
  });

  it("makes them again when a route module changes, and renders the new one", async () => {
    const before = buildRoutes(await contextFor("/list/a", "A"));
    const Replaced = () => <p>replaced page</p>;
    const changed = { ...modules, "routes/list": { default: Replaced } };
    const after = buildRoutes(await contextFor("/list/a", "A", changed));
    expect(after).not.toBe(before);
    const page = await both("/list/a", "A", changed);
    expect(page.ours).toBe(page.remix);
    expect(page.ours).toContain("replaced page");
  });
});
