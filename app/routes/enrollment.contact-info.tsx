import { stepAction, stepLoader } from "~/.server/wizard/step-route";
import { useLoaderData, useActionData } from "@remix-run/react";
import { ContactInfoStep } from "~/components/wizard/ContactInfoStep";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("contact");

/** Contact information, with verification by one-time code for addresses we cannot reach. */
export const loader = stepLoader("contact_info");
export const action = stepAction("contact_info");

export default function ContactInfo() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { otpError?: string; seconds?: number } | undefined;
  return <ContactInfoStep data={data} otpError={actionData?.otpError ?? null} otpWait={actionData?.seconds ?? null} />;
}
