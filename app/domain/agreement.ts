/**
 * Agreement & Signature (enrollment-wizard §2.11, §4 "Agreement", §5 "Agreement"). Pure: the
 * form schema runs it in the browser and on the server alike.
 *
 * Who verifies: the server's field definitions decide which verification fields show, and on
 * top of them the enrollment's own eprocess adds its block — a rep (broker) enrollment always
 * needs Broker Verification (agent name and code), a group enrollment Group Verification
 * (group name and code). Everyone else verifies with the signature (and the user name when
 * the definitions require it). The eprocess recorded with the agreement is then read from
 * those rules in the spec's order.
 */
import type { FieldRules } from "./field-definitions";

export type AgreementEprocess = "rep" | "group" | "applicant" | "sigapplicant";
export type SignatureMethod = "drawn" | "typed";

/** The fields of each verification block, as the field definitions name them. */
export const BROKER_FIELDS = ["agent_name", "agent_code"] as const;
export const GROUP_FIELDS = ["group_name", "group_code"] as const;
export const APPLICANT_FIELDS = ["user_name", "question", "answer", "date", "verification_code"] as const;
export const VERIFICATION_FIELDS = [...BROKER_FIELDS, ...GROUP_FIELDS, ...APPLICANT_FIELDS] as const;
export type VerificationField = (typeof VERIFICATION_FIELDS)[number];

/** A drawn signature is a PNG of at most 300 KB. */
export const MAX_SIGNATURE_BYTES = 300 * 1024;
const PNG_PREFIX = "data:image/png;base64,";
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const REQUIRED_FIELD = { shown: true, required: true, readOnly: false };

/**
 * The rules the agreement step applies: the field definitions, plus the block of the person
 * enrolling — rep: Broker Verification; group: Group Verification; otherwise as defined.
 */
export function verificationRules(rules: FieldRules, eprocess: string | null | undefined): FieldRules {
  const block = eprocess === "rep" ? BROKER_FIELDS : eprocess === "group" ? GROUP_FIELDS : [];
  const out: FieldRules = { ...rules };
  for (const f of block) out[f] = { ...REQUIRED_FIELD };
  return out;
}

/**
 * The signature request by text message (§1, §2.10, §4 "enroll-by"): a rep or a group enrolling
 * on someone's behalf may have the applicant sign later, from a link in a text message — only
 * when a plan in the cart needs a signature and no IHA plan is in it.
 */
export function textSignatureAllowed(o: { eprocess: string | null | undefined; hasIha: boolean; signatureRequired: boolean }): boolean {
  return (o.eprocess === "rep" || o.eprocess === "group") && !o.hasIha && o.signatureRequired;
}

/** How long the text message's link to sign stays valid. */
export const SIGNATURE_LINK_DAYS = 14;

/** The page the text message opens asks the applicant for one thing: their signature. */
export const APPLICANT_SIGNATURE_RULES: FieldRules = { signature: { shown: true, required: true, readOnly: false } };

/**
 * Where the applicant may sign from the text message, the signature on the agreement step is
 * still offered (they may be beside the rep) but no longer required.
 */
export function signatureLater(rules: FieldRules): FieldRules {
  const sig = rules.signature;
  return sig?.shown ? { ...rules, signature: { ...sig, required: false } } : rules;
}

/**
 * The eprocess sent with the agreement (§4): rep if the agent name is required, group if the
 * group name is, applicant if the user name is, sigapplicant if the signature is; else none.
 */
export function eprocessFor(rules: FieldRules): AgreementEprocess | null {
  if (rules.agent_name?.required) return "rep";
  if (rules.group_name?.required) return "group";
  if (rules.user_name?.required) return "applicant";
  if (rules.signature?.required) return "sigapplicant";
  return null;
}

/** Upper-cased, trimmed code for a case-insensitive comparison. */
export function sameCode(typed: string, expected: string | null | undefined): boolean {
  return Boolean(expected) && typed.trim().toUpperCase() === String(expected).trim().toUpperCase();
}

/** Names compared as people type them: case, accents' composition, curly or straight apostrophes and extra spaces ignored. */
export function normaliseName(name: string): string {
  return name
    .normalize("NFC")
    .trim()
    .replace(/\s+/g, " ")
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .toLocaleLowerCase("en-US");
}

export interface ApplicantName {
  first: string;
  last: string;
}

/** Does the typed signature read as the applicant's first and last name? */
export function typedNameMatches(typed: string, applicant: ApplicantName | null | undefined): boolean {
  if (!applicant || !applicant.first.trim() || !applicant.last.trim()) return false;
  return normaliseName(typed) === normaliseName(`${applicant.first} ${applicant.last}`);
}

export type PngCheck = { ok: true; bytes: number } | { ok: false; reason: "format" | "tooLarge" };

/** A data URL of a real PNG (by its signature bytes), at most MAX_SIGNATURE_BYTES once decoded. */
export function checkPngDataUrl(value: string): PngCheck {
  if (!value.startsWith(PNG_PREFIX)) return { ok: false, reason: "format" };
  const b64 = value.slice(PNG_PREFIX.length);
  // Too large is known from the length alone; no need to scan megabytes.
  const padding = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
  const bytes = Math.floor((b64.length * 3) / 4) - padding;
  if (bytes > MAX_SIGNATURE_BYTES) return { ok: false, reason: "tooLarge" };
  if (b64.length < 12 || b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return { ok: false, reason: "format" };
  let head: string;
  try {
    head = atob(b64.slice(0, 12));
  } catch {
    return { ok: false, reason: "format" };
  }
  if (!PNG_MAGIC.every((byte, i) => head.charCodeAt(i) === byte)) return { ok: false, reason: "format" };
  return { ok: true, bytes };
}

export interface SignatureInput {
  /** the signature field is required by the rules */
  required: boolean;
  /** the canvas' PNG data URL (empty without JavaScript or before drawing) */
  drawn: string;
  /** the typed fallback: the applicant's full name */
  typedName: string;
  /** "typing my name is my electronic signature" ticked */
  consent: boolean;
  /** the first and last name of the personal step (null: not known, so no typed name matches) */
  applicant: ApplicantName | null;
}

export interface SignatureProblem {
  field: "signature" | "signature_name" | "signature_consent";
  message: string;
}

/** How the applicant signed: a drawing wins over a typed name; nothing given is null. */
export function signatureMethod(input: Pick<SignatureInput, "drawn" | "typedName">): SignatureMethod | null {
  if (input.drawn.trim()) return "drawn";
  if (input.typedName.trim()) return "typed";
  return null;
}

/**
 * The first thing wrong with the signature, or null. Either a drawn PNG, or a typed name that
 * is the applicant's with the consent ticked; neither, when required: 'Signature is required'.
 * When the signature is optional, whatever was given must still be valid.
 */
export function signatureProblem(input: SignatureInput): SignatureProblem | null {
  switch (signatureMethod(input)) {
    case "drawn": {
      const png = checkPngDataUrl(input.drawn.trim());
      if (png.ok) return null;
      return { field: "signature", message: png.reason === "tooLarge" ? "validation.signatureTooLarge" : "validation.signatureFormat" };
    }
    case "typed":
      if (!typedNameMatches(input.typedName, input.applicant)) return { field: "signature_name", message: "validation.signatureName" };
      if (!input.consent) return { field: "signature_consent", message: "validation.signatureConsent" };
      return null;
    default:
      return input.required ? { field: "signature", message: "validation.signatureRequired" } : null;
  }
}
