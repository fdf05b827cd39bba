import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readForm } from "~/.server/platform/request";
import { loadWizard } from "~/.server/wizard/steps";
import { withReadMemo } from "~/.server/platform/request-memo";
import { personalStepAction, personalStepPage } from "~/.server/wizard/personal-page";
import { useLoaderData } from "@remix-run/react";
import { PersonalInfoStep } from "~/components/wizard/PersonalInfoStep";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("personal");

/** Personal information: fields from the server's definitions, prefilled from what is known. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await loadWizard(context.services, request, "primary_info");
  return personalStepPage(context.services, ctx, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  // the step's row is read with the wizard's state, once (read again after a write)
  const reads = withReadMemo(context.services);
  const ctx = await loadWizard(reads, request, "primary_info");
  return personalStepAction(context.services, ctx, form, reads);
}

export default function PersonalInfo() {
  return <PersonalInfoStep data={useLoaderData<typeof loader>()} />;
}
