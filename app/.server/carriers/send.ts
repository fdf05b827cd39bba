/**
 * Send (issue 29): per carrier, the difference between what was last sent (the member snapshots)
 * and the enrollments as they stand — adds 021/28, terminations 024 with DTP*349, changes 001,
 * reinstatements 025 — built, checked before it leaves, recorded and delivered.
 *
 * - The file, its control number, its transaction set, each member's change (pending) and the new
 *   snapshots are written in ONE transaction; so a second run finds nothing to send.
 * - A file that fails the check is kept (held) with its reasons and is not sent; the snapshots
 *   stay as they were, and the same failing difference is not kept twice.
 * - Delivery happens after the commit; a file the transport could not take stays waiting and is
 *   retried first on the next run (nothing is lost when SFTP is down).
 */
import crypto from "node:crypto";
import type { Services } from "../services";
import { build834, type ControlNumbers, type IdQualifier, type Party } from "~/domain/x12/build-834";
import { buildCarrierCsv } from "~/domain/carrier-csv";
import { diffFeed } from "~/domain/x12/snapshot-diff";
import { fullFileChanges } from "~/domain/x12/full-file";
import { maskSsns } from "~/domain/x12/masked";
import type { MemberChange, MemberSnapshot } from "~/domain/x12/member-change";
import { readSegments } from "~/domain/x12/segments";
import { checkBeforeSending } from "./check-before-sending";
import { membersNow } from "./members-now";
import { DEFAULT_CARRIERS_ROOT, transportOf } from "./transport-of";
import type { CarrierTransport } from "../adapters/carrier-transport/transport";
import {
  type CarrierProfile,
  carrierProfiles,
  filesWaiting,
  fullFileMadeSince,
  insertFile,
  insertMemberChanges,
  insertTransaction,
  latestHeldFile,
  nextControlNumber,
  saveSnapshot,
  setChangesOfFile,
  snapshotsOf,
  updateFile,
} from "../repositories/carrier-feed";

export interface FeedOptions {
  carrierCode?: string;
  /** the embedded transport's root (data/carriers) */
  root?: string;
  /** a transport for a profile (tests); by default the profile's own */
  transport?: (profile: CarrierProfile) => CarrierTransport;
  /** make each carrier's full audit file now, whatever its schedule (`send --full`) */
  full?: boolean;
}

export interface SendReport {
  carrier: string;
  /** the file made this run: its name and status, or null when nothing changed */
  file: { id: number; name: string; status: string; members: number } | null;
  /** the full audit file made this run (on the profile's weekday, or asked for) */
  full: { id: number; name: string; status: string; members: number } | null;
  delivered: string[];
  failed: Array<{ name: string; error: string }>;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const hhmm = (d: Date) => d.toISOString().slice(11, 16);

/** ST02 has at most 9 digits but some carriers read 4: the group's one set is numbered within 1…9999. */
export const transactionNumber = (n: number) => ((n - 1) % 9999) + 1;

export function fileName(profile: CarrierProfile, n: number) {
  return `${profile.carrier_code}-${String(n).padStart(9, "0")}.${profile.format === "834" ? "834" : "csv"}`;
}

/** Member loop positions in the transaction set (ST = 1), in file order. */
function loopPositions(text: string) {
  const read = readSegments(text);
  if (!read) return [];
  const st = read.segments.findIndex((s) => s.tag === "ST");
  const se = read.segments.findIndex((s) => s.tag === "SE");
  const starts = read.segments.flatMap((s, i) => (s.tag === "INS" ? [i - st + 1] : []));
  return starts.map((start, i) => ({ start, end: (starts[i + 1] ?? se - st + 1) - 1 }));
}

function buildFile(profile: CarrierProfile, changes: MemberChange[], n: number, now: Date, purpose: "changes" | "audit" = "changes") {
  if (profile.format === "csv") return buildCarrierCsv(changes);
  const control: ControlNumbers = { interchange: n, group: n, transaction: transactionNumber(n) };
  const party = (name: string, q: string, id: string): Party => ({ name, idQualifier: q as Party["idQualifier"], id });
  return build834({
    partners: {
      senderQualifier: profile.sender_qualifier as IdQualifier,
      senderId: profile.sender_id,
      receiverQualifier: profile.receiver_qualifier as IdQualifier,
      receiverId: profile.receiver_id,
      applicationSender: profile.application_sender,
      applicationReceiver: profile.application_receiver,
      usage: profile.usage,
    },
    control,
    createdOn: isoDay(now),
    createdAt: hhmm(now),
    reference: `${profile.carrier_code.toUpperCase()}${n}`,
    purpose,
    masterPolicy: profile.master_policy,
    sponsor: party(profile.sponsor_name, profile.sponsor_id_qualifier, profile.sponsor_id),
    payer: party(profile.payer_name, profile.payer_id_qualifier, profile.payer_id),
    members: changes,
    lineBreaks: true,
  });
}

/**
 * The changes with each member's SSN opened for NM109 (834 only): opened here, in the file's
 * build, and nowhere else — never in a snapshot, a log or the console. An SSN that does not open
 * or is not nine digits is left out (NM108/NM109 omitted, as the guide allows).
 */
function withSsns(services: Services, profile: CarrierProfile, changes: MemberChange[], sealed: Map<string, string>): MemberChange[] {
  if (profile.format !== "834") return changes;
  return changes.map((c) => {
    const value = sealed.get(c.member.memberId);
    if (!value) return c;
    let ssn: string;
    try {
      ssn = services.cipher.decrypt(value).replace(/\D/g, "");
    } catch {
      return c;
    }
    return /^\d{9}$/.test(ssn) ? { ...c, member: { ...c.member, ssn } } : c;
  });
}

/** What the database keeps of a built file: as built, or — when it carries SSNs — masked, with the whole file sealed. */
function kept(services: Services, content: string) {
  const masked = maskSsns(content);
  return masked === content ? { content, content_enc: null } : { content: masked, content_enc: services.cipher.encrypt(content) };
}

/** Hands every waiting file of a carrier to its transport; a failure leaves it waiting for the next run. */
async function deliverWaiting(services: Services, profile: CarrierProfile, transport: CarrierTransport) {
  const delivered: string[] = [];
  const failed: Array<{ name: string; error: string }> = [];
  for (const f of await filesWaiting(services.db, profile.carrier_id)) {
    try {
      // a file with SSNs is kept sealed: opened only to hand it over
      const body = f.content_enc ? services.cipher.decrypt(f.content_enc) : f.content;
      await transport.put(f.name, Buffer.from(body, "utf8"));
    } catch (error) {
      const message = error instanceof Error ? error.message : "unknown";
      failed.push({ name: f.name, error: message });
      await updateFile(services.db, f.id, { attempts: f.attempts + 1, last_error: message.slice(0, 500) });
      services.log.warn("carrier file not delivered; kept for the next run", { carrier: profile.carrier_code, file: f.name });
      continue;
    }
    const at = services.now();
    await services.db.transaction().execute(async (trx) => {
      await updateFile(trx, f.id, { status: "sent", sent_at: at.toISOString(), attempts: f.attempts + 1, last_error: null });
      await setChangesOfFile(trx, f.id, ["pending"], "sent", at);
    });
    delivered.push(f.name);
  }
  return { delivered, failed };
}

/** Builds, checks and records one carrier's difference (one transaction); null when nothing changed. */
export async function prepareFile(services: Services, profile: CarrierProfile) {
  return services.db.transaction().execute(async (trx) => {
    const now = services.now();
    const last = new Map<string, MemberSnapshot>();
    for (const s of await snapshotsOf(trx, profile.carrier_id)) last.set(s.member_key, JSON.parse(s.snapshot_json) as MemberSnapshot);
    const state = await membersNow(trx, profile.carrier_id, profile.format);
    const diff = diffFeed(last, state.members, isoDay(now));
    if (diff.changes.length === 0) return null;

    const digest = crypto.createHash("sha256").update(JSON.stringify(diff.changes)).digest("hex");
    const previous = await latestHeldFile(trx, profile.carrier_id);
    if (previous?.status === "held" && previous.digest === digest)
      return { id: previous.id, name: "", status: "held", members: 0, repeated: true };

    const n = await nextControlNumber(trx, profile.sender_id, profile.receiver_id, profile.carrier_id);
    const name = fileName(profile, n);
    const content = buildFile(profile, withSsns(services, profile, diff.changes, state.ssns), n, now);
    const problems =
      profile.format === "834" ? checkBeforeSending(content, { interchange: n, group: n, transaction: transactionNumber(n) }) : [];
    const base = {
      carrier_id: profile.carrier_id,
      direction: "out" as const,
      name,
      format: profile.format,
      control_number: n,
      digest,
      ...kept(services, content),
      member_count: diff.changes.length,
      created_at: now.toISOString(),
    };
    if (problems.length) {
      const id = await insertFile(trx, { ...base, status: "held", problems_json: JSON.stringify(problems) });
      services.log.warn("carrier file failed its check; held, not sent", {
        carrier: profile.carrier_code,
        file: name,
        problems: problems.length,
      });
      return { id, name, status: "held", members: diff.changes.length, repeated: false };
    }
    const id = await insertFile(trx, { ...base, status: "waiting" });
    if (profile.format === "834") await insertTransaction(trx, id, String(transactionNumber(n)).padStart(4, "0"));
    const loops = profile.format === "834" ? loopPositions(content) : [];
    const rows = diff.changes.flatMap((change, i) => {
      const key = change.member.memberId;
      const before = last.get(key);
      const sources = state.sources.get(key);
      return change.coverages.map((c) => {
        const source = sources?.get(c.coverage.planCode);
        return {
          carrier_id: profile.carrier_id,
          file_id: id,
          member_key: key,
          member_id: source?.memberId ?? null,
          policy_id: source?.policyId ?? null,
          plan_id: source?.planId ?? null,
          kind: change.kind,
          maintenance: c.maintenance,
          loop_start: loops[i]?.start ?? 0,
          loop_end: loops[i]?.end ?? 0,
          status: "pending" as const,
          before_json: before ? JSON.stringify(before) : null,
          created_at: now.toISOString(),
        };
      });
    });
    await insertMemberChanges(trx, rows);
    for (const change of diff.changes) {
      const key = change.member.memberId;
      const next = diff.snapshots.get(key);
      if (next) await saveSnapshot(trx, profile.carrier_id, key, JSON.stringify(next), id, now);
    }
    return { id, name, status: "waiting", members: diff.changes.length, repeated: false };
  });
}

/**
 * The full audit file (BGN08 4; every current member as INS 030 with HD 030): built, checked and
 * recorded in one transaction like a daily file, but it sends no change — the snapshots and the
 * members' changes stay as they are, so a member's status is not touched. null when the carrier
 * has no current member.
 */
export async function prepareFullFile(services: Services, profile: CarrierProfile) {
  return services.db.transaction().execute(async (trx) => {
    const now = services.now();
    const state = await membersNow(trx, profile.carrier_id, profile.format);
    const changes = fullFileChanges(state.members, isoDay(now));
    if (changes.length === 0) return null;
    const n = await nextControlNumber(trx, profile.sender_id, profile.receiver_id, profile.carrier_id);
    const name = fileName(profile, n);
    const content = buildFile(profile, withSsns(services, profile, changes, state.ssns), n, now, "audit");
    const problems =
      profile.format === "834" ? checkBeforeSending(content, { interchange: n, group: n, transaction: transactionNumber(n) }) : [];
    const id = await insertFile(trx, {
      carrier_id: profile.carrier_id,
      direction: "out",
      purpose: "audit",
      name,
      format: profile.format,
      control_number: n,
      digest: crypto.createHash("sha256").update(JSON.stringify(changes)).digest("hex"),
      ...kept(services, content),
      member_count: changes.length,
      created_at: now.toISOString(),
      status: problems.length ? "held" : "waiting",
      problems_json: problems.length ? JSON.stringify(problems) : null,
    });
    if (problems.length)
      services.log.warn("carrier full file failed its check; held, not sent", {
        carrier: profile.carrier_code,
        file: name,
        problems: problems.length,
      });
    else if (profile.format === "834") await insertTransaction(trx, id, String(transactionNumber(n)).padStart(4, "0"));
    return { id, name, status: problems.length ? "held" : "waiting", members: changes.length };
  });
}

/** Whether the profile's weekly full file is due this run: its weekday (UTC), and none made yet today. */
async function fullFileDue(services: Services, profile: CarrierProfile) {
  const now = services.now();
  if (profile.schedule !== "weekly" || profile.full_file_weekday !== now.getUTCDay()) return false;
  return !(await fullFileMadeSince(services.db, profile.carrier_id, `${isoDay(now)}T00:00:00.000Z`));
}

/** `npm run carriers -- send [--carrier X]`: every active profile (or one), one after another. */
export async function sendFeeds(services: Services, options: FeedOptions = {}): Promise<SendReport[]> {
  const reports: SendReport[] = [];
  for (const profile of await carrierProfiles(services.db, { carrierCode: options.carrierCode, activeOnly: true })) {
    const report: SendReport = { carrier: profile.carrier_code, file: null, full: null, delivered: [], failed: [] };
    const made = await prepareFile(services, profile);
    if (made && !made.repeated) report.file = { id: made.id, name: made.name, status: made.status, members: made.members };
    // the full audit file after the day's changes, so it shows the state they lead to
    if (options.full || (await fullFileDue(services, profile))) report.full = await prepareFullFile(services, profile);
    let transport: CarrierTransport;
    try {
      transport = options.transport?.(profile) ?? transportOf(profile, options.root ?? DEFAULT_CARRIERS_ROOT);
    } catch (error) {
      report.failed.push({ name: "*", error: error instanceof Error ? error.message : "unknown" });
      reports.push(report);
      continue;
    }
    const { delivered, failed } = await deliverWaiting(services, profile, transport).finally(() => transport.close?.());
    report.delivered = delivered;
    report.failed.push(...failed);
    if (report.file && delivered.includes(report.file.name)) report.file.status = "sent";
    if (report.full && delivered.includes(report.full.name)) report.full.status = "sent";
    reports.push(report);
  }
  return reports;
}
