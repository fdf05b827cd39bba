/**
 * The console's forms (issue 27): operators' sign-in, operators, reps. The same schemas on the
 * client and the server; messages are translation keys (public/locales, `admin.*` and
 * `validation.*`). A brand colour must be a #rrggbb colour reading at AA (4.5:1) with the
 * theme's colours (app/domain/contrast.ts), so no operator can make the store unreadable.
 */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { brandContrast, isHexColor } from "~/domain/contrast";
import { OPERATOR_ROLES } from "~/domain/operators";
import { US_STATES } from "~/domain/catalog-import/values";
import { messageKey, REQUIRED, requiredText } from "./common";
import { email, phone } from "./rules";
import { phoneDigits } from "~/domain/identity";
import { recordIdFrom } from "~/domain/record-id";

/** The one e-mail rule (forms/rules.ts), with the spec's modal wording. */
const emailRule = email("validation.emailModal");

export const emailField = () =>
  z
    .string({ required_error: REQUIRED, invalid_type_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(254, "validation.tooLong")
    .refine((v) => emailRule(v) === null, "validation.emailModal")
    .transform((v) => v.toLowerCase());

/** Empty → null; otherwise trimmed and capped. */
const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() ?? "")
    .pipe(z.string().max(max, "validation.tooLong"))
    .transform((v) => (v === "" ? null : v));

const optionalWith = (max: number, check: (v: string) => boolean, message: string) =>
  optionalText(max).refine((v) => v === null || check(v), message);

/**
 * A local path (/brand/x.png) or an https URL, never javascript: or a protocol-relative //host —
 * nor /\host, which browsers read as //host (a backslash in a path is no character of ours).
 */
export function isSafeLink(v: string) {
  if (/^\/(?![/\\])[^\s\\]*$/.test(v)) return true;
  try {
    const url = new URL(v);
    return url.protocol === "https:" && !/\s/.test(v);
  } catch {
    return false;
  }
}
/**
 * An image the store can show: a path on this site ending in .png, .jpg, .jpeg, .webp or .svg. Not
 * another site's address: the pages' Content-Security-Policy (img-src 'self') would never show it,
 * and loading it would tell that site who visits the rep's page — an image from elsewhere is uploaded.
 */
export function isImageLink(v: string) {
  if (!isSafeLink(v) || !v.startsWith("/") || v.startsWith("//")) return false;
  return /\.(png|jpe?g|webp|svg)$/i.test(v.split(/[?#]/)[0]!);
}

export const operatorEmailSchema = z.object({ email: emailField() });
export const operatorEmailValidator = withZod(operatorEmailSchema);

const role = z.enum(OPERATOR_ROLES, { errorMap: () => ({ message: "admin.operators.roleRequired" }) });

export const newOperatorSchema = z.object({ email: emailField(), name: requiredText(80), role });
export const newOperatorValidator = withZod(newOperatorSchema);

export const operatorRoleSchema = z.object({ role });
export const operatorRoleValidator = withZod(operatorRoleSchema);

const CODE = /^[A-Z0-9]{4,20}$/;
const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** A brand colour: #rrggbb reading at AA with the theme (white text on it, it on the white page). */
export const brandColorField = () =>
  optionalText(7).superRefine((v, ctx) => {
    if (v === null) return;
    if (!isHexColor(v)) {
      ctx.addIssue({ code: "custom", message: "admin.validation.colorFormat" });
      return;
    }
    const c = brandContrast(v);
    if (!c.ok) ctx.addIssue({ code: "custom", message: messageKey("admin.validation.colorContrast", { ratio: c.ratio.toFixed(2) }) });
  });

export const repSchema = z.object({
  agentCode: z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(CODE, "admin.validation.codeFormat")),
  landingSlug: z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .transform((v) => v.toLowerCase())
    .pipe(z.string().regex(SLUG, "admin.validation.slugFormat")),
  firstName: requiredText(50),
  lastName: requiredText(50),
  email: emailField(),
  phone: z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    // the one phone rule (forms/rules.ts): punctuation and a leading 1 dropped, 10 digits
    .refine((v) => phone()(v) === null, "validation.phoneFormat")
    .transform(phoneDigits),
  displayName: optionalText(80),
  displayPhone: optionalText(20),
  displayEmail: optionalWith(254, (v) => emailRule(v) === null, "validation.emailModal"),
  logoUrl: optionalWith(500, isImageLink, "admin.validation.imageLink"),
  bannerImageUrl: optionalWith(500, isImageLink, "admin.validation.imageLink"),
  bannerLink: optionalWith(500, isSafeLink, "admin.validation.link"),
  brandColor: brandColorField(),
  taglineEn: optionalText(120),
  taglineEs: optionalText(120),
  bioEn: optionalText(2000),
  bioEs: optionalText(2000),
  portals: z
    .preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(z.coerce.number().int().positive()))
    .refine((v) => v.length > 0, "admin.validation.portalRequired"),
});
export type RepInput = z.infer<typeof repSchema>;
export const repValidator = withZod(repSchema);

/** A real calendar date as YYYY-MM-DD (a date input sends it so; typed without JavaScript, the same). */
const isoDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/**
 * Publishing a catalog version, or publishing one again (rollback): the effective date. Whether
 * it is in the past or outside the rates' own dates is checked by the server, which knows today
 * and the version (app/.server/operators/catalog/console.ts), with its message beside the field.
 */
export const catalogPublishSchema = z.object({
  intent: z.enum(["publish", "republish"], { errorMap: () => ({ message: "validation.required" }) }),
  effectiveDate: z
    .string({ required_error: REQUIRED, invalid_type_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .refine(isoDate, "admin.catalog.validation.dateFormat"),
});
export type CatalogPublishInput = z.infer<typeof catalogPublishSchema>;
export const catalogPublishValidator = withZod(catalogPublishSchema);

/**
 * A group in the console (issue 27): its enrollment code (unique among groups), company, landing
 * page address (unique among reps' and groups'; optional) and address. Codes are stored upper case.
 */
export const groupSchema = z.object({
  groupCode: z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(CODE, "admin.validation.codeFormat")),
  companyName: requiredText(100),
  landingSlug: optionalText(80)
    .transform((v) => v?.toLowerCase() ?? null)
    .refine((v) => v === null || SLUG.test(v), "admin.validation.slugFormat"),
  address1: requiredText(100),
  address2: optionalText(100),
  city: requiredText(60),
  state: z
    .string({ required_error: "validation.state" })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => US_STATES.has(v), "validation.state"),
  zip: z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .regex(/^\d{5}$/, "validation.zipFormat"),
});
export type GroupInput = z.infer<typeof groupSchema>;
export const groupValidator = withZod(groupSchema);

/**
 * A group admin added in the console (issue 27): who may sign in for the group (a code to this
 * e-mail or phone) and see its members. The e-mail is unique among the group's active admins.
 */
export const groupAdminSchema = z.object({
  firstName: requiredText(50),
  lastName: requiredText(50),
  email: emailField(),
  phone: z
    .string()
    .optional()
    .transform((v) => v?.trim() ?? "")
    .refine((v) => v === "" || phone()(v) === null, "validation.phoneFormat")
    .transform((v) => (v === "" ? null : phoneDigits(v))),
});
export type GroupAdminInput = z.infer<typeof groupAdminSchema>;
export const groupAdminValidator = withZod(groupAdminSchema);

/** An optional choice of a record by id: "" → null, otherwise a positive id. */
const optionalId = (message: string) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() ?? "")
    .refine((v) => v === "" || recordIdFrom(v) !== null, message)
    .transform((v) => (v === "" ? null : recordIdFrom(v)));

/**
 * A referral link in the console (issue 27): its code (the rid in /referrals?rid=…, unique, stored
 * upper case), the referrer's name shown to the visitor, and whose it is — a rep, a group, a portal.
 */
export const referralSchema = z.object({
  code: z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{4,32}$/, "admin.referrals.codeFormat")),
  referrerName: requiredText(100),
  repId: optionalId("admin.referrals.unknownChoice"),
  groupId: optionalId("admin.referrals.unknownChoice"),
  portalId: optionalId("admin.referrals.unknownChoice"),
});
export type ReferralInput = z.infer<typeof referralSchema>;
export const referralValidator = withZod(referralSchema);

/**
 * A link of a site (issue 27): in its footer or its admin menu, labelled in English and Spanish,
 * to a path on this site or an https address, in the order given.
 */
export const siteLinkSchema = z.object({
  siteId: z
    .string({ required_error: "admin.links.siteRequired" })
    .trim()
    .refine((v) => recordIdFrom(v) !== null, "admin.links.siteRequired")
    .transform((v) => recordIdFrom(v) as number),
  kind: z.enum(["footer", "admin"], { errorMap: () => ({ message: "admin.links.kindRequired" }) }),
  labelEn: requiredText(80),
  labelEs: requiredText(80),
  url: z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(500, "validation.tooLong")
    .refine(isSafeLink, "admin.validation.link"),
  sortOrder: z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .regex(/^[0-9]{1,3}$/, "admin.links.sortOrderFormat")
    .transform(Number),
});
export type SiteLinkInput = z.infer<typeof siteLinkSchema>;
export const siteLinkValidator = withZod(siteLinkSchema);

/** A portal's names (issue 27): what visitors see, in English and Spanish (empty Spanish: the English one). */
export const portalNamesSchema = z.object({
  name: requiredText(80),
  nameEs: optionalText(80),
});
export type PortalNamesInput = z.infer<typeof portalNamesSchema>;
export const portalNamesValidator = withZod(portalNamesSchema);

/** A new portal: its code (unique, stored upper case; fixed once made, as plans and reps refer to it) and names. */
export const newPortalSchema = portalNamesSchema.extend({
  code: z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(CODE, "admin.validation.codeFormat")),
});
export type NewPortalInput = z.infer<typeof newPortalSchema>;
export const newPortalValidator = withZod(newPortalSchema);
