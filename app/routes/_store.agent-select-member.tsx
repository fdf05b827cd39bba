import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "~/.server/request";
import { requireRole } from "~/.server/guard";
import { currentMembersData, enrollCurrentMember } from "~/.server/current-members";
import { CurrentMembers } from "~/components/CurrentMembers";

export const meta: MetaFunction = () => [{ title: "Current members" }];

const BASE = "/agent-select-member";

/** A rep's current members: those whose rep is this rep (storefront §6). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requireRole(request, services, "rep");
  return currentMembersData(services, request, { repId: session.get("agentId")! }, BASE);
}

/** Enroll Now → tier (→ dependents) → an existing-member enrollment → /plans. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const session = await requireRole(request, services, "rep");
  return enrollCurrentMember(services, request, session, form, { repId: session.get("agentId")! }, BASE);
}

export default function AgentSelectMember() {
  return <CurrentMembers data={useLoaderData<typeof loader>()} homeTo="/agent-home" />;
}
