import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { readForm } from "~/.server/request";

/** Not My Site: forget everything this browser held and go back to the access page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  await readForm(request, services);
  const session = await services.sessions.read(request);
  session.clear();
  return redirect("/access", { headers: { "Set-Cookie": await services.sessions.commit(session) } });
}

export function loader() {
  return redirect("/access");
}
