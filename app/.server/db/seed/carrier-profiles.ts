/**
 * The demo carriers' delivery profiles (issue 29): test interchanges (ISA15 T) through the
 * embedded directory transport (data/carriers/<carrier>/outbound and inbound). Medical, dental,
 * vision, life and disability carriers take the 834; the lifestyle and pet carriers the documented
 * CSV. A store seeded before profiles existed gets them once, when it has no profile at all
 * (and only when it holds the demo data).
 */
import type { Kysely } from "kysely";
import type { Database } from "../schema";

const CSV_CARRIERS = new Set(["everwell", "pawsure"]);

export async function seedMissingCarrierProfiles(db: Kysely<Database>, now: Date) {
  const any = await db.selectFrom("carrier_profiles").select("carrier_id").limit(1).executeTakeFirst();
  if (any) return;
  // demo data only: a real store's profiles are made in the console
  const demo = await db.selectFrom("reps").select("id").where("agent_code", "=", "ABCD1212").executeTakeFirst();
  if (!demo) return;
  const carriers = await db.selectFrom("carriers").select(["id", "code", "name"]).orderBy("id").execute();
  if (!carriers.length) return;
  await db
    .insertInto("carrier_profiles")
    .values(
      carriers.map((c) => {
        const short = c.code
          .replace(/[^a-z0-9]/gi, "")
          .toUpperCase()
          .slice(0, 15);
        return {
          carrier_id: c.id,
          format: CSV_CARRIERS.has(c.code) ? ("csv" as const) : ("834" as const),
          sender_qualifier: "30",
          sender_id: "741234567",
          receiver_qualifier: "ZZ",
          receiver_id: short,
          application_sender: "BENEFITSTORE",
          application_receiver: short,
          usage: "T" as const,
          sponsor_name: "Benefit Store",
          sponsor_id_qualifier: "FI",
          sponsor_id: "741234567",
          payer_name: c.name,
          payer_id_qualifier: "FI",
          payer_id: String(880000000 + c.id),
          master_policy: `${short.slice(0, 6)}-MASTER`,
          schedule: "daily" as const,
          transport: "local" as const,
          active: 1,
          updated_at: now.toISOString(),
        };
      }),
    )
    .execute();
}
