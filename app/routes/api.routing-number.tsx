import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { bankNameForRouting } from "~/.server/adapters/data/routing-banks";

/**
 * routing-number-bank-lookup: the bank of an ABA routing number, from the bundled table, for
 * the billing step's fill-in when the routing number loses focus. `{ name }` (upper case) or
 * `{ error }` (a translation key). A routing number is a public bank identifier, not personal
 * data; nothing is logged or stored. The save checks the number again.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 20);
  const cache = { "Cache-Control": "public, max-age=86400" };
  if (!/^\d{9}$/.test(q)) return json({ error: "validation.routingDigits" }, { status: 400, headers: cache });
  const found = bankNameForRouting(q);
  if (found.ok) return json({ name: found.name.toUpperCase() }, { headers: cache });
  return json(
    { error: found.reason === "invalid" ? "validation.routingInvalid" : "validation.routingUnknown" },
    { status: found.reason === "invalid" ? 400 : 404, headers: cache },
  );
}
