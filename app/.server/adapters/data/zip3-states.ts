/**
 * US ZIP Code → state / territory / military postal code, bundled (no network).
 *
 * Source: the USPS 3-digit ZIP Code prefix allocation, i.e. the USPS "L002 3-Digit ZIP Code
 * Prefix Matrix" (Facility Access and Shipment Tracking, FAST; the same prefix list appears in
 * the DMM and in Publication 65, National Five-Digit ZIP Code & Post Office Directory).
 *
 * Each range maps a span of 3-digit prefixes to the two-letter USPS code of the jurisdiction the
 * prefix is assigned to. Prefixes USPS has not assigned (000–004, 099, 213, 269, 343, 345, 348,
 * 353, 419, 428, 429, 517–519, 529, 533, 536, 552, 568, 578, 579, 589, 621, 632, 642, 643, 659,
 * 663, 682, 694–699, 702, 709, 715, 732, 742, 771, 817–819, 839, 848, 849, 851, 854, 858, 861,
 * 862, 866–869, 876, 886–888, 892, 896, 899, 909, 929, 987) are deliberately ABSENT, so a ZIP
 * starting with one of them is rejected as unknown.
 *
 * Codes beyond the 50 states + DC: PR, VI, GU, AS, MP, FM, MH, PW (territories and freely
 * associated states served by USPS) and AA / AE / AP (Armed Forces Americas / Europe / Pacific).
 *
 * The mapping is by prefix. The only finer-grained entries (ZIP5_OVERRIDES) are the Pacific
 * islands that share a prefix with another jurisdiction: 96799 (American Samoa, inside HI's 967)
 * and the 969 block shared by Guam, Palau, Micronesia, the Northern Marianas and the Marshall
 * Islands. Other ZIPs that USPS serves from another state's prefix (for example 06390, Fishers
 * Island NY, under CT's 063) resolve to the prefix's state.
 */

export type ZipRange = readonly [from: number, to: number, state: string];

/** 3-digit prefix ranges (inclusive), sorted ascending, non-overlapping. */
export const ZIP3_RANGES: ReadonlyArray<ZipRange> = [
  [5, 5, "NY"], // Holtsville NY (IRS)
  [6, 7, "PR"],
  [8, 8, "VI"],
  [9, 9, "PR"],
  [10, 27, "MA"],
  [28, 29, "RI"],
  [30, 38, "NH"],
  [39, 49, "ME"],
  [50, 54, "VT"],
  [55, 55, "MA"], // Andover MA (IRS)
  [56, 59, "VT"],
  [60, 69, "CT"],
  [70, 89, "NJ"],
  [90, 98, "AE"], // APO/FPO Armed Forces Europe; 099 unassigned
  [100, 149, "NY"],
  [150, 196, "PA"],
  [197, 199, "DE"],
  [200, 200, "DC"],
  [201, 201, "VA"], // Dulles VA
  [202, 205, "DC"],
  [206, 212, "MD"],
  [214, 219, "MD"],
  [220, 246, "VA"],
  [247, 268, "WV"],
  [270, 289, "NC"],
  [290, 299, "SC"],
  [300, 319, "GA"],
  [320, 339, "FL"],
  [340, 340, "AA"], // APO/FPO Armed Forces Americas
  [341, 342, "FL"],
  [344, 344, "FL"],
  [346, 347, "FL"],
  [349, 349, "FL"],
  [350, 352, "AL"],
  [354, 369, "AL"],
  [370, 385, "TN"],
  [386, 397, "MS"],
  [398, 399, "GA"],
  [400, 418, "KY"],
  [420, 427, "KY"],
  [430, 459, "OH"],
  [460, 479, "IN"],
  [480, 499, "MI"],
  [500, 516, "IA"],
  [520, 528, "IA"],
  [530, 532, "WI"],
  [534, 535, "WI"],
  [537, 549, "WI"],
  [550, 551, "MN"],
  [553, 567, "MN"],
  [569, 569, "DC"], // Parcel Return Service, Washington DC
  [570, 577, "SD"],
  [580, 588, "ND"],
  [590, 599, "MT"],
  [600, 620, "IL"],
  [622, 629, "IL"],
  [630, 631, "MO"],
  [633, 641, "MO"],
  [644, 658, "MO"],
  [660, 662, "KS"],
  [664, 679, "KS"],
  [680, 681, "NE"],
  [683, 693, "NE"],
  [700, 701, "LA"],
  [703, 708, "LA"],
  [710, 714, "LA"],
  [716, 729, "AR"],
  [730, 731, "OK"],
  [733, 733, "TX"], // Austin TX (IRS)
  [734, 741, "OK"],
  [743, 749, "OK"],
  [750, 770, "TX"],
  [772, 799, "TX"],
  [800, 816, "CO"],
  [820, 831, "WY"],
  [832, 838, "ID"],
  [840, 847, "UT"],
  [850, 850, "AZ"],
  [852, 853, "AZ"],
  [855, 857, "AZ"],
  [859, 860, "AZ"],
  [863, 865, "AZ"],
  [870, 875, "NM"],
  [877, 884, "NM"],
  [885, 885, "TX"], // El Paso TX
  [889, 891, "NV"],
  [893, 895, "NV"],
  [897, 898, "NV"],
  [900, 908, "CA"],
  [910, 928, "CA"],
  [930, 961, "CA"],
  [962, 966, "AP"], // APO/FPO Armed Forces Pacific
  [967, 968, "HI"],
  [969, 969, "GU"], // Barrigada GU SCF; see ZIP5_OVERRIDES for MP, PW, FM, MH
  [970, 979, "OR"],
  [980, 986, "WA"],
  [988, 994, "WA"],
  [995, 999, "AK"],
];

/**
 * Five-digit ranges (inclusive) checked before the prefix table, for jurisdictions that share
 * a prefix with another one.
 */
export const ZIP5_OVERRIDES: ReadonlyArray<ZipRange> = [
  [96799, 96799, "AS"], // Pago Pago, American Samoa (inside HI's 967)
  [96910, 96932, "GU"],
  [96939, 96940, "PW"], // Palau
  [96941, 96944, "FM"], // Federated States of Micronesia
  [96950, 96952, "MP"], // Northern Mariana Islands
  [96960, 96970, "MH"], // Marshall Islands
];

/** 50 states + DC, then territories / freely associated states, then Armed Forces codes. */
export const US_STATES: ReadonlyArray<{ abbrev: string; name: string }> = [
  { abbrev: "AL", name: "Alabama" },
  { abbrev: "AK", name: "Alaska" },
  { abbrev: "AZ", name: "Arizona" },
  { abbrev: "AR", name: "Arkansas" },
  { abbrev: "CA", name: "California" },
  { abbrev: "CO", name: "Colorado" },
  { abbrev: "CT", name: "Connecticut" },
  { abbrev: "DE", name: "Delaware" },
  { abbrev: "DC", name: "District of Columbia" },
  { abbrev: "FL", name: "Florida" },
  { abbrev: "GA", name: "Georgia" },
  { abbrev: "HI", name: "Hawaii" },
  { abbrev: "ID", name: "Idaho" },
  { abbrev: "IL", name: "Illinois" },
  { abbrev: "IN", name: "Indiana" },
  { abbrev: "IA", name: "Iowa" },
  { abbrev: "KS", name: "Kansas" },
  { abbrev: "KY", name: "Kentucky" },
  { abbrev: "LA", name: "Louisiana" },
  { abbrev: "ME", name: "Maine" },
  { abbrev: "MD", name: "Maryland" },
  { abbrev: "MA", name: "Massachusetts" },
  { abbrev: "MI", name: "Michigan" },
  { abbrev: "MN", name: "Minnesota" },
  { abbrev: "MS", name: "Mississippi" },
  { abbrev: "MO", name: "Missouri" },
  { abbrev: "MT", name: "Montana" },
  { abbrev: "NE", name: "Nebraska" },
  { abbrev: "NV", name: "Nevada" },
  { abbrev: "NH", name: "New Hampshire" },
  { abbrev: "NJ", name: "New Jersey" },
  { abbrev: "NM", name: "New Mexico" },
  { abbrev: "NY", name: "New York" },
  { abbrev: "NC", name: "North Carolina" },
  { abbrev: "ND", name: "North Dakota" },
  { abbrev: "OH", name: "Ohio" },
  { abbrev: "OK", name: "Oklahoma" },
  { abbrev: "OR", name: "Oregon" },
  { abbrev: "PA", name: "Pennsylvania" },
  { abbrev: "RI", name: "Rhode Island" },
  { abbrev: "SC", name: "South Carolina" },
  { abbrev: "SD", name: "South Dakota" },
  { abbrev: "TN", name: "Tennessee" },
  { abbrev: "TX", name: "Texas" },
  { abbrev: "UT", name: "Utah" },
  { abbrev: "VT", name: "Vermont" },
  { abbrev: "VA", name: "Virginia" },
  { abbrev: "WA", name: "Washington" },
  { abbrev: "WV", name: "West Virginia" },
  { abbrev: "WI", name: "Wisconsin" },
  { abbrev: "WY", name: "Wyoming" },
  { abbrev: "PR", name: "Puerto Rico" },
  { abbrev: "VI", name: "U.S. Virgin Islands" },
  { abbrev: "GU", name: "Guam" },
  { abbrev: "AS", name: "American Samoa" },
  { abbrev: "MP", name: "Northern Mariana Islands" },
  { abbrev: "FM", name: "Federated States of Micronesia" },
  { abbrev: "MH", name: "Marshall Islands" },
  { abbrev: "PW", name: "Palau" },
  { abbrev: "AA", name: "Armed Forces Americas" },
  { abbrev: "AE", name: "Armed Forces Europe" },
  { abbrev: "AP", name: "Armed Forces Pacific" },
];

const STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map((s) => s.abbrev));

/** Index 0..999 → code, or undefined for an unassigned prefix. */
const BY_PREFIX: ReadonlyArray<string | undefined> = (() => {
  const table = new Array<string | undefined>(1000).fill(undefined);
  for (const [from, to, state] of ZIP3_RANGES) {
    for (let p = from; p <= to; p++) {
      if (table[p] !== undefined) throw new Error(`zip3-states: prefix ${p} listed twice`);
      table[p] = state;
    }
  }
  return table;
})();

const FIVE_DIGITS = /^[0-9]{5}$/;

/** The 3-digit prefix of a ZIP code (its first three characters); does not validate. */
export function zip3(zip: string): string {
  return zip.slice(0, 3);
}

/**
 * The USPS two-letter code for a 5-digit ZIP code, or null when the input is not exactly five
 * ASCII digits or its prefix is not assigned by USPS.
 */
export function stateForZip(zip: string): string | null {
  if (!FIVE_DIGITS.test(zip)) return null;
  const n = Number(zip);
  for (const [from, to, state] of ZIP5_OVERRIDES) {
    if (n >= from && n <= to) return state;
  }
  return BY_PREFIX[Math.floor(n / 100)] ?? null;
}

/** True for a code listed in US_STATES (exact, upper-case match). */
export function isStateCode(s: string): boolean {
  return STATE_CODES.has(s);
}
