import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { readForm } from "~/.server/platform/request";
import { readOperatorSession, sessionLimits } from "~/.server/operators/sessions";

/**
 * /admin/session: what the console's idle warning asks (ADR 009). GET tells the time left without
 * counting as activity; POST is "Stay signed in".
 */
async function status(request: Request, services: LoaderFunctionArgs["context"]["services"], touch: boolean) {
  const state = await readOperatorSession(services, request, touch);
  const limits = state.state === "live" ? sessionLimits(services, state) : null;
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
