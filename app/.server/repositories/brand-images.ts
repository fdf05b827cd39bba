/** Brand images kept in the database by their content hash (migration 028, ADR 028). */
import { createHash } from "node:crypto";
import type { DB } from "../db/connection";
import { BRAND_IMAGE_CONTENT_TYPES, brandImagePath, type BrandImageType } from "~/domain/brand-image";

/** Stores an image (once per distinct content) in the caller's transaction; returns the path it is served at. */
export async function storeBrandImage(db: DB, bytes: Uint8Array, type: BrandImageType, at: Date): Promise<string> {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const known = await db.selectFrom("brand_images").select("id").where("sha256", "=", sha256).executeTakeFirst();
  if (!known) {
    await db
      .insertInto("brand_images")
      .values({
        sha256,
        content_type: BRAND_IMAGE_CONTENT_TYPES[type],
        byte_size: bytes.length,
        bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        created_at: at.toISOString(),
      })
      .execute();
  }
  return brandImagePath(sha256, type);
}

export function brandImageByHash(db: DB, sha256: string) {
  return db.selectFrom("brand_images").select(["content_type", "bytes", "byte_size"]).where("sha256", "=", sha256).executeTakeFirst();
}
