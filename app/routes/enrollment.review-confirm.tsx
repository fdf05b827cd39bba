import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readForm } from "~/.server/platform/request";
import { loadWizard } from "~/.server/wizard/steps";
import { reviewStepAction, reviewStepPage } from "~/.server/wizard/review-page";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ReviewStep, type ReviewProblem } from "~/components/wizard/ReviewStep";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("review");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await loadWizard(context.services, { request, context }, "review_info");
  return reviewStepPage(context.services, ctx, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  const ctx = await loadWizard(context.services, { request, context }, "review_info");
  return reviewStepAction(context.services, ctx, form);
}

export default function ReviewConfirm() {
  const actionData = useActionData<typeof action>() as { problems?: ReviewProblem[]; notes?: string } | undefined;
  const data = useLoaderData<typeof loader>();
  return (
    <ReviewStep
      data={actionData?.notes !== undefined ? { ...data, notes: actionData.notes } : data}
      problems={actionData?.problems ?? []}
    />
  );
}
