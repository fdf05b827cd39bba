import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { findEnrollment } from "~/.server/repositories/enrollments";
import { policyForEnrollment } from "~/.server/repositories/completion";
import { readStep } from "~/.server/wizard";
import { hostOf, siteForHost } from "~/.server/repositories/sites";
import { homeTarget } from "~/domain/home-target";
import { SIGNATURE_LINK_DAYS } from "~/domain/agreement";

export const meta: MetaFunction = () => [{ title: "Receipt" }];

/** enrollment/receipt: thanks, the name and the confirmation number; Return to homepage. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await services.sessions.read(request);
  const id = session.get("receiptId");
  const enrollment = id ? await findEnrollment(services.db, id) : undefined;
  if (!enrollment || enrollment.status !== "completed") throw redirect("/");
  const [policy, personal, site] = await Promise.all([policyForEnrollment(services.db, enrollment.id), readStep<{ first_name?: string; last_name?: string }>(services, enrollment.id, "primary_info"), siteForHost(services.db, hostOf(request))]);
  if (!policy) throw redirect("/");
  const s = session.all();
  return json({
    name: [personal?.data.first_name, personal?.data.last_name].filter(Boolean).join(" "),
    confirmation: policy.policy_number,
    // The applicant signs from the text message's link.
    signatureRequested: policy.signature_status === "awaiting",
    home: homeTarget({ referral: s.referral, openType: s.openType, eprocess: s.eprocess ?? enrollment.eprocess, siteKind: site.kind }),
  });
}

export default function Receipt() {
  const { name, confirmation, home, signatureRequested } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <div className="notice notice--success">
        <h1>{t("receipt.thanks", { name })}</h1>
        <p>
          {t("receipt.confirmation")}: <strong data-testid="confirmation-number">{confirmation}</strong>
        </p>
      </div>
      <p>{t("receipt.emailed")}</p>
      {signatureRequested ? (
        <p className="notice" data-testid="signature-requested">
          {t("receipt.signatureRequested", { days: SIGNATURE_LINK_DAYS })}
        </p>
      ) : null}
      <p>{t("wizard.electronicCopy")}</p>
      <p>
        <Link className="button" to={home}>
          {t("receipt.returnHome")}
        </Link>
      </p>
    </div>
  );
}
