import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loadReceipt } from "~/.server/wizard/completion";
import { homeTarget } from "~/domain/home-target";
import { SIGNATURE_LINK_DAYS } from "~/domain/agreement";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("receipt");

/** enrollment/receipt: thanks, the name and the confirmation number; Return to homepage. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await services.sessions.read(request);
  const receipt = await loadReceipt(services, request, session);
  if (!receipt) throw redirect("/");
  const { enrollment, policy, site } = receipt;
  const s = session.all();
  return json({
    name: receipt.name,
    confirmation: policy.policy_number,
    recordHref: `/enrollment/record/${enrollment.id}`,
    // The applicant signs from the text message's link.
    signatureRequested: policy.signature_status === "awaiting",
    home: homeTarget({ referral: s.referral, openType: s.openType, eprocess: s.eprocess ?? enrollment.eprocess, siteKind: site.kind }),
  });
}

export default function Receipt() {
  const { name, confirmation, home, signatureRequested, recordHref } = useLoaderData<typeof loader>();
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
        {/* a file download: a plain link, never a client-side navigation */}
        <a href={recordHref} download data-testid="download-record" aria-describedby="record-hint">
          {t("record.download")}
        </a>
        <br />
        <span id="record-hint" className="hint">
          {t("record.downloadHint")}
        </span>
      </p>
      <p>
        <Link className="button" to={home}>
          {t("receipt.returnHome")}
        </Link>
      </p>
    </div>
  );
}
