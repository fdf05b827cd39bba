import { stepAction, stepLoader } from "~/.server/wizard/step-route";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DependentInfoStep } from "~/components/wizard/DependentInfoStep";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("dependents");

/** Dependent information: the list, the add / edit / delete popups (addressable by URL), the spouse question. */
export const loader = stepLoader("dependent_info");
export const action = stepAction("dependent_info");

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
