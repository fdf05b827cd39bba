import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "~/.server/request";
import { requireRole } from "~/.server/guard";
import { currentMembersData, enrollCurrentMember } from "~/.server/current-members";
import { CurrentMembers } from "~/components/CurrentMembers";

export const meta: MetaFunction = () => [{ title: "Current members" }];

const BASE = "/group-select-member";

/** A group's current members: the members of this group (storefront §6). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requireRole(request, services, "group");
  return currentMembersData(services, request, { groupId: session.get("groupId")! }, BASE);
}

/** Enroll Now → tier (→ dependents) → an existing-member enrollment → /plans. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const session = await requireRole(request, services, "group");
  return enrollCurrentMember(services, request, session, form, { groupId: session.get("groupId")! }, BASE);
}

export default function GroupSelectMember() {
  return <CurrentMembers data={useLoaderData<typeof loader>()} homeTo="/group-home" />;
}
