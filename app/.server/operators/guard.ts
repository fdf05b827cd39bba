/**
 * `requireOperator(args, need?)`: every /admin loader and action but the sign-in pages starts
 * with it (issue 27). It reads the operator's server session (operators/sessions.ts); without one
 * it redirects to the sign-in at /admin (with `next`, and `ended` when a session ran out or was
 * revoked); with one whose role may not `need`, it throws the 403 page ("role"). It returns the
 * operator, an actor for the trail, the session's limits for the idle warning and `may`, so a
 * page can hide what the role cannot do.
 *
 *   const op = await requireOperator(args, { area: "sales", access: "edit" });
 *   await recordChange(op.services, trx, op.actor, { kind: "rep.update", … });
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import type { Services } from "../services";
import type { Operator } from "../db/schema";
import { may, type Access, type ConsoleArea } from "~/domain/operators";
import { actorFrom, readOperatorSession, sessionLimits, type OperatorSessionState } from "./sessions";
import type { OperatorActor } from "./trail";

export interface OperatorContext {
  services: Services;
  operator: Pick<Operator, "id" | "email" | "name" | "role">;
  actor: OperatorActor & { operatorId: number };
  limits: { idleSeconds: number; absoluteSeconds: number; warningSeconds: number };
  /** the session's id and when its operator signed in (ms): a recent sign-in is asked before adding a passkey */
  session: { id: number; signedInAt: number };
  may(area: ConsoleArea, access?: Access): boolean;
}

/** A local /admin path to come back to after signing in (anything else: the console's home). */
export function safeNext(value: string | null | undefined) {
  return value && /^\/admin(\/[A-Za-z0-9/_-]*)?(\?[A-Za-z0-9=&_%-]*)?$/.test(value) ? value : "/admin";
}

/** The 403 page for a role that may not do this (localized by the error boundary: code "role"). */
export function roleRefusal() {
  return new Response("Forbidden", { status: 403, statusText: "role" });
}

/** The signed-in operator if there is one (the sign-in pages, the console's frame); never redirects. */
export async function currentOperator(args: { request: Request; context: AppLoadContext }, touch = false): Promise<OperatorContext | null> {
  const state = await readOperatorSession(args.context.services, args.request, touch);
  return state.state === "live" ? contextOf(args.context.services, args.request, state) : null;
}

function contextOf(services: Services, request: Request, state: Extract<OperatorSessionState, { state: "live" }>): OperatorContext {
  const { operator } = state;
  return {
    services,
    operator: { id: operator.id, email: operator.email, name: operator.name, role: operator.role },
    actor: { ...actorFrom(request, operator.id), operatorId: operator.id },
    limits: sessionLimits(services, state),
    session: { id: state.sessionId, signedInAt: state.signedInAt },
    may: (area, access = "read") => may(operator.role, area, access),
  };
}

export async function requireOperator(
  args: { request: Request; context: AppLoadContext },
  need?: { area: ConsoleArea; access?: Access },
  options: { touch?: boolean } = {},
): Promise<OperatorContext> {
  const { request, context } = args;
  const services = context.services;
  const state = await readOperatorSession(services, request, options.touch ?? true);
  if (state.state !== "live") {
    const url = new URL(request.url);
    const params = new URLSearchParams();
    if (request.method === "GET") params.set("next", safeNext(url.pathname + url.search));
    if (state.state === "ended") params.set("ended", /^[a-z_]{1,20}$/.test(state.reason) ? state.reason : "unknown");
    throw redirect(`/admin?${params}`);
  }
  const ctx = contextOf(services, request, state);
  if (need && !ctx.may(need.area, need.access ?? "read")) {
    services.log.warn("operator role refused", { role: ctx.operator.role, area: need.area });
    throw roleRefusal();
  }
  return ctx;
}
