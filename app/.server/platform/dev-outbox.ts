/** The development mailbox (/dev/outbox): what the mail and SMS adapters sent or kept. */
import type { Services } from "../services";
import { latestMessages, outboxAttachmentsJson, outboxMessage } from "../repositories/outbox";

/** The newest messages, newest first. */
export function outboxMessages(services: Services) {
  return latestMessages(services.db);
}

/** One message by the id in the address; undefined for a malformed or unknown id. */
export async function outboxMessageById(services: Services, idParam: string | undefined) {
  const id = Number(idParam);
  return Number.isSafeInteger(id) ? outboxMessage(services.db, id) : undefined;
}

export interface OutboxAttachmentInfo {
  n: number;
  filename: string;
  contentType: string;
  size: number;
  /** kept in the outbox (a message sent by SMTP keeps only the name, type and size) */
  kept: boolean;
}

interface KeptAttachment {
  filename: string;
  contentType: string;
  size: number;
  content?: string;
}

function parseAttachments(json: string | null): KeptAttachment[] {
  if (!json) return [];
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? (list as KeptAttachment[]) : [];
  } catch {
    return [];
  }
}

/** A message's attachments, without their content. */
export async function outboxAttachmentList(services: Services, id: number): Promise<OutboxAttachmentInfo[]> {
  return parseAttachments(await outboxAttachmentsJson(services.db, id)).map((a, i) => ({ n: i + 1, filename: a.filename, contentType: a.contentType, size: a.size, kept: typeof a.content === "string" }));
}

/** One attachment's file (n from 1), or undefined. */
export async function outboxAttachmentFile(services: Services, idParam: string | undefined, nParam: string | undefined) {
  const id = Number(idParam);
  const n = Number(nParam);
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(n) || n < 1) return undefined;
  const a = parseAttachments(await outboxAttachmentsJson(services.db, id))[n - 1];
  if (!a || typeof a.content !== "string") return undefined;
  return { filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, "base64") };
}
