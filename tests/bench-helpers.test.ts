/** The benchmark's pure helpers (scripts/bench/): statistics, tables, verdicts, forms as a browser sends them. */
import { describe, expect, it } from "vitest";
import {
  fixed,
  formatTable,
  median,
  percent,
  percentile,
  ratio,
  roundTrips,
  serverTiming,
  serverTimingDesc,
  sortedNumbers,
  verdict,
} from "../scripts/bench/stats";
import { browserForm, formBody } from "../scripts/bench/http";
import { quoteFacts } from "../scripts/bench/visitor";

describe("bench statistics", () => {
  it("percentile is the nearest rank of sorted values", () => {
    const values = sortedNumbers([5, 1, 4, 2, 3, 10, 9, 8, 7, 6]);
    expect(values).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 95)).toBe(10);
    expect(percentile(values, 90)).toBe(9);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile(values, 100)).toBe(10);
    const hundred = sortedNumbers(Array.from({ length: 200 }, (_, i) => 200 - i));
    expect(percentile(hundred, 97.5)).toBe(195);
    expect(percentile([], 50)).toBeNaN();
  });

  it("median of odd and even counts, ignoring figures that were not measured", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([NaN, 7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it("ratio, fixed and percent say '-' for what was not measured", () => {
    expect(ratio(25, 100)).toBe(0.25);
    expect(ratio(1, 0)).toBeNaN();
    expect(percent(0.0213)).toBe("2.1%");
    expect(percent(NaN)).toBe("-");
    expect(fixed(12.345)).toBe("12.3");
    expect(fixed(Infinity)).toBe("-");
  });

  it("verdicts against at-least and at-most goals", () => {
    expect(verdict(0.25, { kind: "min", bound: 0.25 })).toBe("PASS");
    expect(verdict(0.249, { kind: "min", bound: 0.25 })).toBe("FAIL");
    expect(verdict(50, { kind: "max", bound: 50 })).toBe("PASS");
    expect(verdict(50.1, { kind: "max", bound: 50 })).toBe("FAIL");
    expect(verdict(NaN, { kind: "max", bound: 50 })).toBe("n/a");
  });

  it("round trips sum whole passes and drop a cut-off one", () => {
    expect(roundTrips([1, 2, 3, 4, 5], 2)).toEqual([3, 7]);
    expect(roundTrips([1], 2)).toEqual([]);
  });

  it("reads a Server-Timing metric's duration", () => {
    expect(serverTiming('db;dur=2.5, total;dur=12.4;desc="all"')).toBe(12.4);
    expect(serverTiming("db;dur=2.5")).toBeNaN();
    expect(serverTiming(undefined)).toBeNaN();
    // the page cache says what it did (server.ts): hit, miss, bypass; absent elsewhere
    expect(serverTimingDesc("total;dur=3.1, cache;desc=hit", "cache")).toBe("hit");
    expect(serverTimingDesc('total;dur=3.1, cache;desc="miss"', "cache")).toBe("miss");
    expect(serverTimingDesc("total;dur=3.1", "cache")).toBeNull();
    expect(serverTimingDesc(undefined, "cache")).toBeNull();
  });

  it("formats aligned tables: first column left, others right", () => {
    expect(
      formatTable(
        ["page", "KB"],
        [
          ["/", "1.5"],
          ["/plans", "120.0"],
        ],
      ),
    ).toBe(["page       KB", "------  -----", "/         1.5", "/plans  120.0"].join("\n"));
  });
});

describe("bench forms", () => {
  const html = `<form id="other" method="post"><input type="hidden" name="csrf" value="x"/><button type="submit">Remove</button></form>
<form method="post" action="/plan/1/x" id="add"><input type="hidden" name="csrf" value="tok&amp;en"/><input type="hidden" name="intent" value="add"/>
<input type="radio" name="when" value="a"/><input type="radio" name="when" checked="" value="b"/><input type="checkbox" name="agree"/>
<input type="text" name="first_name"/><input type="text" name="off" disabled value="z"/>
<select name="state"><option value="">Choose</option><option value="TX" selected>Texas</option></select><textarea name="note">hi</textarea>
<button class="button" type="submit" name="go" value="1"><span>Add to</span> Cart</button></form>`;

  it("sends what a browser sends: hidden and text inputs, checked choices, selects, textareas, the submitter", () => {
    const form = browserForm(html, { button: "Add to Cart" });
    expect(form?.action).toBe("/plan/1/x");
    expect(form?.method).toBe("post");
    expect(form?.fields).toEqual([
      ["csrf", "tok&en"],
      ["intent", "add"],
      ["when", "b"],
      ["first_name", ""],
      ["state", "TX"],
      ["note", "hi"],
      ["go", "1"],
    ]);
    expect(browserForm(html, { id: "other" })?.fields).toEqual([["csrf", "x"]]);
    expect(browserForm(html, { button: "Checkout" })).toBeUndefined();
  });

  it("fills the form's fields with values, in place or added", () => {
    expect(
      formBody(
        [
          ["csrf", "t"],
          ["first_name", ""],
        ],
        { first_name: "Ana", ssn: "1" },
      ),
    ).toBe("csrf=t&first_name=Ana&ssn=1");
  });

  it("makes 40 different quotes", () => {
    const quotes = Array.from({ length: 40 }, (_, n) => JSON.stringify(quoteFacts(n)));
    expect(new Set(quotes).size).toBe(40);
  });
});
