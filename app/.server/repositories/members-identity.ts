/** An existing member's identity, to prefill the wizard (the SSN is decrypted only for that). */
import type { DB } from "../db/connection";
import { SealedValueError, type Cipher } from "../platform/crypto";

export async function memberIdentity(db: DB, cipher: Cipher, memberId: number) {
  const m = await db
    .selectFrom("members")
    .select(["first_name", "last_name", "ssn_enc", "email", "phone", "address1", "address2", "city", "state", "zip"])
    .where("id", "=", memberId)
    .executeTakeFirst();
  if (!m) return null;
  let ssn: string | null = null;
  let ssnUnreadable = false;
  try {
    ssn = m.ssn_enc ? cipher.decrypt(m.ssn_enc) : null;
  } catch (error) {
    // Sealed with a key no longer configured: the SSN is asked again (and saved anew).
    if (!(error instanceof SealedValueError)) throw error;
    ssnUnreadable = true;
  }
  return {
    firstName: m.first_name,
    lastName: m.last_name,
    ssn,
    ssnUnreadable,
    email: m.email,
    phone: m.phone,
    address1: m.address1,
    address2: m.address2,
    city: m.city,
    state: m.state,
    zip: m.zip,
  };
}
