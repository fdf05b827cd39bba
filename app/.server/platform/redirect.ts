/**
 * The one way a route turns input into a redirect target (issue 23): a path on this site, or
 * the fallback. A value with a control character (raw or percent-encoded) is a tampered link:
 * it answers a 400 page — never a 500 from a header that cannot be sent.
 */
import { localPath } from "~/domain/local-path";
import { formRefusal } from "./request";

export function badAddress() {
  return formRefusal(400, "bad-address", (e) => ({ title: e.badAddress.title, lines: [e.badAddress.body] }));
}

/** `value` if it is a path on this site, else `fallback`; throws the 400 page for control characters. */
export function localRedirect(value: string | null | undefined, fallback: string): string {
  if (!value) return fallback;
  const result = localPath(value);
  if (result.ok) return result.path;
  if (result.reason === "control") throw badAddress();
  return fallback;
}
