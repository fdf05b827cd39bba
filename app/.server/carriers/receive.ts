/**
 * Receive (issue 29): what each carrier put in our inbox. A TA1 or 999 is matched to the file we
 * sent (ISA13 / GS06) and each transaction set (ST02): accepted, accepted with errors or rejected,
 * with the segment, element and error code. Rejected members' changes are marked rejected and
 * their snapshots put back, so the next run sends them again once corrected. An effectuation or
 * audit 834 marks a change effective only where it lists the member with an active coverage of the
 * change's plan and the same dates (ADR 027 addendum); its differences from what we sent are kept as a
 * reconciliation report. Every file read is kept, sealed, in the database, then released (the local
 * directory removes it: no member's data stays on our disk in the clear).
 */
import crypto from "node:crypto";
import type { Services } from "../services";
import type { DB } from "../db/connection";
import { type AckError, type FunctionalAck, type InterchangeAck, parseAcknowledgments } from "~/domain/x12/acknowledgments";
import { carrierVerdict, parseEffectuation834, reconcile } from "~/domain/x12/effectuation";
import type { MemberSnapshot } from "~/domain/x12/member-change";
import type { CarrierFileStatus } from "../db/schema";
import { DEFAULT_CARRIERS_ROOT, transportOf } from "./transport-of";
import { carrierFolders, removeKeptCopies } from "../adapters/carrier-transport/local-directory";
import type { FeedOptions } from "./send";
import { keptAck, keptInbound, keptReport } from "~/domain/x12/masked";
import type { FileProblem } from "~/domain/x12/rules-834";
import {
  type CarrierFile,
  type CarrierProfile,
  acceptedChangesOf,
  carrierProfiles,
  changesOfFile,
  fileByName,
  inboundFileKept,
  insertAcknowledgment,
  insertFile,
  outboundByControlNumber,
  restoreSnapshot,
  setChange,
  snapshotsOf,
  transactionsOf,
  updateFile,
  updateTransaction,
} from "../repositories/carrier-feed";

export interface ReceiveReport {
  carrier: string;
  read: Array<{ name: string; kind: "999" | "TA1" | "effectuation" | "unreadable" | "repeat"; matched: number }>;
  failed: Array<{ name: string; error: string }>;
}

const FILE_STATUS: Record<string, CarrierFileStatus> = {
  accepted: "accepted",
  "accepted-with-errors": "accepted-with-errors",
  "partially-accepted": "accepted-with-errors",
  rejected: "rejected",
};

/** Rejects every change of a file still waiting for a verdict, with the errors that fall in each member's loop. */
async function decideChanges(trx: DB, file: CarrierFile, outcome: string, errors: AckError[], at: Date) {
  const changes = await changesOfFile(trx, file.id);
  const rejected = outcome === "rejected";
  // an error outside every member loop (the header) concerns the whole set
  const header = errors.filter((e) => !changes.some((x) => e.segmentPosition >= x.loop_start && e.segmentPosition <= x.loop_end));
  for (const c of changes) {
    // the carrier's latest word wins: a change an effectuation 834 confirmed while it was still only
    // sent is rejected all the same by a 999 that rejects its transaction (ADR 027 addendum)
    if (c.status !== "sent" && c.status !== "pending" && !(rejected && c.status === "effective")) continue;
    const own = errors.filter((e) => e.segmentPosition >= c.loop_start && e.segmentPosition <= c.loop_end);
    const mine = [...own, ...header];
    await setChange(trx, c.id, rejected ? "rejected" : "accepted", mine.length ? JSON.stringify(mine) : null, at);
    if (rejected) await restoreSnapshot(trx, file.carrier_id, c.member_key, file.id, c.before_json, at);
  }
}

/**
 * The file we sent that an acknowledgment names (ISA13 / GS06: at most nine digits). Any other value
 * (letters, a number past an integer column, empty) names none of ours: the acknowledgment is kept
 * unmatched instead of failing the database query (and the file with it, on every run).
 */
function ourFile(trx: DB, profile: CarrierProfile, controlNumber: string) {
  const n = /^\s*(\d{1,9})\s*$/.exec(controlNumber)?.[1];
  return n === undefined ? Promise.resolve(undefined) : outboundByControlNumber(trx, profile.carrier_id, Number(n));
}

async function applyTa1(trx: DB, profile: CarrierProfile, inboundId: number, ack: InterchangeAck, at: Date) {
  const file = await ourFile(trx, profile, ack.interchangeControlNumber);
  await insertAcknowledgment(trx, {
    carrier_id: profile.carrier_id,
    inbound_file_id: inboundId,
    file_id: file?.id ?? null,
    kind: "TA1",
    control_number: ack.interchangeControlNumber,
    outcome: ack.outcome,
    detail_json: JSON.stringify(ack),
    received_at: at.toISOString(),
  });
  if (!file) return 0;
  if (ack.outcome === "rejected") {
    await updateFile(trx, file.id, { status: "rejected", acknowledged_at: at.toISOString() });
    const error: AckError = { segment: "ISA", segmentPosition: 0, segmentErrorCode: ack.noteCode, segmentError: ack.note };
    for (const t of await transactionsOf(trx, file.id))
      await updateTransaction(trx, file.id, t.control_number, {
        status: "rejected",
        errors_json: JSON.stringify([error]),
        acknowledged_at: at.toISOString(),
      });
    await decideChanges(trx, file, "rejected", [error], at);
  }
  return 1;
}

async function apply999(trx: DB, profile: CarrierProfile, inboundId: number, ack: FunctionalAck, at: Date) {
  const file = await ourFile(trx, profile, ack.groupControlNumber);
  await insertAcknowledgment(trx, {
    carrier_id: profile.carrier_id,
    inbound_file_id: inboundId,
    file_id: file?.id ?? null,
    kind: "999",
    control_number: ack.groupControlNumber,
    outcome: ack.outcome,
    detail_json: JSON.stringify(ack),
    received_at: at.toISOString(),
  });
  if (!file) return 0;
  await updateFile(trx, file.id, { status: FILE_STATUS[ack.outcome] ?? "rejected", acknowledged_at: at.toISOString() });
  const known = await transactionsOf(trx, file.id);
  for (const t of ack.transactions) {
    const ours = known.find((k) => Number(k.control_number) === Number(t.controlNumber));
    if (!ours) continue;
    await updateTransaction(trx, file.id, ours.control_number, {
      status: t.outcome,
      errors_json:
        t.errors.length || t.codes.length
          ? JSON.stringify({ errors: t.errors, codes: t.codes, ...(t.omittedErrors ? { omittedErrors: t.omittedErrors } : {}) })
          : null,
      acknowledged_at: at.toISOString(),
    });
    await decideChanges(trx, file, t.outcome, t.errors, at);
  }
  // a group rejected without a word on its set (AK9 R, no AK2) rejects the set
  if (ack.transactions.length === 0 && ack.outcome === "rejected") {
    for (const t of known)
      await updateTransaction(trx, file.id, t.control_number, {
        status: "rejected",
        errors_json: JSON.stringify({ codes: ack.codes }),
        acknowledged_at: at.toISOString(),
      });
    await decideChanges(trx, file, "rejected", [], at);
  }
  return 1;
}

async function applyEffectuation(trx: DB, profile: CarrierProfile, inboundId: number, text: string, at: Date) {
  const carrierMembers = parseEffectuation834(text) ?? [];
  const keys = carrierMembers.flatMap((m) => (m.memberId ? [m.memberId] : []));
  const changes = await acceptedChangesOf(trx, profile.carrier_id, keys);
  const sent = (await snapshotsOf(trx, profile.carrier_id)).map((s) => JSON.parse(s.snapshot_json) as MemberSnapshot);
  const ours = new Map(sent.map((m) => [m.memberId.toUpperCase(), m]));
  const theirs = new Map(carrierMembers.flatMap((m) => (m.memberId ? [[m.memberId.toUpperCase(), m] as const] : [])));
  const asOf = at.toISOString().slice(0, 10);
  // a change takes effect only when the carrier lists the member with an active coverage of the
  // change's plan and the same dates; otherwise it stays as it was and the report shows the discrepancy
  let confirmed = 0;
  for (const c of changes) {
    const member = theirs.get(c.member_key.toUpperCase());
    const snapshot = ours.get(c.member_key.toUpperCase());
    if (!member || !snapshot) continue;
    const coverages = snapshot.coverages.filter((x) => (c.plan_code ? x.planCode.toUpperCase() === c.plan_code.toUpperCase() : !x.end));
    if (coverages.length === 0 || !coverages.every((x) => carrierVerdict(member, x, asOf) === "in-force")) continue;
    await setChange(trx, c.id, "effective", null, at);
    confirmed++;
  }
  const report = reconcile(sent, carrierMembers, asOf);
  // kept without the carrier's subscriber ids (an SSN at some carriers) or names of members unknown to us
  await updateFile(trx, inboundId, { report_json: JSON.stringify(keptReport(report)) });
  return confirmed;
}

/** What tells one carrier file from another: the SHA-256 of its text (`carrier_files.digest` of an inbound file). */
const digestOf = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

async function readOne(services: Services, profile: CarrierProfile, name: string, bytes: Uint8Array) {
  const text = Buffer.from(bytes).toString("utf8");
  const digest = digestOf(text);
  const at = services.now();
  return services.db.transaction().execute(async (trx) => {
    const seen = await fileByName(trx, profile.carrier_id, "in", name);
    if (seen && seen.digest === digest) return { kind: "repeat" as const, matched: 0 };
    const storedName = seen ? `${name}.${digest.slice(0, 8)}` : name;
    // an acknowledgment is kept without the personal values a carrier echoes (a 999's IK404 copy
    // of an SSN it rejected): the detail, the transactions' and the changes' errors (ADR 024)
    const parsed = parseAcknowledgments(text);
    const acks = parsed.ok ? { ...parsed, acks: parsed.acks.map(keptAck) } : parsed;
    const effectuation = acks.ok ? null : parseEffectuation834(text);
    const kind: ReceiveReport["read"][number]["kind"] = acks.ok
      ? acks.acks.some((a) => a.kind === "999")
        ? "999"
        : "TA1"
      : effectuation
        ? "effectuation"
        : "unreadable";
    const inboundId = await insertFile(trx, {
      carrier_id: profile.carrier_id,
      direction: "in",
      name: storedName,
      format: kind,
      status: kind === "unreadable" ? "unreadable" : "read",
      digest,
      // a file from the carrier may echo members' SSNs and names (an effectuation 834's NM1 and REF*0F,
      // a 999's IK404 copy of a bad value): the whole file is kept sealed, and the copy in the clear
      // is the console's view, every personal element masked (ADR 024)
      content: keptInbound(text),
      content_enc: services.cipher.encrypt(text),
      member_count: effectuation?.length ?? 0,
      created_at: at.toISOString(),
      problems_json: acks.ok ? null : JSON.stringify([{ position: 1, segment: "ISA", key: acks.key } satisfies FileProblem]),
    });
    let matched = 0;
    if (acks.ok) {
      for (const ack of acks.acks)
        matched += ack.kind === "TA1" ? await applyTa1(trx, profile, inboundId, ack, at) : await apply999(trx, profile, inboundId, ack, at);
    } else if (effectuation) matched = await applyEffectuation(trx, profile, inboundId, text, at);
    return { kind, matched };
  });
}

/** Copies an older version left in inbound/processed in the clear, removed once the database holds them sealed. */
async function forgetKeptCopies(services: Services, profile: CarrierProfile, root: string) {
  const { removed, left } = await removeKeptCopies(carrierFolders(root, profile.carrier_code), (text) =>
    inboundFileKept(services.db, profile.carrier_id, digestOf(text)),
  );
  if (removed)
    services.log.info("older copies of carrier files removed from inbound/processed", { carrier: profile.carrier_code, removed });
  if (left)
    services.log.warn("inbound/processed holds carrier files the database does not hold: left as they are", {
      carrier: profile.carrier_code,
      left,
    });
}

/** `npm run carriers -- receive`: every active profile's inbox (or one carrier's). */
export async function receiveFeeds(services: Services, options: FeedOptions = {}): Promise<ReceiveReport[]> {
  const reports: ReceiveReport[] = [];
  for (const profile of await carrierProfiles(services.db, { carrierCode: options.carrierCode, activeOnly: true })) {
    const report: ReceiveReport = { carrier: profile.carrier_code, read: [], failed: [] };
    reports.push(report);
    try {
      const root = options.root ?? DEFAULT_CARRIERS_ROOT;
      const transport = options.transport?.(profile) ?? transportOf(profile, root);
      if (!options.transport && profile.transport === "local") await forgetKeptCopies(services, profile, root);
      try {
        for (const name of await transport.listInbox()) {
          try {
            const result = await readOne(services, profile, name, await transport.get(name));
            await transport.release(name);
            report.read.push({ name, ...result });
          } catch (error) {
            report.failed.push({ name, error: error instanceof Error ? error.message : "unknown" });
          }
        }
      } finally {
        await transport.close?.();
      }
    } catch (error) {
      report.failed.push({ name: "*", error: error instanceof Error ? error.message : "unknown" });
    }
  }
  return reports;
}
