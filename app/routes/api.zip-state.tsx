import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { zipLookup } from "~/.server/adapters/zip";

/** The state of a 5-digit ZIP, for the forms' fill-in (the server checks it again on save). */
export function loader({ request }: LoaderFunctionArgs) {
  const zip = new URL(request.url).searchParams.get("zip") ?? "";
  const state = /^\d{5}$/.test(zip) ? zipLookup.stateFor(zip) : null;
  return json({ state }, { headers: { "Cache-Control": "public, max-age=86400" } });
}
