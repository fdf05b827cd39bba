/**
 * Editing a carrier's delivery profile in the console (issue 29, ADR 024). One transaction: the
 * profile read, written and recorded on the operators' trail with each changed field before →
 * after (the key REFERENCE is recorded, never a key: the profile cannot hold one). A profile the
 * carrier has not got yet is made by the same save.
 */
import type { Services } from "../services";
import type { OperatorActor } from "../operators/trail";
import { recordChange } from "../operators/trail";
import { carrierProfile } from "../repositories/carrier-feed";
import type { CarrierProfileInput } from "~/forms/carrier-profile";

export type CarrierProfileValues = Record<keyof CarrierProfileInput, string>;

const s = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : String(v));

/** The carrier and its profile as the form's values (strings), or null for an unknown carrier. */
export async function profileForEdit(services: Services, carrierId: number) {
  const carrier = await services.db.selectFrom("carriers").select(["id", "code", "name"]).where("id", "=", carrierId).executeTakeFirst();
  if (!carrier) return null;
  const p = await carrierProfile(services.db, carrierId);
  const values: CarrierProfileValues = {
    format: s(p?.format ?? "834"),
    usage: s(p?.usage ?? "T"),
    senderQualifier: s(p?.sender_qualifier ?? "30"),
    senderId: s(p?.sender_id),
    receiverQualifier: s(p?.receiver_qualifier ?? "ZZ"),
    receiverId: s(p?.receiver_id),
    applicationSender: s(p?.application_sender),
    applicationReceiver: s(p?.application_receiver),
    sponsorName: s(p?.sponsor_name),
    sponsorIdQualifier: s(p?.sponsor_id_qualifier ?? "FI"),
    sponsorId: s(p?.sponsor_id),
    payerName: s(p?.payer_name ?? carrier.name),
    payerIdQualifier: s(p?.payer_id_qualifier ?? "FI"),
    payerId: s(p?.payer_id),
    masterPolicy: s(p?.master_policy),
    schedule: s(p?.schedule ?? "daily"),
    fullFileWeekday: s(p?.full_file_weekday),
    transport: s(p?.transport ?? "local"),
    sftpHost: s(p?.sftp_host),
    sftpPort: s(p?.sftp_port),
    sftpUsername: s(p?.sftp_username),
    sftpKeyRef: s(p?.sftp_key_ref),
    sftpHostKeySha256: s(p?.sftp_host_key_sha256),
    sftpOutbox: s(p?.sftp_outbox),
    sftpInbox: s(p?.sftp_inbox),
  };
  return { carrier, exists: !!p, values };
}

function columns(input: CarrierProfileInput) {
  return {
    format: input.format,
    usage: input.usage,
    sender_qualifier: input.senderQualifier,
    sender_id: input.senderId,
    receiver_qualifier: input.receiverQualifier,
    receiver_id: input.receiverId,
    application_sender: input.applicationSender,
    application_receiver: input.applicationReceiver,
    sponsor_name: input.sponsorName,
    sponsor_id_qualifier: input.sponsorIdQualifier,
    sponsor_id: input.sponsorId,
    payer_name: input.payerName,
    payer_id_qualifier: input.payerIdQualifier,
    payer_id: input.payerId,
    master_policy: input.masterPolicy,
    schedule: input.schedule,
    full_file_weekday: input.fullFileWeekday,
    transport: input.transport,
    sftp_host: input.sftpHost,
    sftp_port: input.sftpPort,
    sftp_username: input.sftpUsername,
    sftp_key_ref: input.sftpKeyRef,
    sftp_host_key_sha256: input.sftpHostKeySha256,
    sftp_outbox: input.sftpOutbox,
    sftp_inbox: input.sftpInbox,
  };
}

type Columns = ReturnType<typeof columns>;
const trailView = (row: Partial<Columns> | undefined) =>
  Object.fromEntries(Object.keys(columns({} as CarrierProfileInput)).map((k) => [k, row?.[k as keyof Columns] ?? null]));

/**
 * The columns that say where a carrier's files go — and the files carry members' SSNs: only an admin
 * changes them (a catalog operator who could point them at their own server could send every member's
 * SSN there with the next full file). Each with the form field it comes from.
 */
const ROUTE_COLUMNS = {
  transport: "transport",
  sftp_host: "sftpHost",
  sftp_port: "sftpPort",
  sftp_username: "sftpUsername",
  sftp_key_ref: "sftpKeyRef",
  sftp_host_key_sha256: "sftpHostKeySha256",
  sftp_outbox: "sftpOutbox",
  sftp_inbox: "sftpInbox",
} as const satisfies Partial<Record<keyof Columns, keyof CarrierProfileInput>>;

/** What a profile that does not exist yet delivers by: the local directory. */
const NO_ROUTE: Partial<Columns> = { transport: "local" };

export type SaveProfileResult = "saved" | "unknown" | { adminOnly: Array<keyof CarrierProfileInput> };

/**
 * Saves the profile (made when missing). An operator who may not route files (`mayRoute` false) is
 * refused any change to where they go: the fields named, nothing saved.
 */
export async function saveCarrierProfile(
  services: Services,
  actor: OperatorActor,
  carrierId: number,
  input: CarrierProfileInput,
  o: { mayRoute: boolean },
): Promise<SaveProfileResult> {
  return services.db.transaction().execute(async (trx) => {
    const carrier = await trx.selectFrom("carriers").select("id").where("id", "=", carrierId).executeTakeFirst();
    if (!carrier) return "unknown";
    const before = await trx.selectFrom("carrier_profiles").selectAll().where("carrier_id", "=", carrierId).executeTakeFirst();
    const next = columns(input);
    if (!o.mayRoute) {
      const was = (before ?? NO_ROUTE) as Partial<Columns>;
      const changed = (Object.keys(ROUTE_COLUMNS) as Array<keyof typeof ROUTE_COLUMNS>).filter(
        (k) => (next[k] ?? null) !== (was[k] ?? null),
      );
      if (changed.length) return { adminOnly: changed.map((k) => ROUTE_COLUMNS[k]) };
    }
    const values = { ...next, updated_at: services.now().toISOString() };
    if (before) await trx.updateTable("carrier_profiles").set(values).where("carrier_id", "=", carrierId).execute();
    else
      await trx
        .insertInto("carrier_profiles")
        .values({ carrier_id: carrierId, active: 1, ...values })
        .execute();
    const after = await trx.selectFrom("carrier_profiles").selectAll().where("carrier_id", "=", carrierId).executeTakeFirstOrThrow();
    await recordChange(services, trx, actor, {
      kind: before ? "carrier.profile.update" : "carrier.profile.create",
      targetType: "carrier",
      targetId: carrierId,
      before: trailView(before as Partial<Columns> | undefined),
      after: trailView(after as Partial<Columns>),
    });
    return "saved";
  });
}
