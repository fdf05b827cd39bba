/**
 * The requesting client, for limits, the audit trail and the log: a keyed hash of its address,
 * never the address itself (issue 23). server.ts computes it once per request and puts it on the
 * request in CLIENT_KEY_HEADER, replacing whatever a client sent under that name (as it does the
 * request id), so sessions read from the request carry it to every audit event.
 *
 * An IPv6 client is its /64: one subscriber or one server is handed a whole /64 and can change
 * the last 64 bits at will, so keying limits by the full address would give an attacker 2^64
 * "clients" (security review, stop 35). An IPv4 address (also when written IPv4-mapped,
 * `::ffff:192.0.2.1`) is one client.
 */
import { isIPv4, isIPv6 } from "node:net";

export const CLIENT_KEY_HEADER = "x-client-key";

/** The network a limit counts as one client: the IPv4 address, or the IPv6 address's /64. */
export function clientNetwork(clientIp: string | undefined): string {
  if (!clientIp) return "unknown";
  const ip = clientIp.trim().replace(/%.*$/, "").toLowerCase();
  const mapped = /^(?:0{0,4}:){0,5}ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip.replace(/^::/, "0:0:0:0:0:"));
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, each without leading zeros ("::" expanded; a dotted IPv4 tail kept as two groups). */
function expandIPv6(ip: string): string[] {
  let text = ip;
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((g) => Number.parseInt(g, 16).toString(16));
}

export function clientKey(services: { cipher: { hash(value: string): string } }, clientIp: string | undefined) {
  return services.cipher.hash(`ip:${clientNetwork(clientIp)}`).slice(0, 24);
}
