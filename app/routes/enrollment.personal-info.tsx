import { stepAction, stepLoader } from "~/.server/wizard/step-route";
import { useLoaderData } from "@remix-run/react";
import { PersonalInfoStep } from "~/components/wizard/PersonalInfoStep";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("personal");

/** Personal information: fields from the server's definitions, prefilled from what is known. */
export const loader = stepLoader("primary_info");
export const action = stepAction("primary_info");

export default function PersonalInfo() {
  return <PersonalInfoStep data={useLoaderData<typeof loader>()} />;
}
