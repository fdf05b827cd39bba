import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readForm } from "~/.server/platform/request";
import { loadWizard } from "~/.server/wizard/steps";
import { employerStepAction, employerStepPage } from "~/.server/wizard/employer-page";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmployerInfoStep } from "~/components/wizard/EmployerInfoStep";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("employer");

/** Employer information: saved answers, else the group's employer details as defaults. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await loadWizard(context.services, request, "employer_info");
  return employerStepPage(context.services, ctx, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  const ctx = await loadWizard(context.services, request, "employer_info");
  return employerStepAction(context.services, ctx, form);
}

export default function EmployerInfo() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { formError?: string } | undefined;
  return <EmployerInfoStep data={data} formError={actionData?.formError ?? null} />;
}
