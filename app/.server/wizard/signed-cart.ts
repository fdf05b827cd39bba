/** The fingerprint of the cart a signature or a payment authorisation was given for (issue 26 #9). */
import crypto from "node:crypto";
import type { Services } from "../services";
import type { Enrollment } from "../db/schema";
import { cartLines } from "../repositories/cart";
import { signedCartCanonical } from "~/domain/signed-cart";

/** SHA-256 of the cart as it stands now (read afresh, in the caller's transaction when there is one). */
export async function cartFingerprint(services: Pick<Services, "db">, enrollment: Pick<Enrollment, "id" | "tier">): Promise<string> {
  const lines = await cartLines(services.db, enrollment.id);
  return crypto.createHash("sha256").update(signedCartCanonical(enrollment.tier, lines)).digest("hex");
}

/** Whether what was saved with `saved` (a step's `cart_sha256`) is still the cart: a missing one never is. */
export async function signedForThisCart(
  services: Pick<Services, "db">,
  enrollment: Pick<Enrollment, "id" | "tier">,
  saved: string | null | undefined,
): Promise<boolean> {
  return Boolean(saved) && saved === (await cartFingerprint(services, enrollment));
}
