import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readForm } from "~/.server/platform/request";
import { loadWizard } from "~/.server/wizard/steps";
import { AGREEMENT_FORM_MAX_BYTES } from "~/forms/agreement";
import { agreementStepAction, agreementStepPage } from "~/.server/wizard/agreement-page";
import { useLoaderData } from "@remix-run/react";
import { AgreementStep } from "~/components/wizard/AgreementStep";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("agreement");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await loadWizard(context.services, request, "agreement_info");
  return agreementStepPage(context.services, ctx, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services, { maxBytes: AGREEMENT_FORM_MAX_BYTES });
  const ctx = await loadWizard(context.services, request, "agreement_info");
  return agreementStepAction(context.services, ctx, request, form);
}

export default function AgreementSignature() {
  return <AgreementStep data={useLoaderData<typeof loader>()} />;
}
