import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parseAcknowledgments, type FunctionalAck } from "./acknowledgments";
import { MASK, keptAck, keptInbound, keptReport, maskedInterchange, shownBadValue } from "./masked";

const golden = fs.readFileSync(new URL("../../../tests/integration/__golden__/carrier-feed-add.834", import.meta.url), "utf8");

describe("an interchange as the console shows it", () => {
  it("masks every name, identifier, date of birth, address and contact; keeps the envelope and codes", () => {
    const shown = maskedInterchange(golden)!;
    const segs = shown.split("~").map((s) => s.trim());
    for (const s of segs.filter((x) => x.startsWith("NM1*IL")))
      expect(
        s
          .split("*")
          .slice(3)
          .filter((v) => v && v !== MASK && v !== "34" && v !== "ZZ"),
      ).toEqual([]);
    for (const s of segs.filter((x) => x.startsWith("DMG*"))) expect(s.split("*")[2]).toBe(MASK);
    for (const s of segs.filter((x) => x.startsWith("N3*")))
      expect(
        s
          .split("*")
          .slice(1)
          .every((v) => v === MASK),
      ).toBe(true);
    for (const s of segs.filter((x) => x.startsWith("REF*0F"))) expect(s.split("*")[2]).toBe(MASK);
    // every value the original's personal segments held is gone from what is shown
    const original = golden.split("~").map((s) => s.trim());
    const personal = original
      .filter((s) => /^(NM1\*IL|N3|DMG|PER)\*/.test(s))
      .flatMap((s) => s.split("*").slice(s.startsWith("NM1") ? 3 : 1))
      .filter((v) => v.length > 3 && !/^(D8|34|ZZ|TE|EM|HP|IP)$/.test(v));
    expect(personal.length).toBeGreaterThan(0);
    for (const v of personal) expect(shown).not.toContain(v);
    // the envelope, the codes and the dates an operator reads a problem by stay
    expect(segs[0]).toBe(golden.split("~")[0]);
    expect(shown).toContain("INS*Y*18*021*28");
    expect(shown).toContain("DTP*348*D8*");
  });

  it("masks what it does not know: a carrier's 834 with height and weight, income, another policy, a sponsor's SSN (allow-list)", () => {
    const effectuation = [
      "ISA*00*          *00*          *ZZ*BRIGHTSMILE    *30*741234567      *261120*1600*^*00501*000000779*0*P*:",
      "ST*834*0001*005010X220A1",
      "N1*P5*ROSA PENA*34*123456789",
      "INS*Y*18*021*28*A***FT",
      "NM1*IL*1*PENA*ROSA****34*123456789",
      "DMG*D8*19800131*F*M*:RET:2135-2",
      "HLH*N*65*212",
      "ICM*1*1400*40",
      "AMT*C1*212.50",
      "LUI*LE*SPA",
      "COB*P*POL998877*1",
      "HD*021**DEN*BRIGHT DENTAL*EMP",
      "DTP*348*D8*20270101",
      "SE*13*0001",
    ]
      .map((x) => `${x}~`)
      .join("\n");
    const shown = maskedInterchange(effectuation)!;
    for (const secret of ["ROSA", "PENA", "123456789", "19800131", "2135", "65", "212", "1400", "SPA", "POL998877"])
      expect(shown, secret).not.toMatch(new RegExp(`[*:^]${secret}\\b`));
    expect(shown).toContain(`HLH*${MASK}*${MASK}*${MASK}~`);
    expect(shown).toContain(`N1*P5*${MASK}*34*${MASK}~`);
    expect(shown).toContain(`DMG*D8*${MASK}*F*${MASK}*${MASK}~`);
    // the envelope, the codes and the dates stay
    expect(shown).toContain("INS*Y*18*021*28*A***FT~");
    expect(shown).toContain("HD*021**DEN*BRIGHT DENTAL*EMP~");
    expect(shown).toContain("DTP*348*D8*20270101~");
  });

  it("shows nothing of a text that is not X12", () => {
    expect(maskedInterchange("member_id,first_name\n1,Jane")).toBeNull();
  });

  it("keeps a bad value only from a segment that identifies nobody", () => {
    expect(shownBadValue("NM1", "123456789")).toBeUndefined();
    expect(shownBadValue("DMG", "19800101")).toBeUndefined();
    expect(shownBadValue("HD", "XYZ")).toBe("XYZ");
    // a segment the console does not know, or an element of a known one it masks: dropped
    expect(shownBadValue("HLH", "212", "HLH03")).toBeUndefined();
    expect(shownBadValue("ICM", "1400")).toBeUndefined();
    expect(shownBadValue("N1", "123456789", "N104")).toBeUndefined();
    expect(shownBadValue("REF", "123456789", "REF02")).toBeUndefined();
    expect(shownBadValue("REF", "0F", "REF01")).toBe("0F");
    expect(shownBadValue("DMG", "X", "DMG03")).toBe("X");
    expect(shownBadValue("DMG", "19800231", "DMG02-1")).toBeUndefined();
  });

  it("a 999 rejecting a weight it was sent (HLH03) keeps no copy of it", () => {
    const parsed = parseAcknowledgments(ack999.replace("IK3*HD*14*2300*8~\nIK4*3*1205*7*XYZ~", "IK3*HLH*14*2300*8~\nIK4*3*81*7*212~"));
    if (!parsed.ok) throw new Error(parsed.key);
    const kept = keptAck(parsed.acks[0]) as FunctionalAck;
    expect(kept.transactions[0]!.errors.map((e) => e.badValue)).toEqual([undefined, undefined, undefined]);
    expect(JSON.stringify(kept)).not.toContain("212");
  });
});

/** A 999 with three errors: NM109 (an SSN echoed), DMG02 (a date of birth) and HD03 (a code). */
const ack999 = [
  "ISA*00*          *00*          *ZZ*BRIGHTSMILE    *30*741234567      *261120*1600*^*00501*000000778*0*T*:",
  "GS*FA*BRIGHTSMILE*BENEFITSTORE*20261120*1600*778*X*005010X231A1",
  "ST*999*0001*005010X231A1",
  "AK1*BE*12*005010X220A1",
  "AK2*834*0012*005010X220A1",
  "IK3*NM1*9*2100A*8",
  "IK4*9*67*7*123456789",
  "IK3*DMG*11*2100A*8",
  "IK4*2*1251*8*19800231",
  "IK3*HD*14*2300*8",
  "IK4*3*1205*7*XYZ",
  "IK5*R*5",
  "AK9*R*1*1*0",
  "SE*12*0001",
  "GE*1*778",
  "IEA*1*000000778",
]
  .map((s) => `${s}~`)
  .join("\n");

describe("what the database keeps of a carrier's 999 (security review)", () => {
  it("the file's clear copy is the console's view: every IK404 bad value masked, the rest as received", () => {
    const kept = keptInbound(ack999);
    expect(kept).not.toContain("123456789");
    expect(kept).not.toContain("19800231");
    expect(kept.split("~").filter((x) => x.trim().startsWith("IK4*"))).toEqual([
      `\nIK4*9*67*7*${MASK}`,
      `\nIK4*2*1251*8*${MASK}`,
      `\nIK4*3*1205*7*${MASK}`,
    ]);
    expect(kept.replaceAll(MASK, "")).toBe(ack999.replace("123456789", "").replace("19800231", "").replace("XYZ", ""));
  });

  it("a 999's CTX keeps its context (which identifier, segment, position, loop) and masks the member's data it carries", () => {
    // 005010X231A1: the business unit identifier CTX (2100) carries a value of the member's record in
    // CTX01-2 (here the subscriber id, which is an SSN at some carriers); the segment and element
    // context CTX ("SITUATIONAL TRIGGER") carry only where in the 834 the problem is
    const withContext = ack999
      .replace("IK3*NM1*9*2100A*8~", "IK3*NM1*9*2100A*8~\nCTX*0F:123456789~\nCTX*SITUATIONAL TRIGGER*INS*7*2000**1:1069~")
      .replace("IK4*2*1251*8*19800231~", "IK4*2*1251*8*19800231~\nCTX*REF02:PENA ROSA 19800231*DMG*11*2100A*2*1251~");
    const kept = keptInbound(withContext);
    expect(kept).not.toContain("123456789");
    expect(kept).not.toContain("PENA");
    expect(kept).not.toContain("19800231");
    expect(kept.split("~").filter((x) => x.trim().startsWith("CTX*"))).toEqual([
      `\nCTX*0F:${MASK}`,
      "\nCTX*SITUATIONAL TRIGGER*INS*7*2000**1:1069",
      `\nCTX*REF02:${MASK}*DMG*11*2100A*2*1251`,
    ]);
    expect(maskedInterchange(withContext)).toBe(kept);
    // masking what is already masked changes nothing (migration 038 rewrites the kept copies)
    expect(keptInbound(kept)).toBe(kept);
  });

  it("a CTX element that is not a context name, a segment, a position or a loop is masked too (a carrier's free text)", () => {
    const odd = ack999.replace(
      "IK3*NM1*9*2100A*8~",
      "IK3*NM1*9*2100A*8~\nCTX*SITUATIONAL TRIGGER*ROSA PENA*123-45-6789*2100A~\nCTX*ROSA PENA:X*NM1~",
    );
    const kept = keptInbound(odd);
    expect(kept).not.toContain("ROSA");
    expect(kept).not.toContain("6789");
    expect(kept).toContain(`CTX*SITUATIONAL TRIGGER*${MASK}*${MASK}*2100A~`);
    expect(kept).toContain(`CTX*${MASK}*NM1~`);
  });

  it("a file that is not X12 keeps nothing in the clear", () => {
    expect(keptInbound("member_id,ssn\n1,123456789")).toBe("");
  });

  it("the parsed acknowledgment keeps a bad value only from a segment that identifies nobody", () => {
    const parsed = parseAcknowledgments(ack999);
    if (!parsed.ok) throw new Error(parsed.key);
    const kept = keptAck(parsed.acks[0]) as FunctionalAck;
    expect(JSON.stringify(kept)).not.toContain("123456789");
    expect(JSON.stringify(kept)).not.toContain("19800231");
    expect(kept.transactions[0].errors.map((e) => [e.element, e.elementErrorCode, e.badValue])).toEqual([
      ["NM109", "7", undefined],
      ["DMG02", "8", undefined],
      ["HD03", "7", "XYZ"],
    ]);
    // the parse itself is left as it was
    expect((parsed.acks[0] as FunctionalAck).transactions[0].errors[0].badValue).toBe("123456789");
  });
});

it("an effectuation report is kept with the unknown members' subscriber ids masked to the last four, without names; twice is once", () => {
  const report = {
    matched: ["BS100042"],
    missingAtCarrier: ["BS100043"],
    unknownToUs: [
      { subscriberId: "123456789", name: "ROSA STRANGER" },
      { subscriberId: "C-77", memberId: "BS100099", name: "ANA OTRA" },
    ],
    differences: [{ memberId: "BS100042", planCode: "D1", field: "begin" as const, ours: "2026-12-01", theirs: "2027-01-01" }],
  };
  const kept = keptReport(report);
  expect(kept).toEqual({
    ...report,
    unknownToUs: [{ subscriberId: `${MASK}6789` }, { subscriberId: `${MASK}C-77`, memberId: "BS100099" }],
  });
  expect(keptReport(kept)).toEqual(kept);
});
