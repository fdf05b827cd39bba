/**
 * The requesting client, for limits, the audit trail and the log: a keyed hash of its address,
 * never the address itself (issue 23). server.ts computes it once per request and puts it on the
 * request in CLIENT_KEY_HEADER, replacing whatever a client sent under that name (as it does the
 * request id), so sessions read from the request carry it to every audit event.
 */
export const CLIENT_KEY_HEADER = "x-client-key";

export function clientKey(services: { cipher: { hash(value: string): string } }, clientIp: string | undefined) {
  return services.cipher.hash(`ip:${clientIp ?? "unknown"}`).slice(0, 24);
}
