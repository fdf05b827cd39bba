import { describe, expect, it } from "vitest";
import { addFile } from "~/domain/x12/__golden__/fixtures";
import { checkBeforeSending, mayBeSent } from "./check-before-sending";

describe("checking a file before it leaves", () => {
  it("lets the golden add file go", () => {
    const problems = checkBeforeSending(addFile(), { interchange: 17, group: 17, transaction: 17 });
    expect(problems).toEqual([]);
    expect(mayBeSent(problems)).toBe(true);
  });

  it("holds a file with envelope and guide problems, listed in file order", () => {
    const text = addFile().replace("INS*N*19*021*28*A~", "INS*N*01*021*28*A~\nREF*0F*X~").replace("SE*43*0017~", "SE*44*0017~");
    const problems = checkBeforeSending(text);
    expect(problems.map((p) => `${p.position}:${p.segment}:${p.element ?? ""}`)).toEqual(["36:REF:"]);
    expect(mayBeSent(problems)).toBe(false);
    const worse = addFile().replace("INS*N*19*021*28*A~", "INS*Y*19*021*28*A~").replace("SE*43*0017~", "SE*40*0017~");
    expect(checkBeforeSending(worse).map((p) => `${p.position}:${p.segment}:${p.element ?? ""}`)).toEqual([
      "34:INS:INS02",
      "34:INS:INS08",
      "34:INS:",
      "34:INS:",
      "45:SE:",
    ]);
  });
});
