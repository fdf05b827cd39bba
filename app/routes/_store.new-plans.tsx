import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "~/.server/platform/request";
import { listingForBrowser, plansAction, plansListing } from "~/.server/store/plans-listing";
import { currentEnrollment } from "~/.server/store/shopping";
import { PlansListing } from "~/components/PlansListing";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

/** The page offers Compare: its plan cards get a Compare checkbox and it shows the compare tray (issue 18). */
export const handle = { compare: true };

export const meta = pageTitle("plans");

/** /new-plans: the plan list for the category chosen on /new-landing (or ?type=). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requestContext({ request, context }).session;
  const enrollment = await currentEnrollment(services, session);
  const type = new URL(request.url).searchParams.get("type") ?? enrollment?.category ?? null;
  return json(listingForBrowser(await plansListing(requestContext({ request, context }), request, type), context.listedCards));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  return plansAction(requestContext({ request, context }), request, form);
}

export default function NewPlans() {
  return <PlansListing data={useLoaderData<typeof loader>()} selectorAction="/new-plans" />;
}
