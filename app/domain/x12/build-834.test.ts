import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build834 } from "./build-834";
import { addFile, daughter, envelope, spouse, subscriber, terminationFile } from "./__golden__/fixtures";
import { readSegments } from "./segments";

const golden = (name: string) => path.join(__dirname, "__golden__", name);

/** Compares with the pinned file; `UPDATE_GOLDEN=1` rewrites it (then review the diff). */
function expectGolden(name: string, text: string) {
  if (process.env.UPDATE_GOLDEN) fs.writeFileSync(golden(name), text);
  expect(text).toBe(fs.readFileSync(golden(name), "utf8"));
}

describe("the 834 builder", () => {
  it("builds a completed enrollment's adds byte for byte (golden add.834)", () => {
    expectGolden("add.834", addFile());
  });

  it("builds a termination as 024 with DTP*349 (golden termination.834)", () => {
    expectGolden("termination.834", terminationFile());
  });

  it("sends the subscriber as 18, the spouse as 01 and the daughter as 19 (never a daughter as a wife)", () => {
    const ins = readSegments(addFile())!.segments.filter((s) => s.tag === "INS");
    expect(ins.map((s) => s.elements.slice(1, 5).join("*"))).toEqual(["Y*18*021*28", "N*01*021*28", "N*19*021*28"]);
    const names = readSegments(addFile())!.segments.filter((s) => s.tag === "NM1" && s.elements[1] === "IL");
    expect(names.map((s) => s.elements[4])).toEqual(["MARIA", "DANIEL", "LUCIA"]);
    expect(daughter.relationship).toBe("child");
  });

  it("maps tiers to coverage levels and categories to insurance lines, one HD loop per plan", () => {
    const hd = readSegments(addFile())!.segments.filter((s) => s.tag === "HD");
    expect(hd.map((s) => `${s.elements[3]}/${s.elements[5]}`)).toEqual(["DEN/FAM", "VIS/FAM", "DEN/FAM", "VIS/FAM", "DEN/FAM", "VIS/FAM"]);
  });

  it("puts REF*0F in every member loop and computes SE01, GE01, IEA01", () => {
    const { segments } = readSegments(addFile())!;
    const loops = segments.filter((s) => s.tag === "INS").length;
    const subscriberRefs = segments.filter((s) => s.tag === "REF" && s.elements[1] === "0F");
    expect(subscriberRefs).toHaveLength(loops);
    expect(subscriberRefs.every((s) => s.elements[2] === "BS100042")).toBe(true);
    const st = segments.findIndex((s) => s.tag === "ST");
    const se = segments.findIndex((s) => s.tag === "SE");
    expect(Number(segments[se].elements[1])).toBe(se - st + 1);
    expect(segments.find((s) => s.tag === "GE")!.elements[1]).toBe("1");
    expect(segments.find((s) => s.tag === "IEA")!.elements[1]).toBe("1");
  });

  it("writes a fixed-width ISA with the separators set explicitly", () => {
    const isa = addFile().split("\n")[0];
    expect(isa).toHaveLength(106);
    expect(isa[3]).toBe("*");
    expect(isa[82]).toBe("^");
    expect(isa[104]).toBe(":");
    expect(isa[105]).toBe("~");
    expect(isa.slice(90, 99)).toBe("000000017");
  });

  it("honours other separators and never lets one travel inside a value", () => {
    const text = build834({
      ...envelope,
      separators: { element: "|", subElement: ">", segment: "\n", repetition: "{" },
      lineBreaks: false,
      purpose: "changes",
      reference: "R|1",
      members: [{ kind: "add", member: { ...spouse, lastName: "O|Brien>" }, coverages: [] }],
    });
    const read = readSegments(text)!;
    expect(read.separators).toEqual({ element: "|", subElement: ">", segment: "\n", repetition: "{" });
    expect(read.segments.find((s) => s.tag === "NM1")!.elements[3]).toBe("OBRIEN");
    expect(read.segments.find((s) => s.tag === "BGN")!.elements[2]).toBe("R1");
  });

  it("refuses a control number that does not fit and separators that clash", () => {
    expect(() =>
      build834({ ...envelope, control: { interchange: 1e9, group: 1, transaction: 1 }, purpose: "changes", reference: "R", members: [] }),
    ).toThrow(RangeError);
    expect(() =>
      build834({
        ...envelope,
        separators: { element: "*", subElement: "*", segment: "~", repetition: "^" },
        purpose: "changes",
        reference: "R",
        members: [],
      }),
    ).toThrow();
  });

  it("marks the weekly full file as a verify (BGN08 4)", () => {
    const text = build834({ ...envelope, purpose: "audit", reference: "R", members: [{ kind: "add", member: subscriber, coverages: [] }] });
    expect(readSegments(text)!.segments.find((s) => s.tag === "BGN")!.elements[8]).toBe("4");
  });
});
