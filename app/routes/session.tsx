import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { readForm } from "~/.server/platform/request";

/**
 * /session: what the page's JavaScript asks about a verified rep's or admin's session (issue 15).
 * GET tells how long it has left without counting as activity (the warning checks before it
 * sends the visitor to the session-expired page: another tab may have kept it alive); POST is
 * "Stay signed in": a request, so the idle time starts again.
 */
async function status(request: Request, services: LoaderFunctionArgs["context"]["services"], touch: boolean) {
  const session = await services.sessions.read(request, { touch, allowEnded: true });
  const limits = session.limits(services.now(), services.sessions.idleMs);
  return json(
    { active: Boolean(limits), idleSeconds: limits?.idleSeconds ?? 0, absoluteSeconds: limits?.absoluteSeconds ?? 0 },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return status(request, context.services, false);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await readForm(request, context.services);
  return status(request, context.services, true);
}
