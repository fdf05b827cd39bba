import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { field, readForm } from "~/.server/platform/request";
import { applicantActor } from "~/.server/platform/audit";
import { isSignatureToken, openSignatureRequest, signatureRequestView } from "~/.server/wizard/text-signature";
import { signFromTextMessage } from "~/.server/wizard/sign-by-text";
import { esignConsentFor } from "~/.server/wizard/agreement";
import { AGREEMENT_FORM_MAX_BYTES, agreementValidator } from "~/forms/agreement";
import { APPLICANT_SIGNATURE_RULES } from "~/domain/agreement";
import { isoToUsDate, todayIso } from "~/domain/dates";
import { sanitizeHtml } from "~/utils/sanitize";
import { TextSignaturePage } from "~/components/wizard/TextSignaturePage";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";
import { redirectWithSession } from "~/.server/platform/respond";
import { signLinkEnded, signerProven, verifySigner, type SignerCheck } from "~/.server/wizard/sign-identity";
import { SIGN_DOB_FIELD, signDobValidator } from "~/forms/sign-identity";

/** What a refused date of birth says under its field (an ended link redirects to its page instead). */
const DOB_ERRORS: Record<Exclude<SignerCheck, "ok" | "ended">, string> = {
  wrong: "validation.signDobWrong",
  throttled: "validation.signDobThrottled",
};

export const meta = pageTitle("sign", [{ name: "robots", content: "noindex" }]);

/**
 * /sign/:token — the link of the signature request by text message. The token is unguessable
 * and expires; an unknown, expired or cancelled link says so (404) and shows nothing else.
 * Whoever holds the link sees only the applicant's first name and the plans' names until they
 * type the applicant's date of birth in this browser (sign-identity.ts, ADR 005 addendum); 5
 * wrong answers end the link (410, "ask for a new one").
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const found = await openSignatureRequest(services, params.token ?? "");
  if (!found) {
    services.log.warn("signature link refused");
    return json({ state: "invalid" as const }, { status: 404 });
  }
  const ctx = requestContext({ request, context });
  const lng = await ctx.locale;
  if (signLinkEnded(found)) return json({ state: "ended" as const }, { status: 410 });
  const view = await signatureRequestView(services, found, lng);
  if (!view.signedAt && !signerProven(await ctx.session, found)) {
    // nothing that identifies anybody before the signer proves who they are: no last name, no
    // date of birth, no dependent, no policy number, not who enrolled them
    return json({ state: "verify" as const, firstName: view.firstName, plans: view.lines.map((l) => l.name), today: view.today });
  }
  const common = {
    firstName: view.firstName,
    confirmation: view.confirmation,
  };
  if (view.signedAt) return json({ state: "signed" as const, ...common, signedOn: isoToUsDate(todayIso(new Date(view.signedAt))) });
  return json({
    state: "open" as const,
    ...common,
    enrolledBy: view.enrolledBy,
    // what the applicant certifies is true, before they sign (issue 26 #13)
    summary: view.summary,
    effectiveDate: view.effectiveDate,
    lines: view.lines,
    totals: view.totals,
    agreements: view.texts.map((t) => ({ id: t.id, head: t.head, bodyHtml: sanitizeHtml(t.body), required: t.required })),
    applicantName: view.applicantName,
    today: view.today,
    // the applicant consents to electronic records and signatures here, before signing
    esign: (await esignConsentFor(services, request, lng)).text,
  });
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services, { maxBytes: AGREEMENT_FORM_MAX_BYTES });
  const token = params.token ?? "";
  // a malformed token (a control character among them) never goes into a Location header: the
  // unknown link's answer, before any redirect is built
  if (!isSignatureToken(token)) {
    services.log.warn("signature link refused");
    return json({ state: "invalid" as const }, { status: 404 });
  }
  const here = `/sign/${token}`;
  const found = await openSignatureRequest(services, token);
  if (!found || signLinkEnded(found)) return redirect(here);
  const ctx = requestContext({ request, context });
  const session = await ctx.session;
  if (field(form, "intent", 20) === "verify") {
    // Signed already: nothing to prove.
    if (found.policy.signature_status === "signed" || signerProven(session, found)) return redirect(here);
    const checked = await signDobValidator(todayIso(services.now())).validate(form);
    if (checked.error) return validationError(checked.error, checked.submittedData);
    const result = await verifySigner(services, session, found, checked.data.birthdate, applicantActor(request));
    if (result === "ok") return redirectWithSession(services, session, here);
    if (result === "ended") return redirect(here);
    return validationError(
      { fieldErrors: { [SIGN_DOB_FIELD]: DOB_ERRORS[result] } },
      { [SIGN_DOB_FIELD]: checked.submittedData[SIGN_DOB_FIELD] },
    );
  }
  const lng = await ctx.locale;
  const view = await signatureRequestView(services, found, lng);
  // Signed already (a second tab, a reload of an old page): the signature on file stands.
  if (view.signedAt) return redirect(here);
  // The signature is taken only from the browser whose signer proved who they are (checked here
  // again: the page's form is no proof); any other gets the page, which asks for the date of birth.
  if (!signerProven(session, found)) return redirect(here);
  const validator = agreementValidator({
    agreements: view.texts,
    rules: APPLICANT_SIGNATURE_RULES,
    applicantName: view.applicantName,
    today: view.today,
  });
  const result = await validator.validate(form);
  if (result.error) {
    // The drawn PNG is not echoed back: the pad in the page still holds it.
    const { signature: _png, ...submitted } = result.submittedData;
    return validationError(result.error, submitted);
  }
  // The signature, the consent given here (it replaces the agreement step's), the enrollment
  // record made again with them and its e-mail to the applicant: one transaction (ADR 012).
  await signFromTextMessage(services, found, result.data, {
    actor: applicantActor(request),
    locale: lng,
    consent: await esignConsentFor(services, request, lng),
  });
  return redirect(here);
}

export default function SignEnrollment() {
  return <TextSignaturePage data={useLoaderData<typeof loader>()} />;
}
