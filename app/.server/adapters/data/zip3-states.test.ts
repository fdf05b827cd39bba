import { describe, it, expect } from "vitest";
import { US_STATES, ZIP3_RANGES, ZIP5_OVERRIDES, isStateCode, stateForZip, zip3 } from "./zip3-states";

const FIFTY_STATES_AND_DC = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "DC",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
];

/** Prefixes USPS has not assigned. */
const UNASSIGNED = [
  0, 1, 2, 3, 4, 99, 213, 269, 343, 345, 348, 353, 419, 428, 429, 517, 518, 519, 529, 533, 536, 552, 568, 578, 579, 589, 621, 632, 642, 643,
  659, 663, 682, 694, 695, 696, 697, 698, 699, 702, 709, 715, 732, 742, 771, 817, 818, 819, 839, 848, 849, 851, 854, 858, 861, 862, 866,
  867, 868, 869, 876, 886, 887, 888, 892, 896, 899, 909, 929, 987,
];

const pad3 = (n: number) => String(n).padStart(3, "0");

describe("stateForZip", () => {
  it.each([
    ["10001", "NY"],
    ["90210", "CA"],
    ["60601", "IL"],
    ["33101", "FL"],
    ["02108", "MA"],
    ["20500", "DC"],
    ["99501", "AK"],
    ["96813", "HI"],
    ["00901", "PR"],
    ["73301", "TX"],
    ["85001", "AZ"],
    ["97201", "OR"],
    ["59601", "MT"],
    ["00501", "NY"],
    ["00802", "VI"],
    ["05501", "MA"],
    ["20101", "VA"],
    ["39901", "GA"],
    ["56901", "DC"],
    ["88510", "TX"],
    ["34001", "AA"],
    ["09001", "AE"],
    ["96201", "AP"],
    ["19801", "DE"],
    ["25301", "WV"],
  ])("%s → %s", (zip, state) => {
    expect(stateForZip(zip)).toBe(state);
  });

  it("resolves Pacific island ZIPs that share a prefix", () => {
    expect(stateForZip("96799")).toBe("AS");
    expect(stateForZip("96910")).toBe("GU");
    expect(stateForZip("96932")).toBe("GU");
    expect(stateForZip("96940")).toBe("PW");
    expect(stateForZip("96941")).toBe("FM");
    expect(stateForZip("96950")).toBe("MP");
    expect(stateForZip("96960")).toBe("MH");
    expect(stateForZip("96970")).toBe("MH");
    expect(stateForZip("96801")).toBe("HI");
  });

  it.each(["1234", "abcde", "123456", "", " 10001", "10001 ", "10001-1234", "1000a", "１０００１"])("rejects malformed input %j", (zip) => {
    expect(stateForZip(zip)).toBeNull();
  });

  it("returns null for unassigned prefixes", () => {
    expect(stateForZip("00000")).toBeNull();
    for (const p of UNASSIGNED) {
      expect(stateForZip(`${pad3(p)}01`), pad3(p)).toBeNull();
      expect(stateForZip(`${pad3(p)}99`), pad3(p)).toBeNull();
    }
  });

  it("reaches every one of the 50 states and DC", () => {
    const reached = new Set<string>();
    for (let p = 0; p < 1000; p++) {
      const s = stateForZip(`${pad3(p)}01`);
      if (s) reached.add(s);
    }
    for (const s of FIFTY_STATES_AND_DC) expect(reached.has(s), s).toBe(true);
  });
});

describe("ZIP3_RANGES", () => {
  it("is sorted, in bounds and non-overlapping", () => {
    let prevTo = -1;
    for (const [from, to] of ZIP3_RANGES) {
      expect(Number.isInteger(from) && Number.isInteger(to)).toBe(true);
      expect(from).toBeGreaterThanOrEqual(0);
      expect(to).toBeLessThanOrEqual(999);
      expect(from).toBeLessThanOrEqual(to);
      expect(from).toBeGreaterThan(prevTo);
      prevTo = to;
    }
  });

  it("has non-overlapping ZIP5 overrides inside assigned prefixes", () => {
    const sorted = [...ZIP5_OVERRIDES].sort((a, b) => a[0] - b[0]);
    let prevTo = -1;
    for (const [from, to] of sorted) {
      expect(from).toBeLessThanOrEqual(to);
      expect(from).toBeGreaterThan(prevTo);
      expect(Math.floor(from / 100)).toBe(Math.floor(to / 100));
      prevTo = to;
    }
  });

  it("leaves exactly the unassigned prefixes unmapped", () => {
    const mapped = new Set<number>();
    for (const [from, to] of ZIP3_RANGES) for (let p = from; p <= to; p++) mapped.add(p);
    const unmapped = Array.from({ length: 1000 }, (_, i) => i).filter((p) => !mapped.has(p));
    expect(unmapped).toEqual(UNASSIGNED);
  });

  it("only uses codes listed in US_STATES", () => {
    for (const [, , s] of [...ZIP3_RANGES, ...ZIP5_OVERRIDES]) expect(isStateCode(s), s).toBe(true);
  });
});

describe("US_STATES / isStateCode", () => {
  it("lists the 50 states and DC with unique codes and names", () => {
    const codes = US_STATES.map((s) => s.abbrev);
    expect(new Set(codes).size).toBe(codes.length);
    for (const s of FIFTY_STATES_AND_DC) expect(codes).toContain(s);
    expect(US_STATES.find((s) => s.abbrev === "PR")?.name).toBe("Puerto Rico");
    expect(US_STATES.find((s) => s.abbrev === "DC")?.name).toBe("District of Columbia");
    for (const s of US_STATES) {
      expect(s.abbrev).toMatch(/^[A-Z]{2}$/);
      expect(s.name.length).toBeGreaterThan(0);
    }
  });

  it("accepts known codes and rejects others", () => {
    expect(isStateCode("CA")).toBe(true);
    expect(isStateCode("DC")).toBe(true);
    expect(isStateCode("PR")).toBe(true);
    expect(isStateCode("ca")).toBe(false);
    expect(isStateCode("XX")).toBe(false);
    expect(isStateCode("")).toBe(false);
    expect(isStateCode("CAL")).toBe(false);
  });
});

describe("zip3", () => {
  it("returns the first three characters", () => {
    expect(zip3("02108")).toBe("021");
    expect(zip3("90210")).toBe("902");
  });
});
