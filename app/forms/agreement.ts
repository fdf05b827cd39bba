/**
 * Agreement & Signature (enrollment-wizard §2.11, §4 "Agreement", §5 "Agreement"): a box to
 * tick for every agreement, the verification fields the rules require, and a signature —
 * drawn on the canvas (a PNG data URL) or, without JavaScript or without a pointer, the
 * applicant's full name typed with the consent ticked. The server accepts either.
 */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import type { FieldRules } from "~/domain/field-definitions";
import { parseUsDate, type IsoDate } from "~/domain/dates";
import {
  VERIFICATION_FIELDS,
  sameCode,
  signatureMethod,
  signatureProblem,
  type ApplicantName,
  type SignatureMethod,
  type VerificationField,
} from "~/domain/agreement";
import { REQUIRED } from "./common";
import { definedFields, personName, plainText, postedText, usDate } from "./rules";

/** 'This field is required.' — the agreements' own wording (§5), unlike 'Field is required'. */
export const AGREEMENT_REQUIRED = "validation.agreementRequired";

/** Kept in the step's encrypted secret, never in its plain data. */
export const SECRET_VERIFICATION_FIELDS = [
  "agent_code",
  "group_code",
  "answer",
  "verification_code",
] as const satisfies readonly VerificationField[];

export const agreementField = (id: number) => `agreement_${id}`;

/** The box of the consent to electronic records and signatures (ESIGN Act §7001(c)), and its message. */
export const ESIGN_CONSENT_FIELD = "esign_consent";
export const ESIGN_CONSENT_REQUIRED = "validation.esignConsent";

/** A form carrying a drawn signature (≤ 300 KB of PNG, base64 and form-encoded) fits well within this. */
export const AGREEMENT_FORM_MAX_BYTES = 512 * 1024;

export interface AgreementFormConfig {
  /** the agreement texts on the page; each required one needs its box ticked */
  agreements: ReadonlyArray<{ id: number; required: boolean }>;
  /** the step's rules, with the enrolling person's verification block (verificationRules) */
  rules: FieldRules;
  /** the applicant's first and last name from the personal step */
  applicantName: ApplicantName | null;
  today: IsoDate;
  /**
   * A rep or group may leave the signature to the applicant, by text message (ADR 005): then the
   * ESIGN consent is the applicant's to give with their signature — asked for only when someone
   * signs on this page, never ticked for them (issue 26 #13).
   */
  signLater?: boolean;
  /** server only: the codes the broker or group code must match (never sent to the page) */
  codes?: { agentCode: string | null; groupCode: string | null };
}

export type AgreementInput = {
  accepted: number[];
  /** verification answers that may be kept in plain data */
  verification: Partial<Record<VerificationField, string>>;
  /** verification answers kept encrypted */
  secretVerification: Partial<Record<VerificationField, string>>;
  signature: { method: "drawn"; png: string } | { method: "typed"; name: string } | null;
};

/** Companies, questions and answers: plain text with ? ! ( ) @ : as well. */
const answer = plainText(200, "?!()@:");
const verifierName = personName("validation.validName", 100);
const date = usDate();
const CODE = /^[A-Za-z0-9-]{1,32}$/;

function checkVerification(f: VerificationField, value: string): string | null {
  switch (f) {
    case "agent_name":
    case "user_name":
      return verifierName(value);
    case "agent_code":
    case "group_code":
    case "verification_code":
      return CODE.test(value)
        ? null
        : f === "agent_code"
          ? "validation.agentCode"
          : f === "group_code"
            ? "validation.groupCode"
            : "validation.verificationCode";
    case "date":
      return date(value);
    default:
      return answer(value);
  }
}

export function agreementSchema(config: AgreementFormConfig) {
  const { rules, agreements } = config;
  const { on, req, checker } = definedFields(rules);
  const boxes = agreements.map((a) => agreementField(a.id));
  const shape = Object.fromEntries(
    [...boxes, ...VERIFICATION_FIELDS, "signature", "signature_name", "signature_consent", ESIGN_CONSENT_FIELD].map((f) => [f, postedText]),
  );
  return z
    .object(shape as Record<string, typeof postedText>)
    .superRefine((v, ctx) => {
      const { issue } = checker(ctx);
      for (const a of agreements) if (a.required && v[agreementField(a.id)] !== "1") issue(agreementField(a.id), AGREEMENT_REQUIRED);
      // The ESIGN consent is its own box, required of whoever signs: no electronic signature without
      // it. Left to the text message, the applicant gives it there, on the signing page.
      const signingHere = !config.signLater || signatureMethod({ drawn: v.signature, typedName: v.signature_name }) !== null;
      if (signingHere && v[ESIGN_CONSENT_FIELD] !== "1") issue(ESIGN_CONSENT_FIELD, ESIGN_CONSENT_REQUIRED);
      for (const f of VERIFICATION_FIELDS) {
        if (!on(f)) continue;
        if (!v[f]) {
          if (req(f)) issue(f, REQUIRED);
          continue;
        }
        const problem = checkVerification(f, v[f]);
        if (problem) issue(f, problem);
        else if (f === "date" && (parseUsDate(v.date) as string) > config.today) issue(f, "validation.notAfterToday");
        else if (f === "agent_code" && config.codes && !sameCode(v[f], config.codes.agentCode)) issue(f, "validation.agentCode");
        else if (f === "group_code" && config.codes && !sameCode(v[f], config.codes.groupCode)) issue(f, "validation.groupCode");
      }
      if (on("signature")) {
        const problem = signatureProblem({
          required: req("signature"),
          drawn: v.signature,
          typedName: v.signature_name,
          consent: v.signature_consent === "1",
          applicant: config.applicantName,
        });
        if (problem) issue(problem.field, problem.message);
      }
    })
    .transform((v): AgreementInput => {
      const verification: AgreementInput["verification"] = {};
      const secretVerification: AgreementInput["secretVerification"] = {};
      for (const f of VERIFICATION_FIELDS) {
        if (!on(f) || !v[f]) continue;
        const value = f === "date" ? (parseUsDate(v[f]) as string) : f.endsWith("_code") ? v[f].toUpperCase() : v[f].replace(/\s+/g, " ");
        if ((SECRET_VERIFICATION_FIELDS as readonly string[]).includes(f)) secretVerification[f] = value;
        else verification[f] = value;
      }
      const method: SignatureMethod | null = on("signature") ? signatureMethod({ drawn: v.signature, typedName: v.signature_name }) : null;
      return {
        accepted: agreements.filter((a) => v[agreementField(a.id)] === "1").map((a) => a.id),
        verification,
        secretVerification,
        signature:
          method === "drawn"
            ? { method, png: v.signature }
            : method === "typed"
              ? { method, name: v.signature_name.replace(/\s+/g, " ") }
              : null,
      };
    });
}

export const agreementValidator = (config: AgreementFormConfig) => withZod(agreementSchema(config));

/**
 * Save & Continue Later keeps what can be kept without the checks: the ticked agreements and
 * the plain verification answers that look right. Never a signature, never a secret.
 */
export function agreementDraft(form: FormData, config: Pick<AgreementFormConfig, "agreements" | "rules">) {
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim().slice(0, 200) : "";
  };
  const { on } = definedFields(config.rules);
  const verification: Partial<Record<VerificationField, string>> = {};
  for (const f of VERIFICATION_FIELDS) {
    if ((SECRET_VERIFICATION_FIELDS as readonly string[]).includes(f) || !on(f)) continue;
    const v = value(f);
    if (v && !checkVerification(f, v)) verification[f] = f === "date" ? (parseUsDate(v) as string) : v.replace(/\s+/g, " ");
  }
  return { accepted: config.agreements.filter((a) => value(agreementField(a.id)) === "1").map((a) => a.id), verification };
}
