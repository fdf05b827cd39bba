import { stepAction, stepLoader } from "~/.server/wizard/step-route";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmployerInfoStep } from "~/components/wizard/EmployerInfoStep";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("employer");

/** Employer information: saved answers, else the group's employer details as defaults. */
export const loader = stepLoader("employer_info");
export const action = stepAction("employer_info");

export default function EmployerInfo() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { formError?: string } | undefined;
  return <EmployerInfoStep data={data} formError={actionData?.formError ?? null} />;
}
