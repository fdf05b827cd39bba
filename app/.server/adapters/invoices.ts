/**
 * Invoices generated after enrollment (enrollment-wizard §4 "Receipt"): the product calls a
 * separate invoice service; this is its local implementation behind the same interface, one
 * invoice per policy (the unique policy_id makes a repeat call a no-op).
 */
import type { DB } from "../db/connection";
import { randomDigits } from "../platform/crypto";

export interface InvoiceService {
  generate(input: {
    policyId: number;
    effectiveDate: string;
    amountCents: number;
    now: Date;
  }): Promise<{ invoiceNumber: string; created: boolean }>;
}

export function createLocalInvoices(db: DB): InvoiceService {
  return {
    async generate({ policyId, effectiveDate, amountCents, now }) {
      const existing = await db.selectFrom("invoices").select("invoice_number").where("policy_id", "=", policyId).executeTakeFirst();
      if (existing) return { invoiceNumber: existing.invoice_number, created: false };
      const invoiceNumber = `INV-${effectiveDate.replace(/-/g, "")}-${randomDigits(6)}`;
      try {
        await db
          .insertInto("invoices")
          .values({
            policy_id: policyId,
            invoice_number: invoiceNumber,
            effective_date: effectiveDate,
            amount_cents: amountCents,
            created_at: now.toISOString(),
          })
          .execute();
        return { invoiceNumber, created: true };
      } catch {
        const raced = await db.selectFrom("invoices").select("invoice_number").where("policy_id", "=", policyId).executeTakeFirstOrThrow();
        return { invoiceNumber: raced.invoice_number, created: false };
      }
    },
  };
}
