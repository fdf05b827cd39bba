import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { directContinue } from "~/.server/resume";

/**
 * /direct-continue/:id/:tab — the link in a save-for-later e-mail (and the one reps send): the
 * id is an unguessable, expiring token (base64 in the path), never the enrollment id.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await services.sessions.read(request);
  const to = await directContinue(services, session, params.id ?? "", params.tab ?? "");
  if (!to) throw new Response("Not Found", { status: 404 });
  return redirect(to, { headers: { "Set-Cookie": await services.sessions.commit(session) } });
}
