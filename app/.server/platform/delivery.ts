/**
 * The delivery side of the services (ADR 010): the transports messages are handed to, the retry
 * policy and the wake-up of this process's worker. No import of the services: they hold one.
 */
import crypto from "node:crypto";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** What a transport receives: the message as it was queued, opened. */
export interface OpenedMessage {
  id: number;
  channel: "email" | "sms";
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  attachments: MailAttachment[];
}

/** A provider for one channel (SMTP for mail). Resolves once the provider accepted the message. */
export interface Transport {
  send(message: OpenedMessage): Promise<void>;
}

export interface Transports {
  email?: Transport;
  sms?: Transport;
}

export interface RetryPolicy {
  /** the wait before the 2nd try; it doubles each time */
  baseMs: number;
  /** the longest wait between tries */
  maxMs: number;
  /** tries in all before the message is marked failed */
  maxAttempts: number;
  /** how long a claim holds: a worker that has not finished by then is presumed dead */
  leaseMs: number;
}

/** ~17 hours of tries: 10 s, 20 s, 40 s … then hourly, 24 tries in all. */
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 10_000, maxMs: 60 * 60 * 1000, maxAttempts: 24, leaseMs: 2 * 60 * 1000 };

/** The wait after the n-th failed try (n ≥ 1): base · 2^(n−1), at most max, with ±10 % jitter. */
export function backoffMs(policy: RetryPolicy, attempt: number, random: () => number = Math.random) {
  const plain = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(plain * (0.9 + 0.2 * random()));
}

/** The delivery side of the services: the transports, the retry policy, the worker's wake-up. */
export interface Delivery {
  transports: Transports;
  retry: RetryPolicy;
  /** this process's name in claims */
  workerId: string;
  /** asks the worker to look for due messages now (after a commit); nothing without a worker */
  nudge(): void;
  /** what a nudge does: set by the worker that runs in this process (jobs/workers.ts) */
  wake: (() => void) | null;
}

export function createDelivery(transports: Transports, retry: RetryPolicy = DEFAULT_RETRY): Delivery {
  const delivery: Delivery = {
    transports,
    retry,
    workerId: `${process.pid}-${crypto.randomBytes(4).toString("hex")}`,
    nudge: () => delivery.wake?.(),
    wake: null,
  };
  return delivery;
}
