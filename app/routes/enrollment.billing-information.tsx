import { stepAction, stepLoader } from "~/.server/wizard/step-route";
import { useLoaderData } from "@remix-run/react";
import { BillingInfoStep } from "~/components/wizard/BillingInfoStep";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("billing");

/** Billing: the method, the bill date, a bank or a card (new or saved), or the group's fixed method. */
export const loader = stepLoader("billing_info");
export const action = stepAction("billing_info");

export default function BillingInformation() {
  return <BillingInfoStep data={useLoaderData<typeof loader>()} />;
}
