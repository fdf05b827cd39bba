import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { readForm } from "~/.server/platform/request";
import { requestContext } from "~/.server/platform/request-context";
import { withRenewedCsrf } from "~/.server/platform/respond";

/** Log out (reps and groups): clear the session; the next visitor starts afresh. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  await readForm(request, services);
  const session = await requestContext({ request, context }).session;
  // a verified rep's or admin's server session is revoked: its cookie, replayed, opens nothing
  await services.sessions.endStaff(session, "logout");
  return redirect("/", { headers: await withRenewedCsrf(services, await services.sessions.commit(session)) });
}

export function loader() {
  return redirect("/");
}
