import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { directContinue } from "~/.server/wizard/resume";
import { NotFoundPage } from "~/components/ErrorPage";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("continueEnrollment");

/**
 * /direct-continue/:id/:tab — the link in a save-for-later e-mail (and the one reps send): the
 * id is an unguessable, expiring token (base64 in the path), never the enrollment id. It opens
 * the saved step, or the receipt of a completed enrollment; an unknown or expired link is the
 * site's 404 page.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await services.sessions.read(request);
  const to = await directContinue(services, session, params.id ?? "", params.tab ?? "");
  if (!to) throw new Response("Not Found", { status: 404 });
  return redirect(to, { headers: { "Set-Cookie": await services.sessions.commit(session) } });
}

/** Never shown: the loader redirects or answers 404. A page (not a resource route), so the 404 is the site's page. */
export default function DirectContinue() {
  return null;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
