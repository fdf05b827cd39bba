import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { readForm } from "~/.server/platform/request";
import { requestContext } from "~/.server/platform/request-context";
import { withRenewedCsrf } from "~/.server/platform/respond";

/** Not My Site: forget everything this browser held and go back to the access page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  await readForm(request, services);
  const session = await requestContext({ request, context }).session;
  // a verified rep's or admin's server session is revoked: its cookie, replayed, opens nothing
  await services.sessions.endStaff(session, "not_my_site");
  return redirect("/access", { headers: await withRenewedCsrf(services, await services.sessions.commit(session)) });
}

export function loader() {
  return redirect("/access");
}
