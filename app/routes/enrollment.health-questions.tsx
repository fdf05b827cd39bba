import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readForm } from "~/.server/platform/request";
import { loadWizard } from "~/.server/wizard/steps";
import { healthStepAction, healthStepPage } from "~/.server/wizard/health-page";
import { useLoaderData } from "@remix-run/react";
import { HealthQuestionsStep } from "~/components/wizard/HealthQuestionsStep";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("health");

/** Primary Health Questions: Yes/No per question (default No), details when Yes, medications, notes. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await loadWizard(context.services, request, "primary_health_info");
  return healthStepPage(context.services, ctx, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  // readForm drops field names that could reach Object.prototype (see safeFields).
  const form = await readForm(request, context.services);
  const ctx = await loadWizard(context.services, request, "primary_health_info");
  return healthStepAction(context.services, ctx, form);
}

export default function HealthQuestions() {
  return <HealthQuestionsStep data={useLoaderData<typeof loader>()} />;
}
