/** A brand image uploaded in the console, as the store serves it (ADR 028). */
import type { Services } from "../services";
import { brandImageByHash } from "../repositories/brand-images";
import { parseBrandImageName } from "~/domain/brand-image";

/** The image named `<sha256>.<ext>`, or null (an unknown name, or an extension that is not the image's). */
export async function brandImage(services: Services, name: string | undefined) {
  const parsed = name ? parseBrandImageName(name) : null;
  if (!parsed) return null;
  const row = await brandImageByHash(services.db, parsed.sha256);
  if (!row || row.content_type !== `image/${parsed.type}`) return null;
  return { contentType: row.content_type, bytes: new Uint8Array(row.bytes) };
}
