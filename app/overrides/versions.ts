/**
 * Every place the app replaces part of its framework lives in this folder (issue 25):
 * - `@remix-run+router+1.23.3.patch`: patch-package applies it to the router the server loads on
 *   every install (`postinstall`, `--patch-dir app/overrides`; ADR 015);
 * - `single-fetch-off.ts` and `turbo-stream-off.ts`: vite.config.ts puts them in the browser build
 *   in place of @remix-run/react's single-fetch module and of turbo-stream while `v3_singleFetch`
 *   is off (ADR 013).
 * Each was written against the version listed here. tests/overrides.test.ts fails as soon as the
 * installed version differs: read the new upstream code, port or drop the override, then update
 * this list.
 */
export const OVERRIDDEN_PACKAGES = {
  "@remix-run/router": "1.23.3",
  "@remix-run/react": "2.17.5",
  "turbo-stream": "2.4.1",
} as const;
