/**
 * ABA routing transit numbers: validation and a bundled table of well-known US banks.
 *
 * Validation follows the ABA / Federal Reserve rules:
 *  - exactly nine ASCII digits;
 *  - checksum 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10);
 *  - the first two digits are a valid Federal Reserve prefix: 00 (U.S. Government),
 *    01–12 (Federal Reserve districts), 21–32 (thrift institutions), 61–72 (electronic
 *    transactions) or 80 (traveler's cheques). The all-zero number is rejected.
 *
 * The table lists public ABA routing numbers that the banks themselves publish for ACH
 * (direct deposit / debit) and wires. Entries were cross-checked against the Federal Reserve
 * E-Payments Routing Directory (FedACH participant file, FedACHdir.txt). Entries marked
 * "published" come from the banks' own published routing-number lists and were not
 * cross-checked against that file; 026009593 is Bank of America's wire-only number. Names are
 * the bank's current common name in upper case, not the directory's abbreviated customer name.
 * Banks merge and numbers get reassigned, so a name is only a display hint and does not
 * authorize anything.
 */

const NINE_DIGITS = /^[0-9]{9}$/;

/** True when `rn` is nine digits whose ABA checksum is 0 mod 10 (prefix not checked). */
export function abaChecksumOk(rn: string): boolean {
  if (!NINE_DIGITS.test(rn)) return false;
  const d = Array.from(rn, (c) => c.charCodeAt(0) - 48);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** The ninth (check) digit that makes the first eight digits a valid ABA checksum. */
export function abaCheckDigit(first8: string): number {
  if (!/^[0-9]{8}$/.test(first8)) throw new Error("abaCheckDigit: need exactly 8 digits");
  const d = Array.from(first8, (c) => c.charCodeAt(0) - 48);
  const partial = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]!);
  return (10 - (partial % 10)) % 10;
}

/** Whether the two-digit prefix belongs to a valid Federal Reserve routing symbol range. */
export function isValidRoutingPrefix(prefix: number): boolean {
  return prefix === 0 || (prefix >= 1 && prefix <= 12) || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
}

export function isValidRoutingNumber(rn: string): boolean {
  if (!abaChecksumOk(rn)) return false;
  if (rn === "000000000") return false;
  return isValidRoutingPrefix(Number(rn.slice(0, 2)));
}

/** Public routing numbers of well-known US banks → bank name (upper case). */
export const ROUTING_BANKS: ReadonlyArray<readonly [routing: string, name: string]> = [
  // First Federal Reserve District (Boston)
  ["011000028", "STATE STREET BANK AND TRUST COMPANY"],
  ["011000138", "BANK OF AMERICA"],
  ["011103093", "TD BANK"],
  ["011200365", "BANK OF AMERICA"],
  ["011400071", "TD BANK"],
  ["011400495", "BANK OF AMERICA"],
  ["011401533", "CITIZENS BANK"],
  ["011500010", "BANK OF AMERICA"],
  ["011500120", "CITIZENS BANK"],
  ["011600033", "TD BANK"],
  ["011900254", "BANK OF AMERICA"],
  // Second District (New York)
  ["021000018", "BANK OF NEW YORK MELLON"],
  ["021000021", "JPMORGAN CHASE BANK"],
  ["021000089", "CITIBANK"],
  ["021000322", "BANK OF AMERICA"],
  ["021001088", "HSBC BANK USA"],
  ["021100361", "JPMORGAN CHASE BANK"],
  ["021101108", "WELLS FARGO BANK"],
  ["021200025", "WELLS FARGO BANK"],
  ["021200339", "BANK OF AMERICA"],
  ["021202337", "JPMORGAN CHASE BANK"],
  ["026009593", "BANK OF AMERICA"], // published
  // Third District (Philadelphia)
  ["031100649", "DISCOVER BANK"],
  ["031100869", "WELLS FARGO BANK"],
  ["031101279", "THE BANCORP BANK"],
  ["031176110", "CAPITAL ONE"],
  ["031201360", "TD BANK"],
  ["031202084", "BANK OF AMERICA"],
  ["031207607", "PNC BANK"],
  // Fourth District (Cleveland)
  ["042000013", "US BANK"],
  ["042000314", "FIFTH THIRD BANK"],
  ["043000096", "PNC BANK"], // published
  // Fifth District (Richmond)
  ["053000196", "BANK OF AMERICA"], // published
  // Sixth District (Atlanta)
  ["061000104", "TRUIST BANK"], // published
  // Seventh District (Chicago)
  ["071000013", "JPMORGAN CHASE BANK"],
  ["071000039", "BANK OF AMERICA"],
  ["071000152", "THE NORTHERN TRUST COMPANY"],
  ["071000288", "BMO BANK"],
  ["072403473", "HUNTINGTON NATIONAL BANK"],
  ["072405455", "FIFTH THIRD BANK"],
  // Eighth District (St. Louis)
  ["082000073", "BANK OF AMERICA"],
  ["082000549", "US BANK"],
  ["082900872", "ARVEST BANK"],
  // Ninth District (Minneapolis)
  ["091000019", "WELLS FARGO BANK"],
  ["091000022", "US BANK"],
  // Eleventh District (Dallas)
  ["111000025", "BANK OF AMERICA"], // published
  ["111900659", "WELLS FARGO BANK"],
  ["111901014", "CAPITAL ONE"],
  // Twelfth District (San Francisco)
  ["121000248", "WELLS FARGO BANK"],
  ["121000358", "BANK OF AMERICA"],
  ["121042882", "WELLS FARGO BANK"],
  ["121122676", "US BANK"],
  ["121137522", "COMERICA BANK"],
  ["121202211", "CHARLES SCHWAB BANK"],
  ["121301015", "FIRST HAWAIIAN BANK"],
  ["121301028", "BANK OF HAWAII"],
  ["122000661", "BANK OF AMERICA"],
  ["122016066", "CITY NATIONAL BANK"],
  ["122100024", "JPMORGAN CHASE BANK"],
  ["122101706", "BANK OF AMERICA"],
  ["122105155", "US BANK"],
  ["122105278", "WELLS FARGO BANK"],
  ["123000220", "US BANK"],
  ["123006800", "WELLS FARGO BANK"],
  ["123103716", "BANK OF AMERICA"],
  ["123103729", "US BANK"],
  ["123271978", "JPMORGAN CHASE BANK"],
  ["124000054", "ZIONS BANK"],
  ["124001545", "JPMORGAN CHASE BANK"],
  ["124002971", "WELLS FARGO BANK"],
  ["124003116", "ALLY BANK"],
  ["124085066", "AMERICAN EXPRESS NATIONAL BANK"],
  ["124085260", "GOLDMAN SACHS BANK USA"],
  ["124103799", "WELLS FARGO BANK"],
  ["124302150", "US BANK"],
  ["125000024", "BANK OF AMERICA"],
  ["125000105", "US BANK"],
  ["125000574", "KEYBANK"],
  ["125008547", "WELLS FARGO BANK"],
  ["125200057", "WELLS FARGO BANK"],
  ["125200060", "FIRST NATIONAL BANK ALASKA"],
  // Thrift range (32 = San Francisco district)
  ["322271627", "JPMORGAN CHASE BANK"], // published
];

const BY_ROUTING: ReadonlyMap<string, string> = new Map(ROUTING_BANKS);

export function bankNameForRouting(rn: string): { ok: true; name: string } | { ok: false; reason: "invalid" | "unknown" } {
  if (!isValidRoutingNumber(rn)) return { ok: false, reason: "invalid" };
  const name = BY_ROUTING.get(rn);
  return name === undefined ? { ok: false, reason: "unknown" } : { ok: true, name };
}
