import { describe, it, expect } from "vitest";
import fc from "fast-check";
import type { FieldRules } from "./field-definitions";
import {
  MAX_SIGNATURE_BYTES,
  checkPngDataUrl,
  eprocessFor,
  sameCode,
  signatureMethod,
  signatureLater,
  signatureProblem,
  textSignatureAllowed,
  typedNameMatches,
  verificationRules,
  type SignatureInput,
} from "./agreement";

const req = { shown: true, required: true, readOnly: false };
const opt = { shown: false, required: false, readOnly: false };
const rules = (...required: string[]): FieldRules =>
  Object.fromEntries(["agent_name", "group_name", "user_name", "signature", "answer"].map((f) => [f, required.includes(f) ? req : opt]));

/** A tiny but real PNG (1×1, transparent). */
const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const png = (b64 = PNG_1PX) => `data:image/png;base64,${b64}`;
/** A PNG header followed by `bytes` filler bytes, base64 encoded. */
const bigPng = (bytes: number) =>
  png(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(bytes - 8)]).toString("base64"));

const input = (over: Partial<SignatureInput> = {}): SignatureInput => ({
  required: true,
  drawn: "",
  typedName: "",
  consent: false,
  applicant: { first: "Ana", last: "Lopez" },
  ...over,
});

describe("the eprocess sent with the agreement", () => {
  it("follows the spec's order: rep, group, applicant, sigapplicant", () => {
    expect(eprocessFor(rules("agent_name", "group_name", "user_name", "signature"))).toBe("rep");
    expect(eprocessFor(rules("group_name", "user_name", "signature"))).toBe("group");
    expect(eprocessFor(rules("user_name", "signature"))).toBe("applicant");
    expect(eprocessFor(rules("signature"))).toBe("sigapplicant");
    expect(eprocessFor(rules())).toBeNull();
    expect(eprocessFor({})).toBeNull();
  });

  it("reads required, not merely shown", () => {
    expect(eprocessFor({ agent_name: { shown: true, required: false, readOnly: false }, signature: req })).toBe("sigapplicant");
  });

  it("whatever else is required, an agent name makes it rep", () => {
    fc.assert(
      fc.property(fc.subarray(["group_name", "user_name", "signature", "answer"]), (others) => {
        expect(eprocessFor(rules("agent_name", ...others))).toBe("rep");
      }),
    );
  });
});

describe("the verification block follows who is enrolling", () => {
  it("a rep enrollment requires Broker Verification on top of the definitions", () => {
    const r = verificationRules(rules("signature"), "rep");
    expect(r.agent_name).toEqual(req);
    expect(r.agent_code).toEqual(req);
    expect(r.signature).toEqual(req);
    expect(r.group_name).toEqual(opt);
    expect(eprocessFor(r)).toBe("rep");
  });

  it("a group enrollment requires Group Verification", () => {
    const r = verificationRules(rules("signature"), "group");
    expect(r.group_name).toEqual(req);
    expect(r.group_code).toEqual(req);
    expect(r.agent_name).toEqual(opt);
    expect(eprocessFor(r)).toBe("group");
  });

  it("applicants keep the definitions as they are", () => {
    const base = rules("signature");
    expect(verificationRules(base, "applicant")).toEqual(base);
    expect(verificationRules(base, "sigapplicant")).toEqual(base);
    expect(verificationRules(base, null)).toEqual(base);
    expect(eprocessFor(verificationRules(rules("user_name", "signature"), "applicant"))).toBe("applicant");
  });

  it("never changes the rules it was given", () => {
    const base = rules("signature");
    verificationRules(base, "rep");
    expect(base.agent_name).toEqual(opt);
  });
});

describe("the signature request by text message", () => {
  it("is for a rep or a group, when a plan needs a signature and none is IHA", () => {
    expect(textSignatureAllowed({ eprocess: "rep", hasIha: false, signatureRequired: true })).toBe(true);
    expect(textSignatureAllowed({ eprocess: "group", hasIha: false, signatureRequired: true })).toBe(true);
    expect(textSignatureAllowed({ eprocess: "rep", hasIha: true, signatureRequired: true })).toBe(false);
    expect(textSignatureAllowed({ eprocess: "group", hasIha: false, signatureRequired: false })).toBe(false);
    for (const eprocess of ["applicant", "sigapplicant", null, undefined])
      expect(textSignatureAllowed({ eprocess, hasIha: false, signatureRequired: true })).toBe(false);
  });

  it("leaves the signature offered but optional, and changes nothing else", () => {
    const base = verificationRules(rules("signature"), "rep");
    const later = signatureLater(base);
    expect(later.signature).toEqual({ shown: true, required: false, readOnly: false });
    expect(later.agent_name).toEqual(req);
    expect(eprocessFor(later)).toBe("rep");
    expect(base.signature).toEqual(req);
    // a signature the definitions do not show stays hidden
    expect(signatureLater(rules()).signature).toEqual(opt);
  });
});

describe("codes and names", () => {
  it("compares codes case-insensitively, never against a missing code", () => {
    expect(sameCode(" abcd1212 ", "ABCD1212")).toBe(true);
    expect(sameCode("ABCD1213", "ABCD1212")).toBe(false);
    expect(sameCode("", null)).toBe(false);
    expect(sameCode("", "")).toBe(false);
  });

  it("matches a typed name to the applicant's first and last name, ignoring case and extra spaces", () => {
    const ana = { first: "Ana", last: "Lopez" };
    expect(typedNameMatches("Ana Lopez", ana)).toBe(true);
    expect(typedNameMatches("  ana   LOPEZ ", ana)).toBe(true);
    expect(typedNameMatches("Ana Lopes", ana)).toBe(false);
    expect(typedNameMatches("Ana", ana)).toBe(false);
    expect(typedNameMatches("Lopez Ana", ana)).toBe(false);
    expect(typedNameMatches("JOSÉ  NÚÑEZ", { first: "Jose\u0301", last: "Nu\u0301n\u0303ez" })).toBe(true);
    // a phone types O’Neil, a keyboard O'Neil: the same name
    expect(typedNameMatches("John O'Neil", { first: "John", last: "O’Neil" })).toBe(true);
    expect(typedNameMatches("John O’Neil", { first: "John", last: "O'Neil" })).toBe(true);
    expect(typedNameMatches("Ana Lopez", null)).toBe(false);
    expect(typedNameMatches("", { first: "", last: "" })).toBe(false);
  });
});

describe("drawn signatures", () => {
  it("accepts a real PNG data URL", () => {
    expect(checkPngDataUrl(png())).toMatchObject({ ok: true });
  });

  it.each([
    ["another image type", `data:image/jpeg;base64,${PNG_1PX}`],
    ["not base64", png("not base64!!")],
    ["a GIF dressed as PNG", png(Buffer.from("GIF89a-not-a-png-at-all").toString("base64"))],
    ["text", "Ana Lopez"],
    ["an empty data URL", png("")],
    ["a script", "javascript:alert(1)"],
  ])("refuses %s", (_, value) => {
    expect(checkPngDataUrl(value)).toEqual({ ok: false, reason: "format" });
  });

  it("accepts up to 300 KB and refuses more", () => {
    expect(checkPngDataUrl(bigPng(MAX_SIGNATURE_BYTES))).toEqual({ ok: true, bytes: MAX_SIGNATURE_BYTES });
    expect(checkPngDataUrl(bigPng(MAX_SIGNATURE_BYTES + 1))).toEqual({ ok: false, reason: "tooLarge" });
  });
});

describe("signatureProblem", () => {
  it("'Signature is required' when neither a drawing nor a typed name is given", () => {
    expect(signatureProblem(input())).toEqual({ field: "signature", message: "validation.signatureRequired" });
    expect(signatureProblem(input({ consent: true }))).toEqual({ field: "signature", message: "validation.signatureRequired" });
    expect(signatureProblem(input({ typedName: "   " }))).toEqual({ field: "signature", message: "validation.signatureRequired" });
  });

  it("nothing is fine when the signature is not required", () => {
    expect(signatureProblem(input({ required: false }))).toBeNull();
  });

  it("accepts a drawn PNG, and refuses a bad one even when optional", () => {
    expect(signatureProblem(input({ drawn: png() }))).toBeNull();
    expect(signatureProblem(input({ drawn: "data:image/svg+xml;base64,PHN2Zz4=" }))).toEqual({
      field: "signature",
      message: "validation.signatureFormat",
    });
    expect(signatureProblem(input({ required: false, drawn: bigPng(MAX_SIGNATURE_BYTES + 10) }))).toEqual({
      field: "signature",
      message: "validation.signatureTooLarge",
    });
  });

  it("accepts the typed name with the consent, or says which is wrong", () => {
    expect(signatureProblem(input({ typedName: "ana lopez", consent: true }))).toBeNull();
    expect(signatureProblem(input({ typedName: "Ana Lopez" }))).toEqual({
      field: "signature_consent",
      message: "validation.signatureConsent",
    });
    expect(signatureProblem(input({ typedName: "Somebody Else", consent: true }))).toEqual({
      field: "signature_name",
      message: "validation.signatureName",
    });
    expect(signatureProblem(input({ typedName: "Ana Lopez", consent: true, applicant: null }))).toEqual({
      field: "signature_name",
      message: "validation.signatureName",
    });
  });

  it("a drawing wins over a typed name", () => {
    expect(signatureMethod({ drawn: png(), typedName: "Ana Lopez" })).toBe("drawn");
    expect(signatureMethod({ drawn: "", typedName: "Ana Lopez" })).toBe("typed");
    expect(signatureMethod({ drawn: "", typedName: "" })).toBeNull();
    expect(signatureProblem(input({ drawn: png(), typedName: "Wrong Name" }))).toBeNull();
  });

  it("never accepts a signature that is neither a PNG nor the applicant's name", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.boolean(), (drawn, typedName, consent) => {
        const problem = signatureProblem(input({ drawn, typedName, consent }));
        const method = signatureMethod({ drawn, typedName });
        if (problem === null) {
          if (method === "drawn") expect(checkPngDataUrl(drawn.trim()).ok).toBe(true);
          else {
            expect(method).toBe("typed");
            expect(typedNameMatches(typedName, { first: "Ana", last: "Lopez" }) && consent).toBe(true);
          }
        }
      }),
    );
  });
});
