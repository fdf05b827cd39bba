/**
 * Stands in for @remix-run/react's single-fetch module in the browser build while
 * `v3_singleFetch` is off (vite.config.ts, as turbo-stream-off.ts does for turbo-stream): Remix
 * then only calls these behind a `future.v3_singleFetch` check, and the module's ~2.5 KB gzip
 * are not shipped (issue 17). `singleFetchUrl` is kept as Remix wrote it (its prefetch code
 * names it). Turning single fetch on removes this alias with it.
 */
const off = (): never => {
  throw new Error("single fetch is not in the browser build: v3_singleFetch is off (vite.config.ts)");
};
export const StreamTransfer = off;
export const decodeViaTurboStream = off;
export const getSingleFetchDataStrategy = off;

export function singleFetchUrl(reqUrl: string | URL): URL {
  const url =
    typeof reqUrl === "string" ? new URL(reqUrl, typeof window === "undefined" ? "server://singlefetch/" : window.location.origin) : reqUrl;
  if (url.pathname === "/") url.pathname = "_root.data";
  else url.pathname = `${url.pathname.replace(/\/$/, "")}.data`;
  return url;
}
