/**
 * One run of the carrier feed at a time across every process and instance (issue 29): a lease
 * row (repositories/job-schedule.ts, one atomic UPDATE) is taken before sending or receiving and
 * given back after; a second run while one holds it is refused, not queued.
 */
import crypto from "node:crypto";
import path from "node:path";
import type { Services } from "../services";
import { claimScheduledRun, finishScheduledRun } from "../repositories/job-schedule";
import { type FeedOptions, type SendReport, sendFeeds } from "./send";
import { type ReceiveReport, receiveFeeds } from "./receive";

export const CARRIER_RUN_LEASE = "carrier-feed-run";
const LEASE_MS = 30 * 60 * 1000;

export type FeedRun = { ran: false } | { ran: true; received: ReceiveReport[]; sent: SendReport[] };

export async function runCarrierFeed(
  services: Services,
  what: { send: boolean; receive: boolean },
  options: FeedOptions = {},
): Promise<FeedRun> {
  const holder = `carriers-${crypto.randomUUID()}`;
  if (!(await claimScheduledRun(services.db, CARRIER_RUN_LEASE, holder, services.now(), 0, LEASE_MS))) return { ran: false };
  const opts = { root: path.resolve(services.config.carrierFeed.root), ...options };
  try {
    // acknowledgments first: a rejection puts snapshots back, so this run's file carries the fix
    const received = what.receive ? await receiveFeeds(services, opts) : [];
    const sent = what.send ? await sendFeeds(services, opts) : [];
    return { ran: true, received, sent };
  } finally {
    await finishScheduledRun(services.db, CARRIER_RUN_LEASE, holder);
  }
}
