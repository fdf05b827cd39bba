import { stepAction, stepLoader } from "~/.server/wizard/step-route";
import { useLoaderData } from "@remix-run/react";
import { AgreementStep } from "~/components/wizard/AgreementStep";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("agreement");

export const loader = stepLoader("agreement_info");
export const action = stepAction("agreement_info");

export default function AgreementSignature() {
  return <AgreementStep data={useLoaderData<typeof loader>()} />;
}
