import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "~/.server/platform/request-context";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "~/.server/platform/request";
import { listingForBrowser, plansAction, plansListing } from "~/.server/store/plans-listing";
import { PlansListing } from "~/components/PlansListing";
import { pageTitle } from "~/utils/page-title";

/** The page offers Compare: its plan cards get a Compare checkbox and it shows the compare tray (issue 18). */
export const handle = { compare: true };

export const meta = pageTitle("plans");

/** /plans?type=…: every plan the visitor can buy, in the spec's sections, priced for them. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = await plansListing(requestContext({ request, context }), request, new URL(request.url).searchParams.get("type"));
  return json(listingForBrowser(data, context.listedCards));
}

/** Add to cart from a card, or save the Basic Details; both come back here. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  return plansAction(requestContext({ request, context }), request, form);
}

export default function Plans() {
  return <PlansListing data={useLoaderData<typeof loader>()} />;
}
