import { vitePlugin as remix } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// The browser fetches translations with this version, so a deploy never serves stale text.
const localesVersion = createHash("sha256")
  .update(readFileSync("public/locales/en/common.json"))
  .update(readFileSync("public/locales/es/common.json"))
  .digest("hex")
  .slice(0, 12);

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: false;
  }
}

/** React, React DOM, the scheduler, Remix and React Router: what every page runs, whatever the route. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|@remix-run[\\/][^\\/]+|react-router|react-router-dom)[\\/]/;

/**
 * The browser build in three kinds of file (issue 17, ADR 013): one "framework" chunk, one "shell"
 * chunk (everything entry.client and root.tsx import statically: the header, the footer, the
 * strings, the dialog, and the small helpers of every page) and, as before, a chunk per route and
 * per lazy import. A cold page then fetches two big files that compress well instead of a dozen
 * small ones; a route's own code still loads with its route only. Browser build only.
 */
function browserChunks(): Plugin {
  return {
    name: "browser-chunks",
    config(_config, env) {
      if (env.isSsrBuild || env.command !== "build") return;
      let shell: Set<string> | undefined;
      const isEntry = (id: string) => /[?&]__remix-build-client-route/.test(id) || /[\\/]app[\\/]entry\.client\.tsx$/.test(id);
      return {
        build: {
          // Terser with two compress passes: ~4 KB gzip less than esbuild on every page's first load
          // (the server build stays unminified, for readable stack traces)
          minify: "terser",
          terserOptions: { compress: { passes: 2 }, format: { comments: false } },
          rollupOptions: {
            output: {
              manualChunks(id, { getModuleIds, getModuleInfo }) {
                if (FRAMEWORK.test(id) || id.endsWith("/app/overrides/turbo-stream-off.ts")) return "framework";
                // Every component's styles in the shell's one stylesheet: a page waits for one CSS file, not three or four
                if (/\.vanilla\.css($|\?)/.test(id)) return "shell";
                if (!shell) {
                  // Modules statically reachable from the entry and the root route (not through a lazy import).
                  shell = new Set();
                  const roots = [...getModuleIds()].filter((m) => /[\\/]app[\\/](entry\.client|root)\.tsx($|\?)/.test(m));
                  const queue = [...roots];
                  while (queue.length) {
                    const m = queue.pop()!;
                    if (shell.has(m)) continue;
                    shell.add(m);
                    queue.push(...(getModuleInfo(m)?.importedIds ?? []));
                  }
                }
                if (shell.has(id) && !isEntry(id)) return "shell";
                return null;
              },
            },
          },
        },
      };
    },
  };
}

// remix-validated-form's validationError answers with json(): single fetch stays off
const singleFetch = false;

export default defineConfig({
  plugins: [
    vanillaExtractPlugin(),
    // Without single fetch the browser never decodes a turbo-stream: the library stays out of the first load (issue 17)…
    {
      name: "turbo-stream-off",
      enforce: "pre",
      resolveId(source, importer, options) {
        if (!singleFetch && source === "turbo-stream" && !options?.ssr)
          return fileURLToPath(new URL("./app/overrides/turbo-stream-off.ts", import.meta.url));
        // …nor runs Remix's single-fetch module (its callers check the future flag first)
        if (
          !singleFetch &&
          source === "./single-fetch.js" &&
          /[\\/]@remix-run[\\/]react[\\/]dist[\\/]esm[\\/]/.test(importer ?? "") &&
          !options?.ssr
        )
          return fileURLToPath(new URL("./app/overrides/single-fetch-off.ts", import.meta.url));
        return null;
      },
    },
    !process.env.VITEST &&
      remix({
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_lazyRouteDiscovery: true,
          v3_routeConfig: true,
          // remix-validated-form 5 relies on json() responses
          v3_singleFetch: singleFetch,
        },
      }),
    tsconfigPaths(),
    browserChunks(),
  ],
  define: { __LOCALES_VERSION__: JSON.stringify(localesVersion) },
  build: {
    target: "es2019",
    // Remix writes the modulepreload links of a page itself; Vite's own preloading of what a lazy
    // import needs (a helper and the file lists of every lazy import) would ship in the first load
    modulePreload: false,
  },
  server: { port: 3000 },
});
