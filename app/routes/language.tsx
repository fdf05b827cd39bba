import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { readForm, field } from "~/.server/platform/request";
import { localRedirect } from "~/.server/platform/redirect";
import { isLocale } from "~/i18n";

/** The header's language switch: a plain form, so it works without JavaScript. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  const lng = field(form, "lng", 5);
  const to = localRedirect(field(form, "redirectTo", 2000), "/");
  // Drop a ?lng= in the return address so it cannot undo the choice.
  const url = new URL(to, "http://local");
  url.searchParams.delete("lng");
  const headers = new Headers();
  if (isLocale(lng)) headers.append("Set-Cookie", await context.services.languageCookie.serialize(lng));
  return redirect(url.pathname + url.search, { headers });
}

export function loader() {
  return redirect("/");
}
