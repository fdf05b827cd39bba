/**
 * The patch of @remix-run/router (app/overrides/, ADR 015): `matchRoutes` keeps the flattened and
 * ranked branches of a routes array (and of a tree of the same shape), and `compilePath` keeps
 * the RegExp of a path pattern. Matching must give exactly what the unpatched router gives.
 *
 * The server loads the CommonJS build (the patched file); the UMD build of the same package
 * version is left as published and serves as the reference here.
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";

type Router = typeof import("@remix-run/router");
type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };

const require = createRequire(import.meta.url);
const patchedFile = require.resolve("@remix-run/router");
const patched: Router = require("@remix-run/router");
const reference: Router = require(path.join(path.dirname(patchedFile), "router.umd.js"));

/** An app-like tree: a root with path "", index routes, a pathless layout, optional segments, splats. */
function appTree(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "index", index: true },
        {
          id: "store",
          children: [
            { id: "plans", path: "plans" },
            { id: "plan", path: "plan/:id/:planName" },
            { id: "home", path: "home" },
            { id: "store-index", index: true },
          ],
        },
        {
          id: "enrollment",
          path: "enrollment",
          children: [
            { id: "enrollment-index", index: true },
            { id: "personal", path: "personal-info" },
            { id: "contact", path: "contact-info" },
            { id: "record", path: "record/:id" },
          ],
        },
        { id: "receipt", path: "enrollment/receipt" },
        { id: "about", path: ":lang?/about" },
        { id: "docs", path: "docs/:section?/:page?", children: [{ id: "docs-edit", path: "edit" }] },
        { id: "case", path: "CaseSensitive", caseSensitive: true },
        { id: "case-child", path: "case", children: [{ id: "case-x", path: "X", caseSensitive: true }] },
        { id: "files", path: "files/*" },
        { id: "absolute", path: "/absolute/child" },
        { id: "optional-static", path: "es?/faq" },
        { id: "dash", path: "user-preferences" },
        { id: "user", path: "user/:user-id" },
        { id: "splat", path: "*" },
      ],
    },
  ];
}

const appPaths = [
  "/",
  "",
  "/plans",
  "/plans/",
  "/PLANS",
  "/plan/5/Gold",
  "/plan/5",
  "/home",
  "/enrollment",
  "/enrollment/",
  "/enrollment/personal-info",
  "/Enrollment/Contact-Info",
  "/enrollment/record/7",
  "/enrollment/receipt",
  "/about",
  "/es/about",
  "/docs",
  "/docs/a",
  "/docs/a/b",
  "/docs/a/b/edit",
  "/docs/a/b/c",
  "/CaseSensitive",
  "/casesensitive",
  "/case/X",
  "/case/x",
  "/files",
  "/files/",
  "/files/a/b%20c",
  "/absolute/child",
  "/faq",
  "/es/faq",
  "/user-preferences",
  "/user/ann",
  "/nope",
  "/a%2Fb",
  "//plans",
  "/plans?x=1",
  "/%E0%A4%A",
];

function deepClone(routes: Route[]): Route[] {
  return routes.map((r) => ({ ...r, ...(r.children ? { children: deepClone(r.children) } : {}) }));
}

function allRoutes(routes: Route[]): Set<Route> {
  const all = new Set<Route>();
  // forEach, not for…of: a hole in children (a case under test) is skipped, as the router skips it
  const walk = (rs: Route[]) =>
    rs.forEach((r) => {
      all.add(r);
      if (r.children) walk(r.children);
    });
  walk(routes);
  return all;
}

type Outcome = { matches: ReturnType<Router["matchRoutes"]> } | { error: string };

function run(router: Router, routes: Route[], location: string, basename?: string): Outcome {
  try {
    return { matches: router.matchRoutes(routes as Parameters<Router["matchRoutes"]>[0], location, basename) };
  } catch (e) {
    return { error: String(e) };
  }
}

/** The patched router's outcome equals the reference's, and every matched route is the very object of `routes`. */
function expectSame(routes: Route[], location: string, basename?: string) {
  const got = run(patched, routes, location, basename);
  const want = run(reference, routes, location, basename);
  expect(got).toEqual(want);
  if ("matches" in got && got.matches && "matches" in want && want.matches) {
    const own = allRoutes(routes);
    got.matches.forEach((m, i) => {
      expect(m.route).toBe(want.matches![i].route);
      expect(own.has(m.route as Route)).toBe(true);
    });
  }
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe("the @remix-run/router patch", () => {
  it("is applied to the file the server loads", () => {
    const serverRuntime = path.dirname(require.resolve("@remix-run/server-runtime"));
    expect(require.resolve("@remix-run/router", { paths: [serverRuntime] })).toBe(patchedFile);
    const text = fs.readFileSync(patchedFile, "utf8");
    expect(text).toContain("let branches = rankedBranches(routes);");
    expect(text).toContain("const compiledPaths = new Map();");
    expect(text).toContain("let memo = matchesMemoFor(branches, pathname);");
    expect(fs.readFileSync(path.join(path.dirname(patchedFile), "router.umd.js"), "utf8")).not.toContain("rankedBranches");
  });

  it("matches every path of an app-like tree as the unpatched router, in any order, again and again", () => {
    const tree = appTree();
    for (let round = 0; round < 3; round++) {
      const order = round === 1 ? [...appPaths].reverse() : appPaths;
      for (const p of order) expectSame(tree, p);
      for (const p of order) expectSame(tree, "/app" + p, "/app");
    }
  });

  it("gives a second array of the same shape its own route objects, never the first one's", () => {
    const a = appTree();
    const b = deepClone(a);
    const c = appTree();
    for (const p of appPaths) {
      expectSame(a, p);
      expectSame(b, p);
      expectSame(c, p);
      expectSame(a, p);
    }
    // a fresh array per call, as the React side makes per request
    for (const p of appPaths) expectSame(appTree(), p);
  });

  it("sees a routes array changed after it was matched", () => {
    const tree = appTree();
    const root = tree[0];
    const children = root.children!;
    const store = children.find((r) => r.id === "store")!;
    const check = () => {
      for (const p of appPaths) expectSame(tree, p);
    };
    check();
    store.children!.find((r) => r.id === "plans")!.path = "plans/:type";
    check();
    children.unshift({ id: "early-splat", path: "plans/*" });
    check();
    children.find((r) => r.id === "case")!.caseSensitive = false;
    check();
    store.children!.push({ id: "late", path: "late" });
    check();
    children.find((r) => r.id === "index")!.index = false;
    check();
    children.find((r) => r.id === "dash")!.children = [{ id: "dash-index", index: true }];
    check();
    store.children = [...store.children!];
    store.children[0] = { ...store.children[0], id: "plans2" }; // another object, the same values
    check();
    tree[0] = { ...root }; // the same again for the root
    check();
    tree.push({ id: "second-root", path: "second" });
    check();
    children.find((r) => r.id === "enrollment-index" || r.id === "enrollment")!.index = true; // index route with children: both throw
    check();
  });

  it("handles trees it does not memoise (holes, odd values) as the unpatched router", () => {
    const odd: any[] = [
      [
        { id: "n", path: null },
        { id: "a", path: "a" },
      ],
      [
        { id: "h", path: "h", children: [] },
        { id: "i", index: 1 },
      ],
      [{ id: "s", path: "s", children: [undefined, { id: "t", path: "t" }] }],
      // biome-ignore lint/suspicious/noSparseArray: a hole in children is the case under test
      [{ id: "s", path: "s", children: [, { id: "t", path: "t" }] }],
    ];
    for (const tree of odd) for (const p of ["/", "/a", "/h", "/s/t", "/x"]) expectSame(tree, p);
    const same = { id: "shared", path: "shared" };
    const dup: Route[] = [
      { id: "p", path: "p", children: [same] },
      { id: "q", path: "q", children: [same] },
    ];
    for (const p of ["/p/shared", "/q/shared", "/shared"]) expectSame(dup, p);
    const dup2 = [
      { id: "p", path: "p", children: [{ ...same }] },
      { id: "q", path: "q", children: [{ ...same }] },
    ];
    for (const p of ["/p/shared", "/q/shared", "/shared"]) expectSame(dup2, p);
  });

  it("matches random trees and paths as the unpatched router (property)", () => {
    const segment = fc.constantFrom("a", "b", "B", ":p", ":q?", "c?", "*", "");
    const routePath = fc.oneof(
      fc.constant(undefined),
      fc.array(segment, { maxLength: 3 }).map((s) => s.join("/")),
      fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => "/" + s.join("/")),
    );
    const tree: fc.Arbitrary<Route[]> = fc.letrec<{ routes: Route[]; route: Route }>((tie) => ({
      route: fc
        .record({
          path: routePath,
          index: fc.boolean(),
          caseSensitive: fc.boolean(),
          children: fc.oneof({ depthSize: "small" }, fc.constant(undefined), tie("routes")),
        })
        .map((r) => ({ id: "", ...(r.index ? { path: r.path, index: true } : r) }) as Route),
      routes: fc.array(tie("route"), { maxLength: 4 }),
    })).routes;
    const url = fc.array(fc.constantFrom("a", "b", "B", "c", "x", "%20", ""), { maxLength: 4 }).map((s) => "/" + s.join("/"));
    fc.assert(
      fc.property(tree, fc.array(url, { minLength: 1, maxLength: 6 }), (routes, urls) => {
        const clone = deepClone(routes);
        for (const u of urls) {
          expectSame(routes, u);
          expectSame(clone, u);
          expectSame(deepClone(routes), u);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("answers a pathname matched before against the same array from its memo, without matching again", () => {
    const tree = appTree();
    const plain = appPaths.filter((p) => !p.includes("%"));
    for (const p of plain) expectSame(tree, p); // the first call: the ranked list is made
    for (const p of plain) expectSame(tree, p); // the second: the list is returned again, the matches kept
    const decode = vi.spyOn(globalThis, "decodeURIComponent");
    try {
      // the reference decodes every segment of every path on every call; the patched router, none of them again
      for (const p of plain) run(reference, tree, p);
      expect(decode.mock.calls.length).toBeGreaterThan(plain.length);
      decode.mockClear();
      for (const p of plain) run(patched, tree, p);
      expect(decode.mock.calls.length).toBe(0);
      for (const p of plain) expectSame(tree, p);
    } finally {
      decode.mockRestore();
    }
  });

  it("gives every caller matches of its own: nothing a caller writes reaches the next call", () => {
    const tree = appTree();
    for (let round = 0; round < 4; round++) {
      for (const p of ["/plan/5/Gold", "/docs/a/b/edit", "/files/a/b", "/plans", "/nope"]) {
        expectSame(tree, p);
        const got = patched.matchRoutes(tree as any, p)!;
        const want = reference.matchRoutes(tree as any, p)!;
        // one params object shared by every match of a result, as the router makes them
        expect(new Set(got.map((m) => m.params)).size).toBe(new Set(want.map((m) => m.params)).size);
        expect(patched.matchRoutes(tree as any, p)).not.toBe(got);
        expect(patched.matchRoutes(tree as any, p)![0]).not.toBe(got[0]);
        expect(patched.matchRoutes(tree as any, p)![0].params).not.toBe(got[0].params);
        (got[0].params as Record<string, string>).id = "written by a caller";
        (got[0] as { pathname: string }).pathname = "/written";
        got.push(got[0]);
        got.reverse();
      }
    }
  });

  it("warns as the unpatched router on every call: a malformed pathname, a malformed route pattern", () => {
    const count = (router: Router, routes: Route[], p: string) => {
      warn.mockClear();
      for (let i = 0; i < 3; i++) router.matchRoutes(routes as any, p);
      return warn.mock.calls.length;
    };
    const tree = appTree();
    for (let i = 0; i < 2; i++) expectSame(tree, "/plans");
    expect(count(patched, tree, "/%E0%A4%A")).toBe(count(reference, tree, "/%E0%A4%A"));
    expect(count(reference, tree, "/%E0%A4%A")).toBe(3);
    const odd: Route[] = [
      { id: "files", path: "files*" },
      { id: "plans", path: "plans" },
    ];
    for (let i = 0; i < 2; i++) expectSame(odd, "/plans");
    for (const p of ["/plans", "/files", "/filesx"]) {
      expect(count(patched, odd, p)).toBe(count(reference, odd, p));
      expectSame(odd, p);
    }
    expect(count(reference, odd, "/filesx")).toBeGreaterThan(0);
  });

  it("keeps its answers right past the memo's bound of pathnames", () => {
    const tree = appTree();
    for (let i = 0; i < 2; i++) expectSame(tree, "/plans");
    for (let i = 0; i < 2500; i++) expectSame(tree, `/plan/${i}/Gold`);
    for (const p of appPaths) expectSame(tree, p);
    for (let i = 0; i < 50; i++) expectSame(tree, `/plan/${i}/Gold`);
  });

  it("matchPath gives the unpatched results, fresh objects each time, and the same warnings", () => {
    const patterns: Parameters<Router["matchPath"]>[0][] = [
      "/plans",
      "/plan/:id",
      "/docs/:a?/:b?",
      "/files/*",
      "*",
      "/",
      "",
      { path: "/Plans", caseSensitive: true, end: true },
      { path: "/plans", caseSensitive: false, end: false },
      { path: "/plans", caseSensitive: true, end: false },
      { path: "/plans" },
      { path: "/user/:user-id", end: false },
    ];
    const urls = ["/plans", "/Plans", "/plans/x", "/plan/7", "/docs", "/docs/1/2", "/files/a/b", "/"];
    for (let round = 0; round < 2; round++)
      for (const pattern of patterns)
        for (const u of urls) {
          const got = patched.matchPath(pattern as any, u);
          expect(got).toEqual(reference.matchPath(pattern as any, u));
          if (got) {
            (got.params as Record<string, string>).extra = "written by a caller";
            expect(patched.matchPath(pattern as any, u)!.params).not.toHaveProperty("extra");
          }
        }
    // more patterns than the memo keeps: it starts over, results stay the same
    for (let i = 0; i < 4500; i++) {
      const pattern = { path: `/p${i}/:id`, end: i % 2 === 0 };
      expect(patched.matchPath(pattern, `/p${i}/7/x`)).toEqual(reference.matchPath(pattern, `/p${i}/7/x`));
    }
    for (const pattern of patterns)
      expect(patched.matchPath(pattern as any, "/plans")).toEqual(reference.matchPath(pattern as any, "/plans"));
    warn.mockClear();
    patched.matchPath("/files*", "/files/a");
    patched.matchPath("/files*", "/files/a");
    const patchedWarnings = warn.mock.calls.length;
    warn.mockClear();
    reference.matchPath("/files*", "/files/a");
    reference.matchPath("/files*", "/files/a");
    expect(patchedWarnings).toBe(warn.mock.calls.length);
    expect(patchedWarnings).toBe(2);
  });
});
