/**
 * A rep's logo and banner uploaded with the branding form (issue 27, ADR 028): each file field
 * is checked by the domain (PNG, JPEG or WebP by its bytes, at most 1 MB); a problem becomes a
 * message beside its field. A field left empty changes nothing. The file fields are taken out of
 * the form, so the schema and the values sent back with errors hold text only.
 */
import { checkBrandImage, type BrandImageType } from "~/domain/brand-image";

export interface BrandUpload {
  bytes: Uint8Array;
  type: BrandImageType;
}

export interface BrandUploads {
  logo?: BrandUpload;
  banner?: BrandUpload;
}

/** The form's file fields and the image each one sets. */
export const BRAND_FILE_FIELDS = { logoFile: "logo", bannerFile: "banner" } as const;

const MESSAGES = {
  empty: "admin.validation.imageEmpty",
  tooLarge: "admin.validation.imageTooLarge",
  type: "admin.validation.imageType",
  dimensions: "admin.validation.imageDimensions",
} as const;

export async function takeBrandUploads(form: FormData): Promise<{ uploads: BrandUploads; fieldErrors: Record<string, string> }> {
  const uploads: BrandUploads = {};
  const fieldErrors: Record<string, string> = {};
  for (const [name, key] of Object.entries(BRAND_FILE_FIELDS)) {
    const value = form.get(name);
    form.delete(name);
    // a browser sends an empty file (no name, no bytes) for a file field left alone
    if (value === null || typeof value === "string" || (value.size === 0 && value.name === "")) continue;
    const bytes = new Uint8Array(await value.arrayBuffer());
    const checked = checkBrandImage(bytes);
    if (checked.ok) uploads[key] = { bytes, type: checked.type };
    else fieldErrors[name] = MESSAGES[checked.problem];
  }
  return { uploads, fieldErrors };
}

/**
 * How much a branding form may send: two files of several times the cap, so a file somewhat too
 * large gets its message beside its field; beyond this the request is refused whole (413).
 */
export const BRAND_FORM_MAX_BYTES = 8 * 1024 * 1024 + 256 * 1024;
