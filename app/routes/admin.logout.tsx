import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { readForm } from "~/.server/platform/request";
import { endOperatorSessionOf } from "~/.server/operators/sessions";
import { withRenewedCsrf } from "~/.server/platform/respond";

/** Log out of the console: the server session is revoked; its cookie, replayed, opens nothing. */
export async function action({ request, context }: ActionFunctionArgs) {
  await readForm(request, context.services);
  const setCookie = await endOperatorSessionOf(context.services, request);
  return redirect("/admin?ended=logout", { headers: await withRenewedCsrf(context.services, setCookie) });
}

export function loader() {
  return redirect("/admin");
}
