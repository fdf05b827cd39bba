import fs from "node:fs";
import { problemInEnglish, worded } from "../../../tests/support/x12-problems";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addFile, terminationFile } from "~/domain/x12/__golden__/fixtures";
import { checkEnvelope } from "./x12-envelope";

const CONTROL = { interchange: 17, group: 17, transaction: 17 };

describe("the strict envelope check (node-x12)", () => {
  it("accepts the golden add and termination files, with and without line breaks", () => {
    expect(checkEnvelope(addFile(), CONTROL)).toEqual([]);
    expect(checkEnvelope(terminationFile(), { interchange: 18, group: 18, transaction: 18 })).toEqual([]);
    expect(checkEnvelope(addFile().replaceAll("~\n", "~"), CONTROL)).toEqual([]);
  });

  it("finds a wrong SE01 segment count at the SE segment", () => {
    const problems = checkEnvelope(addFile().replace("SE*43*0017~", "SE*42*0017~"), CONTROL);
    expect(worded(problems)).toEqual([
      { position: 45, segment: "SE", message: "The value in SE01 (42) does not match the number of segments in the transaction (43)." },
    ]);
  });

  it("finds the same on a file without line breaks", () => {
    const problems = checkEnvelope(addFile().replaceAll("~\n", "~").replace("SE*43*0017~", "SE*44*0017~"), CONTROL);
    expect(problems.map((p) => [p.position, p.segment])).toEqual([[45, "SE"]]);
  });

  it("finds trailers that do not match their headers (SE02, GE02, IEA02) and wrong GE01/IEA01 counts", () => {
    const text = addFile()
      .replace("SE*43*0017~", "SE*43*0018~")
      .replace("GE*1*17~", "GE*2*16~")
      .replace("IEA*1*000000017~", "IEA*2*000000019~");
    expect(checkEnvelope(text).map((p) => `${p.position}:${p.segment}`)).toEqual(["45:SE", "46:GE", "46:GE", "47:IEA", "47:IEA"]);
  });

  it("refuses an ISA that is not 106 characters", () => {
    const problems = checkEnvelope(addFile().replace("*BENEFITSTORE   *", "*BENEFITSTORE *"));
    expect(problems[0].segment).toBe("ISA");
    expect(problemInEnglish(problems[0])).toMatch(/ISA segment is not the correct length/);
  });

  it("refuses a truncated file (no SE, GE, IEA)", () => {
    const text = addFile().split("\n").slice(0, 40).join("\n");
    expect(checkEnvelope(text).map((p) => p.segment)).toEqual(["IEA", "GE", "SE"]);
  });

  it("refuses control numbers other than the ones allocated", () => {
    expect(checkEnvelope(addFile(), { interchange: 18, group: 19, transaction: 20 }).map(problemInEnglish)).toEqual([
      "ISA13 is 17, the control number allocated was 18.",
      "GS06 is 17, the control number allocated was 19.",
      "ST02 is 0017, the control number allocated was 20.",
    ]);
  });
});

describe("the acknowledgment fixtures are well-formed X12 too", () => {
  it.each(["999-accepted.x12", "999-rejected.x12"])("%s passes the strict envelope check", (name) => {
    const text = fs.readFileSync(path.join(__dirname, "../../domain/x12/__golden__", name), "utf8");
    expect(checkEnvelope(text)).toEqual([]);
  });
});
