import fs from "node:fs";
import { problemInEnglish } from "../../../tests/support/x12-problems";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build834 } from "./build-834";
import { envelope, household, subscriber } from "./__golden__/fixtures";
import { fullFileChanges } from "./full-file";
import { maskSsns, MASK } from "./masked";
import { checkImplementationGuide } from "./rules-834";
import { readSegments } from "./segments";
import type { MemberSnapshot } from "./member-change";

const golden = path.join(__dirname, "__golden__", "audit.834");

describe("the weekly full audit file", () => {
  const members = new Map<string, MemberSnapshot>(household);
  // a member whose only plan ended before today is no longer current: not in the full file
  members.set("M-200001-1", {
    ...subscriber,
    memberId: "M-200001-1",
    subscriberId: "BS200001",
    ssn: undefined,
    coverages: [{ ...subscriber.coverages[0], end: "2026-10-31" }],
  });
  // one still covered until a day ahead: sent with its end date
  members.set("M-200002-1", {
    ...subscriber,
    memberId: "M-200002-1",
    subscriberId: "BS200002",
    ssn: undefined,
    coverages: [subscriber.coverages[0], { ...subscriber.coverages[1], end: "2027-03-31" }],
  });

  const file = () =>
    build834({ ...envelope, purpose: "audit", reference: "BRIGHTSMILE-AUDIT-17", members: fullFileChanges(members, "2026-11-27") });

  it("holds every current member with INS03 and HD01 030, BGN08 4, and passes the guide's rules (golden audit.834)", () => {
    const text = file();
    if (process.env.UPDATE_GOLDEN) fs.writeFileSync(golden, text);
    expect(text).toBe(fs.readFileSync(golden, "utf8"));
    expect(checkImplementationGuide(text)).toEqual([]);
    const { segments } = readSegments(text)!;
    expect(segments.find((s) => s.tag === "BGN")!.elements[8]).toBe("4");
    const ins = segments.filter((s) => s.tag === "INS");
    expect(ins.map((s) => `${s.elements[3]}/${s.elements[4]}`)).toEqual(["030/XN", "030/XN", "030/XN", "030/XN"]);
    expect(segments.filter((s) => s.tag === "REF" && s.elements[1] === "0F").map((s) => s.elements[2])).toEqual([
      "BS100042",
      "BS100042",
      "BS100042",
      "BS200002",
    ]);
    expect(new Set(segments.filter((s) => s.tag === "HD").map((s) => s.elements[1]))).toEqual(new Set(["030"]));
    expect(segments.filter((s) => s.tag === "DTP" && s.elements[1] === "349").map((s) => s.elements[3])).toEqual(["20270331"]);
  });

  it("the guide's rules refuse a change loop in a full file, an audit loop in a change file, and a changed HD in an audit loop", () => {
    const text = file();
    const messages = (t: string) => checkImplementationGuide(t).map(problemInEnglish);
    expect(messages(text.replace("INS*N*01*030*XN", "INS*N*01*021*XN"))).toEqual([
      'INS03 "021" must be 030 (audit or compare) in a full audit file (BGN08 4).',
    ]);
    expect(messages(text.replace("****4~", "****2~"))).toContain("INS03 030 (audit or compare) belongs in a full audit file (BGN08 4).");
    expect(messages(text.replace("HD*030**VIS", "HD*021**VIS"))).toContain(
      'HD01 "021" must be 030 in an audit or compare loop (INS03 030).',
    );
  });

  it("sends NM108 34 with the SSN's nine digits when known, and neither element otherwise", () => {
    const names = readSegments(file())!.segments.filter((s) => s.tag === "NM1" && s.elements[1] === "IL");
    expect(names.map((s) => [s.elements[8] ?? "", s.elements[9] ?? ""])).toEqual([
      ["34", "123456789"],
      ["", ""],
      ["", ""],
      ["", ""],
    ]);
  });

  it("masks each SSN for keeping and showing, and nothing else", () => {
    const text = file();
    const masked = maskSsns(text);
    expect(masked).not.toContain("123456789");
    expect(masked).toContain(`NM1*IL*1*PENA*MARIA*JOSE***34*${MASK}~`);
    expect(masked.replace(`34*${MASK}`, "34*123456789")).toBe(text);
    expect(maskSsns("not x12")).toBe("not x12");
  });
});
