import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAcknowledgments } from "./acknowledgments";

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "__golden__", name), "utf8");

describe("999 and TA1 acknowledgments", () => {
  it("reads an accepted 999, matched to the group (GS06 17) and the transaction set (ST02 0017)", () => {
    expect(parseAcknowledgments(fixture("999-accepted.x12"))).toEqual({
      ok: true,
      acks: [
        {
          kind: "999",
          functionalId: "BE",
          groupControlNumber: "17",
          outcome: "accepted",
          codes: [],
          counts: { included: 1, received: 1, accepted: 1 },
          transactions: [{ transactionSet: "834", controlNumber: "0017", outcome: "accepted", codes: [], errors: [] }],
        },
      ],
    });
  });

  it("reads a rejected 999 with the segment, element and error code of each IK3/IK4", () => {
    const parsed = parseAcknowledgments(fixture("999-rejected.x12"));
    if (!parsed.ok) throw new Error(parsed.key);
    const ack = parsed.acks[0];
    if (ack.kind !== "999") throw new Error("expected a 999");
    expect(ack.outcome).toBe("rejected");
    expect(ack.counts).toEqual({ included: 1, received: 1, accepted: 0 });
    const tx = ack.transactions[0];
    expect(tx.controlNumber).toBe("0018");
    expect(tx.outcome).toBe("rejected");
    expect(tx.codes).toEqual([{ code: "5", meaning: "One or more segments in error" }]);
    expect(tx.errors).toEqual([
      {
        segment: "INS",
        segmentPosition: 20,
        loop: "2000",
        segmentErrorCode: "8",
        segmentError: "Segment has data element errors",
        element: "INS02",
        elementReference: "1069",
        elementErrorCode: "7",
        elementError: "Invalid code value",
        badValue: "99",
      },
      { segment: "REF", segmentPosition: 21, loop: "2000", segmentErrorCode: "3", segmentError: "Required segment missing" },
      {
        segment: "HD",
        segmentPosition: 40,
        loop: "2300",
        segmentErrorCode: "8",
        segmentError: "Segment has data element errors",
        element: "HD03",
        elementReference: "1205",
        elementErrorCode: "7",
        elementError: "Invalid code value",
        badValue: "DNT",
      },
      {
        segment: "HD",
        segmentPosition: 40,
        loop: "2300",
        segmentErrorCode: "8",
        segmentError: "Segment has data element errors",
        element: "HD05",
        elementReference: "1207",
        elementErrorCode: "I6",
        elementError: "Code value not used in implementation",
        badValue: "FAMILY",
      },
    ]);
  });

  it("reads an accepted-with-errors transaction and a component element position", () => {
    const text = fixture("999-rejected.x12")
      .replace("IK4*3*1205*7*DNT~", "IK4*3:1*1205*7*DNT~")
      .replace("IK5*R*5~", "IK5*E~")
      .replace("AK9*R*1*1*0~", "AK9*E*1*1*1~");
    const parsed = parseAcknowledgments(text);
    if (!parsed.ok || parsed.acks[0].kind !== "999") throw new Error("expected a 999");
    expect(parsed.acks[0].outcome).toBe("accepted-with-errors");
    expect(parsed.acks[0].transactions[0].outcome).toBe("accepted-with-errors");
    expect(parsed.acks[0].transactions[0].errors[2].element).toBe("HD03-1");
  });

  it("reads a TA1 rejecting the interchange (ISA13 19) with its note", () => {
    expect(parseAcknowledgments(fixture("ta1-rejected.x12"))).toEqual({
      ok: true,
      acks: [
        {
          kind: "TA1",
          interchangeControlNumber: "000000019",
          date: "261127",
          time: "0630",
          outcome: "rejected",
          noteCode: "025",
          note: "Duplicate interchange control number",
        },
      ],
    });
  });

  it("says so when a file is not an acknowledgment", () => {
    expect(parseAcknowledgments("hello")).toEqual({ ok: false, key: "ackNoIsa" });
    const text = fixture("999-accepted.x12").replace("ST*999", "ST*997");
    expect(parseAcknowledgments(text)).toEqual({ ok: false, key: "ackNone" });
  });
});
