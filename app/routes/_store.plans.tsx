import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm, field } from "~/.server/request";
import { plansListing } from "~/.server/plans-listing";
import { submitQuote } from "~/.server/quote";
import { handleAddToCart } from "~/.server/add-to-cart";
import { PlansListing } from "~/components/PlansListing";

export const meta: MetaFunction = () => [{ title: "Plans" }];

/** /plans?type=…: every plan the visitor can buy, in the spec's sections, priced for them. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await plansListing(context.services, request, new URL(request.url).searchParams.get("type")));
}

/** Add to cart from a card, or save the Basic Details; both come back here. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const session = await services.sessions.read(request);
  const url = new URL(request.url);
  url.searchParams.delete("dialog");
  const back = url.pathname + url.search;
  if (field(form, "intent", 20) === "add") return handleAddToCart(services, request, session, form, { from: "listing", back });
  return submitQuote(services, request, session, form, { requireCategory: false, next: () => back });
}

export default function Plans() {
  return <PlansListing data={useLoaderData<typeof loader>()} />;
}
