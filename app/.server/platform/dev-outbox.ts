/** The development mailbox (/dev/outbox): every message queued or kept in the outbox, bodies opened. */
import type { Services } from "../services";
import { latestMessages, outboxMessage } from "../repositories/outbox";
import { openBody, openedOutboxMessage } from "./outbox";
import { isLoopbackHost } from "./config";

/** Headers a reverse proxy adds: a request that carries one did not come from this machine directly. */
const FORWARDING = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip"];

/**
 * Whether the dev outbox (every code and link the store "sends") may answer this request: only when it
 * is on (config: never with a reachable HOST, never in production) and the request reached the server
 * directly — a reverse proxy on the same machine would otherwise publish it to the world — and to a
 * loopback name (see hostName).
 */
export function devOutboxServes(services: Services, request: Request) {
  return (
    services.config.devOutbox && !FORWARDING.some((h) => request.headers.has(h)) && isLoopbackHost(hostName(request.headers.get("host")))
  );
}

/**
 * The name in a Host header, without its port. The outbox answers only a request addressed to this
 * machine by a loopback name: a page on another site whose name was made to resolve to 127.0.0.1
 * (DNS rebinding) sends its own name, and would otherwise read every code and link as same-origin.
 */
function hostName(header: string | null) {
  const h = (header ?? "").trim();
  if (h.startsWith("[")) return h.slice(0, h.indexOf("]") + 1);
  const colon = h.lastIndexOf(":");
  return colon < 0 ? h : h.slice(0, colon);
}

/** The newest messages, newest first. */
export function outboxMessages(services: Services) {
  return latestMessages(services.db);
}

/** One message by the id in the address, its body opened; undefined for a malformed or unknown id. */
export async function outboxMessageById(services: Services, idParam: string | undefined) {
  const id = Number(idParam);
  return Number.isSafeInteger(id) ? openedOutboxMessage(services, id) : undefined;
}

export interface OutboxAttachmentInfo {
  n: number;
  filename: string;
  contentType: string;
  size: number;
  /** its content is still in the outbox (always, for a listed one: a delivered message keeps no body) */
  kept: boolean;
}

/** A message's attachments as queued, opened; none once the message was delivered (its body is not kept). */
async function keptAttachments(services: Services, id: number) {
  const row = await outboxMessage(services.db, id);
  if (!row) return [];
  try {
    return openBody(services.cipher, row)?.attachments ?? [];
  } catch {
    return [];
  }
}

/** A message's attachments, without their content. */
export async function outboxAttachmentList(services: Services, id: number): Promise<OutboxAttachmentInfo[]> {
  return (await keptAttachments(services, id)).map((a, i) => ({
    n: i + 1,
    filename: a.filename,
    contentType: a.contentType,
    size: a.content.byteLength,
    kept: true,
  }));
}

/** One attachment's file (n from 1), or undefined. */
export async function outboxAttachmentFile(services: Services, idParam: string | undefined, nParam: string | undefined) {
  const id = Number(idParam);
  const n = Number(nParam);
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(n) || n < 1) return undefined;
  const a = (await keptAttachments(services, id))[n - 1];
  return a ? { filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) } : undefined;
}
