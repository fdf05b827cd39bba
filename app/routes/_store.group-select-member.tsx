import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "~/.server/platform/request";
import { requireGroupAdmin } from "~/.server/store/guard";
import { requestContext } from "~/.server/platform/request-context";
import { currentMembersData, enrollCurrentMember } from "~/.server/members/current-members";
import { CurrentMembers } from "~/components/CurrentMembers";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("currentMembers");

const BASE = "/group-select-member";

/** A group's current members: the members of this group (storefront §6), for its admins only, verified by a code (issue 15). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const { session, groupId } = await requireGroupAdmin(requestContext({ request, context }), request);
  return currentMembersData(services, request, session, { groupId }, BASE);
}

/** Enroll Now → tier (→ dependents) → an existing-member enrollment → /plans. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const { session, groupId } = await requireGroupAdmin(requestContext({ request, context }), request);
  return enrollCurrentMember(services, request, session, form, { groupId }, BASE);
}

export default function GroupSelectMember() {
  return <CurrentMembers data={useLoaderData<typeof loader>()} homeTo="/group-home" />;
}
