/**
 * Stands in for turbo-stream in the browser build while `v3_singleFetch` is off (vite.config.ts):
 * Remix then never decodes a turbo-stream, and the library is not shipped (issue 17). Turning
 * single fetch on removes this alias with it.
 */
export function decode(): never {
  throw new Error("turbo-stream is not in the browser build: v3_singleFetch is off (vite.config.ts)");
}
export function encode(): never {
  throw new Error("turbo-stream is not in the browser build: v3_singleFetch is off (vite.config.ts)");
}
