import { stepAction, stepLoader } from "~/.server/wizard/step-route";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BeneficiaryInfoStep } from "~/components/wizard/BeneficiaryInfoStep";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("beneficiaries");

/** Beneficiary information: the list, the add / edit / delete popups (addressable by URL), the total. */
export const loader = stepLoader("beneficiary_info");
export const action = stepAction("beneficiary_info");

export default function BeneficiaryInfo() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { mainError?: string } | undefined;
  return <BeneficiaryInfoStep data={data} mainError={actionData?.mainError ?? null} />;
}
