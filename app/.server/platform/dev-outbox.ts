/** The development mailbox (/dev/outbox): every message queued or kept in the outbox, bodies opened. */
import type { Services } from "../services";
import { latestMessages } from "../repositories/outbox";
import { openedOutboxMessage } from "./outbox";

/** The newest messages, newest first. */
export function outboxMessages(services: Services) {
  return latestMessages(services.db);
}

/** One message by the id in the address, its body opened; undefined for a malformed or unknown id. */
export async function outboxMessageById(services: Services, idParam: string | undefined) {
  const id = Number(idParam);
  return Number.isSafeInteger(id) ? openedOutboxMessage(services, id) : undefined;
}
