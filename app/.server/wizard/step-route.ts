/**
 * A wizard step's route, made from its registry module (issue 25): the loader loads the wizard at
 * the step's tab and hands the request to the step's page; the action reads the form (within the
 * step's size), loads the wizard with memoised reads and hands both to the step's action. A step
 * page's route is then `export const loader = stepLoader("<tab>")`, its action the same, and its
 * component.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readForm } from "../platform/request";
import { withReadMemo } from "../platform/request-memo";
import { requestContextWithReads } from "../platform/request-context";
import { loadWizard } from "./steps";
import { STEPS } from "./registry";
import type { TabName } from "~/domain/wizard-steps";

type Steps = typeof STEPS;
/** The tabs whose module holds its page (every one but the review). */
export type PagedTab = { [K in TabName]: Steps[K] extends { page: unknown; action: unknown } ? K : never }[TabName];
type PageOf<K extends PagedTab> = Steps[K] extends { page: (...args: never[]) => Promise<infer R> } ? R : never;
type ActionOf<K extends PagedTab> = Steps[K] extends { action: (...args: never[]) => Promise<infer R> } ? R : never;

export function stepLoader<K extends PagedTab>(tab: K) {
  const step = STEPS[tab] as unknown as { page: (...args: unknown[]) => Promise<PageOf<K>> };
  return async ({ request, context }: LoaderFunctionArgs): Promise<PageOf<K>> => {
    const ctx = await loadWizard(context.services, { request, context }, tab);
    return step.page(context.services, ctx, request);
  };
}

export function stepAction<K extends PagedTab>(tab: K) {
  const step = STEPS[tab] as unknown as { action: (...args: unknown[]) => Promise<ActionOf<K>>; formMaxBytes?: number };
  return async ({ request, context }: ActionFunctionArgs): Promise<ActionOf<K>> => {
    const form = await readForm(request, context.services, { maxBytes: step.formMaxBytes });
    // the wizard's reads, kept for this request: a step may reuse a row loadWizard read (read again after a write)
    const reads = withReadMemo(context.services);
    requestContextWithReads({ request, context }, reads);
    const ctx = await loadWizard(reads, { request, context }, tab);
    return step.action(context.services, ctx, { form, request, clientIp: context.clientIp, reads });
  };
}
