/**
 * Payment methods and an enrollment's billing choice. Bank accounts are kept as the encrypted
 * account number plus its last four; cards only as the processor's token, brand and last four.
 * Nothing here ever selects `account_number_enc` or `card_token` for a page.
 */
import type { DB } from "../db/connection";
import { maskedNumber } from "~/domain/cards";

export interface SavedBank {
  id: number;
  value: string;
  bankName: string;
  accountName: string;
  routingNumber: string;
  last4: string;
  /** "****6789" */
  masked: string;
  accountType: string;
  accountHolderType: string;
}

export interface SavedCard {
  id: number;
  value: string;
  brand: string;
  last4: string;
  /** "****1111" */
  masked: string;
  expMonth: number;
  expYear: number;
  nameOnCard: string;
}

/** The group's billing method (eft, cc, elist, list, stmt), or null when the applicant chooses. */
export async function groupPaymentMethod(db: DB, groupId: number | null): Promise<string | null> {
  if (!groupId) return null;
  const row = await db.selectFrom("groups").select("payment_method").where("id", "=", groupId).executeTakeFirst();
  return row?.payment_method ?? null;
}

export interface MethodOwner {
  /** an existing member's saved methods */
  memberId: number | null;
  /** and the ones entered earlier in this enrollment */
  enrollmentId: number;
}

const VISIBLE = [
  "id",
  "kind",
  "member_id",
  "enrollment_id",
  "bank_name",
  "account_name",
  "routing_number",
  "account_last4",
  "account_type",
  "account_holder_type",
  "card_brand",
  "card_last4",
  "card_exp_month",
  "card_exp_year",
  "name_on_card",
] as const;

function ownedQuery(db: DB, owner: MethodOwner) {
  return db
    .selectFrom("payment_methods")
    .select(VISIBLE)
    .where((eb) => {
      const mine = [eb("enrollment_id", "=", owner.enrollmentId)];
      if (owner.memberId) mine.push(eb("member_id", "=", owner.memberId));
      return eb.or(mine);
    });
}

/** Saved banks and cards the applicant may choose, masked (get-existing-bank-info, get-existing-card-info). */
export async function existingMethods(
  db: DB,
  memberId: number | null,
  enrollmentId = 0,
): Promise<{ banks: SavedBank[]; cards: SavedCard[] }> {
  const rows = await ownedQuery(db, { memberId, enrollmentId }).orderBy("id").execute();
  const banks: SavedBank[] = [];
  const cards: SavedCard[] = [];
  for (const r of rows) {
    if (r.kind === "eft") {
      banks.push({
        id: r.id,
        value: `bank:${r.id}`,
        bankName: r.bank_name ?? "",
        accountName: r.account_name ?? "",
        routingNumber: r.routing_number ?? "",
        last4: r.account_last4 ?? "",
        masked: maskedNumber(r.account_last4),
        accountType: r.account_type ?? "",
        accountHolderType: r.account_holder_type ?? "",
      });
    } else if (r.kind === "cc") {
      cards.push({
        id: r.id,
        value: `card:${r.id}`,
        brand: r.card_brand ?? "card",
        last4: r.card_last4 ?? "",
        masked: maskedNumber(r.card_last4),
        expMonth: r.card_exp_month ?? 0,
        expYear: r.card_exp_year ?? 0,
        nameOnCard: r.name_on_card ?? "",
      });
    }
  }
  return { banks, cards };
}

/** One saved method, only if it is this applicant's own (a tampered id finds nothing). */
export function ownedMethod(db: DB, id: number, kind: "eft" | "cc", owner: MethodOwner) {
  return ownedQuery(db, owner).where("id", "=", id).where("kind", "=", kind).executeTakeFirst();
}

export async function insertBankMethod(
  db: DB,
  row: {
    enrollmentId: number;
    accountName: string;
    bankName: string;
    routingNumber: string;
    accountNumberEnc: string;
    last4: string;
    accountType: string;
    accountHolderType: string;
    now: Date;
  },
): Promise<number> {
  const inserted = await db
    .insertInto("payment_methods")
    .values({
      member_id: null,
      enrollment_id: row.enrollmentId,
      kind: "eft",
      account_name: row.accountName,
      bank_name: row.bankName,
      routing_number: row.routingNumber,
      account_number_enc: row.accountNumberEnc,
      account_last4: row.last4,
      account_type: row.accountType,
      account_holder_type: row.accountHolderType,
      created_at: row.now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertCardMethod(
  db: DB,
  row: {
    enrollmentId: number;
    token: string;
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
    nameOnCard: string;
    now: Date;
  },
): Promise<number> {
  const inserted = await db
    .insertInto("payment_methods")
    .values({
      member_id: null,
      enrollment_id: row.enrollmentId,
      kind: "cc",
      card_token: row.token,
      card_brand: row.brand,
      card_last4: row.last4,
      card_exp_month: row.expMonth,
      card_exp_year: row.expYear,
      name_on_card: row.nameOnCard,
      created_at: row.now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export interface EnrollmentPaymentValues {
  enrollmentId: number;
  paymentMethod: string;
  paymentMethodId: number | null;
  billDate: number;
  isPhysicalAddress: boolean;
  address: { address1: string; address2: string; city: string; state: string; zip: string } | null;
  now: Date;
}

export async function upsertEnrollmentPayment(db: DB, v: EnrollmentPaymentValues) {
  const values = {
    payment_method: v.paymentMethod,
    payment_method_id: v.paymentMethodId,
    bill_date: v.billDate,
    is_physical_address: v.isPhysicalAddress ? 1 : 0,
    address1: v.address?.address1 || null,
    address2: v.address?.address2 || null,
    city: v.address?.city || null,
    state: v.address?.state || null,
    zip: v.address?.zip || null,
    updated_at: v.now.toISOString(),
  };
  await db
    .insertInto("enrollment_payments")
    .values({ enrollment_id: v.enrollmentId, ...values })
    .onConflict((oc) => oc.column("enrollment_id").doUpdateSet(values))
    .execute();
}

/** Methods entered in this enrollment and no longer chosen (a re-save replaced them). */
export async function dropUnusedEnrollmentMethods(db: DB, enrollmentId: number, keepId: number | null) {
  let q = db.deleteFrom("payment_methods").where("enrollment_id", "=", enrollmentId).where("member_id", "is", null);
  if (keepId !== null) q = q.where("id", "!=", keepId);
  await q.execute();
}

export function enrollmentPaymentRow(db: DB, enrollmentId: number) {
  return db.selectFrom("enrollment_payments").selectAll().where("enrollment_id", "=", enrollmentId).executeTakeFirst();
}

/**
 * The enrollment's billing choice as the review shows it: the method, the bill date and the
 * chosen bank or card by name, type and last four. Never the encrypted number or the token.
 */
export function enrollmentPaymentChoice(db: DB, enrollmentId: number) {
  return db
    .selectFrom("enrollment_payments as ep")
    .leftJoin("payment_methods as pm", "pm.id", "ep.payment_method_id")
    .select([
      "ep.payment_method",
      "ep.bill_date",
      "pm.kind",
      "pm.bank_name",
      "pm.account_type",
      "pm.account_last4",
      "pm.card_brand",
      "pm.card_last4",
    ])
    .where("ep.enrollment_id", "=", enrollmentId)
    .executeTakeFirst();
}
