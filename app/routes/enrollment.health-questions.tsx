import { stepAction, stepLoader } from "~/.server/wizard/step-route";
import { useLoaderData } from "@remix-run/react";
import { HealthQuestionsStep } from "~/components/wizard/HealthQuestionsStep";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("health");

/** Primary Health Questions: Yes/No per question (default No), details when Yes, medications, notes. */
export const loader = stepLoader("primary_health_info");
export const action = stepAction("primary_health_info");

export default function HealthQuestions() {
  return <HealthQuestionsStep data={useLoaderData<typeof loader>()} />;
}
