/** The development mailbox (/dev/outbox): what the mail and SMS adapters sent or kept. */
import type { Services } from "../services";
import { latestMessages, outboxMessage } from "../repositories/outbox";

/** The newest messages, newest first. */
export function outboxMessages(services: Services) {
  return latestMessages(services.db);
}

/** One message by the id in the address; undefined for a malformed or unknown id. */
export async function outboxMessageById(services: Services, idParam: string | undefined) {
  const id = Number(idParam);
  return Number.isSafeInteger(id) ? outboxMessage(services.db, id) : undefined;
}
