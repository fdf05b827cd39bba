import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "~/.server/platform/request";
import { requireVerifiedRep } from "~/.server/store/guard";
import { requestContext } from "~/.server/platform/request-context";
import { currentMembersData, enrollCurrentMember } from "~/.server/members/current-members";
import { CurrentMembers } from "~/components/CurrentMembers";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("currentMembers");

const BASE = "/agent-select-member";

/** A rep's current members: those whose rep is this rep (storefront §6); the rep verified by a code (issue 15). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const { session, repId } = await requireVerifiedRep(requestContext({ request, context }), request);
  return currentMembersData(services, request, session, { repId }, BASE);
}

/** Enroll Now → tier (→ dependents) → an existing-member enrollment → /plans. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const { session, repId } = await requireVerifiedRep(requestContext({ request, context }), request);
  return enrollCurrentMember(services, request, session, form, { repId }, BASE);
}

export default function AgentSelectMember() {
  return <CurrentMembers data={useLoaderData<typeof loader>()} homeTo="/agent-home" />;
}
