import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readForm } from "~/.server/platform/request";
import { loadWizard } from "~/.server/wizard/steps";
import { billingStepAction, billingStepPage } from "~/.server/wizard/billing-page";
import { useLoaderData } from "@remix-run/react";
import { BillingInfoStep } from "~/components/wizard/BillingInfoStep";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("billing");

/** Billing: the method, the bill date, a bank or a card (new or saved), or the group's fixed method. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await loadWizard(context.services, request, "billing_info");
  return billingStepPage(context.services, ctx, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  const ctx = await loadWizard(context.services, request, "billing_info");
  return billingStepAction(context.services, ctx, form);
}

export default function BillingInformation() {
  return <BillingInfoStep data={useLoaderData<typeof loader>()} />;
}
