import { describe, expect, it } from "vitest";
import { problemInEnglish, worded } from "../../../tests/support/x12-problems";
import { addFile, terminationFile } from "./__golden__/fixtures";
import { checkImplementationGuide, type FileProblem } from "./rules-834";

/** The golden add file with one line replaced (the first line equal to `from`). */
function broken(from: string, to: string | null, text = addFile()) {
  const lines = text.split("\n");
  const i = lines.indexOf(from);
  if (i < 0) throw new Error(`no line ${from}`);
  if (to === null) lines.splice(i, 1);
  else lines[i] = to;
  return lines.join("\n");
}
const brief = (ps: FileProblem[]) => ps.map((p) => `${p.position}:${p.segment}:${p.element ?? ""}`);

describe("our implementation-guide rules", () => {
  it("pass the golden add and termination files", () => {
    expect(checkImplementationGuide(addFile())).toEqual([]);
    expect(checkImplementationGuide(terminationFile())).toEqual([]);
  });

  it("quote a code back but never a member's value: a malformed date of birth or ZIP is masked", () => {
    const text = broken("DMG*D8*19840309*F~", "DMG*D8*19840231*F~", broken("N4*DALLAS*TX*75207~", "N4*DALLAS*TX*7520~"));
    const problems = checkImplementationGuide(text.replace("BGN*00*", "BGN*99*"));
    expect(JSON.stringify(problems)).not.toContain("19840231");
    expect(JSON.stringify(problems)).not.toContain("7520");
    expect(problems.map(problemInEnglish)).toEqual(
      expect.arrayContaining([
        'DMG02 "•••" is not a date as CCYYMMDD.',
        'N403 "•••" must be a 5- or 9-digit ZIP code.',
        'BGN01 "99" must be 00, 15 or 22.',
      ]),
    );
  });

  it("refuse a file without an ISA", () => {
    expect(brief(checkImplementationGuide("GS*BE~"))).toEqual(["1:ISA:"]);
  });

  it("check the envelope's guide identifiers (ISA12, GS01, GS08, ST01, ST03)", () => {
    const text = addFile().replace("*X*005010X220A1~", "*X*005010X221A1~").replace("ST*834*0017*005010X220A1", "ST*835*0017*005010X220A1");
    expect(brief(checkImplementationGuide(text))).toEqual(["2:GS:GS08", "3:ST:ST01"]);
  });

  it("require BGN after ST, with a real date and a known action code", () => {
    expect(
      brief(checkImplementationGuide(broken("BGN*00*BSF-000017*20261127*0630****2~", "BGN*00*BSF-000017*20261131*0630****9~"))),
    ).toEqual(["4:BGN:BGN03", "4:BGN:BGN08"]);
    const problems = checkImplementationGuide(broken("BGN*00*BSF-000017*20261127*0630****2~", null));
    expect(problems.map(problemInEnglish)).toContain("BGN must follow ST.");
  });

  it("require REF*38, N1*P5 and N1*IN in the header", () => {
    expect(checkImplementationGuide(broken("REF*38*BS-MASTER-001~", null)).map(problemInEnglish)).toEqual([
      "REF*38 (master policy number) is required in the header.",
    ]);
    expect(checkImplementationGuide(broken("N1*P5*BENEFIT STORE INDIVIDUAL MARKET*FI*861234567~", null)).map(problemInEnglish)).toEqual([
      "N1*P5 (sponsor) is required in the header.",
    ]);
    expect(checkImplementationGuide(broken("N1*IN*BRIGHTSMILE DENTAL*FI*741234567~", null)).map(problemInEnglish)).toEqual([
      "N1*IN (payer) is required in the header.",
    ]);
  });

  it("require REF*0F in every member loop", () => {
    const lines = addFile().split("\n");
    const spouseRef = lines.findIndex((l, i) => l === "REF*0F*BS100042~" && lines[i - 1].startsWith("INS*N*01"));
    lines.splice(spouseRef, 1);
    const problems = checkImplementationGuide(lines.join("\n"));
    expect(worded(problems)).toEqual([
      { position: 23, segment: "INS", element: undefined, message: "REF*0F (subscriber identifier) is required in every member loop." },
    ]);
  });

  it("check INS02 against the code list and against INS01 (a daughter is never a subscriber's wife or self)", () => {
    expect(brief(checkImplementationGuide(broken("INS*N*19*021*28*A~", "INS*N*99*021*28*A~")))).toEqual(["34:INS:INS02"]);
    expect(brief(checkImplementationGuide(broken("INS*N*19*021*28*A~", "INS*N*18*021*28*A~")))).toEqual(["34:INS:INS02"]);
  });

  it("check INS03, INS04, INS05 and INS08 code lists, and INS08 for the subscriber", () => {
    const text = broken("INS*Y*18*021*28*A***FT~", "INS*Y*18*022*99*Q***XX~");
    expect(brief(checkImplementationGuide(text))).toEqual(["9:INS:INS03", "9:INS:INS04", "9:INS:INS05", "9:INS:INS08"]);
    expect(brief(checkImplementationGuide(broken("INS*Y*18*021*28*A***FT~", "INS*Y*18*021*28*A~")))).toEqual(["9:INS:INS08"]);
  });

  it("check HD01, HD03 and HD05 code lists", () => {
    const text = broken("HD*021**DEN*BSD-PPO-1500*FAM~", "HD*027**DNT*BSD-PPO-1500*FAMILY~");
    expect(brief(checkImplementationGuide(text))).toEqual(["19:HD:HD01", "19:HD:HD03", "19:HD:HD05"]);
  });

  it("require DTP*348 in each coverage loop and DTP*349 for a terminated coverage", () => {
    expect(checkImplementationGuide(broken("DTP*348*D8*20270101~", null)).map(problemInEnglish)).toEqual([
      "DTP*348 (benefit begin) is required in each coverage loop.",
    ]);
    expect(checkImplementationGuide(broken("DTP*349*D8*20270331~", null, terminationFile())).map(problemInEnglish)).toEqual([
      "A terminated coverage (HD01 024) needs DTP*349 (benefit end).",
    ]);
  });

  it("check DTP qualifiers per loop and CCYYMMDD dates", () => {
    expect(brief(checkImplementationGuide(broken("DTP*356*D8*20270101~", "DTP*348*D8*20270101~")))).toEqual(["13:DTP:DTP01"]);
    expect(brief(checkImplementationGuide(broken("DTP*348*D8*20270101~", "DTP*348*D8*2027-01-01~")))).toEqual(["20:DTP:DTP03"]);
    expect(brief(checkImplementationGuide(broken("DTP*348*D8*20270101~", "DTP*348*DT*20270101~")))).toEqual(["20:DTP:DTP02"]);
    expect(brief(checkImplementationGuide(broken("DTP*007*D8*20270101~", "DTP*348*D8*20270230~")))).toEqual(["6:DTP:DTP01", "6:DTP:DTP03"]);
    expect(brief(checkImplementationGuide(broken("DMG*D8*19840309*F~", "DMG*D8*19840399*X~")))).toEqual(["18:DMG:DMG02", "18:DMG:DMG03"]);
  });

  it("require the member's name and the subscriber's address", () => {
    expect(checkImplementationGuide(broken("NM1*IL*1*PENA*LUCIA~", null)).map(problemInEnglish)).toEqual([
      "NM1*IL (member name, loop 2100A) is required in every member loop.",
    ]);
    expect(checkImplementationGuide(broken("N3*1207 OAK LAWN AVE*APT 4~", null)).map(problemInEnglish)).toEqual([
      "N3 (subscriber's address) is required in the subscriber's loop.",
    ]);
    expect(brief(checkImplementationGuide(broken("N4*DALLAS*TX*75207~", "N4*DALLAS*TEXAS*7520~")))).toEqual(["17:N4:N402", "17:N4:N403"]);
    expect(
      brief(checkImplementationGuide(broken("NM1*IL*1*PENA*MARIA*JOSE***34*123456789~", "NM1*IL*1*PENA*MARIA*JOSE***34*12345~"))),
    ).toEqual(["14:NM1:NM109"]);
  });

  it("refuse a segment foreign to the member loop and an addition without coverage", () => {
    expect(brief(checkImplementationGuide(broken("DMG*D8*20150621*F~", "CLM*X~")))).toEqual(["40:CLM:"]);
    const lines = addFile().split("\n");
    const noHd = lines.filter((_line, i) => !(i >= 40 && i <= 43));
    expect(checkImplementationGuide(noHd.join("\n")).map(problemInEnglish)).toEqual(["An addition needs at least one coverage loop (HD)."]);
  });

  it("require a termination's coverage loops to be 024", () => {
    const text = terminationFile().replace("HD*024**VIS*CLV-VIS-130*FAM~", "HD*001**VIS*CLV-VIS-130*FAM~");
    expect(brief(checkImplementationGuide(text))).toEqual(["21:HD:HD01"]);
  });
});
