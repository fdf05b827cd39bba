/**
 * Reading the outbox in tests: a message's body is sealed (body_enc, ADR 010); these give back
 * rows whose text_body and html_body hold the opened text and HTML, as the mailbox shows them.
 */
import type { Services } from "~/.server/services";
import { openBody } from "~/.server/platform/outbox";

type Sealed = { body_enc: string | null; text_body: string; html_body: string | null };

/** The row with its body opened into text_body and html_body (empty once delivered). */
export function opened<T extends Sealed>(owner: { services: Services } | Services, row: T): T {
  const services = "services" in owner ? owner.services : owner;
  const body = openBody(services.cipher, row);
  return { ...row, text_body: body?.text ?? "", html_body: body?.html ?? null };
}

export function openedAll<T extends Sealed>(owner: { services: Services } | Services, rows: T[]): T[] {
  return rows.map((r) => opened(owner, r));
}
