/** An existing member's identity, to prefill the wizard (the SSN is decrypted only for that). */
import type { Services } from "../services";

export async function memberIdentity(services: Services, memberId: number) {
  const m = await services.db.selectFrom("members").select(["first_name", "last_name", "ssn_enc", "email", "phone", "address1", "address2", "city", "state", "zip"]).where("id", "=", memberId).executeTakeFirst();
  if (!m) return null;
  return {
    firstName: m.first_name,
    lastName: m.last_name,
    ssn: m.ssn_enc ? services.cipher.decrypt(m.ssn_enc) : null,
    email: m.email,
    phone: m.phone,
    address1: m.address1,
    address2: m.address2,
    city: m.city,
    state: m.state,
    zip: m.zip,
  };
}
