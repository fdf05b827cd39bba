import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readForm } from "~/.server/platform/request";
import { loadWizard } from "~/.server/wizard/steps";
import { dependentsStepAction, dependentsStepPage } from "~/.server/wizard/dependents-page";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DependentInfoStep } from "~/components/wizard/DependentInfoStep";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("dependents");

/** Dependent information: the list, the add / edit / delete popups (addressable by URL), the spouse question. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await loadWizard(context.services, request, "dependent_info");
  return dependentsStepPage(context.services, ctx, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  const ctx = await loadWizard(context.services, request, "dependent_info");
  return dependentsStepAction(context.services, ctx, form);
}

export default function DependentInformation() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { mainError?: string; dependentNumber?: number | null } | undefined;
  return (
    <DependentInfoStep
      data={data}
      mainError={actionData?.mainError ? { message: actionData.mainError, n: actionData.dependentNumber ?? null } : null}
    />
  );
}
