import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm, field } from "~/.server/request";
import { plansListing } from "~/.server/plans-listing";
import { submitQuote } from "~/.server/quote";
import { handleAddToCart } from "~/.server/add-to-cart";
import { currentEnrollment } from "~/.server/shopping";
import { PlansListing } from "~/components/PlansListing";

export const meta: MetaFunction = () => [{ title: "Plans" }];

/** /new-plans: the plan list for the category chosen on /new-landing (or ?type=). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await services.sessions.read(request);
  const enrollment = await currentEnrollment(services, session);
  const type = new URL(request.url).searchParams.get("type") ?? enrollment?.category ?? null;
  return json(await plansListing(services, request, type));
}

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

export default function NewPlans() {
  return <PlansListing data={useLoaderData<typeof loader>()} selectorAction="/new-plans" />;
}
