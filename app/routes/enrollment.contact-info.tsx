import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData, useActionData } from "@remix-run/react";
import { readForm } from "~/.server/platform/request";
import { loadWizard } from "~/.server/wizard/steps";
import { contactStepAction, contactStepPage } from "~/.server/wizard/contact-page";
import { ContactInfoStep } from "~/components/wizard/ContactInfoStep";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("contact");

/** Contact information, with verification by one-time code for addresses we cannot reach. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await loadWizard(context.services, request, "contact_info");
  return json(await contactStepPage(context.services, ctx, request));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  const ctx = await loadWizard(context.services, request, "contact_info");
  return contactStepAction(context.services, ctx, form, context.clientIp);
}

export default function ContactInfo() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { otpError?: string; seconds?: number } | undefined;
  return <ContactInfoStep data={data} otpError={actionData?.otpError ?? null} otpWait={actionData?.seconds ?? null} />;
}
