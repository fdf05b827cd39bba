import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { readForm } from "~/.server/platform/request";
import { loadReceipt } from "~/.server/wizard/completion";
import { closeReceipt } from "~/.server/wizard/enrollment-session";
import { homeTarget } from "~/domain/home-target";
import { SIGNATURE_LINK_DAYS } from "~/domain/agreement";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";
import { carrierStatusOf } from "~/.server/carriers/status";
import { CarrierStatusList } from "~/components/CarrierStatusList";

export const meta = pageTitle("receipt");

/**
 * enrollment/receipt: thanks, the name and the confirmation number; Return to homepage. The
 * receipt (and its PDF) is open to this browser for a few minutes after completion, and until
 * Return to homepage (issue 23: a shared or kiosk device keeps nothing for the next person).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const rc = requestContext({ request, context });
  const session = await rc.session;
  const receipt = await loadReceipt(services, request, session);
  if (!receipt) throw redirect("/");
  const { enrollment, policy } = receipt;
  // where each plan stands at its carrier (issue 29): sent, accepted, or a problem being fixed
  const carrierStatus = await carrierStatusOf(services.db, [policy.id], await rc.locale);
  return json({
    carrierStatus,
    name: receipt.name,
    confirmation: policy.policy_number,
    // where the receipt e-mail went: "to your representative" only when there is one (issue 26 #14)
    emailed: receipt.emailed,
    recordHref: `/enrollment/record/${enrollment.id}`,
    // The applicant signs from the text message's link.
    signatureRequested: policy.signature_status === "awaiting",
  });
}

/** Return to homepage: the receipt and its PDF are closed to this browser, then home. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  await readForm(request, services);
  const session = await requestContext({ request, context }).session;
  const receipt = await loadReceipt(services, request, session);
  const s = session.all();
  const home = receipt
    ? homeTarget({
        referral: s.referral,
        openType: s.openType,
        eprocess: s.eprocess ?? receipt.enrollment.eprocess,
        siteKind: receipt.site.kind,
      })
    : "/";
  closeReceipt(session);
  return redirect(home, { headers: { "Set-Cookie": await services.sessions.commit(session) } });
}

export default function Receipt() {
  const { name, confirmation, signatureRequested, recordHref, emailed, carrierStatus } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <div className="notice notice--success">
        <h1>{t("receipt.thanks", { name })}</h1>
        <p>
          {t("receipt.confirmation")}: <strong data-testid="confirmation-number">{confirmation}</strong>
        </p>
      </div>
      {emailed ? <p data-testid="receipt-emailed">{t(emailed)}</p> : null}
      {signatureRequested ? (
        <p className="notice" data-testid="signature-requested">
          {t("receipt.signatureRequested", { days: SIGNATURE_LINK_DAYS })}
        </p>
      ) : null}
      <CarrierStatusList items={carrierStatus} />
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
      <Form method="post">
        <AuthenticityTokenInput />
        <button className="button" type="submit" data-testid="return-home">
          {t("receipt.returnHome")}
        </button>
      </Form>
    </div>
  );
}
