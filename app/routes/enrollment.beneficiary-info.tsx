import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readForm } from "~/.server/platform/request";
import { loadWizard } from "~/.server/wizard/steps";
import { beneficiaryStepAction, beneficiaryStepPage } from "~/.server/wizard/beneficiary-page";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BeneficiaryInfoStep } from "~/components/wizard/BeneficiaryInfoStep";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("beneficiaries");

/** Beneficiary information: the list, the add / edit / delete popups (addressable by URL), the total. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await loadWizard(context.services, request, "beneficiary_info");
  return beneficiaryStepPage(context.services, ctx, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  const ctx = await loadWizard(context.services, request, "beneficiary_info");
  return beneficiaryStepAction(context.services, ctx, form);
}

export default function BeneficiaryInfo() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { mainError?: string } | undefined;
  return <BeneficiaryInfoStep data={data} mainError={actionData?.mainError ?? null} />;
}
