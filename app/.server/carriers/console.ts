/**
 * The operator console's view of the carrier feed (issue 29, /admin/carriers): the delivery
 * profiles, the files sent and received with their status, and one file in detail — why a held
 * file was not sent, each transaction set's acknowledgment with the segment, element and error
 * code, each member's change and its status, the reconciliation report of an effectuation file —
 * and "send now" for a carrier (a rejected change goes again with the carrier's next file).
 * The console shows member keys (BS000123), never names or SSNs.
 */
import { MASK, maskedInterchange, shownBadValue } from "~/domain/x12/masked";
import type { Services } from "../services";
import type { OperatorActor } from "../operators/trail";
import { recordChange, recordEvent } from "../operators/trail";
import type { FileProblem } from "~/domain/x12/rules-834";
import type { AckError } from "~/domain/x12/acknowledgments";
import type { ReconciliationReport } from "~/domain/x12/effectuation";
import {
  acknowledgmentsOf,
  carrierProfile,
  carrierProfiles,
  changesOfFile,
  fileById,
  filesOfCarrier,
  transactionsOf,
} from "../repositories/carrier-feed";
import { runCarrierFeed } from "./run";

export async function carriersOverview(services: Services) {
  const [profiles, files] = await Promise.all([carrierProfiles(services.db), filesOfCarrier(services.db, null, 100)]);
  return {
    profiles: profiles.map((p) => ({
      carrierId: p.carrier_id,
      code: p.carrier_code,
      name: p.carrier_name,
      format: p.format,
      usage: p.usage,
      schedule: p.schedule,
      transport: p.transport,
      active: p.active === 1,
    })),
    files,
  };
}

const parse = <T>(json: string | null): T | null => (json ? (JSON.parse(json) as T) : null);

/**
 * One file in detail, for an operator; the view is on the console's trail (`carrier.file_view`):
 * a file is about people, even with their identities masked.
 */
export async function carrierFileDetail(services: Services, actor: OperatorActor, id: number) {
  const file = await fileById(services.db, id);
  if (!file) return null;
  await recordEvent(services, actor, { kind: "carrier.file_view", detail: `file:${id}` });
  const [profile, transactions, changes, acks] = await Promise.all([
    carrierProfile(services.db, file.carrier_id),
    transactionsOf(services.db, id),
    changesOfFile(services.db, id),
    acknowledgmentsOf(services.db, id),
  ]);
  return {
    id: file.id,
    carrierId: file.carrier_id,
    carrierCode: profile?.carrier_code ?? "",
    carrierName: profile?.carrier_name ?? "",
    direction: file.direction,
    name: file.name,
    format: file.format,
    /** changes (daily) or audit (the weekly full file, BGN08 4) */
    purpose: file.purpose,
    status: file.status,
    controlNumber: file.control_number,
    createdAt: file.created_at,
    sentAt: file.sent_at,
    acknowledgedAt: file.acknowledged_at,
    attempts: file.attempts,
    lastError: file.last_error,
    problems: parse<Array<FileProblem | { message: string }>>(file.problems_json) ?? [],
    report: shownReport(parse<ReconciliationReport>(file.report_json)),
    transactions: transactions.map((t) => {
      const detail = parse<{ errors?: AckError[]; codes?: Array<{ code: string; meaning: string }> } | AckError[]>(t.errors_json);
      const errors = masked(Array.isArray(detail) ? detail : (detail?.errors ?? []));
      return { controlNumber: t.control_number, status: t.status, errors, codes: Array.isArray(detail) ? [] : (detail?.codes ?? []) };
    }),
    changes: changes.map((c) => ({
      id: c.id,
      memberKey: c.member_key,
      kind: c.kind,
      maintenance: c.maintenance,
      status: c.status,
      errors: masked(parse<AckError[]>(c.errors_json) ?? []),
    })),
    acknowledgments: acks.map((a) => ({ kind: a.kind, controlNumber: a.control_number, outcome: a.outcome, receivedAt: a.received_at })),
    /**
     * the file as it was built or received, each member's identity masked (names, ids, SSN, date
     * of birth, address, contact: domain/x12/masked.ts); a file that is not X12 (the CSV) is not
     * shown — its rows are people's records
     */
    content: contentShown(file.content),
  };
}

/**
 * Send now for one carrier: acknowledgments are read first (a rejection puts the member's
 * snapshot back), then the carrier's difference is built, checked and delivered. Recorded in
 * the console's trail. `ran: false` when another run holds the lease.
 */
export async function sendNow(services: Services, actor: OperatorActor, carrierId: number) {
  const profile = await carrierProfile(services.db, carrierId);
  if (!profile) return null;
  const run = await runCarrierFeed(services, { send: true, receive: true }, { carrierCode: profile.carrier_code });
  const sent = run.ran ? run.sent[0] : null;
  await recordChange(services, services.db, actor, {
    kind: "carrier.send",
    targetType: "carrier",
    targetId: carrierId,
    before: null,
    after: { ran: run.ran, file: sent?.file?.name ?? null, delivered: sent?.delivered.length ?? 0 },
  });
  return run;
}

/**
 * The reconciliation report as the page has it: the carrier's members unknown to us by our member
 * key when they have one, else by the carrier's subscriber id masked to its last four (a carrier
 * may use the SSN as the id); never their names (the effectuation file's, kept for the feed).
 */
function shownReport(report: ReconciliationReport | null) {
  if (!report) return null;
  const unknownToUs = report.unknownToUs.map((u) => ({
    memberId: u.memberId ?? null,
    subscriberId: u.memberId ? null : `${MASK}${u.subscriberId.slice(-4)}`,
  }));
  return { ...report, unknownToUs };
}

/** A 999's bad value is shown only from an element the console shows (an SSN, a date of birth or a weight never reaches the page). */
const masked = (errors: AckError[]) => errors.map((e) => ({ ...e, badValue: shownBadValue(e.segment, e.badValue, e.element) }));

function contentShown(content: string) {
  const shown = maskedInterchange(content);
  return shown && shown.length > 200_000 ? `${shown.slice(0, 200_000)}\n…` : shown;
}
